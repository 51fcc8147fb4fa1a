import { clientStatusText } from '@ventanilla/domain';
import { translateCode, useFormat, useLanguage, useT } from '../../../../../shared/i18n';
import type { BackofficeItem } from '../../../../../shared/lib/api-contract';
import { Link, SummaryList, Table } from '../../../../../shared/ui';
import { ItemSection } from '../item-sections';

/** How the item is planned: priority, deadline, postponed until, provider, delegated to, locked by. */
export function ItemPlanSection({ item }: { item: BackofficeItem }) {
  const t = useT();
  const format = useFormat();
  const language = useLanguage();
  const none = t('itemActions.none');
  return (
    <ItemSection id="planificacion" title={t('itemActions.planSection')}>
      <SummaryList
        rows={[
          { key: 'priority', label: t('itemActions.priority'), value: String(item.priority) },
          {
            key: 'deadline',
            label: t('itemActions.deadline'),
            value: item.deadline_at ? format.dateTime(item.deadline_at) : none,
          },
          {
            key: 'standby',
            label: t('itemActions.postponedUntil'),
            value: item.standby_until ? format.dateTime(item.standby_until) : none,
          },
          { key: 'provider', label: t('itemActions.provider'), value: item.provider_id ?? none },
          {
            key: 'client-status',
            label: t('itemInfo.clientStatus'),
            value:
              item.client_status === null
                ? t('itemInfo.clientStatusUnknown')
                : item.client_status_id !== null
                  ? t('itemInfo.clientStatusSet', { status: clientStatusText(item.client_status, language) })
                  : clientStatusText(item.client_status, language),
          },
          { key: 'origin', label: t('itemInfo.origin'), value: t(`itemInfo.origin.${item.origin}`) },
          {
            key: 'payed-with',
            label: t('itemInfo.payedWith'),
            value: item.payed_with ? translateCode(t, 'code.method', item.payed_with) : t('itemInfo.notPaid'),
          },
          {
            key: 'attributes',
            label: t('itemInfo.attributes'),
            value:
              item.atributos.length === 0 ? (
                t('itemInfo.noAttributes')
              ) : (
                <ul className="inline-list">
                  {item.atributos.map((a) => (
                    <li key={a.key}>{`${a.key}: ${a.value}`}</li>
                  ))}
                </ul>
              ),
          },
          { key: 'asignee', label: t('itemActions.delegatedTo'), value: item.asignee?.name ?? none },
          { key: 'locked', label: t('itemActions.lockedBy'), value: item.locked_by?.name ?? none },
        ]}
      />
    </ItemSection>
  );
}

type Answer = unknown;

/** An answer as text: strings as they are, lists joined, documents by their name. */
function answerValue(value: Answer): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(answerValue).join(', ');
  if (typeof value === 'object') {
    const file = value as { filename?: unknown; file_id?: unknown };
    return String(file.filename ?? file.file_id ?? JSON.stringify(value));
  }
  return String(value);
}

/** The customer's corrections of their answers (history `details`), each changed answer with old and new value. */
export function CorrectionsSection({ item }: { item: BackofficeItem }) {
  const t = useT();
  const format = useFormat();
  const labels = new Map(item.product_options.map((o) => [String(o.option_id), o.label]));
  const corrections = item.history.flatMap((h) => {
    const details = h.details as { old_answers?: Record<string, Answer>; new_answers?: Record<string, Answer> } | null;
    if (!details?.old_answers || !details.new_answers) return [];
    const keys = [...new Set([...Object.keys(details.old_answers), ...Object.keys(details.new_answers)])];
    return keys
      .filter((k) => JSON.stringify(details.old_answers?.[k]) !== JSON.stringify(details.new_answers?.[k]))
      .map((k) => ({
        id: `${h.id}-${k}`,
        date: h.created_at,
        field: labels.get(k) ?? k,
        before: answerValue(details.old_answers?.[k]),
        after: answerValue(details.new_answers?.[k]),
      }));
  });
  if (corrections.length === 0) return null;
  return (
    <ItemSection id="correcciones" title={t('itemActions.correctionsSection')}>
      <Table
        caption={t('itemActions.correctionsSection')}
        captionHidden
        rows={corrections}
        rowKey={(c) => c.id}
        columns={[
          { key: 'date', header: t('backoffice.colCreated'), cell: (c) => format.dateTime(c.date) },
          { key: 'field', header: t('itemActions.colField'), cell: (c) => c.field },
          { key: 'before', header: t('itemActions.colBefore'), cell: (c) => c.before },
          { key: 'after', header: t('itemActions.colAfter'), cell: (c) => c.after },
        ]}
      />
    </ItemSection>
  );
}

/** The customer's other orders; linked ones (property search / nota simple pairs) are marked. */
export function RelatedOrdersSection({ item }: { item: BackofficeItem }) {
  const t = useT();
  const format = useFormat();
  return (
    <ItemSection id="relacionados" title={t('itemActions.relatedSection')}>
      {item.related_orders.length === 0 ? (
        <p>{t('itemActions.noRelated')}</p>
      ) : (
        <Table
          caption={t('itemActions.relatedSection')}
          captionHidden
          rows={item.related_orders}
          rowKey={(r) => r.item_id}
          columns={[
            {
              key: 'item',
              header: t('itemActions.colItem'),
              cell: (r) => (
                <Link to={`/agentes/pedido/${r.item_id}`}>
                  {t('backoffice.itemTitle', { id: r.item_id })}
                  {r.linked ? ` (${t('itemActions.linked')})` : ''}
                </Link>
              ),
            },
            { key: 'product', header: t('itemActions.colProduct'), cell: (r) => r.product_name },
            { key: 'status', header: t('itemActions.colStatus'), cell: (r) => r.status_text },
            { key: 'date', header: t('backoffice.colCreated'), cell: (r) => format.dateTime(r.created_at) },
          ]}
        />
      )}
    </ItemSection>
  );
}
