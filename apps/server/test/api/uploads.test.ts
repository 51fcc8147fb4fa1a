import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

/**
 * Documents uploaded in the wizard: POST/GET/DELETE /api/uploads, file references as answers checked by
 * evaluate, add-to-cart and checkout against the caller's own uploads, and the attachment to the order item.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
// The 8-byte PNG signature and an IHDR chunk header: enough for detection by content.
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);

function multipart(filename: string, bytes: Buffer, contentType = 'application/pdf') {
  const boundary = '----vtupload';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

interface FileRef {
  file_id: string;
  filename: string;
  size: number;
  content_type: string;
}

function upload(client: TestClient, filename: string, bytes: Buffer, contentType?: string) {
  return client.request({ method: 'POST', url: '/api/uploads', ...multipart(filename, bytes, contentType) });
}

async function uploaded(client: TestClient, filename = 'certificado.pdf', bytes = PDF): Promise<FileRef> {
  const res = await upload(client, filename, bytes);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<FileRef>();
}

/** Cadastral search as heir (store 14): the death certificate and heir document (3206) is required. */
const STORE = 14;
const PRODUCT = 'busqueda-catastral';
const heirAnswers = (file?: unknown) => ({
  '3201': '320102',
  '3202': 'Pedro Ruiz',
  '3203': '12345678Z',
  '3204': 'Ana Ruiz',
  '3205': '00000000T',
  ...(file === undefined ? {} : { '3206': file }),
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

function evaluate(client: TestClient, answers: Record<string, unknown>) {
  return client.post(`/api/stores/${STORE}/products/${PRODUCT}/evaluate`, { answers });
}

describe('POST /api/uploads', () => {
  it('an anonymous wizard session uploads a PDF and gets a file reference; only it can read the file', async () => {
    const c = new TestClient(t.app);
    await c.start(STORE);
    const res = await upload(c, 'Certificado de defunción.pdf', PDF);
    expect(res.statusCode, res.body).toBe(201);
    const ref = res.json<FileRef>();
    expect(ref).toEqual({
      file_id: expect.stringMatching(/^up_[A-Za-z0-9_-]{20,}$/),
      filename: 'Certificado de defunción.pdf',
      size: PDF.length,
      content_type: 'application/pdf',
    });

    const download = await c.get(`/api/uploads/${ref.file_id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const stranger = new TestClient(t.app);
    await stranger.start(STORE);
    expect((await stranger.get(`/api/uploads/${ref.file_id}`)).statusCode).toBe(404);
    expect((await stranger.delete(`/api/uploads/${ref.file_id}`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/uploads/${ref.file_id}`)).statusCode).toBe(404);
    expect((await c.get(`/api/uploads/${ref.file_id}`)).statusCode).toBe(200);
  });

  it('the type is decided by the content: text named .pdf is refused (415, in the store language); a PNG named .pdf is a PNG', async () => {
    const es = new TestClient(t.app);
    await es.start(1);
    const text = await upload(es, 'escritura.pdf', Buffer.from('esto no es un PDF, solo texto'));
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: 'Solo se admiten archivos PDF, JPEG o PNG.',
    });

    const en = new TestClient(t.app);
    await en.start(17);
    expect((await upload(en, 'deed.pdf', Buffer.from('MZ an executable'))).json().message).toBe(
      'Only PDF, JPEG or PNG files are accepted.',
    );
    const pt = new TestClient(t.app);
    await pt.start(16);
    expect((await upload(pt, 'escritura.pdf', Buffer.from('texto'))).json().message).toBe(
      'Só são aceites ficheiros PDF, JPEG ou PNG.',
    );

    const png = await upload(es, 'logo.pdf', PNG);
    expect(png.statusCode, png.body).toBe(201);
    expect(png.json()).toMatchObject({ content_type: 'image/png', filename: 'logo.pdf.png' });
  });

  it('refuses empty files, files over MAX_UPLOAD_BYTES and requests without a file, with clear messages', async () => {
    const c = new TestClient(t.app);
    await c.start(1);
    const empty = await upload(c, 'vacio.pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'FILE_EMPTY', message: 'El archivo está vacío. Elige otro archivo.' });

    const big = await upload(c, 'grande.pdf', Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'El archivo es demasiado grande (máximo 10 MB).',
    });

    const none = await c.post('/api/uploads', { nothing: true });
    expect(none.statusCode).toBe(400);
  });

  it('needs the CSRF token like every state-changing request', async () => {
    const c = new TestClient(t.app);
    await c.start(1);
    const res = await c.request({
      method: 'POST',
      url: '/api/uploads',
      ...multipart('a.pdf', PDF),
      headers: { ...multipart('a.pdf', PDF).headers, 'x-csrf-token': 'nope' },
    });
    expect(res.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/uploads', ...multipart('a.pdf', PDF) });
    expect(anonymous.statusCode).toBe(403);
  });

  it('DELETE removes the upload (remove or replace in the wizard); its id no longer answers anything', async () => {
    const c = new TestClient(t.app);
    await c.start(STORE);
    const ref = await uploaded(c);
    expect((await evaluate(c, heirAnswers(ref))).json().errors).toEqual([]);
    expect((await c.delete(`/api/uploads/${ref.file_id}`)).statusCode).toBe(204);
    expect((await c.get(`/api/uploads/${ref.file_id}`)).statusCode).toBe(404);
    expect((await evaluate(c, heirAnswers(ref))).json().errors).toEqual([
      { option_id: 3206, message: 'El documento no está disponible: vuelve a subirlo' },
    ]);
  });
});

