// Lock changes reach the other agents at once (docs/backoffice.md, "Locks that follow the agent"): an event stream
// per agent (GET /api/backoffice/locks/events) tells of every change of an item's holder, made on any instance, as it
// is committed; a renewal by the same holder tells nothing. Across instances it needs PostgreSQL (LISTEN/NOTIFY).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tickets, users } from '../../src/db/schema.js';
import { NOTARY_STATUSES } from '@ventanilla/domain';
import { insertOrderWithItem } from '../support/order-fixtures.js';
import { ADMIN, AGENT, createTestApp, NOTARY, signedIn, type TestApp, TestClient } from '../support/test-app.js';

const EVENTS = '/api/backoffice/locks/events';
/** On a PostgreSQL server (the run's embedded one, or TEST_DATABASE_URL's): LISTEN/NOTIFY and a second instance. */
const ON_POSTGRES = Boolean(process.env['TEST_DATABASE_URL'] || inject('embeddedDatabaseUrl'));

/** Reads server-sent events from a real connection: `next(type)` waits for the next event of that type. */
class EventReader {
  private buffer = '';
  private readonly events: Array<{ type: string; data: unknown }> = [];
  private waiting: (() => void) | undefined;
  private readonly abort = new AbortController();
  status = 0;

  async open(url: string, cookie: string | undefined): Promise<void> {
    const res = await fetch(url, { headers: cookie ? { cookie } : {}, signal: this.abort.signal });
    this.status = res.status;
    if (!res.body || res.status !== 200) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    const pump = async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) break;
        this.buffer += value;
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          const block = this.buffer.slice(0, end);
          this.buffer = this.buffer.slice(end + 2);
          const type = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (type) this.events.push({ type, data: data ? JSON.parse(data) : null });
        }
        this.waiting?.();
      }
      this.events.push({ type: 'closed', data: null });
      this.waiting?.();
    };
    pump().catch((err: unknown) => this.events.push({ type: 'failed', data: String(err) }));
  }

  async next(type: string, timeoutMs = 10_000): Promise<unknown> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const at = this.events.findIndex((e) => e.type === type);
      if (at >= 0) return this.events.splice(0, at + 1).at(-1)!.data;
      if (Date.now() > deadline) throw new Error(`no "${type}" event; had ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 100);
      });
    }
  }

  /** The events of one type received so far (without waiting). */
  seen(type: string): unknown[] {
    return this.events.filter((e) => e.type === type).map((e) => e.data);
  }

  close(): void {
    this.abort.abort();
  }
}

describe('the lock event stream', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('is for staff only: anonymous callers 401, customers 403', async () => {
    const anonymous = new TestClient(t.app);
    await anonymous.start(1);
    expect((await anonymous.get(EVENTS)).statusCode).toBe(401);
    const customer = new TestClient(t.app);
    await customer.start(1);
    expect((await customer.register('lock-events-customer@example.com')).statusCode).toBe(201);
    expect((await customer.get(EVENTS)).statusCode).toBe(403);
  });

  it('starts with "ready", saying whether changes are heard here; closing the app ends it', async () => {
    const agent = await signedIn(t.app, AGENT);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = new EventReader();
    await stream.open(`${address}${EVENTS}`, agent.cookieHeader);
    expect(stream.status).toBe(200);
    expect(await stream.next('ready')).toEqual({ live: ON_POSTGRES });
    await t.app.close();
    await stream.next('closed');
  });
});

/**
 * Two instances on one database: the agent's stream on the first (listening on a real port), the admin signed in on
 * the second, so every change the admin makes reaches the stream only through PostgreSQL.
 */
async function twoInstances() {
  const one = await createTestApp();
  const two = await createTestApp({ sameDatabaseAs: one });
  const address = await one.app.listen({ port: 0, host: '127.0.0.1' });
  const agent = await signedIn(one.app, AGENT);
  const admin = await signedIn(two.app, ADMIN);
  const userId = async (email: string) => {
    const [row] = await one.app.ctx.db.select().from(users).where(eq(users.email, email));
    return row!.id;
  };
  const stream = new EventReader();
  await stream.open(`${address}${EVENTS}`, agent.cookieHeader);
  expect(await stream.next('ready')).toEqual({ live: true });
  return {
    one,
    two,
    address,
    agent,
    admin,
    stream,
    agentId: await userId(AGENT[0]),
    adminId: await userId(ADMIN[0]),
    async close() {
      stream.close();
      await two.close();
      await one.close();
    },
  };
}

describe.skipIf(!ON_POSTGRES)('lock changes across instances', () => {
  let world: Awaited<ReturnType<typeof twoInstances>>;
  let one: TestApp;
  let two: TestApp;
  let stream: EventReader;
  let itemId: number;
  let adminId: number;
  let admin: TestClient;
  let address: string;

  beforeAll(async () => {
    world = await twoInstances();
    ({ one, two, stream, adminId, admin, address } = world);
    ({ itemId } = await insertOrderWithItem(one.app.ctx.db, {
      orderId: 109_500_001,
      customerId: adminId,
      email: 'lock-events@example.com',
      item: { panelStatusId: 40 },
    }));
  });
  afterAll(async () => world?.close());

  it('an agent on another instance takes the item: the stream says so at once; a renewal says nothing', async () => {
    expect((await admin.post(`/api/backoffice/items/${itemId}/lock`)).statusCode).toBe(200);
    expect(await stream.next('lock')).toEqual({ item_id: itemId, locked_by: adminId });
    // The heartbeat renews the same holder's lease: no change to tell.
    expect((await admin.post(`/api/backoffice/items/${itemId}/lock`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/backoffice/items/${itemId}/lock`)).statusCode).toBe(200);
    expect(await stream.next('lock')).toEqual({ item_id: itemId, locked_by: null });
    expect(stream.seen('lock')).toEqual([]);
  });

  it('signing out frees every item the agent held, and each is told', async () => {
    expect((await admin.post(`/api/backoffice/items/${itemId}/lock`)).statusCode).toBe(200);
    expect(await stream.next('lock')).toEqual({ item_id: itemId, locked_by: adminId });
    expect((await admin.post('/api/auth/logout')).statusCode).toBeLessThan(300);
    expect(await stream.next('lock')).toEqual({ item_id: itemId, locked_by: null });
  });

  it("a notary's stream tells only notary work: another order's holder is not theirs to know", async () => {
    const notary = await signedIn(one.app, NOTARY);
    // The admin signed out above: a new session on the other instance.
    const boss = await signedIn(two.app, ADMIN);
    const notaryStream = new EventReader();
    await notaryStream.open(`${address}${EVENTS}`, notary.cookieHeader);
    expect(await notaryStream.next('ready')).toEqual({ live: true });
    expect((await boss.post(`/api/backoffice/items/${itemId}/lock`)).statusCode).toBe(200);
    expect((await boss.delete(`/api/backoffice/items/${itemId}/lock`)).statusCode).toBe(200);
    // The agent's stream heard both; the notary's heard nothing of this (status 40) order.
    expect(await stream.next('lock')).toEqual({ item_id: itemId, locked_by: adminId });
    expect(await stream.next('lock')).toEqual({ item_id: itemId, locked_by: null });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(notaryStream.seen('lock')).toEqual([]);
    // A notary order's changes do reach them.
    const { itemId: notaryItem } = await insertOrderWithItem(one.app.ctx.db, {
      orderId: 109_500_002,
      customerId: adminId,
      email: 'lock-events@example.com',
      item: { panelStatusId: NOTARY_STATUSES[0] },
    });
    expect((await boss.post(`/api/backoffice/items/${notaryItem}/lock`)).statusCode).toBe(200);
    expect(await notaryStream.next('lock')).toEqual({ item_id: notaryItem, locked_by: adminId });
    await stream.next('lock');
    notaryStream.close();
  });

  it('a change rolled back is never told', async () => {
    const client = await one.app.ctx.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('update order_items set locked_by = $1 where item_id = $2', [adminId, itemId]);
      await client.query('rollback');
    } finally {
      client.release();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stream.seen('lock')).toEqual([]);
  });
});

