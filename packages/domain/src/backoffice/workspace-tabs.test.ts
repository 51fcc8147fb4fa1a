import { describe, expect, it } from 'vitest';
import {
  closeTab,
  parseTicketsEmail,
  tabTicketsEmail,
  ticketsEmailTabKey,
  DEFAULT_WORKSPACE,
  defaultWorkspace,
  FIXED_TAB_KEYS,
  isClosable,
  isTabReady,
  MAX_CLOSED_ITEMS,
  MAX_OPEN_TABS,
  openTab,
  parseItemId,
  parseTabKey,
  restoreWorkspace,
  tabEnding,
  tabForEnding,
  tabItemId,
  tabTicketId,
  tabTitle,
  updateWorkspace,
  WORKSPACE_TABS,
  type TabKey,
  type Workspace,
} from './workspace-tabs.js';

const ws = (tabs: TabKey[], active: TabKey | null = tabs[0] ?? null, closedItemIds: number[] = []): Workspace => ({
  tabs,
  active,
  closedItemIds,
});

describe('tab keys and address endings', () => {
  it.each([
    ['search', 'search'],
    ['actividad', 'actividad'],
    ['-1', '-1'],
    ['-2', '-2'],
    ['0', '0'],
    ['new-ticket', 'new-ticket'],
    ['123', 'item:123'],
    ['2147483647', 'item:2147483647'],
    ['2147483648', null],
    ['99999999999999999999', null],
    ['-3', null],
    ['00', null],
    ['012', null],
    ['1e3', null],
    ['+5', null],
    ['', null],
    ['item:5', null],
    ['Search', null],
    ['search\u0000', null],
    [' 12', null],
    ['ticket-9', 'ticket:9'],
    ['ticket-0', null],
    ['ticket-09', null],
    ['ticket-', null],
    ['ticket-2147483648', null],
    ['ticket:9', null],
  ])('ending %j opens %j', (ending, key) => {
    expect(tabForEnding(ending)).toBe(key);
  });

  it.each([
    ['search', 'search'],
    ['item:7', 'item:7'],
    ['item:0', null],
    ['item:-7', null],
    ['item:07', null],
    ['item:2147483648', null],
    ['item:', null],
    ['item:7\u0000', null],
    ['pedido', null],
    [7, null],
    [null, null],
    [{}, null],
    ['__proto__', null],
    ['toString', null],
    ['ticket:9', 'ticket:9'],
    ['ticket:0', null],
    ['ticket:9x', null],
    ['ticket-9', null],
    ['Item:7', null],
    ['items7', null],
  ])('stored key %j is %j', (value, key) => {
    expect(parseTabKey(value)).toBe(key);
  });

  it('ending and key are inverse for every fixed tab and an item', () => {
    for (const key of [...FIXED_TAB_KEYS, 'item:42' as const, 'ticket:42' as const]) {
      expect(tabForEnding(tabEnding(key))).toBe(key);
    }
    expect(tabEnding('item:42')).toBe('42');
  });

  it('a ticket tab is titled "Ticket {id}", closable and ready, and is not an item', () => {
    expect(tabTitle('ticket:42', 'es')).toBe('Ticket 42');
    expect(tabEnding('ticket:42')).toBe('ticket-42');
    expect(isClosable('ticket:42')).toBe(true);
    expect(isTabReady('ticket:42')).toBe(true);
    expect(tabItemId('ticket:42')).toBeNull();
    expect(tabTicketId('ticket:42')).toBe(42);
    expect(tabTicketId('item:42')).toBeNull();
  });

  it('parses item ids as plain positive 32-bit digits', () => {
    expect(parseItemId('1')).toBe(1);
    expect(parseItemId('0')).toBeNull();
    expect(parseItemId('1.5')).toBeNull();
  });
});

