import { errorText } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import { Alert, Spinner } from '../../../shared/ui';
import { invoicePdfHref, useMyInvoices } from '../api/invoices';

/** The invoice and credit notes of one order, each with its PDF download. */
export function OrderInvoices({ orderId }: { orderId: number }) {
  const t = useT();
  const format = useFormat();
  const documents = useMyInvoices({ orderId });
  return (
    <section className="order-line" aria-labelledby="order-invoices">
      <h2 id="order-invoices">{t('invoices.orderSection')}</h2>
      {documents.isPending ? <Spinner /> : null}
      {documents.isError ? <Alert>{errorText(documents.error, t)}</Alert> : null}
      {documents.data && documents.data.items.length === 0 ? <p>{t('invoices.noneYet')}</p> : null}
      {documents.data && documents.data.items.length > 0 ? (
        <ul className="document-list">
          {[...documents.data.items].reverse().map((doc) => (
            <li key={doc.id}>
              <a href={invoicePdfHref(doc.id)} download>
                {t(doc.kind === 'invoice' ? 'invoices.downloadInvoice' : 'invoices.downloadCreditNote', {
                  number: doc.number,
                })}
              </a>{' '}
              <span className="secondary-text">
                ({format.date(doc.issue_date)}, {format.money(doc.total)})
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
