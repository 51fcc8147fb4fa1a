import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_PAYMENT_MAX_FILES } from '@ventanilla/domain';
import { configProviderPaymentFiles } from '../../src/db/schema.js';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

// Provider payments' files (docs/backoffice.md, "Provider payments"): real files through the uploads' checks,
// listed and downloaded by agents and admins, uploaded and deleted by admins, every change in the payment's history.

const LISTS = '/api/backoffice/config-lists';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f650000000049454e44ae426082',
  'hex',
);

let t: TestApp;
let admin: TestClient;
let agent: TestClient;
let notary: TestClient;
let customer: TestClient;

function multipart(filename: string, bytes: Buffer, contentType = 'application/pdf') {
  const boundary = '----vtpayfile';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const filesUrl = (paymentId: number | string) => `${LISTS}/provider_payments/${paymentId}/files`;
const upload = (client: TestClient, paymentId: number | string, filename = 'factura.pdf', bytes = PDF, type?: string) =>
  client.request({ method: 'POST', url: filesUrl(paymentId), ...multipart(filename, bytes, type) });

async function signIn(email: string, password: string) {
  const c = new TestClient(t.app);
  expect((await c.login(email, password)).statusCode).toBe(200);
  return c;
}

async function newPayment(concepto = 'Factura de noviembre') {
  const res = await admin.post(`${LISTS}/provider_payments`, {
    provider_id: 'gestoria-files',
    concepto,
    importe: '80.00',
    fecha: '2026-11-20',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ key: string; id: number; version: number }>();
}

beforeAll(async () => {
  t = await createTestApp({ env: { MAX_UPLOAD_BYTES: String(64 * 1024) } });
  admin = await signIn('admin@ventanilla.test', 'admin-demo-2026');
  agent = await signIn('agente@ventanilla.test', 'agente-demo-2026');
  notary = await signIn('notario@ventanilla.test', 'notario-demo-2026');
  customer = new TestClient(t.app);
  expect((await customer.register('proveedor-cliente@example.com')).statusCode).toBe(201);
  expect(
    (await admin.post(`${LISTS}/providers`, { id: 'gestoria-files', nombre: 'Gestoría Archivos', escrituras: true }))
      .statusCode,
  ).toBe(201);
});
afterAll(async () => t?.close());

describe('uploading, listing, downloading and deleting', () => {
  it('an admin uploads a PDF; agents list and download the same bytes; the names and history follow', async () => {
    const payment = await newPayment();
    const res = await upload(admin, payment.key, 'Factura noviembre: 2026.pdf');
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json<{ id: number; filename: string; content_type: string; size: number }>();
    expect(file).toMatchObject({
      filename: 'Factura noviembre_ 2026.pdf',
      content_type: 'application/pdf',
      size: PDF.length,
    });

    const list = await agent.get(filesUrl(payment.key));
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((f: { id: number }) => f.id)).toEqual([file.id]);
    const download = await agent.get(`${filesUrl(payment.key)}/${file.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const record = (await admin.get(`${LISTS}/provider_payments/${payment.key}`)).json();
    expect(record).toMatchObject({ files: [file.filename], version: payment.version + 1 });
    const history = (await admin.get(`${LISTS}/provider_payments/${payment.key}/history`)).json().items;
    expect(history[0]).toMatchObject({
      action: 'file_added',
      changes: [{ field: 'files', old: '', new: file.filename }],
    });

    const png = await upload(admin, payment.key, 'justificante.png', PNG, 'image/png');
    expect(png.statusCode).toBe(201);
    const deleted = await admin.delete(`${filesUrl(payment.key)}/${file.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await agent.get(`${filesUrl(payment.key)}/${file.id}`)).statusCode).toBe(404);
    expect((await admin.get(`${LISTS}/provider_payments/${payment.key}`)).json().files).toEqual(['justificante.png']);
    expect((await admin.get(`${LISTS}/provider_payments/${payment.key}/history`)).json().items[0]).toMatchObject({
      action: 'file_deleted',
    });
  });

  it('status changes are recorded in the history; the names cannot be written by hand', async () => {
    const payment = await newPayment('Estado');
    const paid = await admin.request({
      method: 'PUT',
      url: `${LISTS}/provider_payments/${payment.key}`,
      payload: { version: payment.version, status: 'pagado' },
    });
    expect(paid.statusCode).toBe(200);
    const history = (await agent.get(`${LISTS}/provider_payments/${payment.key}/history`)).json().items;
    expect(history[0]).toMatchObject({
      action: 'update',
      changes: [{ field: 'status', old: 'pendiente', new: 'pagado' }],
    });
    const forged = await admin.request({
      method: 'PUT',
      url: `${LISTS}/provider_payments/${payment.key}`,
      payload: { version: payment.version + 1, files: ['inventado.pdf'] },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().fields).toEqual([expect.objectContaining({ field: 'files' })]);
    const created = await admin.post(`${LISTS}/provider_payments`, {
      provider_id: 'gestoria-files',
      concepto: 'Con nombres',
      importe: '1.00',
      fecha: '2026-11-20',
      files: ['inventado.pdf'],
    });
    expect(created.statusCode).toBe(400);
  });

  it('a payment with files is deactivated, not deleted, and then takes no more files', async () => {
    const payment = await newPayment('Borrado');
    expect((await upload(admin, payment.key)).statusCode).toBe(201);
    const removed = await admin.request({ method: 'DELETE', url: `${LISTS}/provider_payments/${payment.key}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().outcome).toBe('deactivated');
    const refused = await upload(admin, payment.key);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields[0]).toMatchObject({ field: 'file', code: 'inactive_payment' });
    expect((await agent.get(filesUrl(payment.key))).json().items).toHaveLength(1);
  });
});

describe('checks and abuse', () => {
  it('the type is decided by the bytes; empty, missing and too large files are refused', async () => {
    const payment = await newPayment('Comprobaciones');
    const fake = await upload(admin, payment.key, 'factura.pdf', Buffer.from('<script>alert(1)</script>'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    expect((await upload(admin, payment.key, 'vacio.pdf', Buffer.alloc(0))).statusCode).toBe(400);
    const big = await upload(admin, payment.key, 'grande.pdf', Buffer.concat([PDF, Buffer.alloc(70 * 1024)]));
    expect(big.statusCode).toBe(413);
    const notMultipart = await admin.post(filesUrl(payment.key), { file: 'x' });
    expect(notMultipart.statusCode).toBe(400);
    expect((await agent.get(filesUrl(payment.key))).json().items).toEqual([]);
  });

  it('roles: agents read, only admins write; notaries, customers and anonymous callers get nothing', async () => {
    const payment = await newPayment('Roles');
    const file = (await upload(admin, payment.key)).json<{ id: number }>();
    expect((await upload(agent, payment.key)).statusCode).toBe(403);
    expect((await agent.delete(`${filesUrl(payment.key)}/${file.id}`)).statusCode).toBe(403);
    for (const client of [notary, customer]) {
      expect((await client.get(filesUrl(payment.key))).statusCode).toBe(403);
      expect((await client.get(`${filesUrl(payment.key)}/${file.id}`)).statusCode).toBe(403);
    }
    const anonymous = new TestClient(t.app);
    await anonymous.start();
    expect((await anonymous.get(`${filesUrl(payment.key)}/${file.id}`)).statusCode).toBe(401);
    expect((await upload(anonymous, payment.key)).statusCode).toBe(401);
  });

  it("another payment's file id, unknown, huge or malformed ids are 400 or 404", async () => {
    const a = await newPayment('A');
    const b = await newPayment('B');
    const file = (await upload(admin, a.key)).json<{ id: number }>();
    expect((await agent.get(`${filesUrl(b.key)}/${file.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`${filesUrl(b.key)}/${file.id}`)).statusCode).toBe(404);
    expect((await agent.get(filesUrl(999_999))).statusCode).toBe(404);
    expect((await upload(admin, 999_999)).statusCode).toBe(404);
    for (const bad of [`${2 ** 40}`, '0', '-1', '1e3', '%00', 'abc']) {
      expect([400, 404]).toContain((await agent.get(filesUrl(bad))).statusCode);
      expect([400, 404]).toContain((await agent.get(`${filesUrl(a.key)}/${bad}`)).statusCode);
    }
    // The file of A is still there.
    expect((await agent.get(`${filesUrl(a.key)}/${file.id}`)).statusCode).toBe(200);
  });

  it('a NUL or path in the file name is made harmless', async () => {
    const payment = await newPayment('Nombres');
    const res = await upload(admin, payment.key, '../../etc/pass\u0001wd.pdf');
    expect(res.statusCode).toBe(201);
    expect(res.json().filename).toBe('pass_wd.pdf');
  });

  it(`holds at most ${PROVIDER_PAYMENT_MAX_FILES} files, also when uploads race`, async () => {
    const payment = await newPayment('Límite');
    for (let i = 0; i < PROVIDER_PAYMENT_MAX_FILES - 2; i++) {
      expect((await upload(admin, payment.key, `f${i}.pdf`)).statusCode).toBe(201);
    }
    const raced = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(admin, payment.key, `r${i}.pdf`)));
    const codes = raced.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 400, 400, 400, 400]);
    const rows = await t.app.ctx.db
      .select()
      .from(configProviderPaymentFiles)
      .where(eq(configProviderPaymentFiles.paymentId, Number(payment.key)));
    expect(rows).toHaveLength(PROVIDER_PAYMENT_MAX_FILES);
    const refused = raced.find((r) => r.statusCode === 400)!;
    expect(refused.json().fields[0]).toMatchObject({ code: 'too_many_files' });
    expect(refused.json().fields[0].message).toContain(String(PROVIDER_PAYMENT_MAX_FILES));
  });
});
