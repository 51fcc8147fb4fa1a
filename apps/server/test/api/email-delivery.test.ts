// Transactional email through a real SMTP server started in the test (smtp-server), read back with mailparser:
// each kind arrives with the right recipient, subject, language and links; an outage delays but loses nothing;
// two dispatchers on one database never send a message twice.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmailDispatcher } from '../../src/modules/email/email-dispatcher.js';
import { SmtpTransport, type MailTransport } from '../../src/modules/email/email-transport.js';
import { payOnSandbox, waitFor } from '../support/sandbox-browser.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await new SmtpSink().start();
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'pedidos@ventanilla.test',
      MAIL_FROM_STORES: '16=encomendas@balcao.test',
      MAIL_RETRY_BASE_MS: '60000',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});
beforeEach(async () => {
  // Each test starts from an empty outbox and an empty server, with the server up.
  await t.app.ctx.database.pool.query('delete from email_outbox');
  // Earlier tests' unpaid orders are no longer the reminder job's business.
  await t.app.ctx.database.pool.query("update orders set status = 'canceled' where status = 'pending'");
  smtp.received.length = 0;
  smtp.holdUntilSessions = 0;
  smtp.rejectWith = null;
});

const sql = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.app.ctx.database.pool.query<T>(text, params).then((r) => r.rows);
const dispatch = () => t.app.ctx.emailDispatcher.dispatchOnce();

/** The reminder job's run: orders placed between 3 days and 30 minutes ago, still unpaid, get "order received". */
const remindUnpaid = () =>
  t.app.ctx.email.remindUnpaidOrders(new Date(Date.now() - 3 * 24 * 3_600_000), new Date(Date.now() - 30 * 60_000));

/**
 * A card order of a new customer. With `leftUnpaid` the customer left the provider's page: 31 minutes later the
 * reminder job writes its "order received" (a card checkout itself writes no message: the confirmation follows).
 */
async function placeOrder(email: string, firstname = 'Lucía', leftUnpaid = true) {
  const c = new TestClient(t.app);
  await c.start(1);
  expect(
    (await c.post('/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() })).statusCode,
  ).toBe(201);
  await c.register(email, 'correct-horse-battery', { firstname, lastname: 'Pérez' });
  const checkout = await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true });
  expect(checkout.statusCode).toBe(201);
  const orderId = checkout.json<{ order_id: number }>().order_id;
  if (leftUnpaid) {
    await sql("update orders set created_at = now() - interval '31 minutes' where order_id = $1", [orderId]);
    expect(await remindUnpaid()).toBe(1);
  }
  return { c, orderId, redirectUrl: checkout.json<{ redirect_url: string }>().redirect_url };
}