describe('file references as answers', () => {
  it('a required file question left empty: "Por favor, adjunta el documento"', async () => {
    const c = new TestClient(t.app);
    await c.start(STORE);
    expect((await evaluate(c, heirAnswers())).json().errors).toEqual([
      { option_id: 3206, message: 'Por favor, adjunta el documento' },
    ]);
  });

  it("evaluate takes the caller's own upload, with the server's name and size (not the browser's)", async () => {
    const c = new TestClient(t.app);
    await c.start(STORE);
    const ref = await uploaded(c, 'defuncion.pdf');
    const res = await evaluate(c, heirAnswers({ ...ref, filename: 'otro-nombre.exe', size: 1 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().errors).toEqual([]);
    expect(res.json().answers['3206']).toEqual(ref);
  });

  it("someone else's file id is an invalid answer on evaluate and add-to-cart", async () => {
    const owner = new TestClient(t.app);
    await owner.start(STORE);
    const ref = await uploaded(owner);
    const thief = new TestClient(t.app);
    await thief.start(STORE);
    const invalid = [{ option_id: 3206, message: 'El documento no está disponible: vuelve a subirlo' }];
    expect((await evaluate(thief, heirAnswers(ref))).json().errors).toEqual(invalid);
    // Without any session (evaluate needs none) a reference is not trusted either.
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/stores/${STORE}/products/${PRODUCT}/evaluate`,
      payload: { answers: heirAnswers(ref) },
    });
    expect(bare.json().errors).toEqual(invalid);
    const add = await thief.post('/api/cart/items', { store_id: STORE, url_key: PRODUCT, answers: heirAnswers(ref) });
    expect(add.statusCode).toBe(422);
    expect(add.json()).toMatchObject({ code: 'INVALID_ANSWERS', errors: invalid });
  });

  it('a text where a document is expected, or a made-up id, is invalid; extra fields in a reference are refused', async () => {
    const c = new TestClient(t.app);
    await c.start(STORE);
    const invalid = [{ option_id: 3206, message: 'El documento no está disponible: vuelve a subirlo' }];
    expect((await evaluate(c, heirAnswers('defuncion.pdf'))).json().errors).toEqual(invalid);
    expect((await evaluate(c, heirAnswers({ file_id: 'up_madeup' }))).json().errors).toEqual(invalid);
    expect((await evaluate(c, heirAnswers({ file_id: 'up_x', path: '/etc/passwd' }))).statusCode).toBe(400);
  });
});

describe('from the wizard to the order', () => {
  let orderId: number;
  let itemId: number;
  let ref: FileRef;
  let customer: TestClient;

  it('uploads follow the user at login, and checkout attaches them to the order item', async () => {
    customer = new TestClient(t.app);
    await customer.start(STORE);
    ref = await uploaded(customer, 'declaracion-herederos.pdf');
    const add = await customer.post('/api/cart/items', {
      store_id: STORE,
      url_key: PRODUCT,
      answers: heirAnswers(ref),
    });
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json().items[0].options).toContainEqual(
      expect.objectContaining({
        option_id: 3206,
        value: ref.file_id,
        print_value: 'declaracion-herederos.pdf',
        option_type: 'file',
      }),
    );

    await customer.register('heredero@example.com');
    const cart = (await customer.get('/api/cart')).json();
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0].valid).toBe(true);
    expect((await customer.get(`/api/uploads/${ref.file_id}`)).statusCode).toBe(200);

    const checkout = await customer.post(
      '/api/checkout',
      { payment_method: 'cc', accept_terms: true, start_now: true },
      { 'idempotency-key': 'uploads-checkout-1' },
    );
    expect(checkout.statusCode, checkout.body).toBe(201);
    orderId = checkout.json().order_id;

    const order = (await customer.get(`/api/me/orders/${orderId}`)).json();
    const item = order.items[0];
    itemId = item.id;
    expect(item.options).toContainEqual(
      expect.objectContaining({ option_id: 3206, print_value: 'declaracion-herederos.pdf' }),
    );
    expect(item.files).toEqual([
      expect.objectContaining({
        filename: 'declaracion-herederos.pdf',
        content_type: 'application/pdf',
        size: PDF.length,
        uploaded_by_customer: true,
        option_id: 3206,
      }),
    ]);
    const download = await customer.get(`/api/me/orders/${orderId}/files/${item.files[0].id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  it('signing in as someone else on a browser where a customer is signed in hands over nothing of theirs', async () => {
    // A shared computer: Ana is signed in (cart, uploaded document) and Luis signs in without signing her out.
    const browser = new TestClient(t.app);
    await browser.start(STORE);
    const luis = `luis-${Date.now()}@example.com`;
    const other = new TestClient(t.app);
    await other.register(luis);
    await browser.register(`ana-${Date.now()}@example.com`);
    const ref = await uploaded(browser, 'dni-ana.pdf');
    const add = await browser.post('/api/cart/items', { store_id: STORE, url_key: PRODUCT, answers: heirAnswers(ref) });
    expect(add.statusCode, add.body).toBe(201);
    const anaCart = add.json<{ quote_id: number }>().quote_id;
    const login = await browser.post('/api/auth/login', { email: luis, password: 'correct-horse-battery' });
    expect(login.statusCode, login.body).toBe(200);
    await browser.start(STORE);
    const cart = (await browser.get(`/api/cart?store_id=${STORE}`)).json<{
      quote_id: number | null;
      items: unknown[];
    }>();
    expect(cart.quote_id).not.toBe(anaCart);
    expect(cart.items).toEqual([]);
    expect((await browser.get(`/api/uploads/${ref.file_id}`)).statusCode).toBe(404);
    // Ana finds both again when she signs in.
    const ana = new TestClient(t.app);
    await ana.start(STORE);
    const [{ email }] = (
      await t.app.ctx.database.pool.query(
        'select u.email from carts c join users u on u.id = c.user_id where c.quote_id = $1',
        [anaCart],
      )
    ).rows;
    await ana.login(email, 'correct-horse-battery');
    expect((await ana.get(`/api/cart?store_id=${STORE}`)).json<{ quote_id: number }>().quote_id).toBe(anaCart);
    expect((await ana.get(`/api/uploads/${ref.file_id}`)).statusCode).toBe(200);
  });

  it('agents see the customer document on the item detail and download it', async () => {
    const agent = new TestClient(t.app);
    expect((await agent.login('agente@ventanilla.test', 'agente-demo-2026')).statusCode).toBe(200);
    const detail = (await agent.get(`/api/backoffice/items/${itemId}`)).json();
    expect(detail.files).toEqual([
      expect.objectContaining({
        filename: 'declaracion-herederos.pdf',
        uploaded_by_customer: true,
        option_id: 3206,
        visible_to_customer: true,
      }),
    ]);
    const download = await agent.get(`/api/backoffice/items/${itemId}/files/${detail.files[0].id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  it('another customer gets 404 for the order, its document and the upload', async () => {
    const other = new TestClient(t.app);
    await other.register('curioso@example.com');
    const order = (await customer.get(`/api/me/orders/${orderId}`)).json();
    expect((await other.get(`/api/me/orders/${orderId}`)).statusCode).toBe(404);
    expect((await other.get(`/api/me/orders/${orderId}/files/${order.items[0].files[0].id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/uploads/${ref.file_id}`)).statusCode).toBe(404);
    // Not 409 (the owner's answer): a stranger must not learn that the upload exists, nor that it is in an order.
    expect((await other.delete(`/api/uploads/${ref.file_id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/backoffice/items/${itemId}`)).statusCode).toBe(403);
  });

  it('an upload that is part of an order cannot be deleted (409)', async () => {
    const res = await customer.delete(`/api/uploads/${ref.file_id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Este documento ya forma parte de un pedido y no se puede borrar.');
  });

  it('the retention sweep deletes old unattached uploads, never those of an order', async () => {
    const c = new TestClient(t.app);
    await c.start(STORE);
    const loose = await uploaded(c, 'suelto.pdf');
    const later = new Date(Date.now() + 15 * 24 * 60 * 60 * 1000);
    expect(await t.app.ctx.uploads.sweepExpired(later)).toBeGreaterThanOrEqual(1);
    expect((await c.get(`/api/uploads/${loose.file_id}`)).statusCode).toBe(404);
    expect((await customer.get(`/api/uploads/${ref.file_id}`)).statusCode).toBe(200);
    const order = (await customer.get(`/api/me/orders/${orderId}`)).json();
    expect((await customer.get(`/api/me/orders/${orderId}/files/${order.items[0].files[0].id}`)).statusCode).toBe(200);
  });
});

describe('rate limit', () => {
  it('a session may upload UPLOADS_PER_HOUR files an hour (429 after)', async () => {
    const limited = await createTestApp({ env: { UPLOADS_PER_HOUR: '2' } });
    try {
      const c = new TestClient(limited.app);
      await c.start(1);
      for (let i = 0; i < 2; i++) expect((await upload(c, `a${i}.pdf`, PDF)).statusCode).toBe(201);
      const third = await upload(c, 'a2.pdf', PDF);
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe('TOO_MANY_UPLOADS');
    } finally {
      await limited.close();
    }
  });

  // Regression: the quota was counted, then the file stored, so 400 parallel uploads were all accepted.
  it('holds under concurrency: of 400 parallel uploads only the quota is accepted', async () => {
    const limited = await createTestApp({ env: { UPLOADS_PER_HOUR: '5' } });
    try {
      const c = new TestClient(limited.app);
      await c.start(1);
      const results = await Promise.all(Array.from({ length: 400 }, (_, i) => upload(c, `p${i}.pdf`, PDF)));
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((s) => s === 201)).toHaveLength(5);
      expect(codes.filter((s) => s !== 201).every((s) => s === 429)).toBe(true);
      const { rows } = await limited.app.ctx.database.pool.query<{ n: number }>(
        'select count(*)::int as n from uploads',
      );
      expect(rows[0]!.n).toBe(5);
    } finally {
      await limited.close();
    }
  });
});
