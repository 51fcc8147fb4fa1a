import { useState, type FormEvent } from 'react';
import { errorText, NO_ERRORS, toFormErrors, type FormErrors } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import { Alert, Button, ErrorSummary, Spinner, Table, TextInput, Textarea, type Column } from '../../../../shared/ui';
import { staffInvoicePdfHref, useOrderRefunds, useRefund, type StaffInvoice, type StaffRefund } from '../api/refunds';
import { ItemSection } from './item-sections';
import type { MoneyString } from '../../../../shared/lib/api-contract';
import { asMoney, toCents } from '../../../../shared/lib/money';

/** Accepts "10", "10.5", "10,50" and sends "10.50" (the API's money string, read by the domain's parser). */
function toMoneyString(text: string): MoneyString | null {
  return asMoney(text.trim().replace(',', '.'));
}

/**
 * The order's invoice and credit notes (PDFs), its refunds, and a form to refund part or all of what is left.
 * The server checks the amount again and refunds through the payment provider before issuing the credit note.
 */
export function RefundsSection({ orderId }: { orderId: number }) {
  const t = useT();
  const format = useFormat();
  const state = useOrderRefunds(orderId);
  const refund = useRefund(orderId);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [penalty, setPenalty] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [done, setDone] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    const byField: Record<string, string> = {};
    const money = toMoneyString(amount);
    if (money === null || toCents(money) <= 0) byField.amount = t('invoices.refundAmountInvalid');
    const penaltyMoney = toMoneyString(penalty.trim() === '' ? '0' : penalty);
    if (penaltyMoney === null || (money !== null && toCents(penaltyMoney) >= toCents(money))) {
      byField.penalty = t('itemActions.penaltyInvalid');
    }
    if (reason.trim() === '') byField.reason = t('validation.enterValue');
    if (Object.keys(byField).length) {
      setErrors({ byField, summary: Object.entries(byField).map(([f, text]) => ({ href: `#refund-${f}`, text })) });
      return;
    }
    refund.mutate(
      { amount: money!, penalty: penaltyMoney!, reason: reason.trim() },
      {
        onSuccess: (result) => {
          setErrors(NO_ERRORS);
          setAmount('');
          setReason('');
          setPenalty('');
          setDone(result.credit_note_number);
        },
        onError: (error) => setErrors(toFormErrors(error, 'refund', ['amount', 'penalty', 'reason'], 'amount', t)),
      },
    );
  }

  const documentColumns: Column<StaffInvoice>[] = [
    {
      key: 'number',
      header: t('invoices.colNumber'),
      cell: (doc) => (
        <a href={staffInvoicePdfHref(doc.id)} download>
          {t(doc.kind === 'invoice' ? 'invoices.downloadInvoice' : 'invoices.downloadCreditNote', {
            number: doc.number,
          })}
        </a>
      ),
    },
    { key: 'type', header: t('invoices.colType'), cell: (doc) => doc.invoice_type },
    { key: 'date', header: t('invoices.colDate'), cell: (doc) => format.date(doc.issue_date) },
    { key: 'reason', header: t('invoices.colReason'), cell: (doc) => doc.reason ?? '' },
    { key: 'total', header: t('orders.colTotal'), numeric: true, cell: (doc) => format.money(doc.total) },
  ];
  const refundColumns: Column<StaffRefund>[] = [
    { key: 'date', header: t('invoices.colDate'), cell: (r) => format.dateTime(r.created_at) },
    { key: 'amount', header: t('invoices.colAmount'), numeric: true, cell: (r) => format.money(r.amount) },
    {
      key: 'penalty',
      header: t('itemActions.colPenalty'),
      numeric: true,
      cell: (r) => (r.penalty === '0.00' ? '' : format.money(r.penalty)),
    },
    {
      key: 'status',
      header: t('invoices.colStatus'),
      cell: (r) => t(`invoices.refundStatus.${r.status}`) + (r.failure_code ? ` (${r.failure_code})` : ''),
    },
    { key: 'reason', header: t('invoices.colReason'), cell: (r) => r.reason },
    { key: 'agent', header: t('invoices.colAgent'), cell: (r) => r.agent_name ?? '' },
  ];

  const data = state.data;
  const hasInvoice = data?.invoices.some((d) => d.kind === 'invoice') ?? false;
  return (
    <ItemSection id="abonos" title={t('backoffice.sectionRefunds')}>
      {state.isPending ? <Spinner /> : null}
      {state.isError ? <Alert>{errorText(state.error, t)}</Alert> : null}
      {data && !hasInvoice ? <p>{t('invoices.noInvoiceYet')}</p> : null}
      {data && hasInvoice ? (
        <>
          <Table
            caption={t('invoices.documentsCaption')}
            columns={documentColumns}
            rows={data.invoices}
            rowKey={(d) => d.id}
          />
          {data.refunds.length > 0 ? (
            <Table
              caption={t('invoices.refundsCaption')}
              columns={refundColumns}
              rows={data.refunds}
              rowKey={(r) => r.id}
            />
          ) : (
            <p>{t('invoices.noRefunds')}</p>
          )}
          <p>{t('invoices.refundable', { amount: format.money(data.refundable) })}</p>
          {done ? <Alert tone="success">{t('invoices.refundDone', { number: done })}</Alert> : null}
          {data.refundable !== '0.00' ? (
            <form noValidate onSubmit={submit} aria-labelledby="refund-form-title">
              <h3 id="refund-form-title">{t('invoices.refundFormTitle')}</h3>
              <ErrorSummary errors={errors.summary} />
              <TextInput
                id="refund-amount"
                name="amount"
                inputMode="decimal"
                label={t('invoices.refundAmount')}
                hint={t('invoices.refundAmountHint', { amount: format.money(data.refundable) })}
                value={amount}
                error={errors.byField.amount}
                onChange={(e) => setAmount(e.target.value)}
              />
              <TextInput
                id="refund-penalty"
                name="penalty"
                inputMode="decimal"
                optional
                label={t('itemActions.penalty')}
                hint={t('itemActions.penaltyHint')}
                value={penalty}
                error={errors.byField.penalty}
                onChange={(e) => setPenalty(e.target.value)}
              />
              <Textarea
                id="refund-reason"
                name="reason"
                label={t('invoices.refundReason')}
                rows={2}
                value={reason}
                error={errors.byField.reason}
                onChange={(e) => setReason(e.target.value)}
              />
              <Button pending={refund.isPending}>{t('invoices.refundSubmit')}</Button>
            </form>
          ) : null}
        </>
      ) : null}
    </ItemSection>
  );
}