describe('registry', () => {
  it.each([
    ['search', 'es', 'Buscar'],
    ['actividad', 'es', 'Mi actividad'],
    ['actividad', 'en', 'My activity'],
    ['-2', 'es', 'Portugal CP & IPS'],
    ['-2', 'pt', 'Portugal CP & IPS'],
    ['0', 'en', 'Auto-assign (stopped)'],
    ['item:15', 'es', 'Pedido 15'],
    ['item:15', 'pt', 'Pedido 15'],
    ['item:15', 'en', 'Order 15'],
  ] as const)('%s in %s is titled %j', (key, language, title) => {
    expect(tabTitle(key, language)).toBe(title);
  });

  it.each([
    ['search', ['Buscar', 'Search', 'Pesquisar']],
    ['actividad', ['Mi actividad', 'My activity', 'A minha atividade']],
    ['localizaciones', ['Localizaciones', 'Localizations', 'Localizações']],
    ['new', ['Nuevo trámite', 'New procedure', 'Novo processo']],
    ['ns', ['Crear NS', 'Create NS', 'Criar NS']],
    ['qp', ['Crear QP', 'Create QP', 'Criar QP']],
    ['client', ['Clientes', 'Customers', 'Clientes']],
    ['tickets', ['Tickets', 'Tickets', 'Tickets']],
    ['new-ticket', ['Nuevo ticket', 'New ticket', 'Novo ticket']],
    ['-1', ['Autoasignar', 'Auto-assign', 'Atribuição automática']],
    ['-2', ['Portugal CP & IPS', 'Portugal CP & IPS', 'Portugal CP & IPS']],
    ['0', ['Autoasignar (parado)', 'Auto-assign (stopped)', 'Atribuição automática (parada)']],
  ] as const)('%s is titled %j in es, en and pt', (key, titles) => {
    expect((['es', 'en', 'pt'] as const).map((language) => tabTitle(key, language))).toEqual(titles);
    expect(WORKSPACE_TABS[key].key).toBe(key);
  });

  it('every fixed tab has a title in es, en and pt', () => {
    for (const key of FIXED_TAB_KEYS) {
      for (const language of ['es', 'en', 'pt'] as const) expect(tabTitle(key, language)).not.toBe('');
    }
  });

  it('only -1 cannot be closed normally', () => {
    expect(FIXED_TAB_KEYS.filter((key) => !isClosable(key))).toEqual(['-1']);
    expect(isClosable('item:3')).toBe(true);
  });

  it('the screens of later issues are marked as coming', () => {
    expect(FIXED_TAB_KEYS.filter((key) => !isTabReady(key))).toEqual([]);
    expect(isTabReady('item:3')).toBe(true);
  });
});

describe('openTab', () => {
  it('adds a new tab last and makes it active', () => {
    expect(openTab(ws(['search', '-1']), 'item:5')).toEqual({
      ok: true,
      workspace: ws(['search', '-1', 'item:5'], 'item:5'),
    });
  });

  it('an address already open reuses its tab in place', () => {
    const result = openTab(ws(['search', 'item:5', '-1'], '-1'), 'item:5');
    expect(result).toEqual({ ok: true, workspace: ws(['search', 'item:5', '-1'], 'item:5') });
  });

  it('an item opened again leaves the closed list', () => {
    const result = openTab(ws(['search'], 'search', [5, 6]), 'item:5');
    expect(result.ok && result.workspace.closedItemIds).toEqual([6]);
  });

  it('refuses a new tab beyond the limit, but still reuses an open one', () => {
    const full = ws(Array.from({ length: MAX_OPEN_TABS }, (_, i) => `item:${i + 1}` as TabKey));
    expect(openTab(full, 'search')).toEqual({ ok: false, reason: 'too_many_tabs' });
    expect(openTab(full, 'item:3').ok).toBe(true);
  });
});

