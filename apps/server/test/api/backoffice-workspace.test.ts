import { eq } from 'drizzle-orm';
import { MAX_CLOSED_ITEMS, MAX_OPEN_TABS } from '@ventanilla/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentWorkspaces, itemHistory, users } from '../../src/db/schema.js';
import { insertOrderWithItem } from '../support/order-fixtures.js';
import { ADMIN, AGENT, createTestApp, NOTARY, signedIn, type TestApp, TestClient } from '../support/test-app.js';

// The agent's workspace (tabs kept per agent) and My Activity (docs/backoffice.md, "Workspace"). Runs on the embedded
// database, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let agent: TestClient;
let admin: TestClient;
let notary: TestClient;
let customer: TestClient;
let agentId: number;
let adminId: number;
let customerId: number;
let nextOrderId = 108_000_000;

async function insertItem(fields: { asigneeId?: number; updatedAt?: Date } = {}) {
  const { itemId, orderId } = await insertOrderWithItem(t.app.ctx.db, {
    orderId: nextOrderId++,
    customerId,
    email: 'ws-customer@example.com',
    item: { asigneeId: fields.asigneeId ?? null, ...(fields.updatedAt ? { updatedAt: fields.updatedAt } : {}) },
  });
  return { itemId, orderId };
}

const signIn = (account: readonly [string, string]) => signedIn(t.app, account);

const put = (client: TestClient, payload: unknown) =>
  client.request({ method: 'PUT', url: '/api/backoffice/workspace', payload: payload as object });
const get = (client: TestClient) => client.request({ method: 'GET', url: '/api/backoffice/workspace' });

interface WorkspaceBody {
  tabs: {
    key: string;
    ending: string;
    title: string;
    closable: boolean;
    ready: boolean;
    item_id: number | null;
    ticket_id?: number | null;
  }[];
  active: string | null;
  closed_item_ids: number[];
}

beforeAll(async () => {
  t = await createTestApp();
  customer = new TestClient(t.app);
  await customer.start(1);
  expect((await customer.register('ws-customer@example.com')).statusCode).toBe(201);
  agent = await signIn(AGENT);
  admin = await signIn(ADMIN);
  notary = await signIn(NOTARY);
  const db = t.app.ctx.db;
  const byEmail = async (email: string) => {
    const [u] = await db.select().from(users).where(eq(users.email, email));
    if (!u) throw new Error(`${email} missing`);
    return u.id;
  };
  agentId = await byEmail(AGENT[0]);
  adminId = await byEmail(ADMIN[0]);
  customerId = await byEmail('ws-customer@example.com');
});
afterAll(async () => t?.close());

describe('who may use the workspace routes', () => {
  it('anonymous: 401; customer: 403; the customer changed nothing', async () => {
    const anonymous = new TestClient(t.app);
    await anonymous.start(1);
    const calls = [
      { method: 'GET', url: '/api/backoffice/workspace' },
      { method: 'PUT', url: '/api/backoffice/workspace', payload: { tabs: ['search', '-1'], active: 'search' } },
      { method: 'GET', url: '/api/backoffice/activity' },
    ] as const;
    for (const call of calls) {
      expect([call.url, (await anonymous.request({ ...call })).statusCode]).toEqual([call.url, 401]);
      expect([call.url, (await customer.request({ ...call })).statusCode]).toEqual([call.url, 403]);
    }
    const rows = await t.app.ctx.db.select().from(agentWorkspaces).where(eq(agentWorkspaces.adminUserId, customerId));
    expect(rows).toHaveLength(0);
  });

  it('notaries keep their own workspace, without the auto-assign tab: the queue gives them nothing', async () => {
    const res = await get(notary);
    expect(res.statusCode).toBe(200);
    expect(res.json<WorkspaceBody>().tabs.map((tab) => tab.key)).toEqual(['search', 'actividad']);
    expect((await put(notary, { tabs: ['search'], active: 'search' })).statusCode).toBe(200);
    const pull = await notary.request({
      method: 'POST',
      url: '/api/backoffice/queue/next',
      payload: { queue: 'default' },
    });
    expect(pull.statusCode).toBe(403);
  });
});

