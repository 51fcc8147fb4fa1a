// Notifications and web push (docs/customer-panel.md, docs/pwa.md): an agent's status change makes the customer a
// notification and a push job; the push reaches a local push service double as the real encrypted payload, which the
// test decrypts with the subscription's private key (RFC 8291). Subscriptions: once per endpoint, SSRF-checked,
// capped; 404/410 from the push service removes them; the lists have the spec's shape with read/unread.
import { PUSH_SUBSCRIPTIONS_MAX } from '@ventanilla/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, pushSubscriptions } from '../../src/db/schema.js';
import { ACCOUNT_JOBS } from '../../src/modules/account/account.jobs.js';
import { insertOrderWithItem } from '../support/order-fixtures.js';
import { PushReceiver } from '../support/push-receiver.js';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
let receiver: PushReceiver;
let agent: TestClient;
let nextOrder = 940_000_001;
let seq = 0;

beforeAll(async () => {
  receiver = await new PushReceiver().start();
  t = await createTestApp();
  agent = new TestClient(t.app);
  expect((await agent.login('agente@ventanilla.test', 'agente-demo-2026')).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await receiver?.stop();
});

async function newCustomer(): Promise<{ c: TestClient; id: number; email: string }> {
  const c = new TestClient(t.app);
  const email = `push-${++seq}@example.com`;
  // Each customer its own address: the per-IP limits of one test stay out of the next.
  const request = c.request.bind(c);
  c.request = (options) => request({ ...options, remoteAddress: `10.8.0.${seq}` });
  expect((await c.register(email)).statusCode).toBe(201);
  return { c, id: (await c.get('/api/me')).json().user.id, email };
}

async function setStatus(itemId: number, panelStatus: number) {
  const version = (await agent.get(`/api/backoffice/items/${itemId}`)).json().updated_at;
  const res = await agent.post(`/api/backoffice/items/${itemId}/status`, { panel_status_id: panelStatus, version });
  expect(res.statusCode).toBe(200);
}

const pushJobs = async () =>
  (
    await t.app.ctx.database.pool.query<{ data: { notificationId: number } }>(
      `select data from pgboss.job where name = $1`,
      [ACCOUNT_JOBS.pushSend],
    )
  ).rows.map((r) => r.data.notificationId);

describe('subscriptions', () => {
  it('subscribes once per endpoint, lists the devices, refuses internal endpoints and unsubscribes', async () => {
    const { c } = await newCustomer();
    const key = (await c.get('/api/me/push-key')).json().public_key;
    expect(key).toBe(t.app.ctx.config.push.publicKey);
    const sub = receiver.subscriber();
    const first = await c.post('/api/me/push-subscriptions', sub.toJSON(), { 'user-agent': 'Chromium test' });
    expect(first.statusCode).toBe(201);
    const again = await c.post('/api/me/push-subscriptions', sub.toJSON());
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const list = (await c.get('/api/me/push-subscriptions')).json();
    expect(list).toMatchObject({ total: 1, page: 1, per_page: 10 });
    expect(list.items[0]).toMatchObject({ push_service: new URL(receiver.baseUrl).host });
    expect(JSON.stringify(list)).not.toContain('/push/');

    for (const endpoint of [
      'http://10.0.0.7/push',
      'https://169.254.169.254/latest/meta-data',
      'http://169.254.169.254/latest/meta-data',
      'https://%31%32%37.0.0.1/x',
      'http://[::1]:4567/push',
      'https://localhost./x',
      'https://metadata./x',
      'https://db.internal/x',
      'file:///etc/passwd',
      'http://example.com/push',
      'https://user:pw@push.example.com/x',
      `${receiver.baseUrl}/push/\u0000`,
    ]) {
      const res = await c.post('/api/me/push-subscriptions', { ...sub.toJSON(), endpoint });
      expect(res.statusCode, endpoint).toBe(400);
    }
    const badKeys = await c.post('/api/me/push-subscriptions', { ...sub.toJSON(), keys: { p256dh: 'x', auth: 'y' } });
    expect(badKeys.statusCode).toBe(400);

    // Another customer cannot remove it (404, the same as an id that does not exist).
    const other = await newCustomer();
    expect((await other.c.delete(`/api/me/push-subscriptions/${first.json().id}`)).statusCode).toBe(404);
    for (const id of ['0', '-1', '99999999999', '1e3', '01', 'abc']) {
      expect((await other.c.delete(`/api/me/push-subscriptions/${id}`)).statusCode).toBe(404);
    }
    const gone = await c.request({
      method: 'DELETE',
      url: '/api/me/push-subscriptions',
      payload: { endpoint: sub.endpoint },
    });
    expect(gone.statusCode).toBe(204);
    expect((await c.get('/api/me/push-subscriptions')).json().total).toBe(0);
    const kinds = (await c.get('/api/me/activities')).json().items.map((a: { kind: string }) => a.kind);
    expect(kinds).toEqual(['push_unsubscribed', 'push_subscribed']);
  });

  it('caps the devices of a customer, also under concurrent subscribes', async () => {
    const { c } = await newCustomer();
    const subs = Array.from({ length: PUSH_SUBSCRIPTIONS_MAX + 3 }, () => receiver.subscriber());
    const results = await Promise.all(subs.map((s) => c.post('/api/me/push-subscriptions', s.toJSON())));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 201)).toHaveLength(PUSH_SUBSCRIPTIONS_MAX);
    expect(codes.filter((s) => s === 409)).toHaveLength(3);
    expect(results.find((r) => r.statusCode === 409)?.json().code).toBe('PUSH_SUBSCRIPTIONS_LIMIT');
    // An endpoint already there does not count twice (one that was accepted: which ones were is the race's choice).
    const accepted = subs[codes.indexOf(201)]!;
    expect((await c.post('/api/me/push-subscriptions', accepted.toJSON())).statusCode).toBe(200);
  });

  it('is refused to anonymous callers and without the CSRF header', async () => {
    const anonymous = new TestClient(t.app);
    await anonymous.start();
    expect((await anonymous.get('/api/me/push-subscriptions')).statusCode).toBe(401);
    expect((await anonymous.get('/api/me/notifications')).statusCode).toBe(401);
    const { c } = await newCustomer();
    const res = await c.request({
      method: 'POST',
      url: '/api/me/push-subscriptions',
      payload: receiver.subscriber().toJSON(),
      headers: { 'x-csrf-token': 'wrong' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('notifications from order changes, and their pushes', () => {
  it('an incidence and a finished line notify the customer; the push arrives encrypted and decrypts to the notice', async () => {
    const { c, id, email } = await newCustomer();
    const sub = receiver.subscriber();
    expect((await c.post('/api/me/push-subscriptions', sub.toJSON())).statusCode).toBe(201);
    const order = await insertOrderWithItem(t.app.ctx.db, {
      orderId: nextOrder++,
      customerId: id,
      email,
      order: { paidAt: new Date() },
    });

    await setStatus(order.itemId, 60);
    let list = (await c.get('/api/me/notifications')).json();
    expect(list).toMatchObject({ total: 1, page: 1, per_page: 10, unread: 1 });
    expect(list.items[0]).toMatchObject({
      kind: 'incident',
      order_id: order.orderId,
      item_id: order.itemId,
      status: 'incidence',
      read: false,
    });
    // The push job was written with the change (the workers are off in this test: the handler is run here).
    const notificationId = list.items[0].id;
    expect(await pushJobs()).toContain(notificationId);
    const before = receiver.received.length;
    expect(await t.app.ctx.push.sendNotification(notificationId)).toEqual({ sent: 1, removed: 0, failed: 0 });
    const [push] = (await receiver.waitFor(before + 1)).slice(before);
    expect(push?.payload).toEqual({
      title: `Incidencia en tu pedido ${order.orderId}`,
      body: '«Nota simple» necesita tu respuesta para continuar.',
      url: `/orders/detail/${order.orderId}`,
      tag: `order-${order.orderId}`,
      notification_id: notificationId,
    });
    expect(push?.vapidPublicKey).toBe(t.app.ctx.config.push.publicKey);
    expect(push?.vapid.aud).toBe(receiver.baseUrl);
    expect(push?.headers.urgency).toBe('high');
    expect(receiver.errors).toEqual([]);

    // An internal move says nothing; becoming ready does; ready -> closed does not (same customer status).
    await setStatus(order.itemId, 40);
    await setStatus(order.itemId, 80);
    await setStatus(order.itemId, 110);
    await setStatus(order.itemId, 120);
    list = (await c.get('/api/me/notifications')).json();
    expect(list.items.map((n: { kind: string; status: string }) => `${n.kind}:${n.status}`)).toEqual([
      'order_status:ready',
      'order_status:processing',
      'incident:incidence',
    ]);
    expect(list.unread).toBe(3);

    // Read one, then all; another customer's id is 404 and changes nothing.
    expect((await c.post(`/api/me/notifications/${notificationId}/read`)).statusCode).toBe(204);
    expect((await c.get('/api/me/notifications?unread=true')).json()).toMatchObject({ total: 2, unread: 2 });
    const other = await newCustomer();
    expect((await other.c.post(`/api/me/notifications/${list.items[0].id}/read`)).statusCode).toBe(404);
    expect((await other.c.get('/api/me/notifications')).json().total).toBe(0);
    expect((await c.post('/api/me/notifications/read-all')).json()).toEqual({ marked: 2 });
    expect((await c.get('/api/me/notifications')).json().unread).toBe(0);
    for (const bad of ['?page=0', '?per_page=1000', '?unread=maybe']) {
      expect((await c.get(`/api/me/notifications${bad}`)).statusCode).toBe(400);
    }
  });

  it('a push service answering 410 or 404 removes the subscription; other failures keep it', async () => {
    const { c, id, email } = await newCustomer();
    const expired = receiver.subscriber();
    const missing = receiver.subscriber();
    const flaky = receiver.subscriber();
    for (const s of [expired, missing, flaky]) await c.post('/api/me/push-subscriptions', s.toJSON());
    receiver.answer.set(new URL(expired.endpoint).pathname, 410);
    receiver.answer.set(new URL(missing.endpoint).pathname, 404);
    receiver.answer.set(new URL(flaky.endpoint).pathname, 503);
    const order = await insertOrderWithItem(t.app.ctx.db, { orderId: nextOrder++, customerId: id, email });
    await setStatus(order.itemId, 60);
    const [n] = await t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, id));
    expect(await t.app.ctx.push.sendNotification(n!.id)).toEqual({ sent: 0, removed: 2, failed: 1 });
    const left = await t.app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, id));
    expect(left.map((s) => s.endpoint)).toEqual([flaky.endpoint]);
  });
});
