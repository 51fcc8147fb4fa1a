import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payOnSandbox, waitFor } from '../support/sandbox-browser.js';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
let agent: TestClient;
let customer: TestClient;
let orderId: number;
let itemId: number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** The item's current version (its updated_at), which every write sends back. */
async function version(): Promise<string> {
  return (await agent.get(`/api/backoffice/items/${itemId}`)).json().updated_at;
}

function multipart(filename: string, bytes: Buffer, contentType = 'application/pdf', version?: string) {
  const boundary = '----vtboundary';
  const versionPart =
    version === undefined
      ? ''
      : `--${boundary}\r\nContent-Disposition: form-data; name="version"\r\n\r\n${version}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(versionPart),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  t = await createTestApp();
  customer = new TestClient(t.app);
  await customer.start(1);
  await customer.post('/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() });
  await customer.register('bo-customer@example.com');
  const checkout = (
    await customer.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true })
  ).json();
  orderId = checkout.order_id;
  await payOnSandbox(t.app, checkout.redirect_url, { number: '4242424242424242' });
  await waitFor(async () => (await customer.get(`/api/orders/${orderId}/payment`)).json().paid);
  agent = new TestClient(t.app);
  expect((await agent.login('agente@ventanilla.test', 'agente-demo-2026')).statusCode).toBe(200);
  itemId = (await customer.get(`/api/me/orders/${orderId}`)).json().items[0].id;
});
afterAll(async () => t?.close());

describe('roles', () => {
  // Every registered back-office route against every role: route-permissions.test.ts. Here, the item's own pages.
  it("a customer is refused the item's pages, its upload included (403), and anonymous callers are asked to sign in", async () => {
    for (const url of [`/api/backoffice/items/${itemId}`, `/api/backoffice/items/${itemId}/files/1`]) {
      expect((await t.app.inject(url)).statusCode).toBe(401);
      const res = await customer.get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Acceso denegado. No tienes permisos para realizar esta acción.');
    }
    const upload = await customer.request({
      method: 'POST',
      url: `/api/backoffice/items/${itemId}/files`,
      ...multipart('a.pdf', PDF),
    });
    expect(upload.statusCode).toBe(403);
    expect((await t.app.inject(`/api/me/orders/${orderId}/files/1`)).statusCode).toBe(401);
  });

  it('admin and notary also get in', async () => {
    for (const [email, password] of [
      ['admin@ventanilla.test', 'admin-demo-2026'],
      ['notario@ventanilla.test', 'notario-demo-2026'],
    ] as const) {
      const c = new TestClient(t.app);
      await c.login(email, password);
      expect((await c.get('/api/backoffice/items')).statusCode).toBe(200);
    }
  });
});

describe('the list', () => {
  it('shows the paid item newest first with status text, 10 per page', async () => {
    const list = (await agent.get('/api/backoffice/items')).json();
    expect(list).toMatchObject({ page: 1, size: 10, has_more: false, total_exact: true });
    expect(list.items[0]).toMatchObject({
      item_id: itemId,
      order_id: orderId,
      panel_status_id: 40,
      status_text: 'Pendiente',
      email: 'bo-customer@example.com',
    });
  });

  it('filters by status, email and order id', async () => {
    expect(
      (await agent.get('/api/backoffice/items?status=40')).json().items.map((i: { item_id: number }) => i.item_id),
    ).toContain(itemId);
    expect((await agent.get('/api/backoffice/items?status=70')).json().total).toBe(0);
    expect((await agent.get('/api/backoffice/items?email=bo-customer')).json().total).toBe(1);
    expect((await agent.get('/api/backoffice/items?email=nobody%25')).json().total).toBe(0);
    // Every filter, paging and refusal: backoffice-search.test.ts.
    expect((await agent.get(`/api/backoffice/items?order_id=${orderId}`)).json().total).toBe(1);
    expect((await agent.get('/api/backoffice/items?order_id=abc')).statusCode).toBe(400);
  });

  it('lists the 24 statuses', async () => {
    const statuses = (await agent.get('/api/backoffice/statuses')).json().items;
    expect(statuses).toHaveLength(24);
    expect(statuses).toContainEqual({ id: 110, text: 'Entregado' });
  });
});

describe('working an item', () => {
  it('shows answers, customer and payment', async () => {
    const d = (await agent.get(`/api/backoffice/items/${itemId}`)).json();
    expect(d.product_options.find((o: { option_id: number }) => o.option_id === 80).print_value).toBe(
      'Calle Mayor 1, 2º B',
    );
    expect(d.customer.email).toBe('bo-customer@example.com');
    expect(d.payments[0]).toMatchObject({ method: 'cc', provider: 'sandbox', status: 'captured', amount: '25.12' });
    expect(d.history.map((h: { accion: string }) => h.accion)).toEqual(['pago_confirmado', 'pedido_creado']);
  });

  it('changes status with history (old, new, agent) and refuses stale or unknown changes', async () => {
    const loaded = (await agent.get(`/api/backoffice/items/${itemId}`)).json();
    const moved = await agent.post(`/api/backoffice/items/${itemId}/status`, {
      panel_status_id: 50,
      version: loaded.updated_at,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().history[0]).toMatchObject({
      accion: 'cambio_estado',
      old_status: 40,
      new_status: 50,
      admin_name: 'Andrés Agente',
      new_status_text: 'En proceso',
    });
    const stale = await agent.post(`/api/backoffice/items/${itemId}/status`, {
      panel_status_id: 60,
      version: loaded.updated_at,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    const unknown = await agent.post(`/api/backoffice/items/${itemId}/status`, {
      panel_status_id: 55,
      version: await version(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Estado no encontrado');
    const missing = await agent.post('/api/backoffice/items/999999/status', {
      panel_status_id: 50,
      version: loaded.updated_at,
    });
    expect(missing.statusCode).toBe(404);
    const noVersion = await agent.post(`/api/backoffice/items/${itemId}/status`, { panel_status_id: 60 });
    expect(noVersion.statusCode).toBe(400);
  });

  it('incident (60) shows Incidencia to the customer', async () => {
    await agent.post(`/api/backoffice/items/${itemId}/status`, { panel_status_id: 60, version: await version() });
    const item = (await customer.get(`/api/me/orders/${orderId}`)).json().items[0];
    expect(item.client_status).toEqual({ key: 'incidence', text: 'Incidencia', style: 'warning' });
  });

  it('adds notes; an empty note is refused with a message', async () => {
    const res = await agent.post(`/api/backoffice/items/${itemId}/notes`, {
      text: '  Pedida al registro de Alcalá  ',
      version: await version(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ text: 'Pedida al registro de Alcalá', admin_name: 'Andrés Agente' });
    const empty = await agent.post(`/api/backoffice/items/${itemId}/notes`, { text: '   ', version: await version() });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual([{ field: 'text', message: 'Escribe el texto de la nota' }]);
  });

  it('uploads the resulting PDF (checked by content), delivers, and the customer downloads it', async () => {
    const fake = multipart(
      'informe.pdf',
      Buffer.from('MZ this is an executable pretending to be a pdf'),
      'application/pdf',
      await version(),
    );
    const refused = await agent.request({ method: 'POST', url: `/api/backoffice/items/${itemId}/files`, ...fake });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe('Solo se admiten archivos PDF, JPEG o PNG.');

    const up = await agent.request({
      method: 'POST',
      url: `/api/backoffice/items/${itemId}/files`,
      ...multipart('../../nota simple.pdf', PDF, 'application/pdf', await version()),
    });
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({ filename: 'nota simple.pdf', content_type: 'application/pdf', size: PDF.length });
    const fileId = up.json().id as number;

    await agent.post(`/api/backoffice/items/${itemId}/status`, { panel_status_id: 110, version: await version() });
    const order = (await customer.get(`/api/me/orders/${orderId}`)).json();
    expect(order.items[0].client_status).toEqual({ key: 'ready', text: 'Listo', style: 'success' });
    expect(order.items[0].files).toEqual([expect.objectContaining({ id: fileId, filename: 'nota simple.pdf' })]);

    const download = await customer.get(`/api/me/orders/${orderId}/files/${fileId}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const other = new TestClient(t.app);
    await other.register('snoop@example.com');
    expect((await other.get(`/api/me/orders/${orderId}/files/${fileId}`)).statusCode).toBe(404);
    expect((await agent.get(`/api/backoffice/items/${itemId}/files/${fileId}`)).statusCode).toBe(200);
  });

  it('refuses files over the size limit and requests without a file', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]);
    const res = await agent.request({
      method: 'POST',
      url: `/api/backoffice/items/${itemId}/files`,
      ...multipart('big.pdf', big, 'application/pdf', await version()),
    });
    expect(res.statusCode).toBe(413);
    const unversioned = await agent.request({
      method: 'POST',
      url: `/api/backoffice/items/${itemId}/files`,
      ...multipart('a.pdf', PDF),
    });
    expect(unversioned.statusCode).toBe(400);
    const stale = await agent.request({
      method: 'POST',
      url: `/api/backoffice/items/${itemId}/files`,
      ...multipart('a.pdf', PDF, 'application/pdf', '2020-01-01T00:00:00.000Z'),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    const none = await agent.post(`/api/backoffice/items/${itemId}/files`, { nothing: true });
    expect(none.statusCode).toBe(400);
  });

  it('uploads need the CSRF token too', async () => {
    const res = await agent.request({
      method: 'POST',
      url: `/api/backoffice/items/${itemId}/files`,
      ...multipart('a.pdf', PDF),
      headers: { ...multipart('a.pdf', PDF).headers, 'x-csrf-token': 'nope' },
    });
    expect(res.statusCode).toBe(403);
  });
});
