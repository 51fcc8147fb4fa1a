import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerHistory,
  customerPaymentPreferences,
  emailOutbox,
  itemHistory,
  orderItems,
  users,
} from '../../src/db/schema.js';
import { insertOrderWithItem } from '../support/order-fixtures.js';
import { ADMIN, AGENT, createTestApp, NOTARY, signedIn, type TestApp, TestClient } from '../support/test-app.js';

// Staff edits (docs/backoffice.md, "Staff edits"): the client status with its e-mail, the item's attributes and the
// data-change alert, a customer's payment data with its history, one's own settings and the online agents. Roles,
// other customers' ids, odd ids and concurrent edits. Runs on the embedded database.

let t: TestApp;
const clock = new Date('2026-11-24T10:00:00.000Z');
let agent: TestClient;
let admin: TestClient;
let notary: TestClient;
let customer: TestClient;
let anonymous: TestClient;
let customerId: number;
let otherCustomerId: number;
let adminId: number;
let nextOrderId = 118_500_000;
const IBAN = 'ES9121000418450200051332';

async function insertItem(item: Partial<typeof orderItems.$inferInsert> = {}) {
  const { itemId, orderId } = await insertOrderWithItem(t.app.ctx.db, {
    orderId: nextOrderId++,
    customerId,
    email: 'edits-customer@example.com',
    item,
  });
  return { itemId, orderId };
}

async function row(itemId: number) {
  const [r] = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.itemId, itemId));
  if (!r) throw new Error(`item ${itemId} missing`);
  return r;
}
const v = async (itemId: number) => (await row(itemId)).updatedAt.toISOString();
const act = (client: TestClient, itemId: number, path: string, body: Record<string, unknown>) =>
  client.post(`/api/backoffice/items/${itemId}/${path}`, body);

const put = (client: TestClient, url: string, payload: Record<string, unknown>) =>
  client.request({ method: 'PUT', url, payload });

async function mails(orderId: number) {
  return t.app.ctx.db
    .select({ kind: emailOutbox.kind, subject: emailOutbox.subject })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.kind, 'client_status_changed')));
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  customer = new TestClient(t.app);
  await customer.start(1);
  expect((await customer.register('edits-customer@example.com')).statusCode).toBe(201);
  const other = new TestClient(t.app);
  await other.start(1);
  expect((await other.register('edits-other@example.com')).statusCode).toBe(201);
  anonymous = new TestClient(t.app);
  await anonymous.start(1);
  agent = await signedIn(t.app, AGENT);
  admin = await signedIn(t.app, ADMIN);
  notary = await signedIn(t.app, NOTARY);
  const all = await t.app.ctx.db.select({ id: users.id, email: users.email }).from(users);
  const id = (email: string) => all.find((u) => u.email === email)?.id ?? 0;
  customerId = id('edits-customer@example.com');
  otherCustomerId = id('edits-other@example.com');
  adminId = id(ADMIN[0]);
});
afterAll(async () => t?.close());

