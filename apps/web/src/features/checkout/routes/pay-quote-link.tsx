import { errorText } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, PageHeading, Spinner, SummaryList } from '../../../shared/ui';
import type { MoneyString } from '../../../shared/lib/api-contract';
import { usePayQuoteLink, useQuoteLinkView, type QuoteLinkView } from '../api/quote-link';
import { LinkPaymentForm, PaymentInstructions } from '../components/link-payment';

/**
 * `/payment/quote/{quote_id}#k=...`: someone the cart's owner sent the link to (a company's accountant) pays it,
 * signed in or not. The page shows what is paid and who the invoice is for; nothing else of the owner.
 */
export function PayQuoteLink({ quoteId, linkKey }: { quoteId: string; linkKey: string }) {
  const t = useT();
  const view = useQuoteLinkView(quoteId, linkKey);
  useDocumentTitle(t('quoteLink.payTitle'));
  if (view.isPending) return <Spinner />;
  if (view.isError) {
    return (
      <>
        <PageHeading>{t('quoteLink.payTitle')}</PageHeading>
        <Alert>{errorText(view.error, t)}</Alert>
      </>
    );
  }
  if (view.data.order?.paid) {
    return (
      <>
        <PageHeading>{t('quoteLink.payTitle')}</PageHeading>
        <Alert tone="success">{t('quoteLink.paid', { order: view.data.order.order_id })}</Alert>
      </>
    );
  }
  return <PayQuoteForm quoteId={quoteId} linkKey={linkKey} data={view.data} />;
}

function PayQuoteForm({ quoteId, linkKey, data }: { quoteId: string; linkKey: string; data: QuoteLinkView }) {
  const t = useT();
  const format = useFormat();
  const pay = usePayQuoteLink(quoteId, linkKey);
  const amount = data.order?.amount ?? data.totals?.total ?? ('0.00' as MoneyString);

  return (
    <>
      <PageHeading>{t('quoteLink.payTitle')}</PageHeading>
      <p className="lead">{t('quoteLink.payIntro', { name: data.invoice.name })}</p>
      {data.items.length > 0 ? (
        <SummaryList
          rows={data.items.map((item, i) => ({
            key: String(i),
            label: item.qty > 1 ? `${item.product_name} × ${item.qty}` : item.product_name,
            value: format.money(item.unit_total),
          }))}
        />
      ) : null}
      <SummaryList
        rows={[
          { key: 'invoice', label: t('quoteLink.invoiceTo'), value: data.invoice.name },
          ...(data.invoice.tax_id ? [{ key: 'tax', label: t('quoteLink.taxId'), value: data.invoice.tax_id }] : []),
          { key: 'total', label: t('quoteLink.total'), value: format.money(amount) },
        ]}
      />
      <PaymentInstructions instructions={data.order?.instructions} />
      <LinkPaymentForm pay={pay} storeId={data.store_id} lastMethod={data.order?.method ?? null} amount={amount} />
    </>
  );
}
