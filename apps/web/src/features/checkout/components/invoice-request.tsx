import { countryName } from '@ventanilla/domain';
import { useEffect } from 'react';
import { useLanguage, useT } from '../../../shared/i18n';
import { Checkbox, Select, TextInput } from '../../../shared/ui';
import { useAccountBilling, type CheckoutBilling } from '../api/billing';

const COUNTRIES: Array<CheckoutBilling['country']> = ['ES', 'PT', 'IE', 'GB', 'NL', 'FR', 'DE', 'IT', 'OTHER'];
/** The holder's fields, in the page's order (the API names them `invoice.name`...). */
export const INVOICE_FIELDS = ['name', 'country', 'tax_id', 'address'] as const;

/** A full invoice asked for at checkout: the holder (the billing page's fields) and whether to save it. */
export interface InvoiceChoice {
  wanted: boolean;
  holder: CheckoutBilling;
  save: boolean;
  /** Filled from the account's billing data once (a change by the customer is never overwritten). */
  prefilled: boolean;
}

export const NO_INVOICE: InvoiceChoice = {
  wanted: false,
  holder: { name: '', tax_id: '', address: '', country: 'ES' },
  save: false,
  prefilled: false,
};

/** The body's `invoice` (undefined: a simplified invoice); the server checks the tax id by the country's rules. */
export function invoiceBody(choice: InvoiceChoice) {
  return choice.wanted ? { invoice: { ...choice.holder, save: choice.save } } : {};
}

/** The holder's empty fields, as inline errors (`invoice.name`...), before anything is sent. */
export function invoiceProblems(choice: InvoiceChoice, t: ReturnType<typeof useT>): Record<string, string> {
  if (!choice.wanted) return {};
  const byField: Record<string, string> = {};
  for (const f of INVOICE_FIELDS) {
    if (choice.holder[f].trim() === '')
      byField[`invoice.${f}`] = `${t(`invoices.field.${f}`)}: ${t('validation.enterValue')}`;
  }
  return byField;
}

/** "Quiero factura completa": the holder's name, country, tax id and address, pre-filled from the account. */
export function InvoiceRequest({
  idPrefix,
  value,
  onChange,
  errors,
}: {
  idPrefix: string;
  value: InvoiceChoice;
  onChange: (next: (current: InvoiceChoice) => InvoiceChoice) => void;
  errors: Record<string, string | undefined>;
}) {
  const t = useT();
  const language = useLanguage();
  const billing = useAccountBilling(value.wanted);
  const saved = billing.data?.billing;
  useEffect(() => {
    if (saved) onChange((c) => (c.prefilled ? c : { ...c, holder: saved, prefilled: true }));
  }, [saved]); // once the account's data arrives
  const set = (field: keyof CheckoutBilling) => (event: { target: { value: string } }) => {
    const text = event.target.value;
    onChange((c) => ({ ...c, prefilled: true, holder: { ...c.holder, [field]: text } }));
  };
  return (
    <section className="checkout-invoice">
      <Checkbox
        id={`${idPrefix}-invoice`}
        name="full_invoice"
        label={t('checkout.fullInvoice')}
        hint={t('checkout.fullInvoiceHint')}
        checked={value.wanted}
        onChange={(event) => {
          const wanted = event.target.checked;
          onChange((c) => ({ ...c, wanted }));
        }}
      />
      {value.wanted ? (
        <fieldset className="fieldset">
          <legend className="fieldset__legend">{t('checkout.invoiceTitle')}</legend>
          <TextInput
            id={`${idPrefix}-invoice.name`}
            name="invoice_name"
            label={t('invoices.field.name')}
            autoComplete="organization"
            value={value.holder.name}
            error={errors['invoice.name']}
            onChange={set('name')}
          />
          <Select
            id={`${idPrefix}-invoice.country`}
            name="invoice_country"
            label={t('invoices.field.country')}
            items={COUNTRIES.map((c) => ({
              value: c,
              label: c === 'OTHER' ? t('invoices.country.OTHER') : countryName(language, c),
            }))}
            value={value.holder.country}
            error={errors['invoice.country']}
            onChange={set('country')}
          />
          <TextInput
            id={`${idPrefix}-invoice.tax_id`}
            name="invoice_tax_id"
            label={t('invoices.field.tax_id')}
            hint={t('invoices.taxIdHint')}
            value={value.holder.tax_id}
            error={errors['invoice.tax_id']}
            onChange={set('tax_id')}
          />
          <TextInput
            id={`${idPrefix}-invoice.address`}
            name="invoice_address"
            label={t('invoices.field.address')}
            autoComplete="street-address"
            value={value.holder.address}
            error={errors['invoice.address']}
            onChange={set('address')}
          />
          <Checkbox
            id={`${idPrefix}-invoice.save`}
            name="invoice_save"
            label={t('checkout.saveInvoice')}
            checked={value.save}
            onChange={(event) => {
              const save = event.target.checked;
              onChange((c) => ({ ...c, save }));
            }}
          />
        </fieldset>
      ) : null}
    </section>
  );
}
