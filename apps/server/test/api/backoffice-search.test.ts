import { eq, sql } from 'drizzle-orm';
import {
  clientStatusFor,
  LOCK_LEASE_MS,
  NOTARY_STATUSES,
  parseItemSearch,
  type PanelStatusId,
} from '@ventanilla/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemHistory, itemNotes, orderItems, orders, users } from '../../src/db/schema.js';
import {
  clientStatusSql,
  SEARCH_TOTAL_CAP,
  searchConditions,
  searchOrder,
  searchPageQuery,
} from '../../src/modules/backoffice/item-search.query.js';
import { insertOrderWithItem } from '../support/order-fixtures.js';
import { AGENT, createTestApp, signedIn, type TestApp, TestClient } from '../support/test-app.js';

// The order search, GET /api/backoffice/items (docs/backoffice.md, "Search"): every filter, combinations, paging, the
// derived flags from real rows, the lock holder, refusals. Runs on the embedded database, and on PostgreSQL with
// TEST_DATABASE_URL.

let t: TestApp;
let clock = new Date('2026-11-24T10:00:00.000Z');
let agent: TestClient;
let customer: TestClient;
let agentId: number;
let customerId: number;
let otherCustomerId: number;

const DAY = 24 * 60 * 60 * 1000;

interface Seed {
  orderId: number;
  storeId?: number;
  customer?: 'main' | 'other';
  email?: string;
  firstname?: string;
  lastname?: string;
  orderStatus?: string;
  productId?: number;
  productName?: string;
  status?: PanelStatusId;
  clientStatusId?: number | null;
  incidenciaStatusId?: number | null;
  referencia?: string | null;
  answers?: Record<string, string>;
  printValues?: string[];
  createdAt?: Date;
  priority?: number;
  deadlineAt?: Date | null;
  standbyUntil?: Date | null;
  providerId?: string | null;
}

async function insertItem(seed: Seed): Promise<number> {
  const db = t.app.ctx.db;
  const [existing] = await db.select().from(orders).where(eq(orders.orderId, seed.orderId));
  const { itemId } = await insertOrderWithItem(db, {
    orderId: seed.orderId,
    customerId: seed.customer === 'other' ? otherCustomerId : customerId,
    storeId: seed.storeId ?? 1,
    email: seed.email ?? 'search-customer@example.com',
    firstname: seed.firstname ?? 'Lucía',
    lastname: seed.lastname ?? 'Pérez',
    withOrder: !existing,
    order: { status: (seed.orderStatus ?? 'complete') as 'complete' },
    item: {
      productId: seed.productId ?? 1,
      productName: seed.productName ?? 'Nota simple',
      answers: seed.answers ?? {},
      productOptions: (seed.printValues ?? []).map((value, i) => ({
        option_id: i + 1,
        label: `Campo ${i + 1}`,
        value,
        print_value: value,
        option_type: 'field',
      })),
      panelStatusId: seed.status ?? 40,
      clientStatusId: seed.clientStatusId ?? null,
      incidenciaStatusId: seed.incidenciaStatusId ?? null,
      referencia: seed.referencia ?? null,
      priority: seed.priority ?? 0,
      deadlineAt: seed.deadlineAt ?? null,
      standbyUntil: seed.standbyUntil ?? null,
      providerId: seed.providerId ?? null,
      createdAt: seed.createdAt ?? new Date('2026-11-01T10:00:00Z'),
      updatedAt: seed.createdAt ?? new Date('2026-11-01T10:00:00Z'),
    },
  });
  return itemId;
}

const signIn = (account: readonly [string, string], store?: number) => signedIn(t.app, account, store);

interface Row {
  item_id: number;
  [key: string]: unknown;
}

