import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QP_MAX_NAMES } from '@ventanilla/domain';
import { qpNames, users } from '../../src/db/schema.js';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

// Abuse cases of the back office that the modules' own files do not cover: concurrency where a limit or a
// version is involved, huge and NUL-carrying ids, another role.

let t: TestApp;
let agent: TestClient;
let admin: TestClient;
let notary: TestClient;
let customerId: number;

const QP_ANSWERS = {
  '1001': '100101',
  '1002': 'Lucía',
  '1003': 'Pérez García',
  '1005': '12345678Z',
  '1006': '2920',
  '1007': '100701',
  '1008': ['100801'],
};

/** A valid DNI: eight digits and their check letter. */
function dni(n: number): string {
  const digits = String(10_000_000 + n).padStart(8, '0');
  return `${digits}${'TRWAGMYFPDXBNJZSQVHLCKE'[Number(digits) % 23]}`;
}

async function signIn(email: string, password: string) {
  const c = new TestClient(t.app);
  expect((await c.login(email, password)).statusCode).toBe(200);
  return c;
}

beforeAll(async () => {
  t = await createTestApp();
  agent = await signIn('agente@ventanilla.test', 'agente-demo-2026');
  admin = await signIn('admin@ventanilla.test', 'admin-demo-2026');
  notary = await signIn('notario@ventanilla.test', 'notario-demo-2026');
  const customer = new TestClient(t.app);
  expect((await customer.register('abuso@example.com')).statusCode).toBe(201);
  const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'abuso@example.com'));
  customerId = row!.id;
}, 60_000);
afterAll(async () => t?.close());

describe('QP person-search list: its limit holds under concurrent additions', () => {
  it(`${QP_MAX_NAMES + 5} people added at once: ${QP_MAX_NAMES} listed, the rest refused`, async () => {
    const created = await agent.post('/api/backoffice/agent-orders', {
      customer: { email: 'abuso@example.com' },
      store_id: 1,
      url_key: 'propiedades-de-una-persona',
      answers: QP_ANSWERS,
    });
    expect(created.statusCode, created.body).toBe(201);
    const itemId = created.json<{ item_id: number }>().item_id;
    const results = await Promise.all(
      Array.from({ length: QP_MAX_NAMES + 5 }, (_, i) =>
        agent.post('/api/backoffice/qp/names', { item_id: itemId, nombre: `P${i}`, apellidos: 'Prueba', nif: dni(i) }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(QP_MAX_NAMES);
    expect(codes.filter((c) => c === 400)).toHaveLength(5);
    const refused = results.find((r) => r.statusCode === 400)!;
    expect(refused.json().fields[0]).toMatchObject({ field: 'item_id', code: 'too_many_names' });
    const rows = await t.app.ctx.db.select().from(qpNames).where(eq(qpNames.itemId, itemId));
    expect(rows).toHaveLength(QP_MAX_NAMES);
    // Notaries and customers do not reach the lists.
    expect((await notary.get(`/api/backoffice/qp/${itemId}`)).statusCode).toBe(403);
  });
});

describe('customers: versions, ids, roles', () => {
  it('two edits at once from one version: one is saved, the other is 409', async () => {
    const { customer } = (await agent.get(`/api/backoffice/customers/${customerId}`)).json<{
      customer: { version: string; email: string };
    }>();
    const edit = (lastname: string) =>
      agent.request({
        method: 'PUT',
        url: `/api/backoffice/customers/${customerId}`,
        payload: { email: customer.email, firstname: 'Abu', lastname, version: customer.version },
      });
    const codes = (await Promise.all([edit('Uno'), edit('Dos')])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
  });

  it('impersonation: agents cannot; huge, zero, negative and NUL ids are refused', async () => {
    expect((await agent.post(`/api/backoffice/customers/${customerId}/impersonation`)).statusCode).toBe(403);
    for (const id of [`${2 ** 40}`, '0', '-1', '1e3', '%00', `${customerId}%00`]) {
      const res = await admin.post(`/api/backoffice/customers/${id}/impersonation`);
      expect([400, 404], `${id}: ${res.body}`).toContain(res.statusCode);
    }
    expect((await admin.get(`/api/backoffice/customers/${2 ** 53}`)).statusCode).toBe(400);
  });
});

describe('tickets: links and roles', () => {
  async function ticket() {
    const anonymous = new TestClient(t.app);
    await anonymous.start();
    const subject = `Abuso ${Math.random()}`;
    expect(
      (await anonymous.post('/api/contact', { email: 'abuso@example.com', subject, message: 'Hola' })).statusCode,
    ).toBe(200);
    const list = await agent.get('/api/backoffice/tickets?email=abuso@example.com&size=50');
    return list.json<{ items: Array<{ id: number; subject: string }> }>().items.find((i) => i.subject === subject)!.id;
  }

  it('rel_pedido with a huge, unknown or NUL item id changes nothing; notaries are refused', async () => {
    const id = await ticket();
    const version = (await agent.get(`/api/backoffice/tickets/${id}`)).json<{ version: string }>().version;
    // 0 too: a nullable id once read 0 as null (Ajv's coercion), i.e. "unlink" (NullableId).
    for (const item of [2 ** 40, 0, -1, 1.5, '', false, '1\u0000']) {
      const res = await agent.post(`/api/backoffice/tickets/${id}/rel_pedido`, { version, item_id: item });
      expect(res.statusCode, `${String(item)}: ${res.body}`).toBe(400);
    }
    const unknown = await agent.post(`/api/backoffice/tickets/${id}/rel_pedido`, { version, item_id: 2_000_000_000 });
    expect([400, 404]).toContain(unknown.statusCode);
    expect((await notary.post(`/api/backoffice/tickets/${id}/rel_pedido`, { version, item_id: 1 })).statusCode).toBe(
      403,
    );
    expect((await agent.get(`/api/backoffice/tickets/${id}`)).json()).toMatchObject({ related_item_id: null });
    // delegate: 0 is not "take it back".
    expect((await agent.post(`/api/backoffice/tickets/${id}/delegate`, { version, agent_id: 0 })).statusCode).toBe(400);
  });

  it('the contact form refuses control characters in any field, naming each', async () => {
    const anonymous = new TestClient(t.app);
    await anonymous.start();
    const res = await anonymous.post('/api/contact', {
      email: 'abuso@example.com',
      name: 'A\u0001',
      subject: 'S\u0007',
      message: 'Texto con\nsaltos\ty tab',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual(['name', 'subject']);
  });
});
