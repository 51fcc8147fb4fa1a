import { PREFERRED_PAYMENTS } from '@ventanilla/domain';
import { useState, type FormEvent } from 'react';
import { errorText, NO_ERRORS, toFormErrors, type FormErrors } from '../../../../shared/auth';
import { translateCode, useFormat, useLanguage, useT } from '../../../../shared/i18n';
import {
  Alert,
  Button,
  Checkbox,
  ErrorSummary,
  Select,
  Spinner,
  SummaryList,
  Table,
  TextInput,
} from '../../../../shared/ui';
import { historyChangesText, type HistoryFormat } from '../../shared';
import { useCustomerHistory, useCustomerPayment, useSaveCustomerPayment, type CustomerPayment } from '../api/customers';

const FIELDS = ['preferred_payment', 'iban'] as const;

/**
 * A customer's payment data as staff edit it (docs/backoffice.md, "Staff edits"): the preferred method and the bank
 * account (an IBAN, checked by the server with the domain's validator); the saved card can only be forgotten, never
 * typed. Below, the history of these changes in words.
 */
export function CustomerPaymentSection({ id }: { id: number }) {
  const t = useT();
  const payment = useCustomerPayment(id);
  // Here, not in the form: a save changes updated_at, which makes a new form (fresh fields) that must still say so.
  const [saved, setSaved] = useState(false);
  if (payment.isPending) return <Spinner />;
  if (payment.isError) return <Alert>{errorText(payment.error, t)}</Alert>;
  return (
    <section aria-labelledby="customer-payment-heading">
      <h3 id="customer-payment-heading">{t('customerPayment.title')}</h3>
      {saved ? <Alert tone="success">{t('customerPayment.saved')}</Alert> : null}
      <PaymentForm key={payment.data.updated_at ?? 'none'} id={id} payment={payment.data} onSaved={setSaved} />
      <CustomerHistoryList id={id} />
    </section>
  );
}

function PaymentForm({
  id,
  payment,
  onSaved,
}: {
  id: number;
  payment: CustomerPayment;
  onSaved: (saved: boolean) => void;
}) {
  const t = useT();
  const save = useSaveCustomerPayment(id);
  const [method, setMethod] = useState(payment.preferred_payment ?? '');
  const [iban, setIban] = useState('');
  const [removeAccount, setRemoveAccount] = useState(false);
  const [removeCard, setRemoveCard] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const card = payment.saved_card;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSaved(false);
    save.mutate(
      {
        preferred_payment: method,
        ...(removeAccount ? { iban: null } : iban.trim() ? { iban } : {}),
        ...(removeCard ? { remove_card: true } : {}),
      },
      {
        onSuccess: () => {
          setErrors(NO_ERRORS);
          onSaved(true);
        },
        onError: (error) => setErrors(toFormErrors(error, 'customer-payment', [...FIELDS], 'preferred_payment', t)),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="customer-payment-heading">
      <ErrorSummary errors={errors.summary} level={4} />
      <SummaryList
        rows={[
          {
            key: 'account',
            label: t('customerPayment.currentAccount'),
            value: payment.bank_account ?? t('customerPayment.noAccount'),
          },
          {
            key: 'card',
            label: t('customerPayment.savedCard'),
            value: card ? `${card.brand ?? ''} •••• ${card.last4}`.trim() : t('customerPayment.noCard'),
          },
        ]}
      />
      <Select
        id="customer-payment-preferred_payment"
        label={t('customerPayment.method')}
        value={method}
        error={errors.byField.preferred_payment}
        onChange={(e) => setMethod(e.target.value)}
        emptyLabel={t('customerPayment.noMethod')}
        items={PREFERRED_PAYMENTS.map((m) => ({ value: m, label: translateCode(t, 'code.method', m) }))}
      />
      <TextInput
        id="customer-payment-iban"
        label={t('customerPayment.iban')}
        hint={t('customerPayment.ibanHint')}
        value={iban}
        autoComplete="off"
        spellCheck={false}
        disabled={removeAccount}
        optional
        error={errors.byField.iban}
        onChange={(e) => setIban(e.target.value)}
      />
      {payment.bank_account ? (
        <Checkbox
          id="customer-payment-remove-account"
          label={t('customerPayment.removeAccount')}
          checked={removeAccount}
          onChange={(e) => setRemoveAccount(e.target.checked)}
        />
      ) : null}
      {card ? (
        <Checkbox
          id="customer-payment-remove-card"
          label={t('customerPayment.removeCard')}
          checked={removeCard}
          onChange={(e) => setRemoveCard(e.target.checked)}
        />
      ) : null}
      <Button type="submit" pending={save.isPending}>
        {t('customerPayment.save')}
      </Button>
    </form>
  );
}

function CustomerHistoryList({ id }: { id: number }) {
  const t = useT();
  const format = useFormat();
  const language = useLanguage();
  const history = useCustomerHistory(id);
  const historyFormat: HistoryFormat = { dateTime: format.dateTime, agentName: () => undefined, language };
  return (
    <>
      <h4>{t('customerHistory.title')}</h4>
      {history.isPending ? <Spinner /> : null}
      {history.data && history.data.items.length === 0 ? <p>{t('customerHistory.empty')}</p> : null}
      {history.data && history.data.items.length > 0 ? (
        <Table
          caption={t('customerHistory.title')}
          captionHidden
          rowKey={(h) => h.id}
          rows={history.data.items}
          columns={[
            { key: 'date', header: t('customers.date'), cell: (h) => format.dateTime(h.created_at) },
            { key: 'who', header: t('onlineAgents.name'), cell: (h) => h.admin_name ?? '—' },
            {
              key: 'change',
              header: t('customerHistory.title'),
              cell: (h) => historyChangesText({ accion: h.accion, details: h.details }, t, historyFormat),
            },
          ]}
        />
      ) : null}
    </>
  );
}
