import { createHash } from 'node:crypto';
import { TERMS_UPDATED, termsCanonicalText, type Language } from '@ventanilla/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT, createTestApp, notaSimpleAnswers, signedIn, TestClient, type TestApp } from '../support/test-app.js';
import { eq } from 'drizzle-orm';
import { emailOutbox, invoices, orderItems, orders } from '../../src/db/schema.js';
import { payOnSandbox, waitFor } from '../support/sandbox-browser.js';

// The consumer-law checkout (docs/shop-flows.md "Consents at checkout"): POST /api/checkout needs
// `accept_terms: true` and, as every service starts at once, `start_now: true`; the order keeps the terms version and
// both consents and staff see them; pay links, quote links and agent orders record the same consents; a full invoice
// asked for at checkout is checked by the country's rules.

let t: TestApp;
let agent: TestClient;
let ip = 1;
const CONSENTS = { accept_terms: true, start_now: true };
const PT_ANSWERS = { '4201': 'AA00AA', '4202': '420201' };

/** A signed-out browser from its own address (the pay routes' per-IP limits). */
async function anonymous() {
  const c = new TestClient(t.app);
  const address = `10.23.0.${ip++}`;
  const request = c.request.bind(c);
  c.request = (options) => request({ ...options, remoteAddress: address });
  await c.start();
  return c;
}

/** A new customer of `store` with one service in the cart. */
async function withCart(email: string, store = 1) {
  const c = new TestClient(t.app);
  await c.start(store);
  expect((await c.register(email)).statusCode).toBe(201);
  const line =
    store === 16
      ? { store_id: 16, url_key: 'certidao-permanente-automovel', answers: PT_ANSWERS }
      : { store_id: store, url_key: 'nota-simple', answers: notaSimpleAnswers() };
  const add = await c.post('/api/cart/items', line);
  expect(add.statusCode, add.body).toBe(201);
  return c;
}

interface FieldErrorOut {
  field: string;
  message: string;
}
const fieldsOf = (body: string) => JSON.parse(body).fields as FieldErrorOut[];

