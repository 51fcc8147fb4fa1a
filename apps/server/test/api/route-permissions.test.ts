import { can, ROLES, type Action, type Role } from '@ventanilla/domain';
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protectedRoutes, routeProtection } from '../../src/plugins/protected-routes.js';
import { buildPermissionOwners } from '../../src/shared/permission-owners.js';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

// The list of protected routes is what the app REGISTERED (an onRoute hook), not a hand-kept list: a route added
// tomorrow is covered by these tests without anyone touching them.
const registered: RouteOptions[] = [];
let t: TestApp;
const clients = {} as Record<Role | 'anonymous', TestClient>;

const STAFF_LOGINS: Record<Exclude<Role, 'customer'>, [string, string]> = {
  agent: ['agente@ventanilla.test', 'agente-demo-2026'],
  admin: ['admin@ventanilla.test', 'admin-demo-2026'],
  notary: ['notario@ventanilla.test', 'notario-demo-2026'],
};

/** One protected route, made callable: path parameters filled in. */
interface Target {
  method: string;
  url: string;
  permission: Action;
}

function targets(): Target[] {
  return registered.flatMap((route) => {
    const permission = route.config?.permission;
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    if (!permission) return [];
    const url = route.url.replace(/:urlKey/g, 'nota-simple').replace(/:\w+/g, '1');
    return methods.map((method) => ({ method, url, permission }));
  });
}

/** A body no route accepts: the schema would say 400 if anything looked at it before the permission. */
const INVALID_BODY = { panel_status_id: 'not a number', amount: [], unexpected: { nested: true } };

/** Routes that answer an endless event stream once let in: their answer is read as a stream, and left. */
const EVENT_STREAMS = new Set(['/api/backoffice/locks/events']);

async function call(client: TestClient, target: Target) {
  if (EVENT_STREAMS.has(target.url)) {
    const res = await client.request({ method: 'GET', url: target.url, payloadAsStream: true });
    const stream = res.stream();
    if (res.statusCode === 200) {
      stream.destroy();
      return { statusCode: 200, json: () => ({}) };
    }
    let body = '';
    for await (const chunk of stream) body += String(chunk);
    return { statusCode: res.statusCode, json: () => JSON.parse(body) as { code?: string; message?: string } };
  }
  const withBody = target.method !== 'GET' && target.method !== 'DELETE';
  return client.request({
    method: target.method as 'GET',
    url: target.url,
    ...(withBody ? { payload: INVALID_BODY } : {}),
  });
}

beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => registered.push(route) });
  clients.anonymous = new TestClient(t.app);
  await clients.anonymous.start(1);
  clients.customer = new TestClient(t.app);
  expect((await clients.customer.register('permissions-customer@example.com')).statusCode).toBe(201);
  for (const [role, [email, password]] of Object.entries(STAFF_LOGINS)) {
    const client = new TestClient(t.app);
    expect((await client.login(email, password)).statusCode).toBe(200);
    clients[role as Role] = client;
  }
});
afterAll(async () => t?.close());

describe('the registered routes', () => {
  it('every /api/me and /api/backoffice route declares a permission, and the list is not empty', () => {
    const sensitive = registered.filter((r) => /^\/api\/(me|backoffice)(\/|$)/.test(r.url));
    expect(sensitive.length).toBeGreaterThan(30);
    expect(sensitive.filter((r) => !r.config?.permission).map((r) => `${String(r.method)} ${r.url}`)).toEqual([]);
    // The back office's routes are all in the list this file checks.
    const checked = new Set(targets().map((x) => x.url));
    expect(checked).toContain('/api/backoffice/orders/1/confirm-transfer');
    expect(checked).toContain('/api/backoffice/catalog/products/1/revisions/1/revert');
  });
});

