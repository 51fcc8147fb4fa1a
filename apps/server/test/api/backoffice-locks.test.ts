import { eq } from 'drizzle-orm';
import { LOCK_LEASE_MS, type PanelStatusId } from '@ventanilla/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemHistory, orderItems, users } from '../../src/db/schema.js';
import { insertOrderWithItem } from '../support/order-fixtures.js';
import { ADMIN, AGENT, createTestApp, NOTARY, signedIn, type TestApp, TestClient } from '../support/test-app.js';

// Locks (leases), the change check and the pulled queue (docs/backoffice.md, "Locks and the queue"). Runs on the
// embedded database, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let clock = new Date('2026-11-24T10:00:00.000Z');
let agent: TestClient;
let admin: TestClient;
let notary: TestClient;
let customer: TestClient;
let agentId: number;
let customerId: number;
let nextOrderId = 109_000_000;

function advance(ms: number) {
  clock = new Date(clock.getTime() + ms);
}

/** One order with one item, written straight to the database (the queue only looks at these columns). */
async function insertItem(
  fields: {
    storeId?: number;
    status?: PanelStatusId;
    priority?: number;
    deadlineAt?: Date;
    standbyUntil?: Date;
    asigneeId?: number;
  } = {},
): Promise<{ itemId: number; orderId: number }> {
  const { itemId, orderId } = await insertOrderWithItem(t.app.ctx.db, {
    orderId: nextOrderId++,
    customerId,
    storeId: fields.storeId ?? 1,
    email: 'locks-customer@example.com',
    item: {
      panelStatusId: fields.status ?? 40,
      priority: fields.priority ?? 0,
      deadlineAt: fields.deadlineAt ?? null,
      standbyUntil: fields.standbyUntil ?? null,
      asigneeId: fields.asigneeId ?? null,
    },
  });
  return { itemId, orderId };
}

const signIn = (account: readonly [string, string]) => signedIn(t.app, account);

/** The item's current version (updated_at), which every write sends back. */
async function v(itemId: number): Promise<string> {
  const [row] = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.itemId, itemId));
  if (!row) throw new Error(`item ${itemId} missing`);
  return row.updatedAt.toISOString();
}

async function historyActions(itemId: number) {
  const rows = await t.app.ctx.db
    .select({ accion: itemHistory.accion, adminUserId: itemHistory.adminUserId, details: itemHistory.details })
    .from(itemHistory)
    .where(eq(itemHistory.itemId, itemId))
    .orderBy(itemHistory.id);
  return rows;
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  customer = new TestClient(t.app);
  await customer.start(1);
  expect((await customer.register('locks-customer@example.com')).statusCode).toBe(201);
  agent = await signIn(AGENT);
  admin = await signIn(ADMIN);
  notary = await signIn(NOTARY);
  const db = t.app.ctx.db;
  const [a] = await db.select().from(users).where(eq(users.email, AGENT[0]));
  const [c] = await db.select().from(users).where(eq(users.email, 'locks-customer@example.com'));
  if (!a || !c) throw new Error('users missing');
  agentId = a.id;
  customerId = c.id;
});
afterAll(async () => t?.close());