describe('GET and PUT /api/backoffice/workspace', () => {
  it('a new agent gets the default tabs: search, My Activity and the auto-assign tab', async () => {
    const res = await get(agent);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<WorkspaceBody>();
    expect(body.tabs.map((tab) => tab.key)).toEqual(['search', 'actividad', '-1']);
    expect(body.active).toBe('search');
    expect(body.tabs.find((tab) => tab.key === '-1')).toMatchObject({ closable: false, ready: true, ending: '-1' });
  });

  it('keeps the tabs in order with their titles, and another device (session) sees them', async () => {
    const res = await put(agent, {
      tabs: ['-1', 'search', 'item:15', '-2', 'tickets', 'ticket:9', 'client'],
      active: 'item:15',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<WorkspaceBody>();
    expect(body.tabs.map((tab) => [tab.key, tab.title, tab.ending])).toEqual([
      ['-1', 'Autoasignar', '-1'],
      ['search', 'Buscar', 'search'],
      ['item:15', 'Pedido 15', '15'],
      ['-2', 'Portugal CP & IPS', '-2'],
      ['tickets', 'Tickets', 'tickets'],
      ['ticket:9', 'Ticket 9', 'ticket-9'],
      ['client', 'Clientes', 'client'],
    ]);
    expect(body.tabs.find((tab) => tab.key === 'tickets')?.ready).toBe(true);
    expect(body.tabs.find((tab) => tab.key === 'item:15')).toMatchObject({ item_id: 15, ticket_id: null });
    expect(body.tabs.find((tab) => tab.key === 'ticket:9')).toMatchObject({ item_id: null, ticket_id: 9 });
    const otherDevice = await signIn(AGENT);
    const restored = (await get(otherDevice)).json<WorkspaceBody>();
    expect(restored.tabs.map((tab) => tab.key)).toEqual([
      '-1',
      'search',
      'item:15',
      '-2',
      'tickets',
      'ticket:9',
      'client',
    ]);
    expect(restored.active).toBe('item:15');
  });

  it("keeps a customer e-mail's tickets tab (lower-case address) with its ending and title", async () => {
    const key = 'tickets:email:ana@example.com';
    const res = await put(agent, { tabs: ['search', '-1', key], active: key });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<WorkspaceBody>().tabs.at(-1)).toMatchObject({
      key,
      ending: 'tickets-email-ana@example.com',
      title: 'Tickets de ana@example.com',
      closable: true,
      ready: true,
      item_id: null,
      ticket_id: null,
    });
    expect((await get(agent)).json<WorkspaceBody>().active).toBe(key);
  });

  it('closing item tabs records their ids, most recent first; opening one again removes it', async () => {
    await put(agent, { tabs: ['search', '-1', 'item:21', 'item:22', 'item:23'], active: 'item:23' });
    let body = (await put(agent, { tabs: ['search', '-1', 'item:21'], active: 'search' })).json<WorkspaceBody>();
    expect(body.closed_item_ids.slice(0, 2)).toEqual([23, 22]);
    body = (
      await put(agent, { tabs: ['search', '-1', 'item:21', 'item:22'], active: 'item:22' })
    ).json<WorkspaceBody>();
    expect(body.closed_item_ids).not.toContain(22);
    expect(body.closed_item_ids).toContain(23);
  });

  it('the closed list is bounded', async () => {
    const many = Array.from({ length: MAX_OPEN_TABS - 2 }, (_, i) => `item:${1000 + i}`);
    expect((await put(agent, { tabs: ['search', '-1', ...many], active: 'search' })).statusCode).toBe(200);
    const body = (await put(agent, { tabs: ['search', '-1'], active: 'search' })).json<WorkspaceBody>();
    expect(body.closed_item_ids).toHaveLength(MAX_CLOSED_ITEMS);
  });

  it.each([
    ['an unknown key', { tabs: ['search', '-1', 'pedidos'], active: 'search' }, 'tabs.2'],
    ['a duplicate key', { tabs: ['search', '-1', 'search'], active: 'search' }, 'tabs.2'],
    ['item 0', { tabs: ['search', '-1', 'item:0'], active: 'search' }, 'tabs.2'],
    ['a negative item', { tabs: ['search', '-1', 'item:-5'], active: 'search' }, 'tabs.2'],
    ['a huge item id', { tabs: ['search', '-1', 'item:99999999999999999999'], active: 'search' }, 'tabs.2'],
    ['a 2^31 item id', { tabs: ['search', '-1', 'item:2147483648'], active: 'search' }, 'tabs.2'],
    ['a NUL byte', { tabs: ['search', '-1', 'search\u0000'], active: 'search' }, 'tabs.2'],
    ['a NUL in an item key', { tabs: ['search', '-1', 'item:5\u0000'], active: 'search' }, 'tabs.2'],
    ['a NUL in an e-mail tab', { tabs: ['search', '-1', 'tickets:email:a\u0000@b.es'], active: 'search' }, 'tabs.2'],
    ['an e-mail tab without @', { tabs: ['search', '-1', 'tickets:email:ana'], active: 'search' }, 'tabs.2'],
    ['an upper-case e-mail tab', { tabs: ['search', '-1', 'tickets:email:Ana@b.es'], active: 'search' }, 'tabs.2'],
    [
      'a 300-character e-mail tab',
      { tabs: ['search', '-1', `tickets:email:${'a'.repeat(296)}@b.es`], active: 'search' },
      'tabs.2',
    ],
    ['closing -1', { tabs: ['search'], active: 'search' }, 'tabs'],
    ['an active tab that is not open', { tabs: ['search', '-1'], active: 'item:3' }, 'active'],
    ['an unknown active tab', { tabs: ['search', '-1'], active: '__proto__' }, 'active'],
  ])('%s is a 400 naming the field, and nothing is stored', async (_name, payload, field) => {
    const before = (await get(agent)).json<WorkspaceBody>();
    const res = await put(agent, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; fields: { field: string; message: string }[] }>();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.fields.map((f) => f.field)).toContain(field);
    expect(body.fields.every((f) => f.message.length > 0 && !f.message.includes('workspace.'))).toBe(true);
    expect((await get(agent)).json<WorkspaceBody>()).toEqual(before);
  });

  it.each([
    ['too many tabs', { tabs: Array.from({ length: MAX_OPEN_TABS + 1 }, (_, i) => `item:${i + 1}`), active: null }],
    ['a very long key', { tabs: ['search', '-1', `item:${'9'.repeat(5000)}`], active: 'search' }],
    ['a key that is not a string', { tabs: ['search', '-1', 5], active: 'search' }],
    ['no active field', { tabs: ['search', '-1'] }],
    ['tabs not a list', { tabs: 'search', active: 'search' }],
    ['an extra field', { tabs: ['search', '-1'], active: 'search', owner: 2 }],
    ['no body', undefined],
  ])('%s is a 400', async (_name, payload) => {
    const res = await put(agent, payload);
    expect(res.statusCode).toBe(400);
  });

  it("another agent's tabs are never visible, and a PUT only ever changes one's own", async () => {
    await put(agent, { tabs: ['search', '-1', 'item:777'], active: 'item:777' });
    const adminView = (await get(admin)).json<WorkspaceBody>();
    expect(adminView.tabs.map((tab) => tab.key)).not.toContain('item:777');
    await put(admin, { tabs: ['-1', 'actividad'], active: 'actividad' });
    const agentView = (await get(agent)).json<WorkspaceBody>();
    expect(agentView.tabs.map((tab) => tab.key)).toEqual(['search', '-1', 'item:777']);
    // No parameter names another agent: the session decides whose workspace it is.
    const sneaky = await agent.request({ method: 'GET', url: `/api/backoffice/workspace?admin_user_id=${adminId}` });
    expect(sneaky.json<WorkspaceBody>().tabs.map((tab) => tab.key)).toEqual(['search', '-1', 'item:777']);
  });

  it('titles follow the language of the store the agent is on', async () => {
    const inEnglish = new TestClient(t.app);
    await inEnglish.start(17);
    expect((await inEnglish.login(...AGENT)).statusCode).toBe(200);
    await put(inEnglish, { tabs: ['search', '-1', 'item:5'], active: 'search' });
    const body = (await get(inEnglish)).json<WorkspaceBody>();
    expect(body.tabs.map((tab) => tab.title)).toEqual(['Search', 'Auto-assign', 'Order 5']);
  });

  it('a stored workspace with keys of an older registry is read back without them', async () => {
    await t.app.ctx.db
      .update(agentWorkspaces)
      .set({ tabs: ['search', 'gone', '-1', 'search'], activeTab: 'gone', closedItemIds: [4, -1] })
      .where(eq(agentWorkspaces.adminUserId, agentId));
    const body = (await get(agent)).json<WorkspaceBody>();
    expect(body.tabs.map((tab) => tab.key)).toEqual(['search', '-1']);
    expect(body.active).toBe('search');
    expect(body.closed_item_ids).toEqual([4]);
  });
});