describe('authentication and permission come before validation', () => {
  it('anonymous: 401 on every protected route, whatever the body', async () => {
    const wrong: string[] = [];
    for (const target of targets()) {
      const res = await call(clients.anonymous, target);
      if (res.statusCode !== 401 || res.json().code !== 'UNAUTHENTICATED')
        wrong.push(`${target.method} ${target.url}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('anonymous: 401, not 400, with invalid path parameters and query strings too', async () => {
    const wrong: string[] = [];
    for (const route of registered) {
      if (!route.config?.permission) continue;
      const url = `${route.url.replace(/:\w+/g, 'not-a-number')}?page=-1&per_page=x&unread=maybe`;
      for (const method of [route.method].flat().filter((m) => m !== 'HEAD')) {
        const res = await clients.anonymous.request({
          method: method as 'GET',
          url,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: INVALID_BODY }),
        });
        if (res.statusCode !== 401) wrong.push(`${method} ${url}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('each role gets 403 exactly where the permission table says no, before any schema message', async () => {
    const wrong: string[] = [];
    for (const role of ROLES) {
      for (const target of targets()) {
        const res = await call(clients[role], target);
        const allowed = can(role, target.permission);
        const ok = allowed
          ? res.statusCode !== 401 && res.statusCode !== 403
          : res.statusCode === 403 &&
            res.json().message === 'Acceso denegado. No tienes permisos para realizar esta acción.';
        if (!ok) wrong.push(`${role} ${target.method} ${target.url} (${target.permission}): ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every back-office route refuses customers (403), and the customer panel refuses nobody signed in', () => {
    for (const target of targets()) {
      if (target.url.startsWith('/api/backoffice/')) expect(can('customer', target.permission)).toBe(false);
      if (target.url.startsWith('/api/me')) for (const role of ROLES) expect(can(role, target.permission)).toBe(true);
    }
  });

  it('regression: an invalid body to a back-office route is 401 anonymous, 403 customer or notary, not 400', async () => {
    const status = {
      method: 'POST',
      url: '/api/backoffice/items/1/status',
      permission: 'backoffice.items.work',
    } as const;
    expect((await call(clients.anonymous, status)).statusCode).toBe(401);
    expect((await call(clients.customer, status)).statusCode).toBe(403);
    const refund = { method: 'POST', url: '/api/backoffice/orders/1/refunds', permission: 'orders.refund' } as const;
    expect((await call(clients.notary, refund)).statusCode).toBe(403);
    expect((await call(clients.agent, refund)).statusCode).toBe(400);
  });
});

describe('the protected group cannot be bypassed by mistake', () => {
  it('a back-office route registered outside the group stops the boot', async () => {
    const app = Fastify();
    await app.register(routeProtection);
    app.get('/api/backoffice/forgotten', async () => ({ open: true }));
    await expect(app.ready()).rejects.toThrow('routes outside the protected group: GET /api/backoffice/forgotten');
    await app.close();
  });

  it('a route in the group without a permission stops the boot', async () => {
    const app = Fastify();
    await app.register(routeProtection);
    // Not awaited: the error comes out of ready(), as it would out of buildApp.
    void app.register(protectedRoutes, {
      routes: [
        async (group) => {
          group.get('/api/backoffice/undeclared', async () => ({ open: true }));
        },
      ],
      actionOwners: buildPermissionOwners([{ name: 'catalog', permissions: ['catalog'] }]),
    });
    await expect(app.ready()).rejects.toThrow('GET /api/backoffice/undeclared: a protected route must declare');
    await app.close();
  });

  // Each module lists the permission areas it contributes (ServerModule's `permissions`): an action whose area no
  // module lists (its module left out of the list, or the area forgotten in it) is nobody's, and stops the boot.
  const unowned: [string, Action, string][] = [
    ['in an area no module lists', 'tickets.read', 'its action tickets.read is in area tickets, which no module lists'],
    [
      'not in the permission table',
      'orders.delete' as Action,
      'its action orders.delete is not in the permission table',
    ],
  ];
  it.each(unowned)('a route in the group whose action is %s stops the boot', async (_, permission, message) => {
    const app = Fastify();
    await app.register(routeProtection);
    void app.register(protectedRoutes, {
      routes: [
        async (group) => {
          group.get('/api/backoffice/catalog/listed', { config: { permission: 'catalog.edit' } }, async () => ({}));
          group.get('/api/backoffice/unowned', { config: { permission } }, async () => ({ open: true }));
        },
      ],
      actionOwners: buildPermissionOwners([{ name: 'catalog', permissions: ['catalog'] }]),
    });
    await expect(app.ready()).rejects.toThrow(`GET /api/backoffice/unowned: ${message}`);
    await app.close();
  });
});
