import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox, itemFiles, itemHistory, orderItems, orders } from '../../src/db/schema.js';
import type { OutgoingEmail } from '../../src/modules/email/email-transport.js';
import { TERMS_TEXTS } from '@ventanilla/domain';
import { currentTermsVersion } from '../../src/shared/terms-version.js';
import { pdfText } from '../support/pdf-text.js';
import { payOnSandbox, waitFor } from '../support/sandbox-browser.js';
import { AGENT, createTestApp, notaSimpleAnswers, signedIn, TestClient, type TestApp } from '../support/test-app.js';

// The right of withdrawal from the order page (docs/withdrawal.md): the order is cancelled, refunded through the
// provider with a credit note, and the customer told by e-mail; refused with 409 in the store's language when
// performed, late, unpaid or already withdrawn; someone else's order is 404; two at once refund once.

let t: TestApp;
let agent: TestClient;
/** The app's clock runs this far ahead of the real one (the "late" cases). */
let ahead = 0;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(Date.now() + ahead) });
  agent = await signedIn(t.app, AGENT);
});
afterAll(async () => t?.close());
afterEach(() => {
  ahead = 0;
  vi.restoreAllMocks();
});

const pool = () => t.app.ctx.database.pool;
const DAY = 86_400_000;

type Store = 1 | 16 | 17;

const LINES = {
  1: { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() },
  16: { store_id: 16, url_key: 'certidao-permanente-automovel', answers: { '4201': 'AA00AA', '4202': '420201' } },
  17: {
    store_id: 17,
    url_key: 'folio-request',
    answers: { '3801': '380101', '3802': '380206', '3803': 'DN1234F', '3806': '380601', '3808': '380801' },
  },
} as const;

async function customer(store: Store = 1) {
  const c = new TestClient(t.app);
  await c.start(store);
  const email = `desiste-${++seq}@example.com`;
  expect((await c.register(email)).statusCode).toBe(201);
  return { c, email };
}

async function unpaidOrder(c: TestClient, store: Store = 1) {
  expect((await c.post('/api/cart/items', LINES[store])).statusCode).toBe(201);
  const res = await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ order_id: number; redirect_url: string }>();
}

async function paidOrder(store: Store = 1) {
  const { c, email } = await customer(store);
  const { order_id: orderId, redirect_url: redirectUrl } = await unpaidOrder(c, store);
  await payOnSandbox(t.app, redirectUrl, { number: '4242424242424242' });
  await waitFor(
    async () => (await pool().query('select 1 from invoices where order_id = $1', [orderId])).rowCount === 1,
  );
  return { c, email, orderId };
}

const withdraw = (c: TestClient, orderId: number) => c.post(`/api/me/orders/${orderId}/withdraw`);

async function counts(orderId: number) {
  const q = async (sql: string) => Number((await pool().query(sql, [orderId])).rows[0].n);
  return {
    refunds: await q("select count(*)::int as n from refunds where order_id = $1 and status <> 'failed'"),
    providerRefunds: await q(
      'select count(*)::int as n from sandbox_refunds where payment_ref in (select provider_ref from payments where order_id = $1)',
    ),
    creditNotes: await q("select count(*)::int as n from invoices where order_id = $1 and kind = 'credit_note'"),
  };
}

async function orderRow(orderId: number) {
  const [row] = await t.app.ctx.db.select().from(orders).where(eq(orders.orderId, orderId));
  return row!;
}

async function mails(kind: string, orderId: number) {
  return t.app.ctx.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.orderId, orderId)));
}

/** Sends what is queued and returns what the transport was handed for this address. */
async function sentTo(email: string): Promise<OutgoingEmail[]> {
  const send = vi.spyOn(t.app.ctx.emailDispatcher.transport, 'send');
  await t.app.ctx.emailDispatcher.dispatchOnce();
  return send.mock.calls.map(([mail]) => mail).filter((m) => m.to === email);
}

