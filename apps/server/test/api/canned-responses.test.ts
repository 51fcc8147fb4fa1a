import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cannedResponses, users } from '../../src/db/schema.js';
import { acceptInvitation } from '../support/invitations.js';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

// Canned responses (docs/backoffice.md, "Canned responses"): admin CRUD with the templates' placeholder check, the
// spec's group rule for the Portuguese panel role, visibility, search, the 1000-row list and filling for insertion.
// Runs on the embedded database, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let admin: TestClient;
let agent: TestClient;
let notary: TestClient;
let customer: TestClient;
let ptAgent: TestClient;
let adminId: number;

const URL = '/api/backoffice/canned-responses';

async function signIn(email: string, password: string) {
  const client = new TestClient(t.app);
  expect((await client.login(email, password)).statusCode).toBe(200);
  return client;
}

interface Canned {
  id: number;
  group: string;
  title: string;
  body: string;
  visibility: string;
  created_by: number | null;
}
interface List {
  items: Canned[];
  total: number;
  page: number;
  per_page: number;
}

async function create(fields: Record<string, unknown>): Promise<Canned> {
  const res = await admin.post(URL, { body: 'Hola {{nombre}}', ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Canned>();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn('admin@ventanilla.test', 'admin-demo-2026');
  agent = await signIn('agente@ventanilla.test', 'agente-demo-2026');
  notary = await signIn('notario@ventanilla.test', 'notario-demo-2026');
  customer = new TestClient(t.app);
  expect((await customer.register('canned-customer@example.com')).statusCode).toBe(201);
  // The Portuguese panel role: a staff account the admin gives panel_role 'portugal' (update_agente).
  const created = await admin.post('/api/backoffice/staff', {
    email: 'agente-pt@example.com',
    firstname: 'Ana',
    lastname: 'Portela',
    role: 'agent',
  });
  expect(created.statusCode, created.body).toBe(201);
  const staff = created.json<{ agent: { id: number; version: string; panel_role: string | null } }>().agent;
  expect(staff.panel_role).toBeNull();
  const changed = await admin.request({
    method: 'PATCH',
    url: `/api/backoffice/staff/${staff.id}`,
    payload: { version: staff.version, panel_role: 'portugal' },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  expect(changed.json<{ agent: { panel_role: string } }>().agent.panel_role).toBe('portugal');
  const wrong = await admin.request({
    method: 'PATCH',
    url: `/api/backoffice/staff/${staff.id}`,
    payload: { version: staff.version, panel_role: 'spain' },
  });
  expect(wrong.statusCode).toBe(400);
  expect((await acceptInvitation(t.app, 'agente-pt@example.com', 'correct-horse-battery-pt')).statusCode).toBe(200);
  ptAgent = await signIn('agente-pt@example.com', 'correct-horse-battery-pt');
  const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'admin@ventanilla.test'));
  adminId = row!.id;
});

afterAll(async () => t?.close());

describe('who may do what', () => {
  it('anonymous callers get 401, customers 403', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get(URL)).statusCode).toBe(401);
    expect((await customer.get(URL)).statusCode).toBe(403);
    expect((await customer.post(`${URL}/1/render`, {})).statusCode).toBe(403);
    expect((await customer.post(URL, { title: 'x', body: 'y' })).statusCode).toBe(403);
  });

  it('agents and notaries read but never write, nor list everything', async () => {
    for (const client of [agent, notary]) {
      expect((await client.get(URL)).statusCode).toBe(200);
      expect((await client.post(URL, { title: 'x', body: 'y' })).statusCode).toBe(403);
      expect(
        (await client.request({ method: 'PUT', url: `${URL}/1`, payload: { title: 'x', body: 'y' } })).statusCode,
      ).toBe(403);
      expect((await client.delete(`${URL}/1`)).statusCode).toBe(403);
      expect((await client.get(`${URL}?scope=all`)).statusCode).toBe(403);
    }
  });
});