describe('who may call the lock and queue routes', () => {
  it('anonymous: 401; customer: 403 on every new route', async () => {
    const { itemId } = await insertItem({ status: 110 });
    const calls = [
      { method: 'POST', url: `/api/backoffice/items/${itemId}/lock` },
      { method: 'DELETE', url: `/api/backoffice/items/${itemId}/lock` },
      { method: 'DELETE', url: `/api/backoffice/items/${itemId}/lock?force=1` },
      { method: 'GET', url: `/api/backoffice/items/${itemId}/changes` },
      { method: 'POST', url: '/api/backoffice/queue/next', payload: { queue: 'default' } },
      { method: 'GET', url: '/api/backoffice/queue/last' },
    ] as const;
    // An anonymous session with its CSRF token, so the refusal is about who calls, not the token.
    const anonymousClient = new TestClient(t.app);
    await anonymousClient.start(1);
    for (const call of calls) {
      const anonymous = await anonymousClient.request({ ...call });
      expect([call.url, anonymous.statusCode]).toEqual([call.url, 401]);
      const asCustomer = await customer.request({ ...call });
      expect([call.url, asCustomer.statusCode]).toEqual([call.url, 403]);
    }
    // The customer's attempt changed nothing.
    const [row] = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.itemId, itemId));
    expect(row?.lockedBy).toBeNull();
  });

  it('odd item ids are a 400 or a 404, never a 500', async () => {
    const odd = [
      '99999999999999999999',
      '2147483648',
      '0',
      '-1',
      '1e3',
      '%00',
      '1%00',
      '%2e%2e',
      'abc',
      '%F0%9F%92%A5',
      '999999',
    ];
    for (const id of odd) {
      for (const [method, suffix] of [
        ['POST', 'lock'],
        ['DELETE', 'lock'],
        ['GET', 'changes'],
      ] as const) {
        const res = await agent.request({ method, url: `/api/backoffice/items/${id}/${suffix}` });
        expect([id, method, suffix, [400, 404].includes(res.statusCode)]).toEqual([id, method, suffix, true]);
      }
    }
    expect((await agent.post('/api/backoffice/queue/next', { queue: 'nowhere' })).statusCode).toBe(400);
    expect((await agent.post('/api/backoffice/queue/next', {})).statusCode).toBe(400);
    expect((await agent.request({ method: 'DELETE', url: '/api/backoffice/items/1/lock?force=yes' })).statusCode).toBe(
      400,
    );
  });

  it('an encoded path reaches the same route and the same checks', async () => {
    const { itemId } = await insertItem({ status: 110 });
    const encoded = `/api/%62ackoffice/items/${itemId}/lock`;
    expect((await t.app.inject({ method: 'POST', url: encoded })).statusCode).not.toBe(200);
    expect((await customer.post(encoded)).statusCode).not.toBe(200);
    // The guard of writes keys on the matched route: an encoded path is refused like the plain one.
    await agent.post(`/api/backoffice/items/${itemId}/lock`);
    const note = await admin.post(`/api/backoffice/items/${itemId}/%6eotes`, {
      text: 'por la puerta de atrás',
      version: await v(itemId),
    });
    expect(note.statusCode).toBe(423);
  });
});