describe('closeTab', () => {
  it.each([
    // tabs, active, closing, -> tabs, active
    [['search', 'item:1', 'item:2'], 'item:1', 'item:1', ['search', 'item:2'], 'item:2'],
    [['search', 'item:1', 'item:2'], 'item:2', 'item:2', ['search', 'item:1'], 'item:1'],
    // Never onto a queue tab (it would pull an order) while another tab is open.
    [['search', 'item:1', '-1'], 'item:1', 'item:1', ['search', '-1'], 'search'],
    [['search', '-1', 'item:1'], 'item:1', 'item:1', ['search', '-1'], 'search'],
    [['item:1', '-2', '-1', 'actividad'], 'item:1', 'item:1', ['-2', '-1', 'actividad'], 'actividad'],
    [['-1', 'item:1'], 'item:1', 'item:1', ['-1'], '-1'],
    [['search', '-1', 'item:1'], 'search', 'item:1', ['search', '-1'], 'search'],
    [['item:1'], 'item:1', 'item:1', [], null],
    [['search', '-1', '0'], '0', '0', ['search', '-1'], 'search'],
  ] as [TabKey[], TabKey, TabKey, TabKey[], TabKey | null][])(
    '%j active %s, closing %s -> %j active %s',
    (tabs, active, closing, after, afterActive) => {
      const result = closeTab(ws(tabs, active), closing);
      expect(result.ok && result.workspace.tabs).toEqual(after);
      expect(result.ok && result.workspace.active).toBe(afterActive);
    },
  );

  it('records the closed item id first, once, and keeps at most MAX_CLOSED_ITEMS', () => {
    const closed = Array.from({ length: MAX_CLOSED_ITEMS }, (_, i) => i + 100);
    const result = closeTab(ws(['item:101', 'search'], 'search', closed), 'item:101');
    expect(result).toMatchObject({ ok: true, closedItemId: 101 });
    if (!result.ok) return;
    expect(result.workspace.closedItemIds[0]).toBe(101);
    expect(result.workspace.closedItemIds.filter((id) => id === 101)).toHaveLength(1);
    expect(result.workspace.closedItemIds).toHaveLength(MAX_CLOSED_ITEMS);
  });

  it('closing a new item forgets the oldest closed one', () => {
    const closed = Array.from({ length: MAX_CLOSED_ITEMS }, (_, i) => i + 100);
    const result = closeTab(ws(['item:500', 'search'], 'search', closed), 'item:500');
    expect(result.ok && result.workspace.closedItemIds).toEqual([500, ...closed.slice(0, -1)]);
  });

  it('closing a tab that is not the active one keeps the active tab', () => {
    const result = closeTab(ws(['search', 'item:1', 'item:2'], 'search'), 'item:1');
    expect(result.ok && result.workspace.active).toBe('search');
  });

  it('closing a fixed tab records no item', () => {
    expect(closeTab(ws(['search', 'actividad']), 'actividad')).toMatchObject({ ok: true, closedItemId: null });
  });

  it('-1 cannot be closed normally, only with force', () => {
    expect(closeTab(ws(['search', '-1']), '-1')).toEqual({ ok: false, reason: 'not_closable' });
    expect(closeTab(ws(['search', '-1']), '-1', { force: true }).ok).toBe(true);
  });

  it('closing a tab that is not open is refused', () => {
    expect(closeTab(ws(['search']), 'item:9')).toEqual({ ok: false, reason: 'not_open' });
  });
});

