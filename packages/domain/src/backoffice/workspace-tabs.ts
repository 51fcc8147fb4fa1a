import { can } from '../auth/permissions.js';
import type { Language } from '../stores/stores.js';
import { isAddressShaped } from '../validators/email.js';

/*
 * The agent's tabbed workspace (spec section 2: "Back-office tabs are identified by the ending of the address").
 * One registry of the fixed tabs plus one "Pedido {id}" tab per order item; the open tabs are kept on the server per
 * agent (docs/backoffice.md, "Workspace"). Adding a tab is one entry in WORKSPACE_TABS (and its screen in the web app).
 */

/** The fixed tabs, by address ending, in the order a new workspace lists them. */
export const FIXED_TAB_KEYS = [
  'search',
  'actividad',
  'localizaciones',
  'new',
  'ns',
  'qp',
  'client',
  'tickets',
  'new-ticket',
  '-1',
  '-2',
  '0',
] as const;
export type FixedTabKey = (typeof FIXED_TAB_KEYS)[number];
/** An order item's tab: `item:{item id}`, titled "Pedido {id}". */
export type ItemTabKey = `item:${number}`;
/** A ticket's tab: `ticket:{ticket id}`, titled "Ticket {id}" (address ending `ticket-{id}`). */
export type TicketTabKey = `ticket:${number}`;
/** The tickets of one customer e-mail: `tickets:email:{address, lower-case}` (address ending `tickets-email-{address}`). */
export type TicketsEmailTabKey = `tickets:email:${string}`;
export type TabKey = FixedTabKey | ItemTabKey | TicketTabKey | TicketsEmailTabKey;

export interface FixedTabDefinition {
  key: FixedTabKey;
  /** Its title in each language (spec names: "Portugal CP & IPS" for -2). */
  title: Record<Language, string>;
  /** False for `-1` (auto-assign): it cannot be closed normally. */
  closable: boolean;
  /** False while its screen belongs to a later issue: the tab opens and shows a "coming" page. */
  ready: boolean;
}

/** The registry of fixed tabs. */
export const WORKSPACE_TABS: Readonly<Record<FixedTabKey, FixedTabDefinition>> = {
  search: { key: 'search', title: { es: 'Buscar', en: 'Search', pt: 'Pesquisar' }, closable: true, ready: true },
  actividad: {
    key: 'actividad',
    title: { es: 'Mi actividad', en: 'My activity', pt: 'A minha atividade' },
    closable: true,
    ready: true,
  },
  localizaciones: {
    key: 'localizaciones',
    title: { es: 'Localizaciones', en: 'Localizations', pt: 'Localizações' },
    closable: true,
    ready: true,
  },
  new: {
    key: 'new',
    title: { es: 'Nuevo trámite', en: 'New procedure', pt: 'Novo processo' },
    closable: true,
    ready: true,
  },
  ns: { key: 'ns', title: { es: 'Crear NS', en: 'Create NS', pt: 'Criar NS' }, closable: true, ready: true },
  qp: { key: 'qp', title: { es: 'Crear QP', en: 'Create QP', pt: 'Criar QP' }, closable: true, ready: true },
  client: {
    key: 'client',
    title: { es: 'Clientes', en: 'Customers', pt: 'Clientes' },
    closable: true,
    ready: true,
  },
  tickets: { key: 'tickets', title: { es: 'Tickets', en: 'Tickets', pt: 'Tickets' }, closable: true, ready: true },
  'new-ticket': {
    key: 'new-ticket',
    title: { es: 'Nuevo ticket', en: 'New ticket', pt: 'Novo ticket' },
    closable: true,
    ready: true,
  },
  '-1': {
    key: '-1',
    title: { es: 'Autoasignar', en: 'Auto-assign', pt: 'Atribuição automática' },
    closable: false,
    ready: true,
  },
  '-2': {
    key: '-2',
    title: { es: 'Portugal CP & IPS', en: 'Portugal CP & IPS', pt: 'Portugal CP & IPS' },
    closable: true,
    ready: true,
  },
  '0': {
    key: '0',
    title: { es: 'Autoasignar (parado)', en: 'Auto-assign (stopped)', pt: 'Atribuição automática (parada)' },
    closable: true,
    ready: true,
  },
};