describe('the group rule of the Portuguese panel role', () => {
  it('seeds a starting set; agents see the other groups, the Portuguese panel role only Portugal and Conservatoria', async () => {
    await create({ group: 'Conservatória do registo', title: 'Pedido enviado' });
    await create({ group: 'Envíos a Portugal', title: 'Correo internacional' });
    const all = (await admin.get(`${URL}?scope=all`)).json<List>();
    const groups = (list: List) => [...new Set(list.items.map((i) => i.group))].sort();
    expect(groups(all)).toEqual([
      'Conservatória do registo',
      'Envíos a Portugal',
      'General',
      'Notas simples',
      'Portugal',
    ]);
    const mine = (await agent.get(URL)).json<List>();
    expect(groups(mine)).toEqual(['Envíos a Portugal', 'General', 'Notas simples']);
    expect(mine.total).toBe(mine.items.length);
    const pt = (await ptAgent.get(URL)).json<List>();
    expect(groups(pt)).toEqual(['Conservatória do registo', 'Portugal']);
    // The admin's own picker follows the rule too (no panel role: the other groups).
    expect(groups((await admin.get(URL)).json<List>())).toEqual(['Envíos a Portugal', 'General', 'Notas simples']);
  });

  it('one of another desk is 404 to read or fill, for the agent and for the Portuguese panel role', async () => {
    const all = (await admin.get(`${URL}?scope=all&group=Portugal`)).json<List>();
    const portugal = all.items[0]!;
    expect((await agent.get(`${URL}/${portugal.id}`)).statusCode).toBe(404);
    expect((await agent.post(`${URL}/${portugal.id}/render`, {})).statusCode).toBe(404);
    expect((await ptAgent.get(`${URL}/${portugal.id}`)).statusCode).toBe(200);
    const general = (await admin.get(`${URL}?scope=all&group=General`)).json<List>().items[0]!;
    expect((await ptAgent.get(`${URL}/${general.id}`)).statusCode).toBe(404);
    // Admins read any of them (the editor).
    expect((await admin.get(`${URL}/${portugal.id}`)).statusCode).toBe(200);
  });
});

describe('visibility', () => {
  it('admins-only and private ones are offered to whom they say', async () => {
    const forAdmins = await create({ group: 'Vis', title: 'Solo admins', visibility: 'admins' });
    const mine = await create({ group: 'Vis', title: 'Privada', visibility: 'private' });
    expect(mine.created_by).toBe(adminId);
    const titles = async (client: TestClient) =>
      (await client.get(`${URL}?group=Vis`)).json<List>().items.map((i) => i.title);
    expect(await titles(agent)).toEqual([]);
    expect(await titles(admin)).toEqual(['Privada', 'Solo admins']);
    expect((await agent.get(`${URL}/${forAdmins.id}`)).statusCode).toBe(404);
    // Another admin does not see a private one.
    await t.app.ctx.db.update(cannedResponses).set({ createdBy: null }).where(eq(cannedResponses.id, mine.id));
    expect(await titles(admin)).toEqual(['Solo admins']);
  });
});

describe('saving', () => {
  it('creates, changes and deletes; text is trimmed, line breaks normalised', async () => {
    const row = await create({
      group: '  Plazos ',
      title: ' Plazo  de entrega ',
      body: 'Línea 1\r\nLínea 2 {{order_id}}\n',
    });
    expect(row).toMatchObject({ group: 'Plazos', title: 'Plazo de entrega', body: 'Línea 1\nLínea 2 {{order_id}}' });
    expect(row.visibility).toBe('all');
    const put = await admin.request({
      method: 'PUT',
      url: `${URL}/${row.id}`,
      payload: { group: 'Plazos', title: 'Plazo', body: 'Nuevo {{numero_pedido}}', visibility: 'admins' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ title: 'Plazo', body: 'Nuevo {{numero_pedido}}', visibility: 'admins' });
    expect((await admin.delete(`${URL}/${row.id}`)).statusCode).toBe(204);
    expect((await admin.delete(`${URL}/${row.id}`)).statusCode).toBe(404);
    expect((await admin.get(`${URL}/${row.id}`)).statusCode).toBe(404);
    expect(
      (await admin.request({ method: 'PUT', url: `${URL}/${row.id}`, payload: { title: 'x', body: 'y' } })).statusCode,
    ).toBe(404);
  });

  it('refuses an unknown or malformed placeholder, naming it, in the admin’s language', async () => {
    const res = await admin.post(URL, { title: 'Mala', body: 'Hola {{nombre}} {{nombre_cliente}} {{ roto' });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; fields: Array<{ field: string; message: string }> }>();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.fields.map((f) => f.field)).toEqual(['body', 'body']);
    expect(body.fields[0]!.message).toContain('{{nombre_cliente}}');
    expect(body.fields[1]!.message).toContain('{{ roto');
    const en = await admin.post(URL, { title: 'Mala', body: '{{Nombre}}' }, { 'accept-language': 'en' });
    expect(en.statusCode).toBe(400);
  });

  it.each([
    ['no title', { title: '   ', body: 'x' }],
    ['no body', { title: 'x', body: ' \n ' }],
    ['a NUL byte in the body', { title: 'x', body: 'a\u0000b' }],
    ['a NUL byte in the title', { title: 'a\u0000', body: 'b' }],
    ['a lone surrogate', { title: 'x', body: 'a\ud800' }],
    ['an unknown visibility', { title: 'x', body: 'y', visibility: 'everyone' }],
    ['an unknown field', { title: 'x', body: 'y', created_by: 1 }],
    ['a huge title', { title: 'x'.repeat(201), body: 'y' }],
    ['a huge body', { title: 'x', body: 'y'.repeat(20_001) }],
    ['a title that is an object', { title: { a: 1 }, body: 'y' }],
  ])('refuses %s with 400 (never a 500)', async (_name, payload) => {
    const res = await admin.post(URL, payload);
    expect(res.statusCode, res.body).toBe(400);
  });

  it.each(['0', '-1', '2147483648', '1.5', 'abc', '1%00'])('refuses the id %j with 400', async (id) => {
    expect((await admin.get(`${URL}/${id}`)).statusCode).toBe(400);
  });
});