describe('updateWorkspace (PUT from a screen)', () => {
  const stored = ws(['search', '-1', 'item:1', 'item:2'], 'item:2', [9]);

  it('accepts a reordered list and records the closed items, most recent first', () => {
    const result = updateWorkspace(stored, ['-1', 'search', 'item:3'], 'item:3');
    expect(result).toEqual({
      ok: true,
      workspace: ws(['-1', 'search', 'item:3'], 'item:3', [2, 1, 9]),
      closedNow: [2, 1],
    });
  });

  it('an item open again leaves the closed list', () => {
    const result = updateWorkspace(stored, ['search', '-1', 'item:1', 'item:2', 'item:9'], 'item:9');
    expect(result.ok && result.workspace.closedItemIds).toEqual([]);
  });

  it.each([
    [['search', '-1', 'pedido'], 'search', [{ code: 'unknown_tab', index: 2 }]],
    [['search', '-1', 'item:0'], 'search', [{ code: 'unknown_tab', index: 2 }]],
    [['search', '-1', 5], 'search', [{ code: 'unknown_tab', index: 2 }]],
    [['search', '-1', 'search'], 'search', [{ code: 'duplicate_tab', index: 2 }]],
    [['search'], 'search', [{ code: 'not_closable', key: '-1' }]],
    [['search', '-1'], 'item:1', [{ code: 'active_not_open' }]],
    [['search', '-1'], 'nope', [{ code: 'active_not_open' }]],
    [['search', '-1'], null, [{ code: 'active_not_open' }]],
  ] as [unknown[], unknown, unknown][])('%j active %j is refused: %j', (tabs, active, errors) => {
    expect(updateWorkspace(stored, tabs, active)).toEqual({ ok: false, errors });
  });

  it('a tab closed twice is recorded once', () => {
    const result = updateWorkspace(ws(['-1', 'item:1'], '-1', [1, 9]), ['-1'], '-1');
    expect(result).toEqual({ ok: true, workspace: ws(['-1'], '-1', [1, 9]), closedNow: [1] });
  });

  it('remembers at most MAX_CLOSED_ITEMS closed items, the newest', () => {
    const closed = Array.from({ length: MAX_CLOSED_ITEMS }, (_, i) => i + 100);
    const result = updateWorkspace(ws(['-1', 'item:1'], '-1', closed), ['-1'], '-1');
    expect(result.ok && result.workspace.closedItemIds).toEqual([1, ...closed.slice(0, -1)]);
  });

  it('records as closed only the item tabs that left, not fixed tabs nor items still open', () => {
    const result = updateWorkspace(ws(['search', '-1', 'item:1', 'item:2'], '-1'), ['-1', 'item:2'], '-1');
    expect(result).toEqual({ ok: true, workspace: ws(['-1', 'item:2'], '-1', [1]), closedNow: [1] });
    const itemsOnly = updateWorkspace(ws(['search', 'item:1'], 'item:1'), ['item:1'], 'item:1');
    expect(itemsOnly).toEqual({ ok: true, workspace: ws(['item:1'], 'item:1'), closedNow: [] });
  });

  it('accepts MAX_OPEN_TABS tabs', () => {
    const tabs = Array.from({ length: MAX_OPEN_TABS }, (_, i) => `item:${i + 1}`);
    expect(updateWorkspace(ws([], null), tabs, 'item:1').ok).toBe(true);
  });

  it('an empty workspace has no active tab', () => {
    expect(updateWorkspace(ws([], null), [], null).ok).toBe(true);
  });

  it('refuses more than MAX_OPEN_TABS', () => {
    const tabs = Array.from({ length: MAX_OPEN_TABS + 1 }, (_, i) => `item:${i + 1}`);
    const result = updateWorkspace(ws([], null), tabs, 'item:1');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toContainEqual({ code: 'too_many_tabs', max: MAX_OPEN_TABS });
  });
});

describe('restoreWorkspace', () => {
  it('a new agent gets the default tabs', () => {
    expect(restoreWorkspace(null)).toEqual(DEFAULT_WORKSPACE);
    expect(DEFAULT_WORKSPACE).toEqual(ws(['search', 'actividad', '-1'], 'search'));
  });

  it('keeps at most MAX_OPEN_TABS tabs, the active one if open, and real item ids', () => {
    const tabs = Array.from({ length: MAX_OPEN_TABS + 1 }, (_, i) => `item:${i + 1}`);
    const restored = restoreWorkspace({ tabs, active: 'item:2', closedItemIds: [0, 2147483647, 2147483648, 1.5, 7] });
    expect(restored).toEqual(ws(tabs.slice(0, MAX_OPEN_TABS) as TabKey[], 'item:2', [2147483647, 7]));
    expect(restoreWorkspace({ tabs: ['search'], active: 'item:9', closedItemIds: null })).toEqual(ws(['search']));
    const closed = Array.from({ length: MAX_CLOSED_ITEMS + 1 }, (_, i) => i + 1);
    expect(restoreWorkspace({ tabs: [], active: null, closedItemIds: closed }).closedItemIds).toEqual(
      closed.slice(0, MAX_CLOSED_ITEMS),
    );
  });

  it.each([
    ['agent', ['search', 'actividad', '-1']],
    ['admin', ['search', 'actividad', '-1']],
    ['notary', ['search', 'actividad']],
  ])('a new %s starts with %j (the queue gives notaries nothing)', (role, tabs) => {
    expect(restoreWorkspace(null, defaultWorkspace(role))).toEqual(ws(tabs as TabKey[], 'search'));
  });

  it('drops unknown and repeated keys, and an active tab that is not open', () => {
    expect(
      restoreWorkspace({
        tabs: ['search', 'old-tab', 'search', 'item:4'],
        active: 'old-tab',
        closedItemIds: [3, -1, 'x'],
      }),
    ).toEqual(ws(['search', 'item:4'], 'search', [3]));
  });
});

