import type { ReactNode } from 'react';
import { translateCode, useFormat, useT } from '../../../../shared/i18n';
import { answerText } from '../../../../shared/lib/answered-options';
import type { BackofficeItem, PanelStatus } from '../../../../shared/lib/api-contract';
import { Link, SummaryList, Table } from '../../../../shared/ui';
import { historyChangesText, type HistoryFormat } from '../../shared';
import { useHistoryFormat } from './use-history-format';

export function ItemSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="item-section" id={id} aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

export function AnswersSection({ item }: { item: BackofficeItem }) {
  const t = useT();
  return (
    <ItemSection id="respuestas" title={t('backoffice.sectionAnswers')}>
      {item.product_options.length === 0 ? (
        <p>{t('backoffice.noAnswers')}</p>
      ) : (
        <SummaryList
          rows={item.product_options.map((o) => ({ key: String(o.option_id), label: o.label, value: answerText(o) }))}
        />
      )}
    </ItemSection>
  );
}

export function CustomerSection({ item }: { item: BackofficeItem }) {
  const t = useT();
  const { customer } = item;
  return (
    <ItemSection id="cliente" title={t('backoffice.sectionCustomer')}>
      <SummaryList
        rows={[
          {
            key: 'name',
            label: t('backoffice.customerName'),
            value: `${customer.firstname} ${customer.lastname}`.trim(),
          },
          { key: 'email', label: t('auth.email'), value: <a href={`mailto:${customer.email}`}>{customer.email}</a> },
          { key: 'id', label: t('backoffice.customerId'), value: String(customer.customer_id) },
          {
            // rel_pedido: the tickets linked to this order line, and every ticket of the customer's e-mail.
            key: 'tickets',
            label: t('tickets.title'),
            value: (
              <ul className="inline-list">
                {item.related_ticket_ids.map((id) => (
                  <li key={id}>
                    <Link to={`/agentes/ticket/${id}`}>{t('tickets.ticketN', { id })}</Link>
                  </li>
                ))}
                <li>
                  <Link to={`/agentes/tickets?email=${encodeURIComponent(customer.email)}`}>
                    {t('tickets.titleFor', { email: customer.email })}
                  </Link>
                </li>
              </ul>
            ),
          },
        ]}
      />
    </ItemSection>
  );
}

export function PaymentsSection({ item }: { item: BackofficeItem }) {
  const t = useT();
  const format = useFormat();
  return (
    <ItemSection id="pagos" title={t('backoffice.sectionPayments')}>
      <SummaryList
        rows={[
          { key: 'order', label: t('backoffice.colOrder'), value: String(item.order.order_id) },
          {
            key: 'status',
            label: t('backoffice.orderStatus'),
            value: translateCode(t, 'code.order', item.order.status),
          },
          { key: 'subtotal', label: t('cart.subtotal'), value: format.money(item.order.subtotal) },
          { key: 'tax', label: t('price.tax'), value: format.money(item.order.tax_amount) },
          { key: 'total', label: t('price.total'), value: format.money(item.order.total) },
          // The consents given before paying (docs/shop-flows.md, "Consents at checkout").
          {
            key: 'terms',
            label: t('backoffice.consentTerms'),
            value: item.order.consents ? (
              <>
                {t('backoffice.consentTermsValue', {
                  date: format.dateTime(item.order.consents.accepted_at),
                  version: item.order.consents.terms_version,
                  language: item.order.consents.terms_language,
                })}{' '}
                <code className="consent-hash">SHA-256 {item.order.consents.terms_hash}</code>
              </>
            ) : (
              t('backoffice.consentNone')
            ),
          },
          {
            key: 'start-now',
            label: t('backoffice.consentStartNow'),
            value: item.order.consents?.start_now_at
              ? format.dateTime(item.order.consents.start_now_at)
              : t('backoffice.consentNone'),
          },
          ...(item.order.invoice_request
            ? [
                {
                  key: 'invoice',
                  label: t('backoffice.invoiceRequest'),
                  value: `${item.order.invoice_request.name} (${item.order.invoice_request.country} ${item.order.invoice_request.tax_id})`,
                },
              ]
            : []),
        ]}
      />
      {item.payments.length === 0 ? (
        <p>{t('backoffice.noPayments')}</p>
      ) : (
        <Table
          caption={t('backoffice.paymentsCaption')}
          rows={item.payments}
          rowKey={(p) => p.id}
          columns={[
            { key: 'date', header: t('backoffice.colCreated'), cell: (p) => format.dateTime(p.created_at) },
            {
              key: 'method',
              header: t('backoffice.colMethod'),
              cell: (p) => `${translateCode(t, 'code.method', p.method)} (${p.provider})`,
            },
            { key: 'ref', header: t('backoffice.colReference'), cell: (p) => p.provider_ref ?? '' },
            {
              key: 'status',
              header: t('backoffice.colPaymentStatus'),
              cell: (p) => translateCode(t, 'code.payment', p.status),
            },
            { key: 'amount', header: t('backoffice.colAmount'), numeric: true, cell: (p) => format.money(p.amount) },
          ]}
        />
      )}
    </ItemSection>
  );
}

export function HistorySection({ item, statuses }: { item: BackofficeItem; statuses: PanelStatus[] }) {
  const t = useT();
  const format = useFormat();
  const historyFormat = useHistoryFormat();
  const names = new Map(statuses.map((s) => [s.id, s.text]));
  const statusName = (id: number | null) =>
    id === null ? '—' : (names.get(id) ?? t('backoffice.unknownStatus', { id }));
  return (
    <ItemSection id="historial" title={t('backoffice.sectionHistory')}>
      {item.history.length === 0 ? (
        <p>{t('backoffice.noHistory')}</p>
      ) : (
        <Table
          caption={t('backoffice.historyCaption')}
          captionHidden
          rows={item.history}
          rowKey={(h) => h.id}
          columns={[
            { key: 'date', header: t('backoffice.colCreated'), cell: (h) => format.dateTime(h.created_at) },
            {
              key: 'change',
              header: t('backoffice.colChange'),
              cell: (h) => {
                const action = translateCode(t, 'code.action', h.accion ?? '');
                if (h.old_status === null && h.new_status === null) return action;
                const change = t('backoffice.statusChange', {
                  from: statusName(h.old_status),
                  to: statusName(h.new_status),
                });
                // A status change made by a named action (an incident raised or answered, a finish...) says both.
                return h.accion && h.accion !== 'cambio_estado' ? `${action}: ${change}` : change;
              },
            },
            { key: 'detail', header: t('backoffice.colDetail'), cell: (h) => historyDetail(t, h, historyFormat) },
            { key: 'agent', header: t('backoffice.colAgent'), cell: (h) => h.admin_name ?? t('backoffice.system') },
          ]}
        />
      )}
    </ItemSection>
  );
}

type HistoryLine = BackofficeItem['history'][number];

/**
 * What a history line says beyond the status: the values it changed, old and new (reference, priority, deadline,
 * postponed until, assignee, provider, note, file...: historyChangesText), or the customer's incident answer.
 */
function historyDetail(t: ReturnType<typeof useT>, h: HistoryLine, format: HistoryFormat): string {
  const changes = historyChangesText(h, t, format);
  if (changes !== '') return changes;
  const details = (h.details ?? {}) as { message?: unknown; file_ids?: unknown };
  if (h.accion === 'respuesta_incidencia') {
    const message = typeof details.message === 'string' ? details.message : '';
    const files = Array.isArray(details.file_ids) ? details.file_ids.length : 0;
    return t('backoffice.historyIncidenceAnswer', { message: message || '—', files });
  }
  return '';
}