function links(text: string): string[] {
  return [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
}

describe('order emails arrive at the SMTP server', () => {
  it('a card checkout writes no message; once paid, the payment is confirmed (Spanish store, brand sender)', async () => {
    const { orderId, redirectUrl, c } = await placeOrder('confirmado@example.com', 'Lucía', false);
    // The customer is paying at the provider's page right now: "order received" would only be noise.
    expect(await sql('select kind from email_outbox where order_id = $1', [orderId])).toEqual([]);
    await payOnSandbox(t.app, redirectUrl, { number: '4242 4242 4242 4242' });
    await waitFor(async () => (await c.get(`/api/orders/${orderId}/payment`)).json<{ paid: boolean }>().paid);
    // Written in the paying transaction; nothing is sent until the dispatcher runs.
    expect(await sql('select kind, status from email_outbox where order_id = $1', [orderId])).toEqual([
      { kind: 'payment_confirmed', status: 'pending' },
    ]);
    expect(await dispatch()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [confirmed] = smtp.to('confirmado@example.com');
    expect(confirmed?.subject).toBe(`Pago confirmado: pedido ${orderId}`);
    expect(confirmed?.from?.text).toBe('"Ventanilla" <pedidos@ventanilla.test>');
    expect(confirmed?.text).toContain('En tramitación');
    expect(confirmed?.text).toMatch(/Nota simple del Registro de la Propiedad: 25,12\s€/);
    // A random Message-ID (128 bits), chosen when the message was queued and kept with it.
    expect(confirmed?.messageId).toMatch(/^<[0-9a-f]{32}@ventanilla\.test>$/);
    expect(await sql('select message_id from email_outbox where order_id = $1', [orderId])).toEqual([
      { message_id: confirmed?.messageId },
    ]);
    // Paid: the reminder job never writes "order received" for it. Nothing else is due.
    await sql("update orders set created_at = now() - interval '31 minutes' where order_id = $1", [orderId]);
    expect(await remindUnpaid()).toBe(0);
    expect(await dispatch()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.to('confirmado@example.com')).toHaveLength(1);
  });

  it('a card order left unpaid for 30 minutes gets "order received" with its pay link, once; then the payment confirmed', async () => {
    const { orderId, redirectUrl, c } = await placeOrder('recibido@example.com', 'Lucía', false);
    // Not yet: 29 minutes is too early.
    await sql("update orders set created_at = now() - interval '29 minutes' where order_id = $1", [orderId]);
    expect(await remindUnpaid()).toBe(0);
    await sql("update orders set created_at = now() - interval '31 minutes' where order_id = $1", [orderId]);
    expect(await remindUnpaid()).toBe(1);
    // Several instances run the job: the order's message is written once (its dedupe key).
    expect(await Promise.all([remindUnpaid(), remindUnpaid()])).toEqual([0, 0]);
    expect(await sql('select kind, status from email_outbox where order_id = $1', [orderId])).toEqual([
      { kind: 'order_received', status: 'pending' },
    ]);
    expect(await dispatch()).toEqual({ sent: 1, retried: 0, failed: 0 });

    const [received] = smtp.to('recibido@example.com');
    expect(received?.subject).toBe(`Hemos recibido tu pedido ${orderId}`);
    expect(received?.from?.text).toBe('"Ventanilla" <pedidos@ventanilla.test>');
    expect(received?.text).toContain('Hola, Lucía:');
    expect(received?.text).toMatch(/Nota simple del Registro de la Propiedad: 25,12\s€/);
    expect(links(received?.text ?? '')).toEqual(
      expect.arrayContaining([
        `http://shop.test/payment/order/${orderId}?store=1`,
        `http://shop.test/orders/detail/${orderId}?store=1`,
      ]),
    );
    expect(received?.html).toContain(`href="http://shop.test/orders/detail/${orderId}?store=1"`);

    // The customer comes back and pays: the confirmation follows, and no second "order received".
    await payOnSandbox(t.app, redirectUrl, { number: '4242 4242 4242 4242' });
    await waitFor(async () => (await c.get(`/api/orders/${orderId}/payment`)).json<{ paid: boolean }>().paid);
    expect(await dispatch()).toMatchObject({ sent: 1 });
    expect(smtp.to('recibido@example.com').map((m) => m.subject)).toEqual([
      `Hemos recibido tu pedido ${orderId}`,
      `Pago confirmado: pedido ${orderId}`,
    ]);
    expect(await remindUnpaid()).toBe(0);
  });

  it('an order paid later (bank transfer) gets "order received" at checkout', async () => {
    const c = new TestClient(t.app);
    await c.start(1);
    await c.post('/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() });
    await c.register('transferencia@example.com', 'correct-horse-battery', { firstname: 'Lucía', lastname: 'Pérez' });
    const checkout = await c.post('/api/checkout', { payment_method: 'bank', accept_terms: true, start_now: true });
    expect(checkout.statusCode).toBe(201);
    const orderId = checkout.json<{ order_id: number }>().order_id;
    const kinds = await sql<{ kind: string }>('select kind from email_outbox where order_id = $1 order by id', [
      orderId,
    ]);
    expect(kinds.map((k) => k.kind)).toContain('order_received');
  });

  it('payment instructions (Multibanco, Portuguese store): entity, reference, amount and deadline in Portuguese', async () => {
    const { orderId } = await placeOrder('multibanco@example.com', 'João');
    // A Multibanco order belongs to a Portuguese store; the form of a Portuguese product is not the point here.
    await sql('update orders set store_id = 16 where order_id = $1', [orderId]);
    const [payment] = await sql<{ id: number }>('select id from payments where order_id = $1', [orderId]);
    await t.app.ctx.db.transaction((tx) =>
      t.app.ctx.orderEvents.emit('paymentInstructions', tx, {
        orderId,
        paymentId: payment!.id,
        method: 'multibanco',
        details: { entity: '21312', reference: '123 456 789', expires_at: '2026-12-01T15:30:00Z' },
      }),
    );
    await dispatch();
    const mail = smtp.to('multibanco@example.com').find((m) => m.subject?.startsWith('Dados para pagar'));
    expect(mail?.subject).toBe(`Dados para pagar o seu pedido ${orderId}`);
    expect(mail?.from?.text).toBe('"Balcão Ventanilla" <encomendas@balcao.test>');
    expect(mail?.text).toContain('Olá, João:');
    expect(mail?.text).toContain('Entidade: 21312');
    expect(mail?.text).toContain('Referência: 123 456 789');
    expect(mail?.text).toMatch(/Montante: 25,12\s€/);
    expect(mail?.text).toMatch(/Data limite de pagamento: 1 de dezembro de 2026.*15:30/);
    expect(mail?.text).toContain(`http://shop.test/orders/detail/${orderId}?store=16`);
  });

  it('bank transfer instructions: IBAN, holder and concept', async () => {
    const { orderId } = await placeOrder('transfer@example.com');
    const [payment] = await sql<{ id: number }>('select id from payments where order_id = $1', [orderId]);
    await t.app.ctx.db.transaction((tx) =>
      t.app.ctx.orderEvents.emit('paymentInstructions', tx, {
        orderId,
        paymentId: payment!.id,
        method: 'bank',
        details: {
          iban: 'ES91 2100 0418 4502 0005 1332',
          holder: 'Ventanilla Trámites S.L.',
          concept: String(orderId),
        },
      }),
    );
    await dispatch();
    const mail = smtp.to('transfer@example.com').find((m) => m.subject?.startsWith('Datos para pagar'));
    expect(mail?.text).toContain('haz una transferencia bancaria');
    expect(mail?.text).toContain('IBAN: ES91 2100 0418 4502 0005 1332');
    expect(mail?.text).toContain('Titular: Ventanilla Trámites S.L.');
    expect(mail?.text).toContain(`Concepto: ${orderId}`);
  });

  it('document ready (110) and incident needs your action (60), written by the agent status change', async () => {
    const { orderId } = await placeOrder('listo@example.com');
    const [item] = await sql<{ item_id: number }>('select item_id from order_items where order_id = $1', [orderId]);
    const agent = new TestClient(t.app);
    await agent.login('agente@ventanilla.test', 'agente-demo-2026');
    // Paid (status 40: an unpaid item only leaves status 0 through its payment), with the incident's text.
    await sql(
      "update order_items set panel_status_id = 40, incidencia_text = 'Falta la copia del DNI <del titular>' where item_id = $1",
      [item!.item_id],
    );
    // Each write carries the version (updated_at) of the item it was based on.
    const setStatus = async (status: number) => {
      const detail = await agent.get(`/api/backoffice/items/${item!.item_id}`);
      const version = (detail.json() as { updated_at: string }).updated_at;
      const res = await agent.post(`/api/backoffice/items/${item!.item_id}/status`, {
        panel_status_id: status,
        version,
      });
      return res.statusCode;
    };
    expect(await setStatus(60)).toBeLessThan(300);
    expect(await setStatus(110)).toBeLessThan(300);
    // 110 -> 120 is not news: no second "ready" email.
    expect(await setStatus(120)).toBeLessThan(300);
    await dispatch();
    const subjects = smtp.to('listo@example.com').map((m) => m.subject);
    expect(subjects).toEqual([
      `Hemos recibido tu pedido ${orderId}`,
      `Incidencia en tu pedido ${orderId}: necesitamos tu respuesta`,
      `Tu trámite está listo: Nota simple del Registro de la Propiedad (pedido ${orderId})`,
    ]);
    const incident = smtp.to('listo@example.com')[1];
    expect(incident?.text).toContain('> Falta la copia del DNI <del titular>');
    expect(incident?.html).toContain('Falta la copia del DNI &lt;del titular&gt;');
    expect(smtp.to('listo@example.com')[2]?.text).toContain(`http://shop.test/orders/detail/${orderId}?store=1`);
  });

  it('a transaction that rolls back leaves no email behind', async () => {
    const { orderId } = await placeOrder('rollback@example.com');
    await sql('delete from email_outbox');
    await expect(
      t.app.ctx.db.transaction(async (tx) => {
        await t.app.ctx.orderEvents.emit('paid', tx, { orderId, paymentId: null });
        throw new Error('the payment change failed after the event');
      }),
    ).rejects.toThrow('failed after the event');
    expect(await sql('select id from email_outbox')).toEqual([]);
  });
});

describe('outage and concurrency', () => {
  it('SMTP server down: messages stay pending with backoff; back up: each delivered exactly once', async () => {
    const { orderId } = await placeOrder('outage@example.com');
    await smtp.stop();
    try {
      expect(await dispatch()).toEqual({ sent: 0, retried: 1, failed: 0 });
      const [row] = await sql<{ status: string; attempts: number; last_error: string; delay_s: number }>(
        'select status, attempts, last_error, extract(epoch from next_attempt_at - now())::int as delay_s from email_outbox where order_id = $1',
        [orderId],
      );
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row?.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(row?.delay_s).toBeGreaterThanOrEqual(55); // MAIL_RETRY_BASE_MS = 60 s
      // Not due yet: another pass does not try again.
      expect(await dispatch()).toEqual({ sent: 0, retried: 0, failed: 0 });

      // Time passes; still down: the second delay doubles.
      await sql('update email_outbox set next_attempt_at = now()');
      expect(await dispatch()).toEqual({ sent: 0, retried: 1, failed: 0 });
      const [second] = await sql<{ attempts: number; delay_s: number }>(
        'select attempts, extract(epoch from next_attempt_at - now())::int as delay_s from email_outbox where order_id = $1',
        [orderId],
      );
      expect(second?.attempts).toBe(2);
      expect(second?.delay_s).toBeGreaterThanOrEqual(115);
    } finally {
      await smtp.start();
    }
    await sql('update email_outbox set next_attempt_at = now()');
    expect(await dispatch()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await dispatch()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.to('outage@example.com')).toHaveLength(1);
    expect(await sql('select status, attempts, last_error from email_outbox where order_id = $1', [orderId])).toEqual([
      { status: 'sent', attempts: 3, last_error: null },
    ]);
  });

  it('a message refused for good (550) is marked failed at once and stays listed with its error', async () => {
    await placeOrder('rejected@example.com');
    smtp.rejectWith = 550;
    expect(await dispatch()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const [row] = await sql<{ status: string; last_error: string }>(
      "select status, last_error from email_outbox where to_address = 'rejected@example.com'",
    );
    expect(row?.status).toBe('failed');
    expect(row?.last_error).toMatch(/550/);
  });

  it('after the last attempt a message is marked failed, not dropped', async () => {
    await placeOrder('gives-up@example.com');
    await sql("update email_outbox set attempts = 9 where to_address = 'gives-up@example.com'"); // MAIL_MAX_ATTEMPTS defaults to 10
    await smtp.stop();
    try {
      expect(await dispatch()).toEqual({ sent: 0, retried: 0, failed: 1 });
    } finally {
      await smtp.start();
    }
    expect(await sql("select status, attempts from email_outbox where to_address = 'gives-up@example.com'")).toEqual([
      { status: 'failed', attempts: 10 },
    ]);
  });

  it('two dispatchers on the same database send each message exactly once', async () => {
    for (let i = 0; i < 4; i++) await placeOrder(`concurrent${i}@example.com`);
    // More messages, straight into the outbox in one transaction (as a busy moment would leave them).
    await t.app.ctx.db.transaction(async (tx) => {
      for (let i = 0; i < 16; i++) {
        await t.app.ctx.email.enqueue(tx, {
          storeId: 1,
          to: `bulk${i}@example.com`,
          message: { kind: 'document_ready', firstname: 'Ana', orderId: 100000000 + i, productName: 'Nota simple' },
        });
      }
    });
    // The first messages wait at the server until both dispatchers' connections have one in flight: the passes overlap.
    smtp.holdUntilSessions = 2;
    const options = { maxAttempts: 10, retryBaseMs: 60_000, retryMaxMs: 600_000, batchSize: 3 };
    const one = new EmailDispatcher(t.app.ctx.db, new SmtpTransport({ url: smtp.url }), options);
    const two = new EmailDispatcher(t.app.ctx.db, new SmtpTransport({ url: smtp.url }), options);
    // The order e-mails carry the withdrawal form, made as they are sent (docs/withdrawal.md): the app's renderer.
    one.renderDocument = two.renderDocument = t.app.ctx.emailDispatcher.renderDocument;
    const results = await Promise.all([one.dispatchOnce(), two.dispatchOnce(), one.dispatchOnce(), two.dispatchOnce()]);
    one.transport.close();
    two.transport.close();
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(20);
    // Both did part of the work, and the server got 20 distinct messages.
    expect(results[0]!.sent + results[2]!.sent).toBeGreaterThan(0);
    expect(results[1]!.sent + results[3]!.sent).toBeGreaterThan(0);
    const ids = smtp.received.map((m) => m.parsed.headers.get('x-ventanilla-outbox-id'));
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect(await sql("select count(*)::int as n from email_outbox where status = 'sent' and attempts = 1")).toEqual([
      { n: 20 },
    ]);
  });

  it('messages of one batch are recorded as sent together, each under its own claim and message id', async () => {
    const ids: number[] = [];
    await t.app.ctx.db.transaction(async (tx) => {
      for (let i = 0; i < 5; i++) {
        const id = await t.app.ctx.email.enqueue(tx, {
          storeId: 1,
          to: `batch${i}@example.com`,
          message: { kind: 'document_ready', firstname: 'Ana', orderId: 100000100 + i, productName: 'Nota simple' },
        });
        ids.push(id!);
      }
    });
    const stolen = ids[2]!;
    const transport: MailTransport = {
      name: 'mailbox',
      async send(mail) {
        // Another dispatcher took this one's claim while it was being sent: it is not ours to record.
        if (mail.id === stolen)
          await sql("update email_outbox set claim_token = 'someone-else' where id = $1", [stolen]);
        return { messageId: `<sent-${mail.id}@ventanilla.test>` };
      },
      close() {},
    };
    const dispatcher = new EmailDispatcher(t.app.ctx.db, transport, {
      maxAttempts: 5,
      retryBaseMs: 60_000,
      retryMaxMs: 600_000,
    });
    // Each statement that records sent messages (one per batch of records waiting together).
    const writes = vi.spyOn(
      dispatcher as unknown as { writeSent: (batch: unknown[]) => Promise<Set<number>> },
      'writeSent',
    );
    expect([...(await dispatcher.deliverByIds(ids, 5)).values()]).toEqual(ids.map(() => ({ outcome: 'sent' })));
    expect(writes.mock.calls.flatMap(([batch]) => batch)).toHaveLength(ids.length);
    expect(writes.mock.calls.length).toBeGreaterThan(0);
    expect(writes.mock.calls.length).toBeLessThan(ids.length);
    const rows = await sql<{ id: number; status: string; message_id: string; transport: string | null }>(
      'select id::int, status, message_id, transport from email_outbox where id = any($1) order by id',
      [ids],
    );
    expect(rows).toEqual(
      ids.map((id) =>
        id === stolen
          ? { id, status: 'pending', message_id: expect.any(String) as string, transport: null }
          : { id, status: 'sent', message_id: `<sent-${id}@ventanilla.test>`, transport: 'mailbox' },
      ),
    );
  });
});