describe('search and the list', () => {
  it('finds by title, group or body in any case; % and _ are literal', async () => {
    await create({ group: 'Búsqueda', title: 'Devolución 100%', body: 'Reembolso_total del pedido {{order_id}}' });
    await create({ group: 'Búsqueda', title: 'Otra', body: 'Reembolso parcial' });
    const titles = async (q: string) =>
      (await agent.get(`${URL}?q=${encodeURIComponent(q)}`)).json<List>().items.map((i) => i.title);
    expect(await titles('REEMBOLSO')).toEqual(['Devolución 100%', 'Otra']);
    expect(await titles('100%')).toEqual(['Devolución 100%']);
    expect(await titles('%')).toEqual(['Devolución 100%']);
    expect(await titles('_total')).toEqual(['Devolución 100%']);
    expect(await titles('búsqueda')).toEqual(['Devolución 100%', 'Otra']);
    // With or without accents, either way round.
    expect(await titles('busqueda')).toEqual(['Devolución 100%', 'Otra']);
    expect(await titles('DEVOLUCION')).toEqual(['Devolución 100%']);
    expect(await titles('reémbolso_total')).toEqual(['Devolución 100%']);
    expect(await titles('nada de esto')).toEqual([]);
  });

  it('lists 1000 at a time by default, pages beyond, and refuses a size over 1000', async () => {
    const many = Array.from({ length: 1005 }, (_, i) => ({
      groupName: 'Masiva',
      title: `R ${String(i).padStart(4, '0')}`,
      body: 'x',
    }));
    await t.app.ctx.db.insert(cannedResponses).values(many);
    const first = (await agent.get(`${URL}?group=Masiva`)).json<List>();
    expect(first).toMatchObject({ total: 1005, page: 1, per_page: 1000 });
    expect(first.items).toHaveLength(1000);
    expect(first.items[0]!.title).toBe('R 0000');
    const second = (await agent.get(`${URL}?group=Masiva&page=2`)).json<List>();
    expect(second.items.map((i) => i.title)).toEqual(['R 1000', 'R 1001', 'R 1002', 'R 1003', 'R 1004']);
    const small = (await agent.get(`${URL}?group=Masiva&size=10&page=3`)).json<List>();
    expect(small.items[0]!.title).toBe('R 0020');
    expect((await agent.get(`${URL}?size=1001`)).statusCode).toBe(400);
    expect((await agent.get(`${URL}?size=0`)).statusCode).toBe(400);
    expect((await agent.get(`${URL}?page=99999999999`)).statusCode).toBe(400);
    expect((await agent.get(`${URL}?q=${encodeURIComponent('a\u0000')}`)).statusCode).toBe(400);
    expect((await agent.get(`${URL}?unknown=1`)).statusCode).toBe(400);
    await t.app.ctx.db.delete(cannedResponses).where(eq(cannedResponses.groupName, 'Masiva'));
  });
});

describe('filling for insertion', () => {
  it('fills given values, leaves missing ones visible and lists them; text is raw, HTML escaped (no XSS)', async () => {
    const row = await create({
      group: 'XSS',
      title: '<b>t</b>',
      body: '<script>alert(1)</script> Hola {{nombre}}, pedido {{order_id}}\nAdiós',
    });
    expect(row.title).toBe('<b>t</b>');
    const res = await agent.post(`${URL}/${row.id}/render`, { values: { nombre: '<img src=x onerror=alert(2)>' } });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json<{ text: string; html: string; missing: Array<{ name: string }>; missing_message: string }>();
    expect(out.text).toBe('<script>alert(1)</script> Hola <img src=x onerror=alert(2)>, pedido {{order_id}}\nAdiós');
    expect(out.html).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt; Hola &lt;img src=x onerror=alert(2)&gt;, pedido {{order_id}}<br>\nAdiós',
    );
    expect(out.html).not.toMatch(/<(script|img)/);
    expect(out.missing.map((m) => m.name)).toEqual(['order_id']);
    expect(out.missing_message).toContain('{{order_id}}');
  });

  it('refuses unknown value names, an unknown item (404) and a foreign canned response (404)', async () => {
    const row = await create({ group: 'Fill', title: 'Fill' });
    expect((await agent.post(`${URL}/${row.id}/render`, { values: { nombre_cliente: 'x' } })).statusCode).toBe(400);
    expect((await agent.post(`${URL}/${row.id}/render`, { item_id: 2_000_000_000 })).statusCode).toBe(404);
    expect((await agent.post(`${URL}/999999/render`, {})).statusCode).toBe(404);
  });
});