/** How many tabs an agent may keep open at once (the workspace is stored per agent: bounded, like any input). */
export const MAX_OPEN_TABS = 30;
/** How many closed item ids are remembered (most recent first). */
export const MAX_CLOSED_ITEMS = 20;
/** The largest item id (a 32-bit serial). */
const MAX_ITEM_ID = 2_147_483_647;

/** The tabs of an agent who never opened one: the search, My Activity and the auto-assign tab. */
export const DEFAULT_TABS: readonly TabKey[] = ['search', 'actividad', '-1'];

/** The open tabs in order, the active one, and the items whose tabs were closed (most recent first). */
export interface Workspace {
  tabs: TabKey[];
  active: TabKey | null;
  closedItemIds: number[];
}

export const DEFAULT_WORKSPACE: Readonly<Workspace> = { tabs: [...DEFAULT_TABS], active: 'search', closedItemIds: [] };

/**
 * The workspace of someone who never opened a tab: DEFAULT_TABS, without `-1` for roles the queue gives nothing
 * (notaries: `backoffice.queue.pull`).
 */
export function defaultWorkspace(role: string): Workspace {
  const tabs = DEFAULT_TABS.filter((key) => key !== '-1' || can(role, 'backoffice.queue.pull'));
  return { tabs, active: 'search', closedItemIds: [] };
}

function isFixedTabKey(value: string): value is FixedTabKey {
  return (FIXED_TAB_KEYS as readonly string[]).includes(value);
}

/** A positive 32-bit item id written as plain digits (no sign, no leading zero, no exponent), or null. */
export function parseItemId(value: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ITEM_ID ? id : null;
}

/**
 * The customer e-mail of a per-e-mail tickets tab, lower-cased: one `@` with text on both sides, at most 254
 * characters, no spaces or control characters (NUL included); null for anything else. Loose on purpose: tickets come
 * from any sender a mail server accepted, so the tab must open for every address a ticket carries.
 */
export function parseTicketsEmail(value: string): string | null {
  const email = value.toLowerCase();
  return isAddressShaped(email) ? email : null;
}

/** The key of the tab listing one customer e-mail's tickets, or null when the address is not one. */
export function ticketsEmailTabKey(email: string): TicketsEmailTabKey | null {
  const parsed = parseTicketsEmail(email);
  return parsed === null ? null : `tickets:email:${parsed}`;
}

/** The customer e-mail of a per-e-mail tickets tab, or null for any other tab. */
export function tabTicketsEmail(key: TabKey): string | null {
  return key.startsWith('tickets:email:') ? key.slice('tickets:email:'.length) : null;
}

/** The tab key of a stored or sent value: a fixed key, `item:{id}`, `ticket:{id}` or `tickets:email:{address}`. */
export function parseTabKey(value: unknown): TabKey | null {
  if (typeof value !== 'string') return null;
  if (isFixedTabKey(value)) return value;
  if (value.startsWith('tickets:email:')) {
    const email = value.slice('tickets:email:'.length);
    // Stored keys are already lower-case: another spelling is not the same key.
    return email === email.toLowerCase() ? ticketsEmailTabKey(email) : null;
  }
  if (value.startsWith('ticket:')) {
    const ticketId = parseItemId(value.slice('ticket:'.length));
    return ticketId === null ? null : ticketTabKey(ticketId);
  }
  if (!value.startsWith('item:')) return null;
  const id = parseItemId(value.slice('item:'.length));
  return id === null ? null : itemTabKey(id);
}

/** The key of a ticket's tab. */
export function ticketTabKey(ticketId: number): TicketTabKey {
  return `ticket:${ticketId}`;
}

/** The ticket id of a ticket's tab, or null for any other tab. */
export function tabTicketId(key: TabKey): number | null {
  return key.startsWith('ticket:') ? Number(key.slice('ticket:'.length)) : null;
}

/** The key of an order item's tab. */
export function itemTabKey(itemId: number): ItemTabKey {
  return `item:${itemId}`;
}

/** The item id of an order item's tab, or null for a fixed tab. */
export function tabItemId(key: TabKey): number | null {
  return key.startsWith('item:') ? Number(key.slice('item:'.length)) : null;
}