/** The back office's view of an order (through its first item). */
async function staffOrder(orderId: number) {
  const [item] = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const res = await agent.get(`/api/backoffice/items/${item!.itemId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ order: Record<string, unknown> }>().order;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

beforeAll(async () => {
  t = await createTestApp();
  agent = await signedIn(t.app, AGENT);
});
afterAll(async () => t?.close());

describe('POST /api/checkout refuses an order without the consents, in the store language', () => {
  it.each<[Language, number, string, string]>([
    ['es', 1, 'Debes aceptar las condiciones de contratación', 'Debes solicitar que empecemos el trámite ya'],
    ['pt', 16, 'Tem de aceitar as condições de contratação', 'Tem de pedir que comecemos já o serviço'],
    ['en', 9, 'You must accept the terms of sale', 'You must ask us to start the service now'],
  ])('%s (store %i)', async (language, store, termsMessage, startMessage) => {
    const c = await withCart(`sin-consentir-${language}@example.com`, store);
    const none = await c.post('/api/checkout', { payment_method: 'cc' });
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json().code).toBe('VALIDATION_ERROR');
    const fields = fieldsOf(none.body);
    expect(fields.map((f) => f.field)).toEqual(['accept_terms', 'start_now']);
    expect(fields[0]!.message).toBe(termsMessage);
    expect(fields[1]!.message).toContain(startMessage);

    const noTerms = await c.post('/api/checkout', { payment_method: 'cc', start_now: true });
    expect(noTerms.statusCode).toBe(400);
    expect(fieldsOf(noTerms.body).map((f) => f.field)).toEqual(['accept_terms']);
    const noStart = await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true });
    expect(noStart.statusCode).toBe(400);
    expect(fieldsOf(noStart.body).map((f) => f.field)).toEqual(['start_now']);

    // Nothing was placed: the cart is still there, and with the consents it becomes an order.
    expect((await c.get('/api/me/orders')).json().items ?? []).toHaveLength(0);
    const ok = await c.post('/api/checkout', { payment_method: 'cc', ...CONSENTS });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().redirect_url).toEqual(expect.any(String));
  });

  it.each<[string, unknown]>([
    ['the string "true"', 'true'],
    ['the number 1', 1],
    ['null', null],
    ['false', false],
    ['an object', { value: true }],
    ['a list', [true]],
  ])('only a JSON true is consent, not %s', async (_, value) => {
    const c = await withCart(`abuso-${ip++}@example.com`);
    const terms = await c.post('/api/checkout', { payment_method: 'cc', accept_terms: value, start_now: true });
    expect(terms.statusCode, terms.body).toBe(400);
    expect(fieldsOf(terms.body).map((f) => f.field)).toEqual(['accept_terms']);
    const start = await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: value });
    expect(start.statusCode, start.body).toBe(400);
    expect(fieldsOf(start.body).map((f) => f.field)).toEqual(['start_now']);
  });
});

describe('what the order keeps, and what checkout shows before paying', () => {
  it('the cart answer names the seller, the terms version, each service and its delivery time', async () => {
    const c = await withCart('ve-vendedor@example.com');
    const cart = (await c.get('/api/cart')).json();
    expect(cart.seller).toEqual({
      legal_name: expect.any(String),
      tax_id: expect.any(String),
      address: expect.any(String),
    });
    expect(cart.seller.legal_name.length).toBeGreaterThan(0);
    expect(cart.terms).toEqual({ version: TERMS_UPDATED, hash: sha256(termsCanonicalText('es')), language: 'es' });
    expect(cart.required_consents).toEqual(['accept_terms', 'start_now']);
    expect(cart.items[0]).toMatchObject({
      characteristics: expect.stringMatching(/\S/),
      delivery_time: expect.stringMatching(/\S/),
      starts_now: true,
    });
    expect(cart.totals.total).toBe('25.12');
  });

  it.each<[Language, number]>([
    ['es', 1],
    ['pt', 16],
  ])('the terms version (%s) and both consents are stored and shown to staff', async (language, store) => {
    const c = await withCart(`consiente-${language}@example.com`, store);
    const before = Date.now();
    const res = await c.post('/api/checkout', { payment_method: 'cc', ...CONSENTS });
    expect(res.statusCode, res.body).toBe(201);
    const order = await staffOrder(res.json().order_id);
    const consents = order.consents as Record<string, string>;
    expect(consents).toMatchObject({
      terms_version: TERMS_UPDATED,
      terms_hash: sha256(termsCanonicalText(language)),
      terms_language: language,
    });
    expect(Date.parse(consents.accepted_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(consents.start_now_at).toBe(consents.accepted_at);
    expect(order.invoice_request).toBeNull();
  });

  it('staff cannot be told a consent the customer never gave: an agent order shows none until it is paid', async () => {
    const res = await agent.post('/api/backoffice/agent-orders', {
      customer: { email: 'agente-sin-consentir@example.com', firstname: 'Ana', lastname: 'Agente' },
      store_id: 1,
      url_key: 'nota-simple',
      answers: notaSimpleAnswers(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.app.ctx.db.select().from(orders).where(eq(orders.orderId, res.json().order_id));
    expect(row!.termsAcceptedAt).toBeNull();
    expect(row!.startNowAt).toBeNull();
  });
});

describe('pay links, quote links and agent orders record the same consents', () => {
  async function agentOrder(email: string) {
    const res = await agent.post('/api/backoffice/agent-orders', {
      customer: { email, firstname: 'Paula', lastname: 'Enlace' },
      store_id: 1,
      url_key: 'nota-simple',
      answers: notaSimpleAnswers(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json<{ order_id: number }>().order_id;
    const [mail] = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId));
    const key = new RegExp(`#k=(\\d{10}\\.[A-Za-z0-9_-]{43})`).exec(mail!.textBody)![1]!;
    return { orderId, key };
  }

  it('a pay link pays only with both consents, and the order keeps them', async () => {
    const { orderId, key } = await agentOrder('enlace-consiente@example.com');
    const payer = await anonymous();
    const bare = await payer.post(`/api/pay-links/${orderId}/pay`, { key, payment_method: 'cc' });
    expect(bare.statusCode, bare.body).toBe(400);
    expect(fieldsOf(bare.body).map((f) => f.field)).toEqual(['accept_terms', 'start_now']);
    expect(fieldsOf(bare.body)[0]!.message).toBe('Debes aceptar las condiciones de contratación');
    const string = await payer.post(`/api/pay-links/${orderId}/pay`, {
      key,
      payment_method: 'cc',
      accept_terms: 'true',
      start_now: true,
    });
    expect(string.statusCode).toBe(400);
    const pay = await payer.post(`/api/pay-links/${orderId}/pay`, { key, payment_method: 'cc', ...CONSENTS });
    expect(pay.statusCode, pay.body).toBe(201);
    const [row] = await t.app.ctx.db.select().from(orders).where(eq(orders.orderId, orderId));
    expect(row).toMatchObject({ termsVersion: TERMS_UPDATED, termsHash: sha256(termsCanonicalText('es')) });
    expect(row!.termsAcceptedAt).not.toBeNull();
    expect(row!.startNowAt).not.toBeNull();
  });

  it('an order without consents (an agent made it) paid signed in needs them; a retried checkout order does not', async () => {
    const c = await withCart('agente-firmado@example.com');
    const placed = await c.post('/api/checkout', { payment_method: 'cc', ...CONSENTS });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json<{ order_id: number }>().order_id;
    // A retry of an order that has its consents needs none.
    const retry = await c.post(`/api/orders/${orderId}/pay`, { payment_method: 'cc' });
    expect(retry.statusCode, retry.body).toBe(201);
    // As an agent's order is before its customer pays: no consents recorded.
    const none = { termsVersion: null, termsHash: null, termsLanguage: null, termsAcceptedAt: null, startNowAt: null };
    await t.app.ctx.db.update(orders).set(none).where(eq(orders.orderId, orderId));
    const bare = await c.post(`/api/orders/${orderId}/pay`, { payment_method: 'cc' });
    expect(bare.statusCode, bare.body).toBe(400);
    expect(fieldsOf(bare.body).map((f) => f.field)).toEqual(['accept_terms', 'start_now']);
    const pay = await c.post(`/api/orders/${orderId}/pay`, { payment_method: 'cc', ...CONSENTS });
    expect(pay.statusCode, pay.body).toBe(201);
    const [row] = await t.app.ctx.db.select().from(orders).where(eq(orders.orderId, orderId));
    expect(row!.termsAcceptedAt).not.toBeNull();
    expect(row!.startNowAt).not.toBeNull();
  });

  it('a quote link pays only with both consents, given by the payer', async () => {
    const owner = await withCart('presupuesto-consiente@example.com');
    const link = (await owner.post('/api/cart/quote-link')).json<{ quote_id: number; key: string }>();
    const payer = await anonymous();
    const bare = await payer.post(`/api/quote-links/${link.quote_id}/pay`, { key: link.key, payment_method: 'cc' });
    expect(bare.statusCode, bare.body).toBe(400);
    expect(fieldsOf(bare.body).map((f) => f.field)).toEqual(['accept_terms', 'start_now']);
    // Refused before anything is placed: the owner's cart is still a cart.
    expect((await owner.get('/api/cart')).json().items).toHaveLength(1);
    const noStart = await payer.post(`/api/quote-links/${link.quote_id}/pay`, {
      key: link.key,
      payment_method: 'cc',
      accept_terms: true,
      start_now: 1,
    });
    expect(noStart.statusCode).toBe(400);
    const pay = await payer.post(`/api/quote-links/${link.quote_id}/pay`, {
      key: link.key,
      payment_method: 'cc',
      ...CONSENTS,
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const order = await staffOrder(pay.json().order_id);
    expect(order.consents).toMatchObject({ terms_version: TERMS_UPDATED, terms_language: 'es' });
  });
});

describe('a full invoice asked for at checkout', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['a Spanish NIF with the wrong letter', { country: 'ES', tax_id: '12345678A' }, 'El NIF no es válido'],
    ['a Portuguese NIF with a bad check digit', { country: 'PT', tax_id: '123456780' }, 'El NIF no es válido'],
    ['an Irish VAT number of the wrong shape', { country: 'IE', tax_id: 'IE12' }, 'irlandés'],
    ['no tax id', { country: 'ES', tax_id: '' }, 'Por favor, escribe el dato'],
  ])('refuses %s by the country rules, placing nothing', async (_, invoice, message) => {
    const c = await withCart(`factura-mala-${ip++}@example.com`);
    const res = await c.post('/api/checkout', {
      payment_method: 'cc',
      ...CONSENTS,
      invoice: { name: 'Empresa SL', address: 'Calle Mayor 1, Madrid', ...invoice },
    });
    expect(res.statusCode, res.body).toBe(400);
    const fields = fieldsOf(res.body);
    expect(fields.map((f) => f.field)).toEqual(['invoice.tax_id']);
    expect(fields[0]!.message).toContain(message);
    expect((await c.get('/api/cart')).json().items).toHaveLength(1);
  });

  it('keeps a valid holder on the order, shown to staff, and saves it to the account when asked', async () => {
    const c = await withCart('factura-completa@example.com');
    const invoice = { name: ' Empresa SL ', tax_id: '12345678z', address: 'Calle Mayor 1, Madrid', country: 'ES' };
    const res = await c.post('/api/checkout', {
      payment_method: 'cc',
      ...CONSENTS,
      invoice: { ...invoice, save: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = await staffOrder(res.json().order_id);
    expect(order.invoice_request).toEqual({ name: 'Empresa SL', tax_id: '12345678Z', country: 'ES' });
    expect((await c.get('/api/me/billing')).json().billing).toMatchObject({ name: 'Empresa SL', tax_id: '12345678Z' });
  });

  it("the paid order's invoice names the holder given at checkout, not the account billing data", async () => {
    const c = await withCart('factura-emitida@example.com');
    expect(
      (
        await c.request({
          method: 'PUT',
          url: '/api/me/billing',
          payload: { name: 'Cuenta SL', tax_id: 'B12345674', address: 'Calle Cuenta 1', country: 'ES' },
        })
      ).statusCode,
    ).toBe(200);
    const invoice = { name: 'Compradora SL', tax_id: '12345678Z', address: 'Calle Mayor 3, Madrid', country: 'ES' };
    const res = await c.post('/api/checkout', { payment_method: 'cc', ...CONSENTS, invoice });
    expect(res.statusCode, res.body).toBe(201);
    const { order_id: orderId, redirect_url: redirectUrl } = res.json<{ order_id: number; redirect_url: string }>();
    await payOnSandbox(t.app, redirectUrl, { number: '4242 4242 4242 4242' });
    let issued: Array<typeof invoices.$inferSelect> = [];
    await waitFor(async () => {
      issued = await t.app.ctx.db.select().from(invoices).where(eq(invoices.orderId, orderId));
      return issued.length > 0;
    }, 15_000);
    expect(issued[0]!.recipient).toMatchObject({ name: 'Compradora SL', taxId: '12345678Z', country: 'ES' });
    // The account's billing data stays as it was (no "save").
    expect((await c.get('/api/me/billing')).json().billing).toMatchObject({ name: 'Cuenta SL' });
  });

  it('does not touch the account billing data unless asked', async () => {
    const c = await withCart('factura-sin-guardar@example.com');
    const invoice = { name: 'Otra SL', tax_id: '12345678Z', address: 'Calle Mayor 2', country: 'ES' };
    const res = await c.post('/api/checkout', { payment_method: 'cc', ...CONSENTS, invoice });
    expect(res.statusCode, res.body).toBe(201);
    expect((await c.get('/api/me/billing')).json().billing).toBeNull();
  });
});
