import { and, eq, ne } from 'drizzle-orm';
import { itemFlags } from '@ventanilla/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, itemFiles, itemHistory, orderItems, users } from '../../src/db/schema.js';
import { insertOrderWithItem } from '../support/order-fixtures.js';
import { ADMIN, AGENT, createTestApp, signedIn, type TestApp, TestClient } from '../support/test-app.js';

// The incident loop end to end through the API (docs/backoffice.md, "Templates and the incident loop"): the agent
// raises an incidence, the customer is e-mailed in the store's language, reads it in the panel and answers with a
// message and files; the answer lands in the history, the item is flagged answered and goes back to the queue.
// Runs on the embedded database, and on PostgreSQL with TEST_DATABASE_URL.

const MAX_UPLOAD = 64 * 1024;
let t: TestApp;
let agent: TestClient;
let admin: TestClient;
let customer: TestClient;
let other: TestClient;
let customerId: number;
let nextOrderId = 108_700_000;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

const signIn = (account: readonly [string, string]) => signedIn(t.app, account);

async function insertItem(fields: { storeId?: number; firstname?: string } = {}) {
  const { itemId, orderId, item } = await insertOrderWithItem(t.app.ctx.db, {
    orderId: nextOrderId++,
    customerId,
    storeId: fields.storeId ?? 1,
    email: 'loop-customer@example.com',
    firstname: fields.firstname ?? 'Lucía',
  });
  return { itemId, orderId, version: item.updatedAt.toISOString() };
}

async function itemRow(itemId: number) {
  const [row] = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.itemId, itemId));
  if (!row) throw new Error('no item');
  return row;
}

async function raise(itemId: number, version: string, incidenceId = 52, text = 'Falta la escritura de compraventa.') {
  return agent.post(`/api/backoffice/items/${itemId}/incidence`, { incidence_id: incidenceId, text, version });
}

