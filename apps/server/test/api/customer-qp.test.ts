import { dniLetter, QP_MAX_NAMES, type PanelStatusId } from '@ventanilla/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemHistory, qpNames, users } from '../../src/db/schema.js';
import { insertOrderWithItem } from '../support/order-fixtures.js';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

// The customer's side of the QP person-search lists (docs/customer-panel.md, "Person search (QP)"): listaNombresQP,
// searchListaNombresQP and tramitaListaNombresQP on one's own paid QP item. Embedded database, and PostgreSQL with
// TEST_DATABASE_URL (where the concurrency cases really run in parallel).

let t: TestApp;
let customer: TestClient;
let other: TestClient;
let agent: TestClient;
let customerId: number;
let otherId: number;
let nextOrder = 980000001;

const dni = (n: number) => `${String(n).padStart(8, '0')}${dniLetter(n)}`;
const person = (itemId: number, n: number, extra: Record<string, unknown> = {}) => ({
  item_id: itemId,
  nombre: 'Lucía',
  apellidos: `Pérez ${n}`,
  nif: dni(n),
  ...extra,
});

async function qpItem(owner: number, opts: { paid?: boolean; status?: PanelStatusId; maximo?: string } = {}) {
  const paid = opts.paid ?? true;
  const { itemId } = await insertOrderWithItem(t.app.ctx.db, {
    orderId: nextOrder++,
    customerId: owner,
    order: { status: paid ? 'complete' : 'pending', paidAt: paid ? new Date() : null },
    item: {
      productId: 18357,
      productName: 'Propiedades de una persona',
      answers: { '1001': '100101', '1006': opts.maximo ?? '2920' },
      panelStatusId: opts.status ?? (paid ? 40 : 0),
    },
  });
  return itemId;
}

beforeAll(async () => {
  t = await createTestApp();
  customer = new TestClient(t.app);
  expect((await customer.register('qp-cliente@example.com')).statusCode).toBe(201);
  other = new TestClient(t.app);
  expect((await other.register('qp-otro@example.com')).statusCode).toBe(201);
  agent = new TestClient(t.app);
  await agent.login('agente@ventanilla.test', 'agente-demo-2026');
  const rows = await t.app.ctx.db.select().from(users);
  customerId = rows.find((u) => u.email === 'qp-cliente@example.com')!.id;
  otherId = rows.find((u) => u.email === 'qp-otro@example.com')!.id;
});
afterAll(async () => t?.close());