async function search(query: string, client = agent) {
  const res = await client.get(`/api/backoffice/items${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    items: Row[];
    total: number;
    total_exact: boolean;
    has_more: boolean;
    page: number;
    size: number;
  }>();
}

async function ids(query: string) {
  return (await search(query)).items.map((i) => i.item_id).sort((a, b) => a - b);
}

async function refused(query: string, client = agent) {
  const res = await client.get(`/api/backoffice/items?${query}`);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ code: string; fields: Array<{ field: string; code: string; message: string }> }>();
  expect(body.code).toBe('VALIDATION_ERROR');
  return body.fields;
}

// The fixture: named items, created on distinct days (oldest first) so the default order is predictable.
const item: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  customer = new TestClient(t.app);
  await customer.start(1);
  expect((await customer.register('search-customer@example.com')).statusCode).toBe(201);
  const other = new TestClient(t.app);
  await other.start(1);
  expect((await other.register('otra.persona@correo.example')).statusCode).toBe(201);
  agent = await signIn(AGENT);
  const db = t.app.ctx.db;
  const [a] = await db.select().from(users).where(eq(users.email, AGENT[0]));
  const [c] = await db.select().from(users).where(eq(users.email, 'search-customer@example.com'));
  const [o] = await db.select().from(users).where(eq(users.email, 'otra.persona@correo.example'));
  if (!a || !c || !o) throw new Error('users missing');
  agentId = a.id;
  customerId = c.id;
  otherCustomerId = o.id;

  const day = (n: number) => new Date(Date.UTC(2026, 9, n, 10)); // October 2026
  item.plain = await insertItem({ orderId: 100_000_101, createdAt: day(1), referencia: 'REF-0001' });
  item.incident = await insertItem({
    orderId: 100_000_102,
    createdAt: day(2),
    status: 60,
    printValues: ['Calle Mayor 1, 2º B', 'Finca 4242'],
    providerId: 'registradores.org',
  });
  item.visibleIncidence = await insertItem({ orderId: 100_000_103, createdAt: day(3), incidenciaStatusId: 103 });
  item.urgentAnswer = await insertItem({ orderId: 100_000_104, createdAt: day(4), answers: { '411': '3782' } });
  item.urgentProduct = await insertItem({ orderId: 100_000_105, createdAt: day(5), productId: 18508 });
  item.portugal = await insertItem({
    orderId: 160_000_106,
    storeId: 16,
    createdAt: day(6),
    status: 20,
    email: 'Cliente.Portugues@Example.PT',
    firstname: 'João',
    lastname: 'Gonçalves',
    orderStatus: 'pending',
  });
  item.propertySearch = await insertItem({
    orderId: 100_000_107,
    createdAt: day(7),
    customer: 'other',
    email: 'otra.persona@correo.example',
    productId: 18357,
    productName: 'Búsqueda de propiedades',
  });
  item.notaOfOther = await insertItem({
    orderId: 100_000_108,
    createdAt: day(8),
    customer: 'other',
    email: 'otra.persona@correo.example',
    productId: 15867,
    status: 80,
  });
  item.oldNota = await insertItem({ orderId: 100_000_109, createdAt: day(9), productId: 15867, status: 110 });
  item.claimed = await insertItem({ orderId: 100_000_110, createdAt: day(10), status: 50, priority: 5 });
  item.noCountry = await insertItem({
    orderId: 990_000_111,
    createdAt: day(11),
    priority: 3,
    deadlineAt: new Date('2026-12-01T00:00:00Z'),
    standbyUntil: new Date('2026-11-30T00:00:00Z'),
    clientStatusId: 5,
  });
  // Two items of one order: the order filter finds both.
  item.twinA = await insertItem({ orderId: 100_000_112, createdAt: day(12), status: 40, referencia: '50%_off\\x' });
  item.twinB = await insertItem({ orderId: 100_000_112, createdAt: day(12), status: 70 });

  // History: responded (through 80), a nota simple delivered 61 days ago, an incidence claimed from the registrars.
  await db.insert(itemHistory).values([
    { itemId: item.plain!, accion: 'cambio_estado', oldStatus: 40, newStatus: 80 },
    { itemId: item.plain!, accion: 'cambio_estado', oldStatus: 80, newStatus: 40 },
    {
      itemId: item.oldNota!,
      accion: 'cambio_estado',
      oldStatus: 80,
      newStatus: 110,
      createdAt: new Date(clock.getTime() - 61 * DAY),
    },
    { itemId: item.claimed!, accion: 'incidencia', newStatus: 50, details: { incidencia_status_id: 158 } },
  ]);
});
afterAll(async () => t?.close());

describe('who may search', () => {
  it('anonymous callers are asked to sign in (401), customers are refused (403), staff get in', async () => {
    expect((await t.app.inject('/api/backoffice/items')).statusCode).toBe(401);
    expect((await t.app.inject('/api/backoffice/items?nope=1')).statusCode).toBe(401);
    expect((await customer.get('/api/backoffice/items')).statusCode).toBe(403);
    expect((await customer.get('/api/backoffice/items?email=search-customer')).statusCode).toBe(403);
    for (const who of [
      ['admin@ventanilla.test', 'admin-demo-2026'],
      ['notario@ventanilla.test', 'notario-demo-2026'],
    ] as const) {
      expect((await (await signIn(who)).get('/api/backoffice/items')).statusCode).toBe(200);
    }
  });
});

describe('the list', () => {
  it('is newest first, 10 a page, with has_more and an exact total', async () => {
    const first = await search('');
    expect(first).toMatchObject({ page: 1, size: 10, has_more: true, total: 13, total_exact: true });
    expect(first.items.map((i) => i.item_id)).toEqual([
      item.twinB,
      item.twinA,
      item.noCountry,
      item.claimed,
      item.oldNota,
      item.notaOfOther,
      item.propertySearch,
      item.portugal,
      item.urgentProduct,
      item.urgentAnswer,
    ]);
    const second = await search('page=2');
    expect(second).toMatchObject({ page: 2, has_more: false, total: 13, total_exact: true });
    expect(second.items.map((i) => i.item_id)).toEqual([item.visibleIncidence, item.incident, item.plain]);
    const beyond = await search('page=9');
    expect(beyond).toMatchObject({ items: [], has_more: false, total: 13, total_exact: true });
    expect(await search('size=5&page=3')).toMatchObject({ has_more: false, total: 13 });
    expect((await search('size=100')).items).toHaveLength(13);
  });

  it('shows status text, customer, counts and pinned notes', async () => {
    const db = t.app.ctx.db;
    const [note] = await db
      .insert(itemNotes)
      .values([
        { itemId: item.incident!, text: 'Llamar al registro de Getafe', adminUserId: agentId, pinned: true },
        { itemId: item.incident!, text: 'x'.repeat(400), adminUserId: agentId, pinned: true },
        { itemId: item.incident!, text: 'Nota sin fijar', adminUserId: agentId },
      ])
      .returning();
    const [row] = (await search(`order_id=100000102`)).items;
    expect(row).toMatchObject({
      item_id: item.incident,
      order_id: 100_000_102,
      panel_status_id: 60,
      status_text: 'Incidencia',
      client_status: 'incidence',
      email: 'search-customer@example.com',
      customer_name: 'Lucía Pérez',
      notes_count: 3,
      files_count: 0,
      provider_id: 'registradores.org',
      lock: null,
    });
    const pinned = row!.pinned_notes as Array<{ id: number; text: string }>;
    expect(pinned.map((n) => n.text.length)).toEqual([281, 'Llamar al registro de Getafe'.length]);
    expect(pinned[0]!.text.endsWith('…')).toBe(true);
    expect(pinned[1]).toEqual({ id: note!.id, text: 'Llamar al registro de Getafe' });
  });

  it('shows priority, deadline and standby', async () => {
    const [row] = (await search('order_id=990000111')).items;
    expect(row).toMatchObject({
      priority: 3,
      deadline_at: '2026-12-01T00:00:00.000Z',
      standby_until: '2026-11-30T00:00:00.000Z',
      client_status: 'returned',
    });
  });
});

describe('every filter', () => {
  it('order_id: the items of one order', async () => {
    expect(await ids('order_id=100000112')).toEqual([item.twinA, item.twinB].sort((a, b) => a! - b!));
    expect(await ids('order_id=123')).toEqual([]);
  });

  it('referencia: exact, with LIKE characters taken literally', async () => {
    expect(await ids('referencia=REF-0001')).toEqual([item.plain]);
    expect(await ids('referencia=REF-000')).toEqual([]);
    expect(await ids(`referencia=${encodeURIComponent('50%_off\\x')}`)).toEqual([item.twinA]);
  });

  it('email: a part of it, any case; %, _ and \\ are literal', async () => {
    expect(await ids('email=portugues')).toEqual([item.portugal]);
    expect(await ids('email=CLIENTE.portugues@example.pt')).toEqual([item.portugal]);
    expect(await ids('email=%40example.PT')).toEqual([item.portugal]);
    expect((await ids('email=otra.persona')).length).toBe(2);
    expect(await ids('email=%25%25%25')).toEqual([]);
    expect(await ids('email=___')).toEqual([]);
    expect(await ids('email=nobody')).toEqual([]);
  });

  it('product_id', async () => {
    expect(await ids('product_id=18508')).toEqual([item.urgentProduct]);
    expect(await ids('product_id=15867')).toEqual([item.notaOfOther, item.oldNota].sort((a, b) => a! - b!));
  });

  it('status: one or several, comma-joined', async () => {
    expect(await ids('status=60')).toEqual([item.incident]);
    expect(await ids('status=60,20')).toEqual([item.incident, item.portugal].sort((a, b) => a! - b!));
    expect(await ids('status=60%2C20')).toEqual([item.incident, item.portugal].sort((a, b) => a! - b!));
    expect(await ids('status=100')).toEqual([]);
  });

  it('status_client: by id or key, as clientStatusFor says', async () => {
    expect(await ids('status_client=pending')).toEqual([item.portugal]);
    expect(await ids('status_client=1')).toEqual([item.portugal]);
    expect(await ids('status_client=returned')).toEqual([item.noCountry]);
    expect(await ids('status_client=ready')).toEqual([item.oldNota]);
    expect(await ids('status_client=incidence,5')).toEqual([item.incident, item.noCountry].sort((a, b) => a! - b!));
  });

  it('date_start / date_end: whole days in Madrid, both included', async () => {
    expect(await ids('date_start=2026-10-12')).toEqual([item.twinA, item.twinB].sort((a, b) => a! - b!));
    expect(await ids('date_end=2026-10-01')).toEqual([item.plain]);
    expect(await ids('date_start=2026-10-02&date_end=2026-10-03')).toEqual([item.incident, item.visibleIncidence]);
    expect(await ids('date_start=2026-10-13')).toEqual([]);
    // 23:30 UTC on the 1st is already the 2nd in Madrid.
    const late = await insertItem({ orderId: 100_000_199, createdAt: new Date('2026-09-15T22:30:00Z') });
    expect(await ids('date_start=2026-09-16&date_end=2026-09-16')).toEqual([late]);
    expect(await ids('date_end=2026-09-15')).toEqual([]);
    await t.app.ctx.db.delete(orderItems).where(eq(orderItems.itemId, late));
  });

  it('text: a part of the answers, notes, customer name or reference, any case', async () => {
    expect(await ids('text=calle%20mayor')).toEqual([item.incident]);
    expect(await ids('text=FINCA%204242')).toEqual([item.incident]);
    expect(await ids('text=getafe')).toEqual([item.incident]); // a note (added above)
    expect(await ids('text=gon%C3%A7alves')).toEqual([item.portugal]); // the customer's name
    expect(await ids('text=jo%C3%A3o%20gon')).toEqual([item.portugal]);
    expect(await ids('text=ref-0001')).toEqual([item.plain]); // the reference
    expect(await ids('text=nada%20de%20esto')).toEqual([]);
    // Accents and case folded both ways, as agents type: "goncalves", "GONÇALVES", "joao".
    expect(await ids('text=goncalves')).toEqual([item.portugal]);
    expect(await ids(`text=${encodeURIComponent('GONÇALVES')}`)).toEqual([item.portugal]);
    expect(await ids('text=joao%20gon')).toEqual([item.portugal]);
    expect(await ids(`text=${encodeURIComponent('cálle máyor')}`)).toEqual([item.incident]);
    // Never across two fields: the name and the first answer are on separate lines.
    expect(await ids('text=p%C3%A9rez%20calle')).toEqual([]);
  });

  it('text follows notes written, edited and deleted, references and names changed', async () => {
    const db = t.app.ctx.db;
    const [note] = await db
      .insert(itemNotes)
      .values({ itemId: item.urgentAnswer!, text: 'Cliente pide factura ZX81', adminUserId: agentId })
      .returning();
    expect(await ids('text=zx81')).toEqual([item.urgentAnswer]);
    const noteId = note!.id;
    await db.update(itemNotes).set({ text: 'Cliente pide factura QL2' }).where(eq(itemNotes.id, noteId));
    expect(await ids('text=zx81')).toEqual([]);
    expect(await ids('text=ql2')).toEqual([item.urgentAnswer]);
    await db.delete(itemNotes).where(eq(itemNotes.id, noteId));
    expect(await ids('text=ql2')).toEqual([]);
    await db.update(orderItems).set({ referencia: 'EXP-7781' }).where(eq(orderItems.itemId, item.urgentAnswer!));
    expect(await ids('text=exp-77')).toEqual([item.urgentAnswer]);
    await db.update(orderItems).set({ referencia: null }).where(eq(orderItems.itemId, item.urgentAnswer!));
    await db.update(orders).set({ customerLastname: 'Zubizarreta' }).where(eq(orders.orderId, 100_000_104));
    expect(await ids('text=zubizarreta')).toEqual([item.urgentAnswer]);
    await db.update(orders).set({ customerLastname: 'Pérez' }).where(eq(orders.orderId, 100_000_104));
    expect(await ids('text=zubizarreta')).toEqual([]);
  });

  it("text shaped like a reference's start: the references that start with it, any case, nothing else", async () => {
    const db = t.app.ctx.db;
    await db.update(orderItems).set({ referencia: 'ns-2025/004512' }).where(eq(orderItems.itemId, item.urgentAnswer!));
    const [note] = await db
      .insert(itemNotes)
      .values({ itemId: item.incident!, text: 'Ver también NS-2025/004512', adminUserId: agentId })
      .returning();
    try {
      expect(await ids('text=NS-2025%2F')).toEqual([item.urgentAnswer]);
      expect(await ids('text=ns-2025%2F0045')).toEqual([item.urgentAnswer]);
      expect(await ids('text=ns-2025')).toEqual([item.urgentAnswer]);
      expect(await ids('text=ns-2026%2F')).toEqual([]);
      // Not shaped so: a substring of the whole text, the note included.
      expect(await ids('text=2025%2F0045')).toEqual([item.urgentAnswer!, item.incident!].sort((a, b) => a - b));
    } finally {
      await db.delete(itemNotes).where(eq(itemNotes.id, note!.id));
      await db.update(orderItems).set({ referencia: null }).where(eq(orderItems.itemId, item.urgentAnswer!));
    }
  });

  it('provider', async () => {
    expect(await ids('provider=registradores.org')).toEqual([item.incident]);
    expect(await ids('provider=registradores')).toEqual([]);
  });

  it('blank values mean no filter (a submitted form)', async () => {
    expect((await search('email=&text=&status=&order_id=&date_start=')).total).toBe(13);
  });

  it('filters combine (all must hold)', async () => {
    expect(await ids('email=search-customer&status=60')).toEqual([item.incident]);
    expect(await ids('email=search-customer&status=20')).toEqual([]);
    expect(await ids('text=calle&date_start=2026-10-02&date_end=2026-10-02&provider=registradores.org')).toEqual([
      item.incident,
    ]);
    expect(await ids('product_id=15867&status_client=ready&email=search')).toEqual([item.oldNota]);
    expect(await ids('status=40,60,110&date_end=2026-10-09&order_id=100000109')).toEqual([item.oldNota]);
  });
});

describe('order_by', () => {
  it('each column, both ways, ties broken by date then id', async () => {
    const order = async (q: string) => (await search(`${q}&size=100`)).items.map((i) => i.item_id);
    const all = await order('order_by=-created_at');
    expect(await order('order_by=created_at')).toEqual([...all].reverse());
    expect(await order('order_by=item_id')).toEqual([...all].sort((a, b) => a - b));
    expect(await order('order_by=-item_id')).toEqual([...all].sort((a, b) => b - a));
    expect((await order('order_by=-priority')).slice(0, 2)).toEqual([item.claimed, item.noCountry]);
    expect((await order('order_by=deadline_at'))[0]).toEqual(item.noCountry);
    expect((await order('order_by=-order_id'))[0]).toEqual(item.noCountry);
    expect((await order('order_by=order_id'))[0]).toEqual(item.plain);
    expect((await order('order_by=status'))[0]).toEqual(item.portugal);
    expect((await order('order_by=-status'))[0]).toEqual(item.oldNota);
    expect((await order('order_by=updated_at')).length).toBe(13);
  });
});

describe('derived flags, from the rows', () => {
  const flagsOf = async (itemId: number) => {
    const res = await search(`size=100`);
    const row = res.items.find((i) => i.item_id === itemId);
    return row!.flags as Record<string, unknown>;
  };

  it('responded: through 80 in the history, or in 80 now', async () => {
    expect((await flagsOf(item.plain!)).responded).toBe(true);
    expect((await flagsOf(item.notaOfOther!)).responded).toBe(true);
    expect((await flagsOf(item.urgentProduct!)).responded).toBe(false);
  });

  it('incident shown to the client: status 60 or a client-visible incidence', async () => {
    expect((await flagsOf(item.incident!)).incident_shown_to_client).toBe(true);
    expect((await flagsOf(item.visibleIncidence!)).incident_shown_to_client).toBe(true);
    expect((await flagsOf(item.plain!)).incident_shown_to_client).toBe(false);
  });

  it('claimed from registrars: an incidence 157-160 was sent', async () => {
    expect((await flagsOf(item.claimed!)).claimed_from_registrars).toBe(true);
    expect((await flagsOf(item.incident!)).claimed_from_registrars).toBe(false);
  });

  it('urgent: the urgent product or the urgent answer', async () => {
    expect((await flagsOf(item.urgentAnswer!)).urgent).toBe(true);
    expect((await flagsOf(item.urgentProduct!)).urgent).toBe(true);
    expect((await flagsOf(item.plain!)).urgent).toBe(false);
  });

  it("related orders: the same customer's property search and nota simple, unless finished", async () => {
    const rows = (await search('email=otra.persona')).items;
    const search18357 = rows.find((r) => r.item_id === item.propertySearch)!;
    expect(search18357.flags).toMatchObject({ related_orders: true });
    expect(search18357.related_item_ids).toEqual([item.notaOfOther]);
    // The main customer's delivered nota simple (110) links to nothing; another customer's search is not theirs.
    expect((await flagsOf(item.oldNota!)).related_orders).toBe(false);
    expect((await flagsOf(item.urgentProduct!)).related_orders).toBe(false);
  });

  it('nota simple refreshable: delivered more than 60 days ago', async () => {
    expect((await flagsOf(item.oldNota!)).nota_simple_refreshable).toBe(true);
    expect((await flagsOf(item.notaOfOther!)).nota_simple_refreshable).toBe(false);
  });

  it('country by the order id prefix', async () => {
    expect((await flagsOf(item.plain!)).country).toBe('ES');
    expect((await flagsOf(item.portugal!)).country).toBe('PT');
    expect((await flagsOf(item.noCountry!)).country).toBeNull();
  });

  it('client e-mail answered: incidence 58, status 40, the customer wrote after the staff', async () => {
    expect((await flagsOf(item.plain!)).client_email_answered).toBe(false);
    const db = t.app.ctx.db;
    const at = (iso: string) => new Date(iso);
    await db
      .update(orderItems)
      .set({
        incidenciaStatusId: 58,
        staffMessageAt: at('2026-11-02T10:00:00Z'),
        customerMessageAt: at('2026-11-03T10:00:00Z'),
      })
      .where(eq(orderItems.itemId, item.plain!));
    expect((await flagsOf(item.plain!)).client_email_answered).toBe(true);
    await db
      .update(orderItems)
      .set({ staffMessageAt: at('2026-11-04T10:00:00Z') })
      .where(eq(orderItems.itemId, item.plain!));
    expect((await flagsOf(item.plain!)).client_email_answered).toBe(false);
    await db
      .update(orderItems)
      .set({ incidenciaStatusId: null, staffMessageAt: null, customerMessageAt: null })
      .where(eq(orderItems.itemId, item.plain!));
  });

  it('claimed from registrars also as the incident loop records it (incidence_id)', async () => {
    await t.app.ctx.db
      .insert(itemHistory)
      .values({ itemId: item.urgentProduct!, accion: 'incidencia', details: { incidence_id: 160, text: 'x' } });
    expect((await flagsOf(item.urgentProduct!)).claimed_from_registrars).toBe(true);
  });
});

describe('the lock holder', () => {
  it('is shown while the lease lives, and not after it lapsed', async () => {
    expect((await agent.post(`/api/backoffice/items/${item.plain}/lock`)).statusCode).toBe(200);
    const [row] = (await search('referencia=REF-0001')).items;
    expect(row!.lock).toMatchObject({ item_id: item.plain, locked_by: agentId, locked_by_name: expect.any(String) });
    const [me] = await t.app.ctx.db.select().from(users).where(eq(users.id, agentId));
    expect((row!.lock as { locked_by_name: string }).locked_by_name).toBe(`${me!.firstname} ${me!.lastname}`);
    clock = new Date(clock.getTime() + LOCK_LEASE_MS);
    const [after] = (await search('referencia=REF-0001')).items;
    expect(after!.lock).toBeNull();
  });

  it('the agent with admin user id 1 is shown as "Sistema"', async () => {
    const [first] = await t.app.ctx.db.select().from(users).where(eq(users.id, 1));
    expect(first).toBeDefined(); // the first seeded staff account
    await t.app.ctx.db
      .update(orderItems)
      .set({ lockedBy: 1, lockedAt: clock, lockExpiresAt: new Date(clock.getTime() + LOCK_LEASE_MS) })
      .where(eq(orderItems.itemId, item.plain!));
    const [row] = (await search('referencia=REF-0001')).items;
    expect(row!.lock).toMatchObject({ locked_by: 1, locked_by_name: 'Sistema' });
    await t.app.ctx.db
      .update(orderItems)
      .set({ lockedBy: null, lockedAt: null, lockExpiresAt: null })
      .where(eq(orderItems.itemId, item.plain!));
  });
});

describe('refusals (400, every problem at once, in the caller’s language)', () => {
  it('an unknown parameter, named', async () => {
    const fields = await refused('foo=1');
    expect(fields).toEqual([{ field: 'foo', code: 'unknown_param', message: 'El filtro «foo» no existe' }]);
    expect((await refused('per_page=10'))[0]).toMatchObject({ field: 'per_page', code: 'unknown_param' });
    expect((await refused('status%5B%5D=40'))[0]).toMatchObject({ field: 'status[]', code: 'unknown_param' });
    expect((await refused('__proto__=1'))[0]).toMatchObject({ code: 'unknown_param' });
    expect((await refused('constructor=1'))[0]).toMatchObject({ field: 'constructor', code: 'unknown_param' });
  });

  it('a repeated parameter', async () => {
    expect(await refused('status=40&status=60')).toEqual([
      expect.objectContaining({ field: 'status', code: 'repeated_param' }),
    ]);
  });

  it('NUL bytes and other control characters, anywhere', async () => {
    expect((await refused('email=abc%00def'))[0]).toMatchObject({ field: 'email', code: 'invalid_characters' });
    expect((await refused('text=abc%0Adef'))[0]).toMatchObject({ field: 'text', code: 'invalid_characters' });
    // Bytes that are not UTF-8 cannot be decoded: the value is taken literally, never a 500.
    expect((await search('text=%ED%A0%80abc')).items).toEqual([]);
    expect((await refused('a%00b=1'))[0]).toMatchObject({ code: 'unknown_param' });
  });

  it('huge, negative, decimal and exponent numbers', async () => {
    for (const [query, code] of [
      ['page=99999999999999999999999', 'out_of_range'],
      ['page=10001', 'out_of_range'],
      ['page=0', 'out_of_range'],
      ['size=101', 'out_of_range'],
      ['order_id=1e5', 'not_an_integer'],
      ['order_id=-1', 'not_an_integer'],
      ['order_id=1.5', 'not_an_integer'],
      ['order_id=Infinity', 'not_an_integer'],
      ['order_id=0x10', 'not_an_integer'],
      ['order_id=9007199254740993', 'out_of_range'],
      ['product_id=2147483648', 'out_of_range'],
    ] as const) {
      expect((await refused(query))[0], query).toMatchObject({ field: query.split('=')[0], code });
    }
    // The largest accepted values reach the database without an overflow.
    expect((await search('order_id=9007199254740991')).items).toEqual([]);
    expect((await search('product_id=2147483647')).items).toEqual([]);
    expect((await search('page=10000')).items).toEqual([]);
  });

  it('bad dates, statuses, orders, providers and lengths', async () => {
    expect(
      await refused('date_start=2026-02-30&date_end=26-1-1&status=40,999&status_client=lost&order_by=-email'),
    ).toEqual([
      expect.objectContaining({ field: 'order_by', code: 'bad_order_by' }),
      expect.objectContaining({ field: 'status', code: 'unknown_status' }),
      expect.objectContaining({ field: 'status_client', code: 'unknown_client_status' }),
      expect.objectContaining({ field: 'date_start', code: 'bad_date' }),
      expect.objectContaining({ field: 'date_end', code: 'bad_date' }),
    ]);
    expect(await refused('date_start=2026-10-05&date_end=2026-10-04')).toEqual([
      expect.objectContaining({ field: 'date_end', code: 'end_before_start' }),
    ]);
    expect((await refused('provider=a%20b'))[0]).toMatchObject({ code: 'bad_provider' });
    expect((await refused('email=ab'))[0]).toMatchObject({ code: 'too_short' });
    expect((await refused(`text=${'a'.repeat(201)}`))[0]).toMatchObject({ code: 'too_long' });
    expect((await refused(`referencia=${'r'.repeat(101)}`))[0]).toMatchObject({ code: 'too_long' });
  });

  it('all at once, unknown ones last, in English for an English-store session', async () => {
    const english = await signIn(AGENT, 17);
    const fields = await refused('zzz=1&page=x&email=a', english);
    expect(fields).toEqual([
      { field: 'page', code: 'not_an_integer', message: 'The filter page must be a whole number' },
      { field: 'email', code: 'too_short', message: 'The filter email needs at least 3 characters' },
      { field: 'zzz', code: 'unknown_param', message: 'Unknown filter "zzz"' },
    ]);
  });
});

describe('the SQL agrees with the domain', () => {
  it('status_client: clientStatusFor and its SQL give the same key for every kind of row', async () => {
    const raws = [
      null,
      '',
      'pending',
      'pending_payment',
      'processing',
      'canceled',
      'closed',
      'closed_lost',
      'abonado_perseguir',
      'complete',
      'complete_x',
      'out_of_stock',
      'weird',
      ' Complete ',
    ];
    const panels = [40, 60, 110, 120];
    const clientIds = [null, 1, 3, 5, 9];
    const cases = raws.flatMap((raw) =>
      panels.flatMap((panel) => clientIds.map((clientId) => ({ raw, panel, clientId }))),
    );
    const values = sql.join(
      cases.map((c) => sql`(${c.raw}::text, ${c.panel}::int, ${c.clientId}::int)`),
      sql`, `,
    );
    const result = await t.app.ctx.db.execute<{ key: string | null }>(
      sql`select ${clientStatusSql} as key from (values ${values}) as v(status, panel_status_id, client_status_id)
          cross join lateral (select v.status) o cross join lateral (select v.panel_status_id, v.client_status_id) i`,
    );
    const expected = cases.map((c) => {
      const r = clientStatusFor({ rawStatus: c.raw, panelStatusId: c.panel, clientStatusId: c.clientId });
      return r.ok ? r.status.key : null;
    });
    expect(result.rows.map((r) => r.key)).toEqual(expected);
  });
});

describe('paging on many rows', () => {
  it('counts up to the cap, then says "at least"', async () => {
    const db = t.app.ctx.db;
    await db.execute(sql`insert into orders (order_id, store_id, customer_id, status, tax_rate_bp, subtotal, tax_amount,
        total, customer_email, customer_firstname, customer_lastname)
      values (100000500, 1, ${customerId}, 'complete', 2100, 0, 0, 0, 'bulk@example.com', 'Bulk', 'Buyer')`);
    await db.execute(sql`insert into order_items (order_id, product_id, product_name, answers, product_options,
        base_price, options_price, subtotal, tax_amount, total, panel_status_id, created_at)
      select 100000500, 2, 'Bulk', '{}', '[]', 0, 0, 0, 0, 0, 30, timestamp '2026-08-01' + g * interval '1 minute'
      from generate_series(1, ${SEARCH_TOTAL_CAP + 5}) g`);
    expect(await search('email=bulk@')).toMatchObject({
      has_more: true,
      total: SEARCH_TOTAL_CAP + 1,
      total_exact: false,
    });
    expect(await search('status=30&size=100&page=11')).toMatchObject({
      has_more: false,
      total: SEARCH_TOTAL_CAP + 5,
      total_exact: true,
    });
    expect(await search('text=bulk%20buyer&page=10000')).toMatchObject({ items: [], total_exact: false });
    expect((await search('status=30&size=3&page=2')).items).toHaveLength(3);
  });
});

describe('notaries', () => {
  it('see notary work only, as on the item page', async () => {
    const notary = await signIn(['notario@ventanilla.test', 'notario-demo-2026']);
    const work = await insertItem({
      orderId: 100_000_600,
      status: NOTARY_STATUSES[0],
      createdAt: new Date('2026-10-20'),
    });
    const seen = (await search('size=100', notary)).items.map((i) => i.item_id);
    expect(seen).toEqual([work]);
    expect((await search('email=search-customer', notary)).total).toBe(1);
    expect((await search(`order_id=100000101`, notary)).items).toEqual([]);
    expect((await search(`status=${NOTARY_STATUSES[0]}&size=100`)).items.map((i) => i.item_id)).toContain(work);
  });
});

describe('indexes', () => {
  async function plan(query: string, options: { sorted: boolean }) {
    const parsed = parseItemSearch(Object.fromEntries(new URLSearchParams(query)));
    if (!parsed.ok) throw new Error('bad query');
    const { filters } = parsed;
    return t.app.ctx.db.transaction(async (tx) => {
      // No sequential scan: the plan shows an index that serves the condition (the table is tiny, so the planner
      // would rightly read it whole). Unsorted, index scans are off too, so the condition's own index must show.
      await tx.execute(sql`set local enable_seqscan = off`);
      if (!options.sorted) await tx.execute(sql`set local enable_indexscan = off`);
      const res = await tx.execute<{ 'QUERY PLAN': string }>(
        options.sorted
          ? sql`explain select i.item_id from order_items i where ${searchConditions(filters)}
                order by ${searchOrder(filters)} limit 11`
          : sql`explain select i.item_id from order_items i where ${searchConditions(filters)}`,
      );
      return res.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  it.each([
    ['order_id=100000101', /order_items_order_idx/],
    ['referencia=REF-0001', /order_items_referencia_idx/],
    // The distinct addresses by trigram, then their items by the b-tree on search_email (either order in the plan).
    [
      'email=portugues',
      /search_emails_trgm_idx[\s\S]*order_items_search_email_idx|order_items_search_email_idx[\s\S]*search_emails_trgm_idx/,
    ],
    ['text=calle%20mayor', /order_items_search_text_trgm_idx/],
    [`text=${encodeURIComponent('Gómez')}`, /order_items_search_text_trgm_idx/],
    ['text=ns-2025%2F', /order_items_referencia_prefix_idx/],
    ['product_id=18508', /order_items_product_idx/],
    ['status=60', /order_items_(status|queue|queue_age)_idx/],
    ['status=60,40', /order_items_(status|queue|queue_age)_idx/],
    ['provider=registradores.org', /order_items_provider_idx/],
    ['date_start=2026-10-02&date_end=2026-10-03', /order_items_created_idx/],
  ])('the filter %s has an index (%s)', async (query, index) => {
    expect(await plan(query, { sorted: false })).toMatch(index);
  });

  it.each([
    ['', /Index (Only )?Scan Backward using order_items_created_idx/],
    ['order_by=-updated_at', /Index (Only )?Scan Backward using order_items_updated_idx/],
    ['order_by=item_id', /Index (Only )?Scan using order_items_pkey/],
    ['order_by=-priority', /order_items_priority_idx/],
    ['order_by=deadline_at', /order_items_deadline_idx/],
    ['order_by=order_id', /order_items_order_idx/],
  ])('the order %s reads an index in order (%s)', async (query, index) => {
    expect(await plan(query, { sorted: true })).toMatch(index);
  });
});

describe("a reference's start over the count cap (the ordered page)", () => {
  it('pages the matches in date and id order with the other conditions, reading the prefix index', async () => {
    const db = t.app.ctx.db;
    const base = 100_000_900;
    const made: number[] = [];
    // Five matches on three days (two on one), one with a status the filter leaves out, and a near miss.
    const days = ['2026-03-01', '2026-05-01', '2026-05-01', '2026-01-01', '2026-07-01'];
    for (const [n, day] of days.entries()) {
      made.push(
        await insertItem({
          orderId: base + n,
          referencia: `NS-2025/0090${n}`,
          status: n === 4 ? 60 : 40,
          createdAt: new Date(`${day}T10:00:00Z`),
        }),
      );
    }
    made.push(await insertItem({ orderId: base + 9, referencia: 'NS-2024/00909', status: 40 }));
    const filtersOf = (query: string) => {
      const parsed = parseItemSearch(Object.fromEntries(new URLSearchParams(query)));
      if (!parsed.ok) throw new Error('bad query');
      return parsed.filters;
    };
    const pageIds = async (query: string, size: number) => {
      const filters = { ...filtersOf(query), size };
      const res = await db.execute<{ item_id: number }>(searchPageQuery(filters));
      return res.rows.map((r) => r.item_id);
    };
    try {
      const [mar, may1, may2, jan] = made as [number, number, number, number];
      const mayDesc = [may1, may2].sort((a, b) => b - a);
      // Newest first, the two of May by id; size 2 reads 3 rows (the third says there is more).
      expect(await pageIds('text=ns-2025%2F&status=40', 2)).toEqual([...mayDesc, mar]);
      expect(await pageIds('text=ns-2025%2F&status=40&page=2', 2)).toEqual([mar, jan]);
      expect(await pageIds('text=ns-2025%2F&status=40&order_by=created_at', 10)).toEqual([
        jan,
        mar,
        ...mayDesc.reverse(),
      ]);
      expect(await pageIds('text=ns-2025%2F&status=40&order_by=-item_id', 10)).toEqual(
        [mar, may1, may2, jan].sort((a, b) => b - a),
      );
      // Another order: the general page query, same matches.
      expect((await pageIds('text=ns-2025%2F&status=40&order_by=-priority', 10)).sort()).toEqual(
        [mar, may1, may2, jan].sort(),
      );

      const plan = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const res = await tx.execute<{ 'QUERY PLAN': string }>(
          sql`explain ${searchPageQuery(filtersOf('text=ns-2025%2F'))}`,
        );
        return res.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).toMatch(/order_items_referencia_prefix_idx/);
      expect(plan).not.toMatch(/order_items_created_idx/);
    } finally {
      await db.delete(orderItems).where(sql`${orderItems.itemId} in ${made}`);
      await db.delete(orders).where(sql`${orders.orderId} between ${base} and ${base + 9}`);
    }
  });
});