/** The tab an address ending opens (spec: the fixed endings, "any other" = an order item): null when it is neither. */
export function tabForEnding(ending: string): TabKey | null {
  if (isFixedTabKey(ending)) return ending;
  if (ending.startsWith('tickets-email-')) return ticketsEmailTabKey(ending.slice('tickets-email-'.length));
  if (ending.startsWith('ticket-')) {
    const ticketId = parseItemId(ending.slice('ticket-'.length));
    return ticketId === null ? null : ticketTabKey(ticketId);
  }
  const id = parseItemId(ending);
  return id === null ? null : itemTabKey(id);
}

/** The address ending of a tab (the inverse of tabForEnding). */
export function tabEnding(key: TabKey): string {
  const email = tabTicketsEmail(key);
  if (email !== null) return `tickets-email-${email}`;
  const ticketId = tabTicketId(key);
  if (ticketId !== null) return `ticket-${ticketId}`;
  const itemId = tabItemId(key);
  return itemId === null ? key : String(itemId);
}

const TICKETS_OF: Record<Language, string> = { es: 'Tickets de', en: 'Tickets of', pt: 'Tickets de' };

/** A tab's title: the registry's for fixed tabs, "Pedido {id}" (Order, Pedido) for an item, "Tickets de {e-mail}". */
export function tabTitle(key: TabKey, language: Language): string {
  const email = tabTicketsEmail(key);
  if (email !== null) return `${TICKETS_OF[language]} ${email}`;
  const ticketId = tabTicketId(key);
  if (ticketId !== null) return `Ticket ${ticketId}`;
  if (isFixedTabKey(key)) return WORKSPACE_TABS[key].title[language];
  return `${language === 'en' ? 'Order' : 'Pedido'} ${key.slice('item:'.length)}`;
}

/** Whether a tab can be closed by the agent (the close button, the shortcut): every tab but `-1`. */
export function isClosable(key: TabKey): boolean {
  return !isFixedTabKey(key) || WORKSPACE_TABS[key].closable;
}

/** Whether a tab's screen exists (false: a "coming" page until its issue lands). Item and ticket tabs always have one. */
export function isTabReady(key: TabKey): boolean {
  return !isFixedTabKey(key) || WORKSPACE_TABS[key].ready;
}

export type OpenTabResult = { ok: true; workspace: Workspace } | { ok: false; reason: 'too_many_tabs' };

/**
 * Opens a tab and makes it active: an address already open reuses its tab (same place in the strip), a new one goes
 * last. Refused when MAX_OPEN_TABS are open (close one first). An item opened again leaves the closed list.
 */
export function openTab(workspace: Workspace, key: TabKey): OpenTabResult {
  const itemId = tabItemId(key);
  const closedItemIds = workspace.closedItemIds.filter((id) => id !== itemId);
  if (workspace.tabs.includes(key)) return { ok: true, workspace: { ...workspace, active: key, closedItemIds } };
  if (workspace.tabs.length >= MAX_OPEN_TABS) return { ok: false, reason: 'too_many_tabs' };
  return { ok: true, workspace: { tabs: [...workspace.tabs, key], active: key, closedItemIds } };
}

export type CloseTabResult =
  { ok: true; workspace: Workspace; closedItemId: number | null } | { ok: false; reason: 'not_closable' | 'not_open' };

/** The queue tabs: opening one pulls an order, so closing another tab never lands on them while others are open. */
const PULLING_TABS: readonly TabKey[] = ['-1', '-2'];

/** The tab to show after closing the one at `index`: the nearest to its right, else to its left, not a queue tab. */
function nextActive(tabs: readonly TabKey[], index: number): TabKey | null {
  const right = tabs.slice(index);
  const left = tabs.slice(0, index).reverse();
  const calm = (key: TabKey) => !PULLING_TABS.includes(key);
  return right.find(calm) ?? left.find(calm) ?? tabs[index] ?? tabs[index - 1] ?? null;
}

/**
 * Closes a tab: `-1` only with `force` (it cannot be closed normally). Closing an item's tab records its id first in
 * the closed list (once, at most MAX_CLOSED_ITEMS). Closing the active tab activates its nearest neighbour, right
 * first, skipping the queue tabs -1 and -2 (landing there would pull an order), or nothing when no tab is left.
 */