describe('the order confirmation carries the model withdrawal form', () => {
  it('as a PDF filled with the seller, in the store language (es)', async () => {
    const { email, orderId } = await paidOrder();
    const [confirmed] = await mails('payment_confirmed', orderId);
    expect(confirmed?.attachments).toEqual([
      {
        filename: 'condiciones-contratacion.pdf',
        contentType: 'application/pdf',
        document: {
          type: 'terms',
          orderId,
          storeId: 1,
          version: expect.any(String),
          hash: expect.any(String),
          language: 'es',
        },
      },
      {
        filename: 'formulario-desistimiento.pdf',
        contentType: 'application/pdf',
        document: { type: 'withdrawal_form', orderId, storeId: 1 },
      },
    ]);
    expect(confirmed?.textBody).toContain('Adjuntamos el modelo de formulario de desistimiento');
    const sent = (await sentTo(email)).find((m) => m.subject.includes('Pago confirmado'));
    const pdf = sent?.attachments?.[1];
    expect(pdf?.filename).toBe('formulario-desistimiento.pdf');
    expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf!.content);
    const seller = t.app.ctx.legalEntities.forStore(1).entity;
    expect(text).toContain('Modelo de formulario de desistimiento');
    expect(text).toContain('A la atención de');
    expect(text).toContain(seller.legal_name);
    expect(text).toContain(seller.email);
    // The store's form, the same for every order (the e-mail names the order): made once, then kept.
    expect(text).not.toContain(`${orderId}`);
    const second = await paidOrder();
    const again = (await sentTo(second.email)).find((m) => m.subject.includes('Pago confirmado'));
    expect(Buffer.compare(again!.attachments![1]!.content, pdf!.content)).toBe(0);
    expect(Buffer.compare(again!.attachments![0]!.content, sent!.attachments![0]!.content)).toBe(0);
  });

  it('in English with the Irish "cancellation" wording for the Irish store', async () => {
    const { email, orderId } = await paidOrder(17);
    const [confirmed] = await mails('payment_confirmed', orderId);
    expect(confirmed?.attachments).toMatchObject([
      { filename: 'terms-and-conditions.pdf' },
      { filename: 'cancellation-form.pdf' },
    ]);
    const sent = (await sentTo(email)).find((m) => m.attachments?.length);
    const text = await pdfText(sent!.attachments![1]!.content);
    expect(text).toContain('Model cancellation form');
    expect(text).toContain('hereby give notice that I/We (*) cancel');
    expect(text).toContain(t.app.ctx.legalEntities.forStore(17).entity.legal_name);
  });

  it("queued without its store (an older message), the form still follows the order's store", async () => {
    const { email, orderId } = await paidOrder(17);
    const [confirmed] = await mails('payment_confirmed', orderId);
    expect(confirmed?.attachments).toContainEqual(
      expect.objectContaining({ document: { type: 'withdrawal_form', orderId, storeId: 17 } }),
    );
    await t.app.ctx.db
      .update(emailOutbox)
      .set({
        attachments: [
          {
            filename: 'cancellation-form.pdf',
            contentType: 'application/pdf',
            document: { type: 'withdrawal_form', orderId },
          },
        ],
      })
      .where(eq(emailOutbox.id, confirmed!.id));
    const sent = (await sentTo(email)).find((m) => m.attachments?.length);
    const text = await pdfText(sent!.attachments![0]!.content);
    expect(text).toContain('Model cancellation form');
    expect(text).toContain(t.app.ctx.legalEntities.forStore(17).entity.legal_name);
  });
});

