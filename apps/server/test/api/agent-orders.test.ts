import { dniLetter, QP_MAX_NAMES } from '@ventanilla/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, itemHistory, orderItems, orders, qpNames, users } from '../../src/db/schema.js';
import { payOnSandbox, waitFor } from '../support/sandbox-browser.js';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

// Orders created by agents for customers and the QP person-search lists (docs/backoffice.md, "Orders created by
// agents"). Runs on the embedded database, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let agent: TestClient;
let admin: TestClient;
let notary: TestClient;
let customer: TestClient;
let agentId: number;

const QP_ANSWERS = {
  '1001': '100101',
  '1002': 'Lucía',
  '1003': 'Pérez García',
  '1005': '12345678Z',
  '1006': '2920', // "Hasta 3 propiedades"
  '1007': '100701',
  '1008': ['100801'],
};

function order(body: Record<string, unknown>, client = agent) {
  return client.post('/api/backoffice/agent-orders', {
    customer: { email: 'cliente-agente@example.com' },
    store_id: 1,
    url_key: 'nota-simple',
    answers: notaSimpleAnswers(),
    ...body,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  agent = new TestClient(t.app);
  await agent.login('agente@ventanilla.test', 'agente-demo-2026');
  admin = new TestClient(t.app);
  await admin.login('admin@ventanilla.test', 'admin-demo-2026');
  notary = new TestClient(t.app);
  await notary.login('notario@ventanilla.test', 'notario-demo-2026');
  customer = new TestClient(t.app);
  expect((await customer.register('cliente-agente@example.com')).statusCode).toBe(201);
  const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'agente@ventanilla.test'));
  agentId = row!.id;
});
afterAll(async () => t?.close());

