import { countryName } from '@ventanilla/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../../../shared/auth';
import { useLanguage, useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, Button, ErrorSummary, PageHeading, Select, Spinner, TextInput } from '../../../shared/ui';
import { useBilling, useSaveBilling, type BillingCountry, type BillingData } from '../api/invoices';
import { AccountLinks } from '../components/account-links';
import '../components/account.css';

const COUNTRIES: BillingCountry[] = ['ES', 'PT', 'IE', 'GB', 'NL', 'FR', 'DE', 'IT', 'OTHER'];
const FIELDS = ['name', 'tax_id', 'address', 'country'] as const;
const EMPTY: BillingData = { name: '', tax_id: '', address: '', country: 'ES' };

/**
 * `/datos-facturacion`: the name, tax id and address printed on the customer's invoices from now on. Without them
 * invoices are simplified ("factura simplificada") in the customer's name.
 */
export function BillingRoute() {
  const t = useT();
  const language = useLanguage();
  const billing = useBilling();
  const save = useSaveBilling();
  const [form, setForm] = useState<BillingData>(EMPTY);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saved, setSaved] = useState(false);
  useDocumentTitle(t('invoices.billingTitle'));

  useEffect(() => {
    if (billing.data?.billing) setForm(billing.data.billing);
  }, [billing.data]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const missing = FIELDS.filter((f) => form[f].trim() === '');
    if (missing.length) {
      const byField = Object.fromEntries(missing.map((f) => [f, t('validation.enterValue')]));
      setErrors({
        byField,
        summary: missing.map((f) => ({
          href: `#billing-${f}`,
          text: `${t(`invoices.field.${f}`)}: ${t('validation.enterValue')}`,
        })),
      });
      return;
    }
    save.mutate(form, {
      onSuccess: () => {
        setErrors(NO_ERRORS);
        setSaved(true);
      },
      onError: (error) => setErrors(toFormErrors(error, 'billing', [...FIELDS], 'name', t)),
    });
  }

  const set = (field: keyof BillingData) => (event: { target: { value: string } }) =>
    setForm({ ...form, [field]: event.target.value });
  return (
    <>
      <ErrorSummary errors={errors.summary} />
      <PageHeading>{t('invoices.billingTitle')}</PageHeading>
      <AccountLinks />
      <p>{t('invoices.billingIntro')}</p>
      {billing.isPending ? <Spinner /> : null}
      {saved ? <Alert tone="success">{t('invoices.billingSaved')}</Alert> : null}
      <form noValidate onSubmit={submit}>
        <TextInput
          id="billing-name"
          name="name"
          label={t('invoices.field.name')}
          autoComplete="organization"
          value={form.name}
          error={errors.byField.name}
          onChange={set('name')}
        />
        <Select
          id="billing-country"
          name="country"
          label={t('invoices.field.country')}
          items={COUNTRIES.map((c) => ({
            value: c,
            label: c === 'OTHER' ? t('invoices.country.OTHER') : countryName(language, c),
          }))}
          value={form.country}
          error={errors.byField.country}
          onChange={set('country')}
        />
        <TextInput
          id="billing-tax_id"
          name="tax_id"
          label={t('invoices.field.tax_id')}
          hint={t('invoices.taxIdHint')}
          value={form.tax_id}
          error={errors.byField.tax_id}
          onChange={set('tax_id')}
        />
        <TextInput
          id="billing-address"
          name="address"
          label={t('invoices.field.address')}
          autoComplete="street-address"
          value={form.address}
          error={errors.byField.address}
          onChange={set('address')}
        />
        <Button pending={save.isPending}>{t('invoices.billingSave')}</Button>
      </form>
    </>
  );
}