describe('the order confirmation carries the terms accepted, as a PDF', () => {
  it.each([
    [1, 'es', 'condiciones-contratacion.pdf', 'Pago confirmado', 'Condiciones de contratación', 'Desistimiento'],
    [16, 'pt', 'termos-e-condicoes.pdf', 'Pagamento confirmado', 'Termos e condições', 'Livre resolução'],
    [17, 'en', 'terms-and-conditions.pdf', 'Payment confirmed', 'Terms and conditions', 'Right to cancel'],
  ] as const)(
    'store %i (%s): the version accepted, the seller and every heading',
    async (store, language, file, subject, title, withdrawalHeading) => {
      const { email, orderId } = await paidOrder(store);
      const row = await orderRow(orderId);
      expect(row.termsLanguage).toBe(language);
      const [confirmed] = await mails('payment_confirmed', orderId);
      // The message carries the terms as the paying transaction read them from the order: no read when it is sent.
      expect(confirmed?.attachments?.[0]).toEqual({
        filename: file,
        contentType: 'application/pdf',
        document: { type: 'terms', orderId, storeId: store, version: row.termsVersion, hash: row.termsHash, language },
      });
      const sent = (await sentTo(email)).find((m) => m.subject.includes(subject));
      const pdf = sent?.attachments?.find((a) => a.filename === file);
      expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(pdf!.content);
      const seller = t.app.ctx.legalEntities.forStore(store).entity;
      expect(text).toContain(title);
      for (const { heading } of TERMS_TEXTS[language].sections) expect(text).toContain(heading);
      expect(text).toContain(withdrawalHeading);
      expect(text).toContain(seller.legal_name);
      expect(text).toContain(seller.tax_id);
      expect(text).toContain(row.termsVersion!);
      expect(text).toContain(row.termsHash!);
      // The tokens are filled: the seller's e-mail and the country's consumer body, no brace left.
      expect(text).toContain(seller.email);
      expect(text).not.toMatch(/\{\w+\}/);
      // Nothing the standard font cannot draw (the time's narrow spaces, accents) came out as "?".
      expect(text).not.toContain('?');
    },
  );

  it('is never sent with terms other than those the order accepted: the message waits', async () => {
    const { email, orderId } = await paidOrder();
    // The terms the message carries are not this build's text.
    await t.app.ctx.db
      .update(emailOutbox)
      .set({
        attachments: sql`jsonb_set(${emailOutbox.attachments}, '{0,document,hash}', ${JSON.stringify('f'.repeat(64))}::jsonb)`,
      })
      .where(and(eq(emailOutbox.kind, 'payment_confirmed'), eq(emailOutbox.orderId, orderId)));
    const sent = (await sentTo(email)).filter((m) => m.subject.includes('Pago confirmado'));
    expect(sent).toEqual([]);
    const [confirmed] = await mails('payment_confirmed', orderId);
    expect(confirmed).toMatchObject({ status: 'pending', sentAt: null });
  });

  it('a message queued without its terms (an earlier build) prints the order’s, and waits when they are not this build’s', async () => {
    const { email, orderId } = await paidOrder();
    const [queued] = await mails('payment_confirmed', orderId);
    const attachments = queued!.attachments!.map((a) =>
      'document' in a && a.document.type === 'terms' ? { ...a, document: { type: 'terms' as const, orderId } } : a,
    );
    await t.app.ctx.db.update(emailOutbox).set({ attachments }).where(eq(emailOutbox.id, queued!.id));
    const setOrderHash = (termsHash: string) =>
      t.app.ctx.db.update(orders).set({ termsHash }).where(eq(orders.orderId, orderId));
    await setOrderHash('f'.repeat(64));
    expect((await sentTo(email)).filter((m) => m.subject.includes('Pago confirmado'))).toEqual([]);
    expect((await mails('payment_confirmed', orderId))[0]).toMatchObject({ status: 'pending', sentAt: null });
    // The order's own terms again: printed from the order.
    await setOrderHash(currentTermsVersion('es').hash);
    await t.app.ctx.db.update(emailOutbox).set({ nextAttemptAt: new Date() }).where(eq(emailOutbox.id, queued!.id));
    const sent = (await sentTo(email)).find((m) => m.subject.includes('Pago confirmado'));
    const pdf = sent?.attachments?.find((a) => a.filename === 'condiciones-contratacion.pdf');
    expect(await pdfText(pdf!.content)).toContain(currentTermsVersion('es').hash);
  });
});

