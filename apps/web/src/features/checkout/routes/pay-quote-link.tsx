import { useState, type FormEvent } from 'react';
import { errorText } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, Button, PageHeading, Spinner, SummaryList } from '../../../shared/ui';
import type { MoneyString } from '../../../shared/lib/api-contract';
import { usePaymentMethods } from '../api/payment-methods';
import { usePayQuoteLink, useQuoteLinkView, type QuoteLinkView } from '../api/quote-link';
import { initialMethod, MethodChoice } from '../components/method-choice';

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
  const methods = usePaymentMethods(data.store_id);
  const pay = usePayQuoteLink(quoteId, linkKey);
  const [method, setMethod] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const list = methods.data ?? [];
  const chosen = method ?? initialMethod(list, null, data.order?.method ?? null);
  const amount = data.order?.amount ?? data.totals?.total ?? ('0.00' as MoneyString);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen || redirecting || pay.isPending) return;
    pay.mutate(chosen, {
      onSuccess: ({ redirect_url }) => {
        setRedirecting(true);
        window.location.assign(redirect_url);
      },
    });
  }

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
      {data.order?.instructions ? (
        <dl>
          {Object.entries(data.order.instructions).map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <form noValidate onSubmit={submit}>
        {pay.isError ? <Alert>{errorText(pay.error, t)}</Alert> : null}
        <MethodChoice methods={list} value={chosen} onChange={setMethod} />
        <Button type="submit" pending={pay.isPending || redirecting}>
          {t('checkout.pay', { amount: format.money(amount) })}
        </Button>
      </form>
    </>
  );
}
