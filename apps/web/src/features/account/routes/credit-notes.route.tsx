import { errorText } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, type Column, Link, PageHeading, Spinner, Table } from '../../../shared/ui';
import { invoicePdfHref, useMyInvoices, type InvoiceDocument } from '../api/invoices';
import { AccountLinks } from '../components/account-links';
import '../components/account.css';

/** `/abonos`: the customer's credit notes (refunds), each naming the invoice it corrects, with its PDF. */
export function CreditNotesRoute() {
  const t = useT();
  const format = useFormat();
  const notes = useMyInvoices({ kind: 'credit_note' });
  useDocumentTitle(t('invoices.creditNotesTitle'));
  const columns: Column<InvoiceDocument>[] = [
    {
      key: 'number',
      header: t('invoices.colNumber'),
      cell: (doc) => (
        <a href={invoicePdfHref(doc.id)} download>
          {t('invoices.downloadCreditNote', { number: doc.number })}
        </a>
      ),
    },
    { key: 'date', header: t('invoices.colDate'), cell: (doc) => format.date(doc.issue_date) },
    {
      key: 'corrects',
      header: t('invoices.colCorrects'),
      cell: (doc) =>
        doc.corrects
          ? t('invoices.correctsValue', { number: doc.corrects.number, date: format.date(doc.corrects.issue_date) })
          : '',
    },
    {
      key: 'order',
      header: t('orders.colOrder'),
      cell: (doc) => <Link to={`/orders/detail/${doc.order_id}`}>{String(doc.order_id)}</Link>,
    },
    { key: 'reason', header: t('invoices.colReason'), cell: (doc) => doc.reason ?? '' },
    { key: 'total', header: t('orders.colTotal'), numeric: true, cell: (doc) => format.money(doc.total) },
  ];
  return (
    <>
      <PageHeading>{t('invoices.creditNotesTitle')}</PageHeading>
      <AccountLinks />
      <p>{t('invoices.creditNotesIntro')}</p>
      {notes.isPending ? <Spinner /> : null}
      {notes.isError ? <Alert>{errorText(notes.error, t)}</Alert> : null}
      {notes.data && notes.data.items.length === 0 ? <p>{t('invoices.noCreditNotes')}</p> : null}
      {notes.data && notes.data.items.length > 0 ? (
        <Table
          caption={t('invoices.creditNotesTitle')}
          captionHidden
          columns={columns}
          rows={notes.data.items}
          rowKey={(doc) => doc.id}
        />
      ) : null}
    </>
  );
}