describe('the lock', () => {
  it('take, renew, refuse another agent, release', async () => {
    const { itemId } = await insertItem();
    const taken = await agent.post(`/api/backoffice/items/${itemId}/lock`);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({
      item_id: itemId,
      locked_by: agentId,
      locked_by_name: expect.any(String),
      expires_at: new Date(clock.getTime() + LOCK_LEASE_MS).toISOString(),
    });

    advance(60_000);
    const renewed = await agent.post(`/api/backoffice/items/${itemId}/lock`);
    expect(renewed.json().expires_at).toBe(new Date(clock.getTime() + LOCK_LEASE_MS).toISOString());

    const refused = await admin.post(`/api/backoffice/items/${itemId}/lock`);
    expect(refused.statusCode).toBe(423);
    expect(refused.json()).toMatchObject({
      code: 'ITEM_LOCKED',
      message: `Otro usuario (${taken.json().locked_by_name}) ha bloqueado este pedido. Se ha recargado con los últimos cambios.`,
      lock: { item_id: itemId, locked_by: agentId, expires_at: renewed.json().expires_at },
    });

    // Releasing someone else's lock without force is refused; one's own is released, twice is harmless.
    expect((await admin.delete(`/api/backoffice/items/${itemId}/lock`)).statusCode).toBe(423);
    const released = await agent.delete(`/api/backoffice/items/${itemId}/lock`);
    expect(released.json()).toEqual({ item_id: itemId, outcome: 'released' });
    expect((await agent.delete(`/api/backoffice/items/${itemId}/lock`)).json()).toEqual({
      item_id: itemId,
      outcome: 'not_locked',
    });
    expect((await admin.post(`/api/backoffice/items/${itemId}/lock`)).statusCode).toBe(200);
    await admin.delete(`/api/backoffice/items/${itemId}/lock`);
  });

  it("signing out releases the agent's locks", async () => {
    const first = await insertItem();
    const second = await insertItem();
    const leaving = await signIn(AGENT);
    await leaving.post(`/api/backoffice/items/${first.itemId}/lock`);
    await leaving.post(`/api/backoffice/items/${second.itemId}/lock`);
    expect((await admin.post(`/api/backoffice/items/${first.itemId}/lock`)).statusCode).toBe(423);
    expect((await leaving.post('/api/auth/logout')).statusCode).toBe(204);
    expect((await admin.post(`/api/backoffice/items/${first.itemId}/lock`)).statusCode).toBe(200);
    expect((await admin.post(`/api/backoffice/items/${second.itemId}/lock`)).statusCode).toBe(200);
  });

  it('force: agents and admins break a lock, recorded in the history; notaries may not', async () => {
    const { itemId } = await insertItem();
    await agent.post(`/api/backoffice/items/${itemId}/lock`);
    expect((await notary.delete(`/api/backoffice/items/${itemId}/lock?force=1`)).statusCode).toBe(403);
    const forced = await admin.delete(`/api/backoffice/items/${itemId}/lock?force=1`);
    expect(forced.statusCode).toBe(200);
    expect(forced.json()).toEqual({ item_id: itemId, outcome: 'forced' });
    const history = await historyActions(itemId);
    expect(history).toEqual([
      { accion: 'desbloqueo_forzado', adminUserId: expect.any(Number), details: { previous_holder_id: agentId } },
    ]);
    // The item is free again: the admin can take it.
    expect((await admin.post(`/api/backoffice/items/${itemId}/lock`)).statusCode).toBe(200);
  });

  it("another agent's writes are refused with 423 while the lease lives; the holder's pass", async () => {
    const { itemId, orderId } = await insertItem();
    await agent.post(`/api/backoffice/items/${itemId}/lock`);
    const version = await v(itemId);
    const writes = [
      () => admin.post(`/api/backoffice/items/${itemId}/status`, { panel_status_id: 50, version }),
      () => admin.post(`/api/backoffice/items/${itemId}/notes`, { text: 'nota', version }),
      () =>
        admin.request({
          method: 'POST',
          url: `/api/backoffice/items/${itemId}/files`,
          payload: `--b\r\nContent-Disposition: form-data; name="version"\r\n\r\n${version}\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4\r\n--b--\r\n`,
          headers: { 'content-type': 'multipart/form-data; boundary=b' },
        }),
      () => admin.post(`/api/backoffice/orders/${orderId}/refunds`, { amount: '1.00', reason: 'prueba' }),
      () => admin.post(`/api/backoffice/orders/${orderId}/confirm-transfer`),
    ];
    for (const write of writes) {
      const res = await write();
      expect([res.statusCode, res.json().code]).toEqual([423, 'ITEM_LOCKED']);
    }
    const [row] = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.itemId, itemId));
    expect(row?.panelStatusId).toBe(40);
    // Reads pass.
    expect((await admin.get(`/api/backoffice/items/${itemId}`)).statusCode).toBe(200);
    // The holder writes.
    expect(
      (await agent.post(`/api/backoffice/items/${itemId}/notes`, { text: 'mía', version: await v(itemId) })).statusCode,
    ).toBe(201);
    expect(
      (await agent.post(`/api/backoffice/items/${itemId}/status`, { panel_status_id: 50, version: await v(itemId) }))
        .statusCode,
    ).toBe(200);
    // The lock message in the store's language (the session's store: 16 is Portuguese).
    const pt = new TestClient(t.app);
    await pt.start(16);
    await pt.login(...ADMIN);
    await pt.start(16);
    const ptRes = await pt.post(`/api/backoffice/items/${itemId}/notes`, { text: 'nota', version: await v(itemId) });
    expect(ptRes.statusCode).toBe(423);
    expect(ptRes.json().message).toMatch(/^Outro utilizador \(.+\) bloqueou esta encomenda\./);
  });

  it('a lease nobody renews lapses (injected clock)', async () => {
    const { itemId } = await insertItem();
    await agent.post(`/api/backoffice/items/${itemId}/lock`);
    advance(LOCK_LEASE_MS - 1);
    expect((await admin.post(`/api/backoffice/items/${itemId}/lock`)).statusCode).toBe(423);
    expect(
      (await admin.post(`/api/backoffice/items/${itemId}/notes`, { text: 'x', version: await v(itemId) })).statusCode,
    ).toBe(423);
    advance(1);
    // At the end of the lease the item is free: another agent takes it over, recorded in the history.
    const over = await admin.post(`/api/backoffice/items/${itemId}/lock`);
    expect(over.statusCode).toBe(200);
    expect((await historyActions(itemId)).map((h) => [h.accion, h.details])).toEqual([
      ['bloqueo_caducado_tomado', { previous_holder_id: agentId }],
    ]);
    // Now the first agent is the other one.
    expect(
      (await agent.post(`/api/backoffice/items/${itemId}/notes`, { text: 'x', version: await v(itemId) })).statusCode,
    ).toBe(423);
  });

  it("a write on one's own lapsed lease is a 409 LOCK_EXPIRED until the lock is taken again", async () => {
    const { itemId } = await insertItem();
    await agent.post(`/api/backoffice/items/${itemId}/lock`);
    advance(LOCK_LEASE_MS);
    const res = await agent.post(`/api/backoffice/items/${itemId}/notes`, { text: 'tarde', version: await v(itemId) });
    expect([res.statusCode, res.json().code]).toEqual([409, 'LOCK_EXPIRED']);
    expect((await agent.post(`/api/backoffice/items/${itemId}/lock`)).statusCode).toBe(200);
    expect(
      (await agent.post(`/api/backoffice/items/${itemId}/notes`, { text: 'a tiempo', version: await v(itemId) }))
        .statusCode,
    ).toBe(201);
  });
});

