import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, itemFiles, itemHistory, orderItems, users } from '../../src/db/schema.js';
import { insertOrderWithItem } from '../support/order-fixtures.js';
import { ADMIN, AGENT, createTestApp, NOTARY, signedIn, type TestApp, TestClient } from '../support/test-app.js';

// E-mail and incidence templates (docs/backoffice.md, "Templates and the incident loop"): admin CRUD, placeholder
// checks, previews, and the agent's e-mail and PDF from a template. Runs on the embedded database, and on PostgreSQL
// with TEST_DATABASE_URL.

let t: TestApp;
let admin: TestClient;
let agent: TestClient;
let notary: TestClient;
let customer: TestClient;
let customerId: number;
let nextOrderId = 108_500_000;

const signIn = (account: readonly [string, string]) => signedIn(t.app, account);

/** One order with one item, written straight to the database. */
async function insertItem(
  fields: { storeId?: number; firstname?: string; referencia?: string | null; options?: boolean } = {},
): Promise<{ itemId: number; orderId: number; version: string }> {
  const { itemId, orderId, item } = await insertOrderWithItem(t.app.ctx.db, {
    orderId: nextOrderId++,
    customerId,
    storeId: fields.storeId ?? 1,
    email: 'templates-customer@example.com',
    firstname: fields.firstname ?? 'Lucía',
    item: {
      productOptions: fields.options
        ? [
            {
              option_id: 5,
              label: 'Dirección de la finca',
              value: 'Calle Mayor 1',
              print_value: 'Calle Mayor 1',
              option_type: 'field',
            },
            { option_id: 1, label: 'Número de finca', value: '4321', print_value: '4321', option_type: 'field' },
            { option_id: 2, label: 'Municipio', value: 'Getafe', print_value: 'Getafe', option_type: 'field' },
            { option_id: 3, label: 'Provincia', value: 'Madrid', print_value: 'Madrid', option_type: 'field' },
            {
              option_id: 4,
              label: 'Titular',
              value: 'Juan Español',
              print_value: 'Juan Español',
              option_type: 'field',
            },
          ]
        : [],
      referencia: fields.referencia === undefined ? 'REF-1' : fields.referencia,
    },
  });
  return { itemId, orderId, version: item.updatedAt.toISOString() };
}

const BODY = {
  language: 'es',
  name: 'Plantilla de prueba',
  group: 'Pruebas',
  template: '<p>Hola {{nombre}}, tu pedido {{numero_pedido}}.</p>',
  subject_template: 'Pedido {{numero_pedido}}',
  header_template: 'Hola {{nombre}}',
  button_template: 'Ver',
};

beforeAll(async () => {
  t = await createTestApp();
  customer = new TestClient(t.app);
  await customer.start(1);
  expect((await customer.register('templates-customer@example.com')).statusCode).toBe(201);
  admin = await signIn(ADMIN);
  agent = await signIn(AGENT);
  notary = await signIn(NOTARY);
  const [c] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'templates-customer@example.com'));
  if (!c) throw new Error('customer missing');
  customerId = c.id;
});
afterAll(async () => t?.close());

describe('seeded templates', () => {
  it('a fresh install has incidence templates with the spec ids in es, pt and en, and e-mail templates', async () => {
    const res = await agent.get('/api/backoffice/templates/incidence');
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: Array<{ id: number; language: string }> }>().items;
    for (const id of [52, 58, 76, 103, 143, 157, 158, 159, 160]) {
      expect(
        items
          .filter((i) => i.id === id)
          .map((i) => i.language)
          .sort(),
      ).toEqual(['en', 'es', 'pt']);
    }
    const emails = await agent.get('/api/backoffice/templates/email?language=pt');
    expect(emails.json<{ items: Array<{ language: string }> }>().items.length).toBeGreaterThanOrEqual(3);
    expect(emails.json<{ items: Array<{ language: string }> }>().items.every((i) => i.language === 'pt')).toBe(true);
  });

  it('lists the seventeen placeholders with labels in the store language', async () => {
    const res = await agent.get('/api/backoffice/templates/placeholders');
    const items = res.json<{ items: Array<{ name: string; label: string }> }>().items;
    expect(items).toHaveLength(17);
    expect(items).toContainEqual({ name: 'numero_finca', label: 'Número de finca' });
  });
});

