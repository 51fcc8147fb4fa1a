import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, wizardDrafts } from '../../src/db/schema.js';
import { insertOrderWithItem } from '../support/order-fixtures.js';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

// Tickets linked to orders (rel_pedido, shown on both sides) and converted into leads (convert_lead: an order draft
// in the customer's account). Runs on the embedded database, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let agent: TestClient;
let customerId: number;
const NOTA_SIMPLE = 15867;

async function insertItem(): Promise<number> {
  const { itemId } = await insertOrderWithItem(t.app.ctx.db, {
    orderId: 109_500_001,
    customerId,
    email: 'lead@example.com',
    firstname: 'Marta',
    lastname: 'Ruiz',
    item: { productId: NOTA_SIMPLE },
  });
  return itemId;
}

async function contact(subject: string) {
  const anonymous = new TestClient(t.app);
  await anonymous.start();
  const res = await anonymous.post('/api/contact', { email: 'lead@example.com', subject, message: 'Quiero una nota' });
  expect(res.statusCode, res.body).toBe(200);
  const list = await agent.get('/api/backoffice/tickets?email=lead@example.com');
  return list.json<{ items: Array<{ id: number; subject: string }> }>().items.find((i) => i.subject === subject)!.id;
}

async function version(id: number) {
  return (await agent.get(`/api/backoffice/tickets/${id}`)).json<{ version: string }>().version;
}

beforeAll(async () => {
  t = await createTestApp();
  agent = new TestClient(t.app);
  await agent.login('agente@ventanilla.test', 'agente-demo-2026');
  const customer = new TestClient(t.app);
  await customer.register('lead@example.com');
  const [row] = await t.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'lead@example.com'));
  customerId = row!.id;
}, 60_000);

afterAll(async () => t.close());

describe('rel_pedido', () => {
  it('links a ticket to an order item; both show the link', async () => {
    const itemId = await insertItem();
    const id = await contact('Sobre mi pedido');
    const res = await agent.post(`/api/backoffice/tickets/${id}/rel_pedido`, {
      version: await version(id),
      item_id: itemId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const ticket = (await agent.get(`/api/backoffice/tickets/${id}`)).json<{
      related_item_id: number;
      related_item: { item_id: number; product_name: string };
    }>();
    expect(ticket.related_item_id).toBe(itemId);
    expect(ticket.related_item).toMatchObject({ item_id: itemId, product_name: 'Nota simple' });
    const item = await agent.get(`/api/backoffice/items/${itemId}`);
    expect(item.statusCode, item.body).toBe(200);
    expect(item.json<{ related_ticket_ids: number[] }>().related_ticket_ids).toEqual([id]);
    // A reply fills the item's placeholders.
    const boundary = 'xYz';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="version"\r\n\r\n${await version(id)}\r\n--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\nPedido {{numero_pedido}}: {{nombre_producto}}\r\n--${boundary}--\r\n`;
    const sent = await agent.request({
      method: 'POST',
      url: `/api/backoffice/tickets/${id}/reply`,
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const thread = (await agent.get(`/api/backoffice/tickets/${id}`)).json<{ messages: Array<{ text: string }> }>();
    expect(thread.messages.at(-1)!.text).toBe('Pedido 109500001: Nota simple');
  });
});

describe('convert_lead', () => {
  it('turns the request into an order draft of the customer (status 8)', async () => {
    const id = await contact('Quiero pedir');
    const bad = await agent.post(`/api/backoffice/tickets/${id}/convert_lead`, {
      version: await version(id),
      product_id: 2147483647,
    });
    expect(bad.statusCode).toBe(400);
    const res = await agent.post(`/api/backoffice/tickets/${id}/convert_lead`, {
      version: await version(id),
      product_id: NOTA_SIMPLE,
    });
    expect(res.statusCode, res.body).toBe(200);
    const ticket = (await agent.get(`/api/backoffice/tickets/${id}`)).json<{ status: number; completed_at: string }>();
    expect(ticket.status).toBe(8);
    expect(ticket.completed_at).not.toBeNull();
    const drafts = await t.app.ctx.db.select().from(wizardDrafts).where(eq(wizardDrafts.userId, customerId));
    expect(drafts).toHaveLength(1);
    const again = await agent.post(`/api/backoffice/tickets/${id}/convert_lead`, {
      version: await version(id),
      product_id: NOTA_SIMPLE,
    });
    expect(again.statusCode).toBe(409);
  });

  it('without a customer account it is refused', async () => {
    const anonymous = new TestClient(t.app);
    await anonymous.start();
    await anonymous.post('/api/contact', { email: 'nadie@example.com', subject: 'Sin cuenta', message: 'x' });
    const list = await agent.get('/api/backoffice/tickets?email=nadie@example.com');
    const id = list.json<{ items: Array<{ id: number }> }>().items[0]!.id;
    const res = await agent.post(`/api/backoffice/tickets/${id}/convert_lead`, {
      version: await version(id),
      product_id: NOTA_SIMPLE,
    });
    expect(res.statusCode).toBe(409);
  });
});

describe("the ticket's side: the customer's other tickets and orders", () => {
  interface Activity {
    tickets: { items: Array<{ id: number; subject: string }>; total: number };
    orders: { items: Array<{ item_id: number; order_id: number; product_name: string }>; total: number };
  }

  it('lists the same address’s other tickets (not this one, not another customer’s) and their order items', async () => {
    const { itemId } = await insertOrderWithItem(t.app.ctx.db, {
      orderId: 109_500_002,
      customerId,
      email: 'lead@example.com',
      firstname: 'Marta',
      lastname: 'Ruiz',
      item: { productId: NOTA_SIMPLE },
    });
    const first = await contact('Primera consulta');
    const second = await contact('Segunda consulta');
    const anonymous = new TestClient(t.app);
    await anonymous.start();
    await anonymous.post('/api/contact', { email: 'otra@example.com', subject: 'De otra persona', message: 'x' });

    const res = await agent.get(`/api/backoffice/tickets/${second}/customer-activity`);
    expect(res.statusCode, res.body).toBe(200);
    const activity = res.json<Activity>();
    const ids = activity.tickets.items.map((i) => i.id);
    expect(ids).toContain(first);
    expect(ids).not.toContain(second);
    expect(activity.tickets.items.map((i) => i.subject)).not.toContain('De otra persona');
    expect(activity.tickets.total).toBe(ids.length);
    expect(activity.orders.items).toContainEqual(
      expect.objectContaining({ item_id: itemId, order_id: 109_500_002, product_name: 'Nota simple' }),
    );
    expect(activity.orders.total).toBe(activity.orders.items.length);

    // Someone without an account: no orders, and none of lead@example.com's tickets.
    const list = await agent.get('/api/backoffice/tickets?exact_email=otra@example.com');
    const other = list.json<{ items: Array<{ id: number }> }>().items[0]!.id;
    const alone = (await agent.get(`/api/backoffice/tickets/${other}/customer-activity`)).json<Activity>();
    expect(alone).toEqual({ tickets: { items: [], total: 0 }, orders: { items: [], total: 0 } });
  });

  it('is for agents: a customer is refused, an unknown ticket is 404', async () => {
    const customer = new TestClient(t.app);
    await customer.login('lead@example.com', 'correct-horse-battery');
    const id = await contact('Consulta cualquiera');
    expect((await customer.get(`/api/backoffice/tickets/${id}/customer-activity`)).statusCode).toBe(403);
    expect((await agent.get('/api/backoffice/tickets/999999/customer-activity')).statusCode).toBe(404);
  });
});