describe('POST /api/me/orders/{id}/withdraw', () => {
  it('a paid order not yet performed: cancelled, refunded, credit note, history, e-mail with the PDF', async () => {
    const { c, email, orderId } = await paidOrder();
    const before = (await c.get(`/api/me/orders/${orderId}`)).json();
    expect(before.withdrawal).toMatchObject({ allowed: true, refusal: null, withdrawn_at: null });
    expect(before.withdrawal.last_day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const res = await withdraw(c, orderId);
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json();
    expect(done).toMatchObject({ order_id: orderId, status: 'canceled', refunded: '25.12' });
    expect(done.credit_note_number).toEqual(expect.any(String));

    const order = await orderRow(orderId);
    expect(order.status).toBe('canceled');
    expect(order.withdrawnAt).toBeInstanceOf(Date);
    expect(await counts(orderId)).toEqual({ refunds: 1, providerRefunds: 1, creditNotes: 1 });
    const { rows: refund } = await pool().query(
      'select status, amount, agent_user_id, reason, credit_note_id from refunds where order_id = $1',
      [orderId],
    );
    expect(refund).toMatchObject([{ status: 'succeeded', amount: 2512, agent_user_id: null }]);
    expect(refund[0].reason).toContain('Desistimiento');
    const { rows: note } = await pool().query(
      "select id, number, total from invoices where order_id = $1 and kind = 'credit_note'",
      [orderId],
    );
    expect(note).toMatchObject([{ number: done.credit_note_number, total: -2512, id: refund[0].credit_note_id }]);

    // Out of the queue with a history line; the customer sees it as "Abonado".
    const items = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(items.map((i) => i.panelStatusId)).toEqual([70]);
    const history = await t.app.ctx.db.select().from(itemHistory).where(eq(itemHistory.itemId, items[0]!.itemId));
    expect(history.at(-1)).toMatchObject({
      accion: 'desistimiento',
      newStatus: 70,
      adminUserId: null,
      details: { refunded: '25.12', credit_note: done.credit_note_number },
    });
    const after = (await c.get(`/api/me/orders/${orderId}`)).json();
    expect(after.status).toBe('canceled');
    expect(after.items[0].client_status).toMatchObject({ key: 'returned', text: 'Abonado' });
    expect(after.withdrawal).toMatchObject({ allowed: false, refusal: 'cancelled' });

    // One e-mail: the withdrawal's (no separate refund e-mail), with the credit note attached.
    expect(await mails('refund_issued', orderId)).toEqual([]);
    const [mail] = await mails('order_withdrawn', orderId);
    expect(mail?.subject).toBe(`Has desistido del pedido ${orderId}`);
    expect(mail?.textBody).toContain('25,12');
    expect(mail?.attachments).toEqual([
      {
        filename: `abono-${done.credit_note_number}.pdf`,
        contentType: 'application/pdf',
        document: { type: 'invoice', invoiceId: note[0].id },
      },
    ]);
    const sent = (await sentTo(email)).find((m) => m.subject.startsWith('Has desistido'));
    const pdf = sent?.attachments?.[0];
    expect(pdf?.filename).toBe(`abono-${done.credit_note_number}.pdf`);
    expect(await pdfText(pdf!.content)).toContain(done.credit_note_number);
  });

  it('two withdrawals at once refund once: one 200, the other 409', async () => {
    const { c, orderId } = await paidOrder();
    const [a, b] = await Promise.all([withdraw(c, orderId), withdraw(c, orderId)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json()).toEqual({
      code: 'WITHDRAWAL_REFUSED',
      message: 'Este pedido ya está cancelado: ya desististe de él o lo cancelamos nosotros.',
    });
    expect(await counts(orderId)).toEqual({ refunds: 1, providerRefunds: 1, creditNotes: 1 });
    expect(await mails('order_withdrawn', orderId)).toHaveLength(1);
  });

  it('someone else’s order is 404 and nothing changes; an unknown one too', async () => {
    const { orderId } = await paidOrder();
    const { c: stranger } = await customer();
    const res = await withdraw(stranger, orderId);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await withdraw(stranger, 999_999_999)).statusCode).toBe(404);
    expect((await orderRow(orderId)).status).toBe('complete');
    expect(await counts(orderId)).toEqual({ refunds: 0, providerRefunds: 0, creditNotes: 0 });
  });

  it('after the 14 days (the seller calendar): 409 naming the last day', async () => {
    const { c, orderId } = await paidOrder();
    const lastDay = (await c.get(`/api/me/orders/${orderId}`)).json().withdrawal.last_day as string;
    const [y, m, d] = lastDay.split('-');
    // Past the last day, whatever the hour: it is at most 16 days after the contract's day (a weekend adds 2).
    ahead = 17 * DAY;
    const res = await withdraw(c, orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'WITHDRAWAL_REFUSED',
      message: `El plazo de 14 días para desistir de este pedido terminó el ${d}/${m}/${y}. Si hay algún problema, escríbenos.`,
    });
    expect((await c.get(`/api/me/orders/${orderId}`)).json().withdrawal).toMatchObject({
      allowed: false,
      refusal: 'period_over',
    });
    expect(await counts(orderId)).toEqual({ refunds: 0, providerRefunds: 0, creditNotes: 0 });
    // Still inside the period (a week later) it is allowed.
    ahead = 7 * DAY;
    expect((await withdraw(c, orderId)).statusCode).toBe(200);
  });

  it('a delivered line, or a document handed over, means performed: 409 in the store language (en)', async () => {
    const { c, orderId } = await paidOrder(17);
    const [item] = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    await t.app.ctx.db.update(orderItems).set({ panelStatusId: 110 }).where(eq(orderItems.itemId, item!.itemId));
    const res = await withdraw(c, orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^You can no longer withdraw from this order: the service has been completed/);
    expect((await c.get(`/api/me/orders/${orderId}`)).json().withdrawal).toMatchObject({ refusal: 'performed' });

    const other = await paidOrder();
    const [line] = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, other.orderId));
    await t.app.ctx.db.insert(itemFiles).values({
      itemId: line!.itemId,
      filename: 'nota-simple.pdf',
      contentType: 'application/pdf',
      size: 10,
      sha256: '0'.repeat(64),
      storageKey: 'missing',
      visibleToCustomer: true,
    });
    const refused = await withdraw(other.c, other.orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Ya no puedes desistir de este pedido: el trámite se ha completado/);
    expect(await counts(other.orderId)).toEqual({ refunds: 0, providerRefunds: 0, creditNotes: 0 });
  });

  it('an unpaid order: 409, nothing to withdraw from', async () => {
    const { c } = await customer();
    const { order_id: orderId } = await unpaidOrder(c);
    const res = await withdraw(c, orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Este pedido no está pagado/);
    expect((await orderRow(orderId)).status).toBe('pending');
  });

  it('when the provider refuses the refund: 502, the order stays as it was and can be withdrawn later', async () => {
    const { c, orderId } = await paidOrder();
    const provider = t.app.ctx.payments.provider('sandbox')!;
    vi.spyOn(provider, 'refund').mockResolvedValueOnce({ status: 'failed', failureCode: 'insufficient_balance' });
    const res = await withdraw(c, orderId);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('REFUND_FAILED');
    const order = await orderRow(orderId);
    expect([order.status, order.withdrawnAt]).toEqual(['complete', null]);
    expect(await counts(orderId)).toEqual({ refunds: 0, providerRefunds: 0, creditNotes: 0 });
    expect(await mails('order_withdrawn', orderId)).toEqual([]);
    vi.restoreAllMocks();
    expect((await withdraw(c, orderId)).statusCode).toBe(200);
    expect(await counts(orderId)).toEqual({ refunds: 1, providerRefunds: 1, creditNotes: 1 });
  });

  it('odd ids in the path answer 400 or 404, never 500, and touch nothing', async () => {
    const { c, orderId } = await paidOrder();
    for (const id of ['%00', `${orderId}%00`, '2147483648', '-1', '1e3', '0x10', `${orderId}.5`, '..%2F1', ' 1']) {
      const res = await c.post(`/api/me/orders/${id}/withdraw`);
      expect([400, 404], `${id}: ${res.body}`).toContain(res.statusCode);
    }
    expect((await orderRow(orderId)).status).toBe('complete');
    expect(await counts(orderId)).toEqual({ refunds: 0, providerRefunds: 0, creditNotes: 0 });
  });

  it('a withdrawal and a staff refund at the same moment never refund more than was paid', async () => {
    const { c, orderId } = await paidOrder();
    const paidCents = (await orderRow(orderId)).total as number;
    const [byCustomer, byStaff] = await Promise.all([
      withdraw(c, orderId),
      agent.post(`/api/backoffice/orders/${orderId}/refunds`, {
        amount: (paidCents / 100).toFixed(2),
        reason: 'Error del pedido',
      }),
    ]);
    // One of them returns the money; the other is refused (409), whichever came second.
    const statuses = [byCustomer.statusCode, byStaff.statusCode];
    expect(
      statuses.filter((s) => s === 200 || s === 201),
      `${byCustomer.body} ${byStaff.body}`,
    ).toHaveLength(1);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const { rows } = await pool().query(
      "select coalesce(sum(amount), 0)::int as refunded from refunds where order_id = $1 and status <> 'failed'",
      [orderId],
    );
    expect(rows[0].refunded).toBeLessThanOrEqual(paidCents);
    expect((await counts(orderId)).providerRefunds).toBe(1);
  });

  it('needs the CSRF header and a session', async () => {
    const { c, orderId } = await paidOrder();
    expect((await c.post(`/api/me/orders/${orderId}/withdraw`, undefined, { 'x-csrf-token': 'nope' })).statusCode).toBe(
      403,
    );
    const anonymous = new TestClient(t.app);
    await anonymous.start(1);
    expect((await withdraw(anonymous, orderId)).statusCode).toBe(401);
    expect((await orderRow(orderId)).status).toBe('complete');
  });
});