describe('admin CRUD', () => {
  it('creates with the next free id, reads, updates and deletes', async () => {
    const created = await admin.post('/api/backoffice/templates/email', BODY);
    expect(created.statusCode).toBe(201);
    const row = created.json<{ id: number; language: string; template: string }>();
    expect(row.id).toBeGreaterThan(3);
    const url = `/api/backoffice/templates/email/${row.id}/es`;
    expect((await admin.get(url)).json<{ name: string }>().name).toBe('Plantilla de prueba');
    const updated = await admin.request({
      method: 'PUT',
      url,
      payload: { ...BODY, language: undefined, name: 'Otra' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<{ name: string }>().name).toBe('Otra');
    // The same id in another language is its own row.
    const pt = await admin.post('/api/backoffice/templates/email', { ...BODY, id: row.id, language: 'pt' });
    expect(pt.statusCode).toBe(201);
    const again = await admin.post('/api/backoffice/templates/email', { ...BODY, id: row.id, language: 'pt' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: string }>().code).toBe('TEMPLATE_EXISTS');
    expect((await admin.delete(url)).statusCode).toBe(204);
    expect((await admin.get(url)).statusCode).toBe(404);
    expect((await admin.delete(url)).statusCode).toBe(404);
    expect((await admin.get(`/api/backoffice/templates/email/${row.id}/pt`)).statusCode).toBe(200);
  });

  it('refuses an unknown placeholder when saving, naming it and the part', async () => {
    const res = await admin.post('/api/backoffice/templates/incidence', {
      ...BODY,
      template: '<p>{{nombre}} {{nombre_cliente}}</p>',
      subject_template: 'Pedido {{pedido}}',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; fields: Array<{ field: string; message: string }> }>();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.fields).toContainEqual({
      field: 'template',
      message: 'La plantilla usa marcadores que no existen: {{nombre_cliente}}',
    });
    expect(body.fields.find((f) => f.field === 'subject_template')?.message).toContain('{{pedido}}');
    // Nothing was written.
    const list = await admin.get('/api/backoffice/templates/incidence?language=es');
    expect(list.json<{ items: Array<{ name: string }> }>().items.some((i) => i.name === BODY.name)).toBe(false);
  });

  it('refuses a malformed placeholder and an empty name or body on update too', async () => {
    const url = '/api/backoffice/templates/incidence/52/es';
    const before = (await admin.get(url)).json<{ template: string }>();
    const res = await admin.request({
      method: 'PUT',
      url,
      payload: { name: ' ', template: '<p>{{nombre</p>' },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json<{ fields: Array<{ field: string }> }>().fields.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'template']));
    expect((await admin.get(url)).json<{ template: string }>().template).toBe(before.template);
  });

  it('cuts the body down to safe HTML when saving (no script, no event handlers)', async () => {
    const res = await admin.post('/api/backoffice/templates/email', {
      ...BODY,
      template: '<p onclick="x()">Hola {{nombre}}</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
    });
    expect(res.statusCode).toBe(201);
    const template = res.json<{ template: string }>().template;
    expect(template).not.toMatch(/script|onclick|javascript/);
    expect(template).toContain('{{nombre}}');
  });

  it('refuses NUL bytes, huge ids and unknown kinds or languages with 400', async () => {
    const nul = await admin.post('/api/backoffice/templates/email', { ...BODY, name: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    const huge = await admin.post('/api/backoffice/templates/email', { ...BODY, id: 99_999_999_999 });
    expect(huge.statusCode).toBe(400);
    expect((await admin.get('/api/backoffice/templates/sms')).statusCode).toBe(400);
    expect((await admin.get('/api/backoffice/templates/email/1/fr')).statusCode).toBe(400);
    expect((await admin.get('/api/backoffice/templates/email/abc/es')).statusCode).toBe(400);
    const long = await admin.post('/api/backoffice/templates/email', { ...BODY, template: 'x'.repeat(50_001) });
    expect(long.statusCode).toBe(400);
  });
});

describe('who may do what', () => {
  it('agents and notaries read and preview but cannot edit; customers 403; anonymous 401', async () => {
    const write = [
      { method: 'POST', url: '/api/backoffice/templates/email', payload: BODY },
      { method: 'PUT', url: '/api/backoffice/templates/email/1/es', payload: { ...BODY, language: undefined } },
      { method: 'DELETE', url: '/api/backoffice/templates/email/1/es' },
    ] as const;
    for (const call of write) {
      expect([call.method, (await agent.request({ ...call })).statusCode]).toEqual([call.method, 403]);
      expect([call.method, (await notary.request({ ...call })).statusCode]).toEqual([call.method, 403]);
    }
    const read = [
      { method: 'GET', url: '/api/backoffice/templates/email' },
      { method: 'GET', url: '/api/backoffice/templates/email/1/es' },
      { method: 'GET', url: '/api/backoffice/templates/placeholders' },
      { method: 'POST', url: '/api/backoffice/templates/preview', payload: { kind: 'email', template_id: 1 } },
    ] as const;
    const anonymous = new TestClient(t.app);
    await anonymous.start(1);
    for (const call of [...write, ...read]) {
      expect([call.url, (await customer.request({ ...call })).statusCode]).toEqual([call.url, 403]);
      expect([call.url, (await anonymous.request({ ...call })).statusCode]).toEqual([call.url, 401]);
    }
    for (const call of read) expect([call.url, (await agent.request({ ...call })).statusCode]).toEqual([call.url, 200]);
    // The agent's attempt changed nothing.
    expect((await admin.get('/api/backoffice/templates/email/1/es')).statusCode).toBe(200);
  });

  it('agent item actions: customers 403, anonymous 401', async () => {
    const { itemId, version } = await insertItem();
    const calls = [
      { method: 'POST', url: `/api/backoffice/items/${itemId}/template-emails`, payload: { template_id: 1, version } },
      { method: 'POST', url: `/api/backoffice/items/${itemId}/template-pdfs`, payload: { template_id: 2, version } },
      {
        method: 'POST',
        url: `/api/backoffice/items/${itemId}/incidence`,
        payload: { incidence_id: 52, text: 'x', version },
      },
      { method: 'GET', url: `/api/backoffice/items/${itemId}/incidence` },
    ] as const;
    const anonymous = new TestClient(t.app);
    await anonymous.start(1);
    for (const call of calls) {
      expect([call.url, (await customer.request({ ...call })).statusCode]).toEqual([call.url, 403]);
      expect([call.url, (await anonymous.request({ ...call })).statusCode]).toEqual([call.url, 401]);
    }
    const [item] = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.itemId, itemId));
    expect(item?.panelStatusId).toBe(40);
  });
});

describe('live preview', () => {
  it('the editor preview fills sample values, escapes them and lists unknown placeholders as a 400', async () => {
    const ok = await admin.post('/api/backoffice/templates/preview', {
      parts: { template: '<p>{{nombre}} · {{municipio}}</p>', subject_template: 'Pedido {{numero_pedido}}' },
      values: { nombre: '<script>alert(1)</script>' },
    });
    expect(ok.statusCode).toBe(200);
    const body = ok.json<{ body_html: string; subject: string; missing: unknown[] }>();
    expect(body.body_html).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; · Alcalá de Henares</p>');
    expect(body.subject).toBe('Pedido 100000001');
    expect(body.missing).toEqual([]);
    const bad = await admin.post('/api/backoffice/templates/preview', { parts: { template: '{{nope}}' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Array<{ message: string }> }>().fields[0]?.message).toContain('{{nope}}');
  });

  it('an item preview uses the order, in its store language, and shows what is missing before sending', async () => {
    const { itemId } = await insertItem({ storeId: 16, referencia: null });
    const res = await agent.post('/api/backoffice/templates/preview', {
      kind: 'email',
      template_id: 3,
      item_id: itemId,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ language: string; body_html: string; missing: Array<{ name: string; label: string }> }>();
    expect(body.language).toBe('pt');
    expect(body.missing).toEqual([{ name: 'referencia', label: 'Referencia' }]);
    expect(body.body_html).toContain('{{referencia}}');
    expect(body.body_html).toContain('Nota simple');
    // The agent types the missing value: nothing is missing any more.
    const filled = await agent.post('/api/backoffice/templates/preview', {
      kind: 'email',
      template_id: 3,
      item_id: itemId,
      values: { referencia: 'R-9' },
    });
    expect(filled.json<{ missing: unknown[]; body_html: string }>().missing).toEqual([]);
    expect(filled.json<{ body_html: string }>().body_html).toContain('R-9');
    expect(
      (await agent.post('/api/backoffice/templates/preview', { kind: 'email', template_id: 3, item_id: 999_999 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await agent.post('/api/backoffice/templates/preview', { kind: 'email', template_id: 3, values: { foo: 'x' } }))
        .statusCode,
    ).toBe(400);
  });
});

describe('e-mail and PDF from a template', () => {
  it('sends the e-mail to the customer with the name escaped, recorded in the history and the mailbox', async () => {
    const { itemId, version } = await insertItem({ firstname: '<script>alert(1)</script>' });
    const res = await agent.post(`/api/backoffice/items/${itemId}/template-emails`, {
      template_id: 1,
      version,
      values: { motivo: 'Revisa tus datos & responde' },
    });
    expect(res.statusCode).toBe(201);
    const sent = res.json<{ outbox_id: number; to: string; updated_at: string }>();
    expect(sent.to).toBe('templates-customer@example.com');
    const [row] = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, sent.outbox_id));
    expect(row?.kind).toBe('template');
    expect(row?.htmlBody).not.toContain('<script>alert(1)</script>');
    expect(row?.htmlBody).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(row?.htmlBody).toContain('Revisa tus datos &amp; responde');
    expect(row?.textBody).toContain('Revisa tus datos & responde');
    const mailbox = await agent.get('/api/backoffice/emails?kind=template');
    expect(mailbox.statusCode).toBe(200);
    expect(mailbox.json<{ items: Array<{ id: number }> }>().items.map((i) => i.id)).toContain(sent.outbox_id);
    const history = await t.app.ctx.db.select().from(itemHistory).where(eq(itemHistory.itemId, itemId));
    expect(history.map((h) => h.accion)).toContain('email_plantilla');
    // The same version again is stale now.
    const stale = await agent.post(`/api/backoffice/items/${itemId}/template-emails`, {
      template_id: 1,
      version,
      values: { motivo: 'x' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ code: string }>().code).toBe('VERSION_CONFLICT');
  });

  it('refuses to send while a value is missing, naming it, and sends nothing', async () => {
    const { itemId, version } = await insertItem();
    const before = await t.app.ctx.db.select().from(emailOutbox);
    const res = await agent.post(`/api/backoffice/items/${itemId}/template-emails`, { template_id: 1, version });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fields: Array<{ message: string }> }>().fields[0]?.message).toBe('Faltan datos para: {{motivo}}');
    expect(await t.app.ctx.db.select().from(emailOutbox)).toHaveLength(before.length);
    const unknown = await agent.post(`/api/backoffice/items/${itemId}/template-emails`, { template_id: 9999, version });
    expect(unknown.statusCode).toBe(404);
  });

  it('generates the authorisation PDF from the order’s answers and attaches it to the item', async () => {
    const { itemId, version } = await insertItem({ options: true });
    // The property's number comes from "Número de finca", not from the finca's address.
    const preview = await agent.post('/api/backoffice/templates/preview', {
      kind: 'email',
      template_id: 2,
      item_id: itemId,
    });
    expect(preview.json<{ body_text: string }>().body_text).toContain('finca número 4321 de Getafe (Madrid)');
    const res = await agent.post(`/api/backoffice/items/${itemId}/template-pdfs`, { template_id: 2, version });
    expect(res.statusCode).toBe(201);
    const file = res.json<{ id: number; content_type: string; filename: string }>();
    expect(file.content_type).toBe('application/pdf');
    const download = await agent.get(`/api/backoffice/items/${itemId}/files/${file.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [row] = await t.app.ctx.db.select().from(itemFiles).where(eq(itemFiles.id, file.id));
    expect(row?.visibleToCustomer).toBe(false);
    // Without the property answers the PDF cannot be made: the missing values are named.
    const bare = await insertItem();
    const missing = await agent.post(`/api/backoffice/items/${bare.itemId}/template-pdfs`, {
      template_id: 2,
      version: bare.version,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fields: Array<{ message: string }> }>().fields[0]?.message).toContain('{{numero_finca}}');
  });

  it('a bad version or an unknown item is refused', async () => {
    const { itemId } = await insertItem();
    const bad = await agent.post(`/api/backoffice/items/${itemId}/template-emails`, {
      template_id: 1,
      version: 'yesterday',
    });
    expect(bad.statusCode).toBe(400);
    const missing = await agent.post('/api/backoffice/items/999999/template-emails', {
      template_id: 1,
      version: new Date().toISOString(),
    });
    expect(missing.statusCode).toBe(404);
  });
});