describe('tickets of one customer e-mail', () => {
  it.each([
    ['Ana.Garcia@Example.com', 'ana.garcia@example.com'],
    ['x@y', 'x@y'],
    ["o'brien+tag@correo.es", "o'brien+tag@correo.es"],
    ['año@ejemplo.es', 'año@ejemplo.es'],
  ])('accepts %s as %s', (raw, email) => {
    expect(parseTicketsEmail(raw)).toBe(email);
    expect(ticketsEmailTabKey(raw)).toBe(`tickets:email:${email}`);
  });

  it.each([
    ['empty', ''],
    ['no @', 'ana.example.com'],
    ['two @', 'a@b@c'],
    ['nothing before @', '@example.com'],
    ['nothing after @', 'ana@'],
    ['a space', 'ana garcia@example.com'],
    ['NUL', 'ana\u0000@example.com'],
    ['a newline', 'ana@example.com\n'],
    ['a lone surrogate', 'ana\ud800@example.com'],
    ['255 characters', `${'a'.repeat(243)}@example.com`],
  ])('refuses %s', (_, raw) => {
    expect(parseTicketsEmail(raw)).toBeNull();
    expect(ticketsEmailTabKey(raw)).toBeNull();
    expect(tabForEnding(`tickets-email-${raw}`)).toBeNull();
    expect(parseTabKey(`tickets:email:${raw}`)).toBeNull();
  });

  it('254 characters is the longest address', () => {
    expect(parseTicketsEmail(`${'a'.repeat(242)}@example.com`)).not.toBeNull();
  });

  it('key, ending, title: closable and ready, neither an item nor a ticket', () => {
    const key = ticketsEmailTabKey('Ana@Example.com')!;
    expect(key).toBe('tickets:email:ana@example.com');
    expect(tabEnding(key)).toBe('tickets-email-ana@example.com');
    expect(tabForEnding(tabEnding(key))).toBe(key);
    expect(tabForEnding('tickets-email-ANA@example.com')).toBe(key);
    expect(parseTabKey(key)).toBe(key);
    expect(tabTicketsEmail(key)).toBe('ana@example.com');
    expect(tabTicketsEmail('tickets')).toBeNull();
    expect(tabTicketsEmail('ticket:5')).toBeNull();
    expect(tabTitle(key, 'es')).toBe('Tickets de ana@example.com');
    expect(tabTitle(key, 'en')).toBe('Tickets of ana@example.com');
    expect(tabTitle(key, 'pt')).toBe('Tickets de ana@example.com');
    expect(isClosable(key)).toBe(true);
    expect(isTabReady(key)).toBe(true);
    expect(tabItemId(key)).toBeNull();
    expect(tabTicketId(key)).toBeNull();
  });

  it('a stored key in another spelling is not the same key', () => {
    expect(parseTabKey('tickets:email:Ana@example.com')).toBeNull();
  });

  it('is kept by updateWorkspace and restoreWorkspace, once, and closing it records no item', () => {
    const key = ticketsEmailTabKey('ana@example.com')!;
    const updated = updateWorkspace(DEFAULT_WORKSPACE, ['search', '-1', key], key);
    expect(updated).toMatchObject({ ok: true, workspace: { tabs: ['search', '-1', key], active: key }, closedNow: [] });
    expect(updateWorkspace(DEFAULT_WORKSPACE, ['-1', key, key], key)).toMatchObject({
      ok: false,
      errors: [{ code: 'duplicate_tab', index: 2 }],
    });
    expect(restoreWorkspace({ tabs: ['-1', key], active: key, closedItemIds: [] }).tabs).toEqual(['-1', key]);
    const opened = openTab(DEFAULT_WORKSPACE, key);
    expect(opened.ok && opened.workspace.tabs.at(-1)).toBe(key);
    const closed = closeTab({ tabs: ['-1', key, 'search'], active: key, closedItemIds: [] }, key);
    expect(closed).toMatchObject({ ok: true, closedItemId: null, workspace: { active: 'search', closedItemIds: [] } });
  });
});
