import { useLanguage, useT, type MessageKey } from '../../../../shared/i18n';
import { CLIENT_STATUS_KEYS, clientStatusText, type ClientStatusKey } from '@ventanilla/domain';
import type { PanelStatus } from '../../../../shared/lib/api-contract';
import { Link, VisuallyHidden } from '../../../../shared/ui';

const LABEL: Record<string, MessageKey> = {
  email: 'backoffice.filterEmail',
  text: 'search.text',
  order_id: 'backoffice.filterOrder',
  referencia: 'search.referencia',
  product_id: 'search.productId',
  provider: 'search.provider',
  date_start: 'search.dateStart',
  date_end: 'search.dateEnd',
  order_by: 'search.orderBy',
  size: 'search.size',
  status: 'search.statuses',
  status_client: 'search.clientStatuses',
};

/** The address without one filter (or one value of a list filter), back to page 1. */
function without(params: URLSearchParams, name: string, value: string | null): string {
  const next = new URLSearchParams(params);
  next.delete('page');
  if (value === null) next.delete(name);
  else {
    const rest = (next.get(name) ?? '').split(',').filter((v) => v.trim() && v.trim() !== value);
    if (rest.length) next.set(name, rest.join(','));
    else next.delete(name);
  }
  const query = next.toString();
  return query ? `/agentes?${query}` : '/agentes';
}

/** The search's active filters as chips; each one a link to the same search without it. */
export function ActiveFilterChips({ params, statuses }: { params: URLSearchParams; statuses: PanelStatus[] }) {
  const t = useT();
  const language = useLanguage();
  const statusNames = new Map(statuses.map((s) => [String(s.id), s.text]));
  const chips: { key: string; label: string; value: string; href: string }[] = [];
  for (const [name, raw] of params) {
    const label = LABEL[name];
    if (!label || !raw.trim()) continue;
    if (name === 'status' || name === 'status_client') {
      for (const value of raw
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)) {
        const text =
          name === 'status'
            ? (statusNames.get(value) ?? value)
            : (CLIENT_STATUS_KEYS as readonly string[]).includes(value)
              ? clientStatusText(value as ClientStatusKey, language)
              : value;
        chips.push({ key: `${name}-${value}`, label: t(label), value: text, href: without(params, name, value) });
      }
    } else {
      chips.push({ key: name, label: t(label), value: raw, href: without(params, name, null) });
    }
  }
  if (chips.length === 0) return null;
  return (
    <div className="filter-chips">
      <h2 className="filter-chips__title" id="active-filters-title">
        {t('search.activeFilters')}
      </h2>
      <ul aria-labelledby="active-filters-title">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link to={chip.href} className="filter-chip">
              <VisuallyHidden>{t('search.removeFilter')} </VisuallyHidden>
              {chip.label}: {chip.value}
              <span aria-hidden="true" className="filter-chip__x">
                ×
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