/** A multipart answer: the field "message" and parts "files". */
function answerBody(message: string | null, files: Array<{ name: string; bytes: Buffer; type?: string }>) {
  const boundary = '----vtanswer';
  const parts: Buffer[] = [];
  if (message !== null) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\n${message}\r\n`, 'utf8'),
    );
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function answer(
  client: TestClient,
  orderId: number,
  itemId: number,
  message: string | null,
  files: Array<{ name: string; bytes: Buffer; type?: string }> = [],
) {
  return client.request({
    method: 'POST',
    url: `/api/me/orders/${orderId}/items/${itemId}/incidence`,
    ...answerBody(message, files),
  });
}

beforeAll(async () => {
  t = await createTestApp({ env: { MAX_UPLOAD_BYTES: String(MAX_UPLOAD) } });
  customer = new TestClient(t.app);
  await customer.start(1);
  expect((await customer.register('loop-customer@example.com')).statusCode).toBe(201);
  other = new TestClient(t.app);
  await other.start(1);
  expect((await other.register('loop-other@example.com')).statusCode).toBe(201);
  agent = await signIn(AGENT);
  admin = await signIn(ADMIN);
  const [c] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'loop-customer@example.com'));
  if (!c) throw new Error('customer missing');
  customerId = c.id;
});
afterAll(async () => t?.close());

describe('the agent raises an incidence', () => {
  it('sets status 60 with the incidence and text, records the history and e-mails the customer once', async () => {
    const { itemId, orderId, version } = await insertItem({ firstname: '<script>alert(1)</script>' });
    const res = await raise(itemId, version, 52, 'Falta la <b>escritura</b> & el DNI.');
    expect(res.statusCode).toBe(200);
    const out = res.json<{ panel_status_id: number; outbox_id: number; updated_at: string }>();
    expect(out.panel_status_id).toBe(60);
    const row = await itemRow(itemId);
    expect([row.panelStatusId, row.incidenciaStatusId, row.incidenciaText]).toEqual([
      60,
      52,
      'Falta la <b>escritura</b> & el DNI.',
    ]);
    expect(row.updatedAt.toISOString()).toBe(out.updated_at);
    const mails = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId));
    // The incidence's own e-mail, not the generic "incident" notice as well.
    expect(mails.map((m) => m.kind)).toEqual(['incidence']);
    const mail = mails[0]!;
    expect(mail.language).toBe('es');
    expect(mail.toAddress).toBe('loop-customer@example.com');
    expect(mail.subject).toBe(`Incidencia en tu pedido ${orderId}: Nota simple`);
    expect(mail.htmlBody).toContain('Falta la &lt;b&gt;escritura&lt;/b&gt; &amp; el DNI.');
    expect(mail.htmlBody).not.toContain('<script>alert(1)</script>');
    expect(mail.htmlBody).toContain(`customer/form/${itemId}/${orderId}`);
    const history = await t.app.ctx.db.select().from(itemHistory).where(eq(itemHistory.itemId, itemId));
    expect(history.map((h) => [h.accion, h.oldStatus, h.newStatus])).toEqual([['incidencia', 40, 60]]);
  });

  it('e-mails a Portuguese store’s customer in Portuguese', async () => {
    const { itemId, orderId, version } = await insertItem({ storeId: 16 });
    expect((await raise(itemId, version, 58, 'Precisamos da caderneta predial.')).statusCode).toBe(200);
    const [mail] = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId));
    expect(mail?.language).toBe('pt');
    expect(mail?.subject).toBe(`Incidência no seu pedido ${orderId}: Nota simple`);
    expect(mail?.textBody).toContain('Precisamos da caderneta predial.');
  });

  it('a stale version is 409 VERSION_CONFLICT and changes nothing', async () => {
    const { itemId, orderId } = await insertItem();
    const res = await raise(itemId, '2020-01-01T00:00:00.000Z');
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('VERSION_CONFLICT');
    expect((await itemRow(itemId)).panelStatusId).toBe(40);
    expect(await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId))).toEqual([]);
  });

  it('another agent’s lock is 423; missing values, empty text and unknown incidences are refused', async () => {
    const { itemId, version } = await insertItem();
    expect((await admin.post(`/api/backoffice/items/${itemId}/lock`)).statusCode).toBe(200);
    expect((await raise(itemId, version)).statusCode).toBe(423);
    expect((await admin.delete(`/api/backoffice/items/${itemId}/lock`)).statusCode).toBe(200);
    // 76 uses {{municipio}}, which this order does not give: named before anything is sent.
    const missing = await raise(itemId, version, 76);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fields: Array<{ message: string }> }>().fields[0]?.message).toBe(
      'Faltan datos para: {{municipio}}',
    );
    expect((await raise(itemId, version, 52, '   ')).statusCode).toBe(400);
    expect((await raise(itemId, version, 4242)).statusCode).toBe(404);
    expect((await raise(itemId, version, 52, 'a\u0000b')).statusCode).toBe(400);
    expect((await itemRow(itemId)).panelStatusId).toBe(40);
    // With the value typed by the agent it goes through.
    const typed = await agent.post(`/api/backoffice/items/${itemId}/incidence`, {
      incidence_id: 76,
      text: 'Revisa el número de finca.',
      version,
      values: { municipio: 'Getafe' },
    });
    expect(typed.statusCode).toBe(200);
  });
});

describe('notaries', () => {
  it('see and act on notary work only: another item is 404 for them and unchanged', async () => {
    const notary = await signIn(['notario@ventanilla.test', 'notario-demo-2026']);
    const { itemId, version } = await insertItem();
    expect((await notary.get(`/api/backoffice/items/${itemId}/incidence`)).statusCode).toBe(404);
    const res = await notary.post(`/api/backoffice/items/${itemId}/incidence`, {
      incidence_id: 52,
      text: 'x',
      version,
    });
    expect(res.statusCode).toBe(404);
    expect((await itemRow(itemId)).panelStatusId).toBe(40);
  });
});

describe('the customer answers', () => {
  it('sees the incident, answers with a file; the answer is in the history, flagged, and the item is back in the queue', async () => {
    const { itemId, orderId, version } = await insertItem();
    expect((await raise(itemId, version, 52, 'Sube la escritura.')).statusCode).toBe(200);

    const seen = await customer.get(`/api/me/orders/${orderId}/items/${itemId}/incidence`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      item_id: itemId,
      order_id: orderId,
      open: true,
      shown: true,
      incidence_name: 'Falta documentación',
      text: 'Sube la escritura.',
      answers: [],
    });

    // Nothing else is work, so the queue's next item can only be this one once it is answered.
    await t.app.ctx.db.update(orderItems).set({ panelStatusId: 110 }).where(ne(orderItems.itemId, itemId));
    expect((await agent.post('/api/backoffice/queue/next', { queue: 'default' })).statusCode).toBe(204);

    const res = await answer(customer, orderId, itemId, 'Aquí tenéis la escritura <firmada>.', [
      { name: '../../escritura.pdf', bytes: PDF },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ open: boolean; answers: Array<{ message: string }> }>()).toMatchObject({
      open: false,
      answers: [{ message: 'Aquí tenéis la escritura <firmada>.' }],
    });

    const row = await itemRow(itemId);
    expect([row.panelStatusId, row.incidenciaStatusId]).toEqual([40, 58]);
    expect(
      itemFlags(
        {
          orderId,
          productId: row.productId,
          panelStatusId: row.panelStatusId,
          incidenciaStatusId: row.incidenciaStatusId,
          history: [],
          incidenceTypesSent: [],
          answers: {},
          latestClientEmailAt: row.customerMessageAt,
          latestRegistryEmailAt: row.staffMessageAt,
        },
        new Date(),
      ).clientEmailAnswered,
    ).toBe(true);
    const history = await t.app.ctx.db
      .select()
      .from(itemHistory)
      .where(and(eq(itemHistory.itemId, itemId), eq(itemHistory.accion, 'respuesta_incidencia')));
    expect(history).toHaveLength(1);
    expect([history[0]?.oldStatus, history[0]?.newStatus, history[0]?.details?.message]).toEqual([
      60,
      40,
      'Aquí tenéis la escritura <firmada>.',
    ]);

    const staff = await agent.get(`/api/backoffice/items/${itemId}/incidence`);
    const view = staff.json<{
      answered: boolean;
      answers: Array<{ message: string; files: Array<{ id: number; filename: string }> }>;
    }>();
    expect(view.answered).toBe(true);
    expect(view.answers[0]?.files[0]?.filename).toBe('escritura.pdf');
    const file = await agent.get(`/api/backoffice/items/${itemId}/files/${view.answers[0]!.files[0]!.id}`);
    expect(file.statusCode).toBe(200);
    const detail = await agent.get(`/api/backoffice/items/${itemId}`);
    expect(detail.json<{ history: Array<{ accion: string }> }>().history[0]?.accion).toBe('respuesta_incidencia');

    const next = await agent.post('/api/backoffice/queue/next', { queue: 'default' });
    expect(next.statusCode).toBe(200);
    expect(next.json<{ item_id: number }>().item_id).toBe(itemId);

    // Answered once: the form is closed.
    const again = await answer(customer, orderId, itemId, 'Otra vez');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: string }>().code).toBe('INCIDENCE_NOT_OPEN');
  });

  it('someone else’s item is 404 (other customer, wrong order, staff); anonymous 401', async () => {
    const { itemId, orderId, version } = await insertItem();
    expect((await raise(itemId, version)).statusCode).toBe(200);
    const url = `/api/me/orders/${orderId}/items/${itemId}/incidence`;
    expect((await other.get(url)).statusCode).toBe(404);
    expect((await answer(other, orderId, itemId, 'mío', [{ name: 'a.pdf', bytes: PDF }])).statusCode).toBe(404);
    expect((await agent.get(url)).statusCode).toBe(404);
    const otherOrder = await insertItem();
    expect((await customer.get(`/api/me/orders/${otherOrder.orderId}/items/${itemId}/incidence`)).statusCode).toBe(404);
    expect((await customer.get(`/api/me/orders/${orderId}/items/99999999/incidence`)).statusCode).toBe(404);
    const anonymous = new TestClient(t.app);
    await anonymous.start(1);
    expect((await anonymous.get(url)).statusCode).toBe(401);
    expect((await answer(anonymous, orderId, itemId, 'x')).statusCode).toBe(401);
    expect((await itemRow(itemId)).panelStatusId).toBe(60);
    expect(await t.app.ctx.db.select().from(itemFiles).where(eq(itemFiles.itemId, itemId))).toEqual([]);
  });

  it('refuses wrong file types, huge files, too many files, NUL bytes and empty answers, changing nothing', async () => {
    const { itemId, orderId, version } = await insertItem();
    expect((await raise(itemId, version)).statusCode).toBe(200);
    const text = await answer(customer, orderId, itemId, 'x', [
      { name: 'virus.pdf', bytes: Buffer.from('MZ not a pdf at all'), type: 'application/pdf' },
    ]);
    expect(text.statusCode).toBe(415);
    const huge = Buffer.concat([PDF, Buffer.alloc(MAX_UPLOAD + 1, 0x20)]);
    expect((await answer(customer, orderId, itemId, 'x', [{ name: 'big.pdf', bytes: huge }])).statusCode).toBe(413);
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.pdf`, bytes: PDF }));
    expect((await answer(customer, orderId, itemId, 'x', six)).statusCode).toBe(429);
    expect((await answer(customer, orderId, itemId, 'hola\u0000adiós')).statusCode).toBe(400);
    expect((await answer(customer, orderId, itemId, '   ')).statusCode).toBe(400);
    expect((await answer(customer, orderId, itemId, 'x'.repeat(5001))).statusCode).toBe(400);
    expect(
      (await answer(customer, orderId, itemId, null, [{ name: 'e.pdf', bytes: Buffer.alloc(0) }])).statusCode,
    ).toBe(400);
    const json = await customer.post(`/api/me/orders/${orderId}/items/${itemId}/incidence`, { message: 'x' });
    expect(json.statusCode).toBe(400);
    expect((await itemRow(itemId)).panelStatusId).toBe(60);
    expect(await t.app.ctx.db.select().from(itemFiles).where(eq(itemFiles.itemId, itemId))).toEqual([]);
    // A file alone is an answer.
    expect((await answer(customer, orderId, itemId, null, [{ name: 'ok.pdf', bytes: PDF }])).statusCode).toBe(200);
  });

  it('two answers at once move the item once', async () => {
    const { itemId, orderId, version } = await insertItem();
    expect((await raise(itemId, version)).statusCode).toBe(200);
    const results = await Promise.all([
      answer(customer, orderId, itemId, 'uno'),
      answer(customer, orderId, itemId, 'dos'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const history = await t.app.ctx.db
      .select()
      .from(itemHistory)
      .where(and(eq(itemHistory.itemId, itemId), eq(itemHistory.accion, 'respuesta_incidencia')));
    expect(history).toHaveLength(1);
  });
});