describe('client status', () => {
  it('sets it with a history line (old and new) and e-mails the customer when what they see changes', async () => {
    const { itemId, orderId } = await insertItem();
    const res = await act(agent, itemId, 'client-status', { client_status_id: 4, version: await v(itemId) });
    expect(res.statusCode).toBe(200);
    expect((await row(itemId)).clientStatusId).toBe(4);
    const [line] = await t.app.ctx.db
      .select()
      .from(itemHistory)
      .where(and(eq(itemHistory.itemId, itemId), eq(itemHistory.accion, 'cambio_estado_cliente')));
    expect(line?.details).toMatchObject({ old: null, new: 'ready', old_id: null, new_id: 4 });
    const sent = await mails(orderId);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toContain('Listo');
    const detail = (await agent.get(`/api/backoffice/items/${itemId}`)).json() as Record<string, unknown>;
    expect(detail).toMatchObject({ client_status_id: 4, client_status: 'ready', origin: 'web', atributos: [] });
  });

  it('no e-mail when the customer sees the same status; clearing goes back to the derived one', async () => {
    const { itemId, orderId } = await insertItem();
    // Status 40 on a paid order already shows "En tramitación": setting it explicitly tells the customer nothing new.
    expect(
      (await act(agent, itemId, 'client-status', { client_status_id: 2, version: await v(itemId) })).statusCode,
    ).toBe(200);
    expect(await mails(orderId)).toHaveLength(0);
    expect(
      (await act(agent, itemId, 'client-status', { client_status_id: null, version: await v(itemId) })).statusCode,
    ).toBe(200);
    expect((await row(itemId)).clientStatusId).toBeNull();
    expect(await mails(orderId)).toHaveLength(0);
  });

  it('refuses unknown ids (400 "Estado no encontrado"), the same value (409), a stale version (409)', async () => {
    const { itemId } = await insertItem({ clientStatusId: 3 });
    for (const id of [6, 99]) {
      const res = await act(agent, itemId, 'client-status', { client_status_id: id, version: await v(itemId) });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('Estado no encontrado');
    }
    for (const id of [0, -1, 'x', 1.5]) {
      const res = await act(agent, itemId, 'client-status', { client_status_id: id, version: await v(itemId) });
      expect(res.statusCode).toBe(400);
    }
    expect(
      (await act(agent, itemId, 'client-status', { client_status_id: 3, version: await v(itemId) })).statusCode,
    ).toBe(409);
    const stale = '2020-01-01T00:00:00.000Z';
    expect((await act(agent, itemId, 'client-status', { client_status_id: 4, version: stale })).statusCode).toBe(409);
    expect((await row(itemId)).clientStatusId).toBe(3);
  });

  it('roles: anonymous 401, customers and notaries 403; an unknown item 404, an odd id 400', async () => {
    const { itemId } = await insertItem();
    const body = { client_status_id: 4, version: await v(itemId) };
    expect((await act(anonymous, itemId, 'client-status', body)).statusCode).toBe(401);
    expect((await act(customer, itemId, 'client-status', body)).statusCode).toBe(403);
    expect((await act(notary, itemId, 'client-status', body)).statusCode).toBe(403);
    expect((await act(agent, 2_000_000_000, 'client-status', body)).statusCode).toBe(404);
    expect((await agent.post('/api/backoffice/items/abc/client-status', body)).statusCode).toBe(400);
    expect((await row(itemId)).clientStatusId).toBeNull();
  });

  it('two agents at once with the same version: one wins, one e-mail', async () => {
    const { itemId, orderId } = await insertItem();
    const version = await v(itemId);
    const results = await Promise.all([
      act(agent, itemId, 'client-status', { client_status_id: 4, version }),
      act(admin, itemId, 'client-status', { client_status_id: 5, version }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await mails(orderId)).toHaveLength(1);
  });
});

describe('attributes and the data-change alert', () => {
  it('replaces the attributes with history; refuses repeated keys', async () => {
    const { itemId } = await insertItem();
    const atributos = [{ key: 'Finca', value: '1234' }];
    expect((await act(agent, itemId, 'attributes', { atributos, version: await v(itemId) })).statusCode).toBe(200);
    expect((await row(itemId)).atributos).toEqual(atributos);
    const bad = await act(agent, itemId, 'attributes', {
      atributos: [
        { key: 'A', value: '1' },
        { key: 'a', value: '2' },
      ],
      version: await v(itemId),
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('atributos.1.key');
    expect((await act(notary, itemId, 'attributes', { atributos, version: await v(itemId) })).statusCode).toBe(403);
  });

  it('the alert is on after a customer correction until switched off, and on again after the next one', async () => {
    const { itemId } = await insertItem({
      productOptions: [
        { option_id: 7, label: 'Municipio', value: 'Madrid', print_value: 'Madrid', option_type: 'text' },
      ],
    });
    const correction = (createdAt: Date, from: string, to: string) =>
      t.app.ctx.db.insert(itemHistory).values({
        itemId,
        accion: 'respuestas_corregidas',
        createdAt,
        details: { by: 'customer', old_answers: { 7: from }, new_answers: { 7: to } },
      });
    const read = async () =>
      (await agent.get(`/api/backoffice/items/${itemId}/data-changes`)).json() as {
        alert: boolean;
        changes: { by: string; answers: { label: string; from: string; to: string }[] }[];
      };
    expect((await read()).alert).toBe(false);
    await correction(new Date('2026-11-24T09:00:00Z'), 'Madird', 'Madrid');
    const first = await read();
    expect(first.alert).toBe(true);
    expect(first.changes).toEqual([
      expect.objectContaining({
        by: 'customer',
        answers: [{ key: '7', label: 'Municipio', from: 'Madird', to: 'Madrid' }],
      }),
    ]);
    expect((await agent.get(`/api/backoffice/items/${itemId}`)).json()).toMatchObject({ data_change_alert: true });
    expect((await act(notary, itemId, 'data-changes/alert', { on: false, version: await v(itemId) })).statusCode).toBe(
      404,
    );
    expect((await act(agent, itemId, 'data-changes/alert', { on: false, version: await v(itemId) })).statusCode).toBe(
      200,
    );
    expect((await read()).alert).toBe(false);
    await correction(new Date('2026-11-24T11:00:00Z'), 'Madrid', 'Getafe');
    expect((await read()).alert).toBe(true);
    expect((await customer.get(`/api/backoffice/items/${itemId}/data-changes`)).statusCode).toBe(403);
    expect((await agent.get(`/api/backoffice/items/0/data-changes`)).statusCode).toBe(400);
  });
});

describe("a customer's payment data", () => {
  const url = (id: number | string) => `/api/backoffice/customers/${id}/payment`;

  it('sets the method and a valid IBAN, shows it masked, records old and new (masked) in the history', async () => {
    const res = await put(agent, url(customerId), { preferred_payment: 'bank', iban: 'es91 2100 0418 4502 0005 1332' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ preferred_payment: 'bank', bank_account: 'ES91 •••• 1332', saved_card: null });
    expect(JSON.stringify(res.json())).not.toContain(IBAN);
    const [stored] = await t.app.ctx.db
      .select()
      .from(customerPaymentPreferences)
      .where(eq(customerPaymentPreferences.userId, customerId));
    expect(stored?.iban).toBe(IBAN);
    const history = (await agent.get(`/api/backoffice/customers/${customerId}/history`)).json() as {
      items: { accion: string; details: unknown }[];
    };
    expect(history.items.map((i) => i.accion).sort()).toEqual(['cambio_cuenta', 'cambio_pago']);
    expect(JSON.stringify(history)).not.toContain(IBAN);
  });

  it('refuses an invalid IBAN, a card number in its place, card fields and unknown methods', async () => {
    for (const body of [
      { preferred_payment: 'bank', iban: 'ES9121000418450200051333' },
      { preferred_payment: 'cc', iban: '4111 1111 1111 1111' },
      { preferred_payment: 'cc', card_number: '4111111111111111' },
      { preferred_payment: 'cash' },
    ]) {
      const res = await put(agent, url(customerId), body);
      expect([body, res.statusCode]).toEqual([body, 400]);
    }
    const bad = await put(agent, url(customerId), { preferred_payment: 'bank', iban: 'ES9121000418450200051333' });
    expect(JSON.stringify(bad.json())).toContain('El IBAN no es válido');
  });

  it('forgets the saved card (the history keeps brand and last four only)', async () => {
    await t.app.ctx.db
      .update(customerPaymentPreferences)
      .set({ providerToken: 'tok_x', cardBrand: 'visa', cardLast4: '4242' })
      .where(eq(customerPaymentPreferences.userId, customerId));
    const res = await put(agent, url(customerId), { preferred_payment: 'cc', remove_card: true });
    expect(res.json()).toMatchObject({ preferred_payment: 'cc', saved_card: null });
    const [stored] = await t.app.ctx.db
      .select()
      .from(customerPaymentPreferences)
      .where(eq(customerPaymentPreferences.userId, customerId));
    expect(stored?.providerToken).toBeNull();
    const lines = await t.app.ctx.db.select().from(customerHistory).where(eq(customerHistory.customerId, customerId));
    expect(lines.find((l) => l.accion === 'tarjeta_borrada')?.details).toEqual({ old: 'visa 4242' });
  });

  it('staff accounts and unknown ids are 404, odd ids 400; notaries, customers 403; anonymous 401', async () => {
    expect((await agent.get(url(adminId))).statusCode).toBe(404);
    expect((await put(agent, url(2_000_000_000), { preferred_payment: 'cc' })).statusCode).toBe(404);
    expect((await agent.get(url('x'))).statusCode).toBe(400);
    expect((await agent.get(url(0))).statusCode).toBe(400);
    expect((await notary.get(url(customerId))).statusCode).toBe(403);
    expect((await put(customer, url(otherCustomerId), { preferred_payment: 'cc' })).statusCode).toBe(403);
    expect((await anonymous.get(url(customerId))).statusCode).toBe(401);
  });

  it('two edits at once are applied one after the other: each history line names the value it replaced', async () => {
    await put(agent, url(otherCustomerId), { preferred_payment: 'cc' });
    await Promise.all([
      put(agent, url(otherCustomerId), { preferred_payment: 'paypal' }),
      put(admin, url(otherCustomerId), { preferred_payment: 'bizum' }),
    ]);
    const lines = await t.app.ctx.db
      .select()
      .from(customerHistory)
      .where(and(eq(customerHistory.customerId, otherCustomerId), eq(customerHistory.accion, 'cambio_pago')))
      .orderBy(customerHistory.id);
    const chain = lines.map((l) => l.details as { old: string | null; new: string });
    expect(chain).toHaveLength(3);
    expect(chain[1]?.old).toBe('cc');
    expect(chain[2]?.old).toBe(chain[1]?.new);
  });
});

describe('own settings and online agents', () => {
  const settings = {
    aircall: { user_id: '5512', number: '+34910000000' },
    correos: { codigo_etiquetador: 'AB12', numero_contrato: '5400', numero_cliente: null },
    product_lists: [{ id: 'notas', name: 'Notas simples', short_name: 'NS', product_names: ['Nota Simple'] }],
  };

  it('each account reads and saves its own, checked field by field; customers may not', async () => {
    expect((await put(agent, '/api/backoffice/me/settings', settings)).statusCode).toBe(200);
    expect((await agent.get('/api/backoffice/me/settings')).json()).toEqual(settings);
    const mine = (await notary.get('/api/backoffice/me/settings')).json() as typeof settings;
    expect(mine.product_lists).toEqual([]);
    const bad = await put(agent, '/api/backoffice/me/settings', {
      ...settings,
      aircall: { user_id: null, number: 'abc' },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('aircall.number');
    expect((await customer.get('/api/backoffice/me/settings')).statusCode).toBe(403);
  });

  it('admins see the staff active in the last minutes; agents may not', async () => {
    const res = await admin.get('/api/backoffice/agents/online');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { items: { name: string; role: string }[] };
    expect(body.items.map((i) => i.role)).toEqual(expect.arrayContaining(['admin', 'agent']));
    expect(body.items.every((i) => i.role !== ('customer' as string))).toBe(true);
    expect((await agent.get('/api/backoffice/agents/online')).statusCode).toBe(403);
  });
});