describe('an agent creates an order for a customer', () => {
  it('creates it unpaid with the server price, names the agent in the history and e-mails a pay link', async () => {
    const res = await order({ shown_total: '0.01' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ total: '25.12', customer_created: false, price_changed: true });
    expect(body.pay_path).toBe(`/payment/order/${body.order_id}`);

    const [row] = await t.app.ctx.db.select().from(orders).where(eq(orders.orderId, body.order_id));
    expect(row).toMatchObject({ status: 'pending', total: 2512, customerEmail: 'cliente-agente@example.com' });
    const [item] = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.itemId, body.item_id));
    expect(item).toMatchObject({ panelStatusId: 0, total: 2512 });
    const history = await t.app.ctx.db.select().from(itemHistory).where(eq(itemHistory.itemId, body.item_id));
    expect(history).toEqual([
      expect.objectContaining({ accion: 'pedido_creado_agente', adminUserId: agentId, newStatus: 0 }),
    ]);
    const mails = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, body.order_id));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe('cliente-agente@example.com');
    expect(mails[0]!.textBody).toContain(`http://shop.test/payment/order/${body.order_id}?store=1`);

    // The customer sees it in their orders and pays it by the link; nobody else can.
    const other = new TestClient(t.app);
    await other.register('otro-cliente@example.com');
    expect((await other.post(`/api/orders/${body.order_id}/pay`, { payment_method: 'cc' })).statusCode).toBe(404);
    expect((await agent.post(`/api/orders/${body.order_id}/pay`, { payment_method: 'cc' })).statusCode).toBe(404);
    const pay = await customer.post(`/api/orders/${body.order_id}/pay`, {
      payment_method: 'cc',
      accept_terms: true,
      start_now: true,
    });
    expect(pay.statusCode).toBe(201);
    const paid = await payOnSandbox(t.app, pay.json().redirect_url, { number: '4242 4242 4242 4242' });
    expect(paid.status).toBe(303);
    await waitFor(
      async () => (await customer.get(`/api/orders/${body.order_id}/payment`)).json<{ paid: boolean }>().paid,
    );
    const [after] = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.itemId, body.item_id));
    expect(after!.panelStatusId).toBe(40);
  });

  it('the same price without a shown total or with the right one: no change reported', async () => {
    expect((await order({})).json().price_changed).toBe(false);
    expect((await order({ shown_total: '25.12' })).json().price_changed).toBe(false);
  });

  it('urgent answers are priced by the domain, not by the screen', async () => {
    const res = await order({ answers: notaSimpleAnswers(true), shown_total: '25.12' });
    expect(res.statusCode).toBe(201);
    expect(res.json().total).not.toBe('25.12');
    expect(res.json().price_changed).toBe(true);
  });

  it('hidden questions are not trusted: their answers are dropped', async () => {
    const res = await order({ answers: { ...notaSimpleAnswers(), '83': '12345678901234' } });
    expect(res.statusCode).toBe(201);
    const [item] = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.itemId, res.json().item_id));
    expect(item!.answers).not.toHaveProperty('83');
  });

  it('invalid answers are refused with the reasons (422), nothing is created', async () => {
    const before = await t.app.ctx.db.select().from(orders);
    const res = await order({ answers: { '78': '5028' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('INVALID_ANSWERS');
    expect(await t.app.ctx.db.select().from(orders)).toHaveLength(before.length);
  });

  it('creates a minimal customer when the e-mail is new, with no password and an invitation that sets one', async () => {
    const missingNames = await order({ customer: { email: 'nuevo@example.com' } });
    expect(missingNames.statusCode).toBe(400);
    expect(missingNames.json().fields.map((f: { field: string }) => f.field)).toEqual([
      'customer.firstname',
      'customer.lastname',
    ]);
    const res = await order({ customer: { email: 'Nuevo@Example.com', firstname: 'Ana', lastname: 'Silva' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().customer_created).toBe(true);
    const [user] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'nuevo@example.com'));
    expect(user).toMatchObject({ role: 'customer', firstname: 'Ana' });
    // A real argon2id hash of an unknown secret (not a marker string): signing in costs as long as for any account.
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const login = new TestClient(t.app);
    expect((await login.login('nuevo@example.com', '!created-by-agent')).statusCode).toBe(401);
    const invitations = () =>
      t.app.ctx.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, 'nuevo@example.com'), eq(emailOutbox.kind, 'account_invite')));
    // The new customer is invited to set a password (the link itself is only made when the e-mail is sent).
    expect(await invitations()).toHaveLength(1);
    // Found the second time, whatever the case of the address: no second account, no second invitation.
    expect((await order({ customer: { email: 'NUEVO@example.com' } })).json().customer_created).toBe(false);
    expect(await invitations()).toHaveLength(1);
  });

  it('refuses staff accounts as customers and invalid e-mails', async () => {
    const staff = await order({ customer: { email: 'notario@ventanilla.test' } });
    expect(staff.statusCode).toBe(400);
    expect(staff.json().fields[0]).toMatchObject({ field: 'customer.email', code: 'not_a_customer' });
    expect((await order({ customer: { email: 'not-an-email' } })).statusCode).toBe(400);
  });

  it('refuses unknown products and stores, NUL bytes, huge numbers and extra fields', async () => {
    expect((await order({ url_key: 'no-existe' })).statusCode).toBe(404);
    expect((await order({ store_id: 98 })).statusCode).toBe(404);
    expect((await order({ store_id: 1e20 })).statusCode).toBe(400);
    expect((await order({ url_key: 'nota\u0000simple' })).statusCode).toBe(400);
    const nul = await order({ customer: { email: 'x@example.com', firstname: 'A\u0000', lastname: 'B' } });
    expect(nul.statusCode).toBe(400);
    expect((await order({ price: '0.00' })).statusCode).toBe(400);
    expect((await order({ answers: { ...notaSimpleAnswers(), '80': 'Calle\u0000' } })).statusCode).toBe(400);
  });

  it('customers and notaries are refused; anonymous callers must sign in', async () => {
    expect((await order({}, customer)).statusCode).toBe(403);
    expect((await order({}, notary)).statusCode).toBe(403);
    const anonymous = new TestClient(t.app);
    await anonymous.start();
    expect((await order({}, anonymous)).statusCode).toBe(401);
    expect((await order({}, admin)).statusCode).toBe(201);
  });
});

