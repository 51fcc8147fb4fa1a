import { parseItemId, tabEnding, tabForEnding, tabItemId, tabTicketId, type TabKey } from '@ventanilla/domain';

/** Where the back office lives. */
export const BASE = '/agentes';

/** The tab an address of the back office belongs to: `/agentes` and `/agentes/search` are the search. */
export function tabForPath(pathname: string): TabKey | null {
  const rest = pathname.startsWith(BASE) ? pathname.slice(BASE.length).replace(/\/+$/, '') : null;
  if (rest === null) return null;
  if (rest === '') return 'search';
  const item = /^\/pedido\/([^/]+)$/.exec(rest);
  if (item) {
    const itemId = parseItemId(item[1] ?? '');
    return itemId === null ? null : `item:${itemId}`;
  }
  const ticket = /^\/ticket\/([^/]+)$/.exec(rest);
  if (ticket) {
    const ticketId = parseItemId(ticket[1] ?? '');
    return ticketId === null ? null : `ticket:${ticketId}`;
  }
  const ending = /^\/([^/]+)$/.exec(rest)?.[1];
  return ending === undefined ? null : tabForEnding(ending);
}

/** The address a tab opens when it has not been visited in this page yet. */
export function defaultHref(key: TabKey): string {
  if (key === 'search') return BASE;
  const ticketId = tabTicketId(key);
  if (ticketId !== null) return `${BASE}/ticket/${ticketId}`;
  const itemId = tabItemId(key);
  return itemId === null ? `${BASE}/${tabEnding(key)}` : `${BASE}/pedido/${itemId}`;
}