describe('refund and cancellation e-mails', () => {
  it('a staff refund tells the customer, with the credit note PDF', async () => {
    const { email, orderId } = await paidOrder();
    const res = await agent.post(`/api/backoffice/orders/${orderId}/refunds`, {
      amount: '10.00',
      penalty: '2.00',
      reason: 'Descuento por retraso',
    });
    expect(res.statusCode, res.body).toBe(201);
    const number = res.json().credit_note_number as string;
    const [mail] = await mails('refund_issued', orderId);
    expect(mail?.subject.replace(/\s/g, ' ')).toBe(`Te hemos devuelto 8,00 €: pedido ${orderId}`);
    expect(mail?.textBody.replace(/\u00a0/g, ' ')).toContain('Penalización retenida: 2,00 €');
    expect(mail?.attachments).toMatchObject([{ filename: `abono-${number}.pdf`, contentType: 'application/pdf' }]);
    const sent = (await sentTo(email)).find((m) => m.subject.startsWith('Te hemos devuelto'));
    expect(await pdfText(sent!.attachments![0]!.content)).toContain(number);
  });

  it('staff "not processing" (70 Denegado) tells the customer the line is cancelled', async () => {
    const { orderId } = await paidOrder();
    const [item] = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const res = await agent.post(`/api/backoffice/items/${item!.itemId}/not-processing`, {
      reason: 'El registro no tiene esa finca',
      version: item!.updatedAt.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mails('order_cancelled', orderId);
    expect(mail?.subject).toBe(
      `Hemos cancelado tu trámite Nota simple del Registro de la Propiedad (pedido ${orderId})`,
    );
    // The agent's reason is internal: it is not sent.
    expect(mail?.textBody).not.toContain('finca');
  });
});
