import {
  parseItemId,
  tabEnding,
  tabForEnding,
  tabItemId,
  tabTicketId,
  ticketsEmailTabKey,
  type TabKey,
} from '@ventanilla/domain';

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
  if (ending === undefined) return null;
  try {
    // The per-e-mail tickets tab carries an address: the browser keeps it percent-encoded in the path.
    return tabForEnding(decodeURIComponent(ending));
  } catch {
    return null;
  }
}

/** The address a tab opens when it has not been visited in this page yet. */
export function defaultHref(key: TabKey): string {
  if (key === 'search') return BASE;
  if (key.startsWith('tickets:email:')) {
    // An address in a path: every character that needs it encoded, the `@` kept readable, and the last dot written
    // %2E: a path ending like a file name (`.com`) is a missing file to the server (404), never the app.
    const ending = encodeURIComponent(tabEnding(key)).replace(/%40/g, '@');
    return `${BASE}/${ending.replace(/\.([^.]*)$/, '%2E$1')}`;
  }
  const ticketId = tabTicketId(key);
  if (ticketId !== null) return `${BASE}/ticket/${ticketId}`;
  const itemId = tabItemId(key);
  return itemId === null ? `${BASE}/${tabEnding(key)}` : `${BASE}/pedido/${itemId}`;
}

/**
 * Where the tickets of one customer e-mail are listed: their own tab (`tickets:email:{address}`); an address the tab
 * cannot carry (a malformed one kept from an old mail) falls back to the tickets tab filtered by that e-mail.
 */
export function ticketsOfEmailHref(email: string): string {
  const key = ticketsEmailTabKey(email);
  return key === null ? `${BASE}/tickets?email=${encodeURIComponent(email)}` : defaultHref(key);
}