describe('the change check', () => {
  it('item_id, updated_at and history_lines; both move when the item changes', async () => {
    const { itemId } = await insertItem();
    const before = await agent.get(`/api/backoffice/items/${itemId}/changes`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ item_id: itemId, updated_at: expect.any(String), history_lines: 0 });
    await agent.post(`/api/backoffice/items/${itemId}/status`, { panel_status_id: 50, version: await v(itemId) });
    const after = (await agent.get(`/api/backoffice/items/${itemId}/changes`)).json();
    expect(after.history_lines).toBe(1);
    expect(after.updated_at).not.toBe(before.json().updated_at);
    expect((await agent.get('/api/backoffice/items/999999/changes')).statusCode).toBe(404);
  });
});

describe('the queue', () => {
  it('204 when nothing is waiting', async () => {
    const res = await agent.post('/api/backoffice/queue/next', { queue: 'portugal' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('follows the rule: priority, deadline, standby elapsed, age; skips locked, postponed, delegated and non-work', async () => {
    // Park everything the earlier tests left in the default queue.
    await t.app.ctx.db.update(orderItems).set({ panelStatusId: 110 });
    const db = t.app.ctx.db;
    const [other] = await db.select().from(users).where(eq(users.email, ADMIN[0]));
    const late = await insertItem({});
    const deadline = await insertItem({ deadlineAt: new Date(clock.getTime() + 86_400_000) });
    const urgent = await insertItem({ priority: 5 });
    await insertItem({ priority: 9, status: 50 }); // waits on the registry: not work
    await insertItem({ priority: 9, standbyUntil: new Date(clock.getTime() + 60_000) }); // postponed
    await insertItem({ priority: 9, asigneeId: other?.id }); // delegated to the admin
    const lockedByAdmin = await insertItem({ priority: 9 });
    await admin.post(`/api/backoffice/items/${lockedByAdmin.itemId}/lock`);
    await insertItem({ priority: 9, storeId: 16 }); // the Portuguese queue

    const pulled: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await agent.post('/api/backoffice/queue/next', { queue: 'default' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ locked_by: agentId, queue: 'default' });
      pulled.push(res.json().item_id);
    }
    expect(pulled).toEqual([urgent.itemId, deadline.itemId, late.itemId]);
    expect((await agent.post('/api/backoffice/queue/next', { queue: 'default' })).statusCode).toBe(204);
    // The item is locked to the agent, the assignment is in its history, and the last id is kept.
    expect((await admin.post(`/api/backoffice/items/${late.itemId}/lock`)).statusCode).toBe(423);
    expect((await historyActions(late.itemId)).map((h) => h.accion)).toEqual(['asignado_cola']);
    expect((await agent.get('/api/backoffice/queue/last')).json()).toEqual({
      last: { item_id: late.itemId, queue: 'default', assigned_at: clock.toISOString() },
    });
    expect((await notary.get('/api/backoffice/queue/last')).json()).toEqual({ last: null });
    // A lease that lapses returns the item to the queue.
    advance(LOCK_LEASE_MS);
    const again = await admin.post('/api/backoffice/queue/next', { queue: 'default' });
    expect(again.statusCode).toBe(200);
  });

  it('20 agents pulling at once get 20 different orders, none twice', async () => {
    await t.app.ctx.db.update(orderItems).set({ panelStatusId: 110 });
    const db = t.app.ctx.db;
    const [template] = await db.select().from(users).where(eq(users.email, AGENT[0]));
    if (!template) throw new Error('no agent');
    const agents: TestClient[] = [];
    for (let i = 0; i < 20; i++) {
      const email = `cola-${i}@ventanilla.test`;
      await db.insert(users).values({
        email,
        passwordHash: template.passwordHash,
        firstname: 'Agente',
        lastname: `${i}`,
        role: 'agent',
      });
      agents.push(await signIn([email, AGENT[1]]));
    }
    const items = new Set<number>();
    for (let i = 0; i < 20; i++) items.add((await insertItem({ storeId: 16 })).itemId);

    const results = await Promise.all(agents.map((a) => a.post('/api/backoffice/queue/next', { queue: 'portugal' })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const got = results.map((r) => r.json().item_id as number);
    expect(new Set(got).size).toBe(20);
    expect(new Set(got)).toEqual(items);
    // Each item is locked to the agent it was given.
    const rows = await db.select().from(orderItems).where(eq(orderItems.panelStatusId, 40));
    const holders = new Map(rows.map((r) => [r.itemId, r.lockedBy]));
    results.forEach((r) => expect(holders.get(r.json().item_id)).toBe(r.json().locked_by));
    expect(new Set(results.map((r) => r.json().locked_by)).size).toBe(20);
    // Nothing left.
    expect((await agents[0]!.post('/api/backoffice/queue/next', { queue: 'portugal' })).statusCode).toBe(204);
  });
});