describe('QP person-search lists', () => {
  let qpItem: number;
  let nsItem: number;

  beforeAll(async () => {
    const qp = await order({ url_key: 'propiedades-de-una-persona', answers: { ...QP_ANSWERS, '1004': 'Oculta SL' } });
    expect(qp.statusCode).toBe(201);
    qpItem = qp.json().item_id;
    nsItem = (await order({})).json().item_id;
  });

  it('the QP order keeps only the visible answers', async () => {
    const [item] = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.itemId, qpItem));
    expect(item!.answers).not.toHaveProperty('1004');
  });

  it('lists, adds names (NIF checked), processes them within the maximum paid, records localizations', async () => {
    const empty = await agent.get(`/api/backoffice/qp/${qpItem}`);
    expect(empty.json()).toMatchObject({ paid_maximo: 3, maximo: null, room: 0, names: [], localizations: [] });

    const bad = await agent.post('/api/backoffice/qp/names', {
      item_id: qpItem,
      nombre: '',
      apellidos: 'García',
      nif: '12345678A',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.map((f: { field: string }) => f.field)).toEqual(['nombre', 'nif']);

    const added = await agent.post('/api/backoffice/qp/names', {
      item_id: qpItem,
      nombre: 'Lucía',
      apellidos: 'Pérez García',
      nif: '12345678z',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().names).toEqual([expect.objectContaining({ nif: '12345678Z', processed_at: null })]);
    // The same NIF again is not listed twice.
    await agent.post('/api/backoffice/qp/names', { item_id: qpItem, nombre: 'L', apellidos: 'P', nif: '12345678Z' });
    const second = await agent.post('/api/backoffice/qp/names', {
      item_id: qpItem,
      nombre: 'Ana',
      apellidos: 'Silva',
      nif: 'X1234567L',
    });
    const names = second.json().names as Array<{ id: number }>;
    expect(names).toHaveLength(2);

    const tooMany = await agent.post(`/api/backoffice/qp/${qpItem}/tramita`, { maximo: 4, list: [names[0]!.id] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields[0]).toMatchObject({ field: 'maximo', code: 'out_of_range' });
    expect((await agent.post(`/api/backoffice/qp/${qpItem}/tramita`, { maximo: 1e20, list: [1] })).statusCode).toBe(
      400,
    );
    expect((await agent.post(`/api/backoffice/qp/${qpItem}/tramita`, { maximo: 3, list: [] })).statusCode).toBe(400);
    const foreign = await agent.post(`/api/backoffice/qp/${qpItem}/tramita`, { maximo: 3, list: [999_999] });
    expect(foreign.statusCode).toBe(400);

    const processed = await agent.post(`/api/backoffice/qp/${qpItem}/tramita`, {
      maximo: 3,
      list: names.map((n) => n.id),
    });
    expect(processed.statusCode).toBe(200);
    expect(processed.json()).toMatchObject({ maximo: 3, room: 3 });
    // Processed names cannot be processed again.
    const again = await agent.post(`/api/backoffice/qp/${qpItem}/tramita`, { maximo: 3, list: [names[0]!.id] });
    expect(again.statusCode).toBe(400);

    const four = Array.from({ length: 4 }, (_, k) => ({ registro: 'Madrid 2', finca: String(1000 + k) }));
    const over = await agent.post(`/api/backoffice/qp/${qpItem}/localizaciones`, { list: four });
    expect(over.statusCode).toBe(400);
    const ok = await agent.post(`/api/backoffice/qp/${qpItem}/localizaciones`, {
      list: [{ registro: 'Madrid 2', finca: '1000', municipio: 'Madrid', titular: 'Lucía Pérez García' }],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ room: 2, localizations: [expect.objectContaining({ finca: '1000' })] });
    const nul = await agent.post(`/api/backoffice/qp/${qpItem}/localizaciones`, {
      list: [{ registro: 'Madrid\u0000', finca: '1' }],
    });
    expect(nul.statusCode).toBe(400);

    const history = await t.app.ctx.db
      .select()
      .from(itemHistory)
      .where(and(eq(itemHistory.itemId, qpItem), eq(itemHistory.adminUserId, agentId)));
    expect(history.map((h) => h.accion)).toEqual([
      'pedido_creado_agente',
      'qp_nombre_anadido',
      'qp_nombre_anadido',
      'qp_nombres_tramitados',
      'qp_localizaciones',
    ]);
  });

  it('a later QP item searching the same NIF names the earlier one', async () => {
    const other = (await order({ url_key: 'propiedades-de-una-persona', answers: QP_ANSWERS })).json().item_id;
    const res = await agent.post('/api/backoffice/qp/names', {
      item_id: other,
      nombre: 'Lucía',
      apellidos: 'Pérez',
      nif: '12345678Z',
    });
    expect(res.json().earlier_item_ids).toEqual([qpItem]);
  });

  it('the list holds at most QP_MAX_NAMES people, also when additions arrive at once', async () => {
    const itemId = (await order({ url_key: 'propiedades-de-una-persona', answers: QP_ANSWERS })).json().item_id;
    const person = (n: number) => ({
      item_id: itemId,
      nombre: 'Lucía',
      apellidos: `Pérez ${n}`,
      nif: `${String(n).padStart(8, '0')}${dniLetter(n)}`,
    });
    for (let n = 1; n < QP_MAX_NAMES; n++) {
      expect((await agent.post('/api/backoffice/qp/names', person(300 + n))).statusCode).toBe(200);
    }
    const results = await Promise.all([700, 701, 702].map((n) => agent.post('/api/backoffice/qp/names', person(n))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    const refused = results.find((r) => r.statusCode === 400)!.json();
    expect(refused.fields).toEqual([expect.objectContaining({ field: 'item_id', code: 'too_many_names' })]);
    expect(await t.app.ctx.db.select().from(qpNames).where(eq(qpNames.itemId, itemId))).toHaveLength(QP_MAX_NAMES);
  });

  it('items that are not QP, unknown items and bad ids are not found or refused', async () => {
    expect((await agent.get(`/api/backoffice/qp/${nsItem}`)).statusCode).toBe(404);
    expect((await agent.get('/api/backoffice/qp/999999')).statusCode).toBe(404);
    expect((await agent.get('/api/backoffice/qp/99999999999999')).statusCode).toBe(400);
    expect((await agent.get('/api/backoffice/qp/1%00')).statusCode).toBe(400);
    const person = { item_id: nsItem, nombre: 'A', apellidos: 'B', nif: '12345678Z' };
    expect((await agent.post('/api/backoffice/qp/names', person)).statusCode).toBe(404);
  });

  it('customers and notaries are refused', async () => {
    for (const client of [customer, notary]) {
      expect((await client.get(`/api/backoffice/qp/${qpItem}`)).statusCode).toBe(403);
      const person = { item_id: qpItem, nombre: 'A', apellidos: 'B', nif: '12345678Z' };
      expect((await client.post('/api/backoffice/qp/names', person)).statusCode).toBe(403);
      expect((await client.post(`/api/backoffice/qp/${qpItem}/tramita`, { maximo: 1, list: [1] })).statusCode).toBe(
        403,
      );
      const list = [{ registro: 'R', finca: '1' }];
      expect((await client.post(`/api/backoffice/qp/${qpItem}/localizaciones`, { list })).statusCode).toBe(403);
    }
  });
});