export function closeTab(workspace: Workspace, key: TabKey, options: { force?: boolean } = {}): CloseTabResult {
  const index = workspace.tabs.indexOf(key);
  if (index < 0) return { ok: false, reason: 'not_open' };
  if (!isClosable(key) && !options.force) return { ok: false, reason: 'not_closable' };
  const tabs = workspace.tabs.filter((k) => k !== key);
  const active = workspace.active === key ? nextActive(tabs, index) : workspace.active;
  const closedItemId = tabItemId(key);
  const closedItemIds =
    closedItemId === null
      ? workspace.closedItemIds
      : [closedItemId, ...workspace.closedItemIds.filter((id) => id !== closedItemId)].slice(0, MAX_CLOSED_ITEMS);
  return { ok: true, workspace: { tabs, active, closedItemIds }, closedItemId };
}

export type WorkspaceError =
  | { code: 'unknown_tab'; index: number }
  | { code: 'duplicate_tab'; index: number }
  | { code: 'too_many_tabs'; max: number }
  | { code: 'not_closable'; key: TabKey }
  | { code: 'active_not_open' };

export type WorkspaceUpdate =
  { ok: true; workspace: Workspace; closedNow: number[] } | { ok: false; errors: WorkspaceError[] };

/**
 * Checks a whole workspace sent by a screen (`PUT /api/backoffice/workspace`) against the one stored: known keys only,
 * each once, at most MAX_OPEN_TABS, `-1` kept when it was open (it cannot be closed normally), the active tab one of
 * them (or null with no tab). Item tabs missing from the new list were closed: their ids are recorded (`closedNow`
 * lists them) and an item opened again leaves the closed list.
 */
export function updateWorkspace(stored: Workspace, tabs: readonly unknown[], active: unknown): WorkspaceUpdate {
  const errors: WorkspaceError[] = [];
  if (tabs.length > MAX_OPEN_TABS) errors.push({ code: 'too_many_tabs', max: MAX_OPEN_TABS });
  const keys: TabKey[] = [];
  tabs.slice(0, MAX_OPEN_TABS + 1).forEach((raw, index) => {
    const key = parseTabKey(raw);
    if (key === null) errors.push({ code: 'unknown_tab', index });
    else if (keys.includes(key)) errors.push({ code: 'duplicate_tab', index });
    else keys.push(key);
  });
  for (const key of stored.tabs) {
    if (!isClosable(key) && !keys.includes(key)) errors.push({ code: 'not_closable', key });
  }
  if (active === null ? keys.length > 0 : !keys.includes(parseTabKey(active) as TabKey)) {
    errors.push({ code: 'active_not_open' });
  }
  if (errors.length > 0) return { ok: false, errors };
  const open = new Set(keys.map(tabItemId));
  const closedNow = stored.tabs
    .map(tabItemId)
    .filter((id): id is number => id !== null && !open.has(id))
    .reverse();
  const closedItemIds = [...closedNow, ...stored.closedItemIds.filter((id) => !closedNow.includes(id))]
    .filter((id) => !open.has(id))
    .slice(0, MAX_CLOSED_ITEMS);
  return {
    ok: true,
    workspace: { tabs: keys, active: parseTabKey(active), closedItemIds },
    closedNow,
  };
}

/** A stored workspace read back (`defaults` when there is none): unknown or repeated keys (an older registry) are dropped. */
export function restoreWorkspace(
  stored: { tabs: unknown; active: unknown; closedItemIds: unknown } | null,
  defaults: Readonly<Workspace> = DEFAULT_WORKSPACE,
): Workspace {
  if (!stored || !Array.isArray(stored.tabs)) return { ...defaults, tabs: [...defaults.tabs] };
  const tabs: TabKey[] = [];
  for (const raw of stored.tabs) {
    const key = parseTabKey(raw);
    if (key !== null && !tabs.includes(key) && tabs.length < MAX_OPEN_TABS) tabs.push(key);
  }
  const active = parseTabKey(stored.active);
  const closedItemIds = Array.isArray(stored.closedItemIds)
    ? stored.closedItemIds
        .filter((id): id is number => Number.isInteger(id) && id > 0 && id <= MAX_ITEM_ID)
        .slice(0, MAX_CLOSED_ITEMS)
    : [];
  return { tabs, active: active !== null && tabs.includes(active) ? active : (tabs[0] ?? null), closedItemIds };
}