describe('GET /api/backoffice/activity (My Activity)', () => {
  it("lists the agent's own actions, newest first, linked to their items, and the items delegated to them", async () => {
    const mine = await insertItem();
    const theirs = await insertItem();
    const delegated = await insertItem({ asigneeId: agentId });
    const delegatedToAdmin = await insertItem({ asigneeId: adminId });
    // Actions through the API: a note by the agent, a status change by the admin.
    expect((await agent.request({ method: 'POST', url: `/api/backoffice/items/${mine.itemId}/lock` })).statusCode).toBe(
      200,
    );
    expect(
      (await agent.request({ method: 'DELETE', url: `/api/backoffice/items/${mine.itemId}/lock?force=0` })).statusCode,
    ).toBe(200);
    await t.app.ctx.db.insert(itemHistory).values([
      { itemId: mine.itemId, accion: 'cambio_estado', oldStatus: 40, newStatus: 50, adminUserId: agentId },
      { itemId: mine.itemId, accion: 'nota_fijada', adminUserId: agentId },
      { itemId: theirs.itemId, accion: 'cambio_estado', oldStatus: 40, newStatus: 60, adminUserId: adminId },
      { itemId: theirs.itemId, accion: 'pago_confirmado', adminUserId: null },
    ]);
    const res = await agent.request({ method: 'GET', url: '/api/backoffice/activity' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      actions: { item_id: number; order_id: number; accion: string; new_status_text: string | null }[];
      delegated: { item_id: number; status_text: string }[];
    }>();
    expect(body.actions.slice(0, 2)).toMatchObject([
      { item_id: mine.itemId, order_id: mine.orderId, accion: 'nota_fijada', new_status_text: null },
      { item_id: mine.itemId, accion: 'cambio_estado', new_status_text: expect.any(String) },
    ]);
    expect(body.actions.some((a) => a.item_id === theirs.itemId)).toBe(false);
    expect(body.delegated.map((d) => d.item_id)).toContain(delegated.itemId);
    expect(body.delegated.map((d) => d.item_id)).not.toContain(delegatedToAdmin.itemId);

    const adminBody = (await admin.request({ method: 'GET', url: '/api/backoffice/activity' })).json<typeof body>();
    expect(adminBody.actions.map((a) => a.item_id)).toContain(theirs.itemId);
    expect(adminBody.actions.map((a) => a.item_id)).not.toContain(mine.itemId);
    expect(adminBody.delegated.map((d) => d.item_id)).toEqual([delegatedToAdmin.itemId]);
  });

  it('is bounded', async () => {
    const { itemId } = await insertItem();
    await t.app.ctx.db
      .insert(itemHistory)
      .values(Array.from({ length: 80 }, () => ({ itemId, accion: 'nota_fijada' as const, adminUserId: agentId })));
    const body = (await agent.request({ method: 'GET', url: '/api/backoffice/activity' })).json<{
      actions: unknown[];
    }>();
    expect(body.actions).toHaveLength(50);
  });
});