describe("a customer's QP list", () => {
  it('lists, adds people (checked), ignores a NIF listed already, and the back office sees them', async () => {
    const itemId = await qpItem(customerId);
    const empty = await customer.get(`/api/me/qp/${itemId}`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      item_id: itemId,
      state: 'awaiting_names',
      editable: true,
      paid_maximo: 3,
      max_names: QP_MAX_NAMES,
      maximo: null,
      names: [],
      localizations: [],
    });

    const bad = await customer.post('/api/me/qp/names', {
      item_id: itemId,
      nombre: '',
      apellidos: 'P',
      nif: '12345678A',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.map((f: { field: string }) => f.field)).toEqual(['nombre', 'nif']);
    const nul = await customer.post('/api/me/qp/names', person(itemId, 1, { nombre: 'Lu\u0000cía' }));
    expect(nul.statusCode).toBe(400);

    const added = await customer.post('/api/me/qp/names', person(itemId, 1, { nif: dni(1).toLowerCase() }));
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ added: true, names: [{ nombre: 'Lucía', nif: dni(1), processed_at: null }] });
    const again = await customer.post('/api/me/qp/names', person(itemId, 1));
    expect(again.json()).toMatchObject({ added: false });
    expect(again.json().names).toHaveLength(1);

    const backoffice = await agent.get(`/api/backoffice/qp/${itemId}`);
    expect(backoffice.json().names).toEqual([expect.objectContaining({ nif: dni(1) })]);
    const history = await t.app.ctx.db.select().from(itemHistory).where(eq(itemHistory.itemId, itemId));
    expect(history).toEqual([expect.objectContaining({ accion: 'qp_nombre_anadido_cliente', adminUserId: null })]);
  });

  it("someone else's item, an item of another product and unknown items are not found", async () => {
    const itemId = await qpItem(customerId);
    const theirs = await qpItem(otherId);
    const { itemId: nsItem } = await insertOrderWithItem(t.app.ctx.db, {
      orderId: nextOrder++,
      customerId,
      order: { paidAt: new Date() },
    });
    for (const id of [theirs, nsItem, 2_000_000_000]) {
      expect((await customer.get(`/api/me/qp/${id}`)).statusCode, String(id)).toBe(404);
      expect((await customer.post('/api/me/qp/names', person(id, 2))).statusCode).toBe(404);
      // Even with a body that would be refused: ownership is decided first.
      expect((await customer.post('/api/me/qp/names', person(id, 2, { nif: 'x' }))).statusCode).toBe(404);
      expect((await customer.post(`/api/me/qp/${id}/tramita`, { maximo: 1, list: [1] })).statusCode).toBe(404);
    }
    // Staff are customers of their own orders only here.
    expect((await agent.get(`/api/me/qp/${itemId}`)).statusCode).toBe(404);
    expect((await other.get(`/api/me/qp/${itemId}`)).statusCode).toBe(404);
    expect(await t.app.ctx.db.select().from(qpNames).where(eq(qpNames.itemId, theirs))).toEqual([]);
  });

  it('unpaid and finished items are read-only (409)', async () => {
    for (const [opts, state] of [
      [{ paid: false }, 'unpaid'],
      [{ status: 110 }, 'closed'],
    ] as const) {
      const itemId = await qpItem(customerId, opts);
      expect((await customer.get(`/api/me/qp/${itemId}`)).json()).toMatchObject({ state, editable: false });
      const res = await customer.post('/api/me/qp/names', person(itemId, 3));
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('ITEM_NOT_EDITABLE');
    }
  });

  it('refuses bad ids, huge numbers and extra fields', async () => {
    const itemId = await qpItem(customerId);
    expect((await customer.get('/api/me/qp/0')).statusCode).toBe(400);
    expect((await customer.get('/api/me/qp/99999999999999999999')).statusCode).toBe(400);
    expect((await customer.post('/api/me/qp/names', { ...person(itemId, 4), admin: true })).statusCode).toBe(400);
    const tooMany = Array.from({ length: QP_MAX_NAMES + 1 }, (_, i) => i + 1);
    expect((await customer.post(`/api/me/qp/${itemId}/tramita`, { maximo: 1, list: tooMany })).statusCode).toBe(400);
    expect((await customer.post(`/api/me/qp/${itemId}/tramita`, { maximo: 1e20, list: [1] })).statusCode).toBe(400);
  });

  it('two simultaneous additions cannot go past the limit', async () => {
    const itemId = await qpItem(customerId);
    for (let n = 1; n < QP_MAX_NAMES; n++) {
      expect((await customer.post('/api/me/qp/names', person(itemId, 100 + n))).statusCode).toBe(200);
    }
    const results = await Promise.all([
      customer.post('/api/me/qp/names', person(itemId, 500)),
      customer.post('/api/me/qp/names', person(itemId, 501)),
      customer.post('/api/me/qp/names', person(itemId, 502)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    const refused = results.find((r) => r.statusCode === 400)!.json();
    expect(refused.fields).toEqual([expect.objectContaining({ field: 'item_id', code: 'too_many_names' })]);
    expect(await t.app.ctx.db.select().from(qpNames).where(eq(qpNames.itemId, itemId))).toHaveLength(QP_MAX_NAMES);
  });

  it('tramita within the maximum paid sends the names once; then the list is read-only', async () => {
    const itemId = await qpItem(customerId);
    const a = (await customer.post('/api/me/qp/names', person(itemId, 7))).json().names[0].id;
    const b = (await customer.post('/api/me/qp/names', person(itemId, 8))).json().names[1].id;
    const theirs = await qpItem(otherId);
    const theirName = (await other.post('/api/me/qp/names', person(theirs, 9))).json().names[0].id;

    const over = await customer.post(`/api/me/qp/${itemId}/tramita`, { maximo: 4, list: [a, b] });
    expect(over.statusCode).toBe(400);
    expect(over.json().fields).toEqual([expect.objectContaining({ field: 'maximo' })]);
    const foreign = await customer.post(`/api/me/qp/${itemId}/tramita`, { maximo: 3, list: [a, theirName] });
    expect(foreign.statusCode).toBe(400);
    const twice = await customer.post(`/api/me/qp/${itemId}/tramita`, { maximo: 3, list: [a, a] });
    expect(twice.statusCode).toBe(400);

    const [one, two] = await Promise.all([
      customer.post(`/api/me/qp/${itemId}/tramita`, { maximo: 3, list: [a, b] }),
      customer.post(`/api/me/qp/${itemId}/tramita`, { maximo: 3, list: [a, b] }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const sent = (one.statusCode === 200 ? one : two).json();
    expect(sent).toMatchObject({ state: 'sent', editable: false, maximo: 3 });
    expect(sent.names.every((n: { processed_at: string | null }) => n.processed_at !== null)).toBe(true);

    expect((await customer.post('/api/me/qp/names', person(itemId, 10))).statusCode).toBe(409);
    expect((await customer.post(`/api/me/qp/${itemId}/tramita`, { maximo: 1, list: [a] })).statusCode).toBe(409);
    const history = await t.app.ctx.db.select().from(itemHistory).where(eq(itemHistory.itemId, itemId));
    expect(history.filter((h) => h.accion === 'qp_nombres_tramitados_cliente')).toHaveLength(1);
    // The other customer's name was not touched.
    const [their] = await t.app.ctx.db.select().from(qpNames).where(eq(qpNames.id, theirName));
    expect(their!.processedAt).toBeNull();
  });

  it('names an agent sent make the list read-only for the customer, and the properties found show', async () => {
    const itemId = await qpItem(customerId);
    const id = (await customer.post('/api/me/qp/names', person(itemId, 11))).json().names[0].id;
    expect((await agent.post(`/api/backoffice/qp/${itemId}/tramita`, { maximo: 2, list: [id] })).statusCode).toBe(200);
    const found = await agent.post(`/api/backoffice/qp/${itemId}/localizaciones`, {
      list: [{ registro: 'Madrid 5', finca: '1234', municipio: 'Madrid', titular: 'Lucía Pérez' }],
    });
    expect(found.statusCode).toBe(200);
    expect((await customer.get(`/api/me/qp/${itemId}`)).json()).toMatchObject({
      state: 'sent',
      editable: false,
      maximo: 2,
      localizations: [{ registro: 'Madrid 5', finca: '1234', municipio: 'Madrid', titular: 'Lucía Pérez' }],
    });
  });

  it('anonymous callers must sign in', async () => {
    const anonymous = new TestClient(t.app);
    await anonymous.start();
    expect((await anonymous.get('/api/me/qp/1')).statusCode).toBe(401);
    expect((await anonymous.post('/api/me/qp/names', person(1, 1))).statusCode).toBe(401);
  });
});