// Tickets' locks follow the agent as the orders' do: the same stream tells of every change of a ticket's holder
// (`ticket-lock`), to those who may read tickets.
describe.skipIf(!ON_POSTGRES)('ticket lock changes across instances', () => {
  let world: Awaited<ReturnType<typeof twoInstances>>;
  let one: TestApp;
  let two: TestApp;
  let stream: EventReader;
  let ticketId: number;
  let agentId: number;
  let adminId: number;
  let agent: TestClient;
  let admin: TestClient;
  let address: string;
  const lockUrl = () => `/api/backoffice/tickets/${ticketId}/lock`;

  beforeAll(async () => {
    world = await twoInstances();
    ({ one, two, stream, agent, agentId, adminId, admin, address } = world);
    const [ticket] = await one.app.ctx.db
      .insert(tickets)
      .values({
        status: 2,
        email: 'ticket-lock-events@example.com',
        subject: 'Bloqueo',
        storeId: 1,
        source: 'mail',
        // The oldest waiting ticket: the one the Tickets queue gives.
        updatedAt: new Date('2000-01-01T00:00:00Z'),
      })
      .returning({ id: tickets.id });
    ticketId = ticket!.id;
  });
  afterAll(async () => world?.close());

  it('an agent on another instance takes the ticket: the stream says so at once; a renewal says nothing', async () => {
    expect((await admin.post(lockUrl())).statusCode).toBe(200);
    expect(await stream.next('ticket-lock')).toEqual({ ticket_id: ticketId, locked_by: adminId });
    expect((await admin.post(lockUrl())).statusCode).toBe(200);
    expect((await admin.delete(lockUrl())).statusCode).toBe(200);
    expect(await stream.next('ticket-lock')).toEqual({ ticket_id: ticketId, locked_by: null });
    expect(stream.seen('ticket-lock')).toEqual([]);
    // An order's event is not a ticket's: the item stream heard nothing of it.
    expect(stream.seen('lock')).toEqual([]);
  });

  it('two agents take the ticket at once on two instances: one wins, and only its lock is told', async () => {
    const [fromAgent, fromAdmin] = await Promise.all([agent.post(lockUrl()), admin.post(lockUrl())]);
    expect([fromAgent.statusCode, fromAdmin.statusCode].sort()).toEqual([200, 423]);
    const winner = fromAgent.statusCode === 200 ? agentId : adminId;
    const loser = winner === agentId ? fromAdmin : fromAgent;
    expect(loser.json()).toMatchObject({ code: 'ITEM_LOCKED', lock: { item_id: ticketId, locked_by: winner } });
    expect(await stream.next('ticket-lock')).toEqual({ ticket_id: ticketId, locked_by: winner });
    // The loser cannot give back what it does not hold: refused, and nothing changes hands.
    const loserClient = winner === agentId ? admin : agent;
    expect((await loserClient.delete(lockUrl())).statusCode).toBe(423);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stream.seen('ticket-lock')).toEqual([]);
    const winnerClient = winner === agentId ? agent : admin;
    expect((await winnerClient.delete(lockUrl())).statusCode).toBe(200);
    expect(await stream.next('ticket-lock')).toEqual({ ticket_id: ticketId, locked_by: null });
  });

  it('the Tickets queue and signing out change holders too, and each change is told', async () => {
    const pulled = await admin.post('/api/backoffice/tickets/next');
    expect(pulled.json()).toMatchObject({ ticket_id: ticketId });
    expect(await stream.next('ticket-lock')).toEqual({ ticket_id: ticketId, locked_by: adminId });
    expect((await admin.post('/api/auth/logout')).statusCode).toBeLessThan(300);
    expect(await stream.next('ticket-lock')).toEqual({ ticket_id: ticketId, locked_by: null });
  });

  it("a notary's stream is told nothing of tickets (they may not read them)", async () => {
    const notary = await signedIn(one.app, NOTARY);
    const notaryStream = new EventReader();
    await notaryStream.open(`${address}${EVENTS}`, notary.cookieHeader);
    expect(await notaryStream.next('ready')).toEqual({ live: true });
    const boss = await signedIn(two.app, ADMIN);
    expect((await boss.post(lockUrl())).statusCode).toBe(200);
    expect((await boss.delete(lockUrl())).statusCode).toBe(200);
    expect(await stream.next('ticket-lock')).toEqual({ ticket_id: ticketId, locked_by: adminId });
    expect(await stream.next('ticket-lock')).toEqual({ ticket_id: ticketId, locked_by: null });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(notaryStream.seen('ticket-lock')).toEqual([]);
    notaryStream.close();
  });

  it.each([
    ['0', 400],
    ['-1', 400],
    ['1.5', 400],
    ['2147483648', 400],
    ['99999999999999999999', 400],
    ['abc', 400],
    ['2147483647', 404],
  ])('an odd ticket id (%s) is a %i, never a 500, and tells nothing', async (id, status) => {
    expect((await agent.post(`/api/backoffice/tickets/${id}/lock`)).statusCode).toBe(status);
    expect((await agent.delete(`/api/backoffice/tickets/${id}/lock`)).statusCode).toBe(status);
    expect(stream.seen('ticket-lock')).toEqual([]);
  });
});
