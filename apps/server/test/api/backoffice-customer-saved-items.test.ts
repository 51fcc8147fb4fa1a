import { CUSTOMER_SUMMARY_LIMIT } from '@ventanilla/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedItems, users } from '../../src/db/schema.js';
import { AGENT, ADMIN, createTestApp, NOTARY, signedIn, type TestApp, TestClient } from '../support/test-app.js';

// The back office's read of a customer's saved properties, companies and vehicles (docs/backoffice.md, "Customers"):
// what the order's and the ticket's side panel show. Runs on the embedded database.

let t: TestApp;
let agent: TestClient;
let admin: TestClient;
let notary: TestClient;
let ana: TestClient;
let anonymous: TestClient;
let anaId: number;
let beaId: number;
let emptyId: number;
let agentId: number;

const url = (id: number | string) => `/api/backoffice/customers/${id}/saved-items`;
const idOf = async (email: string) => (await t.app.ctx.db.select().from(users).where(eq(users.email, email)))[0]!.id;

/** Every key of a JSON value, recursively. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  return [];
}

beforeAll(async () => {
  t = await createTestApp();
  ana = new TestClient(t.app);
  expect((await ana.register('ana.saved@example.com')).statusCode).toBe(201);
  const bea = new TestClient(t.app);
  expect((await bea.register('bea.saved@example.com')).statusCode).toBe(201);
  const empty = new TestClient(t.app);
  expect((await empty.register('nada.saved@example.com')).statusCode).toBe(201);
  anonymous = new TestClient(t.app);
  await anonymous.start();
  agent = await signedIn(t.app, AGENT);
  admin = await signedIn(t.app, ADMIN);
  notary = await signedIn(t.app, NOTARY);
  anaId = await idOf('ana.saved@example.com');
  beaId = await idOf('bea.saved@example.com');
  emptyId = await idOf('nada.saved@example.com');
  agentId = await idOf(AGENT[0]);

  const save = async (client: TestClient, path: string, body: object) =>
    expect((await client.post(`/api/me/${path}`, body)).statusCode).toBe(201);
  await save(ana, 'properties', {
    name: 'Piso de la playa',
    meta: {
      attr: [
        { key: 'address', value: 'Paseo Marítimo 3, Alicante' },
        { key: 'refcat', value: '9872023VH5797S0001WX' },
        { key: 'registry', value: 'Alicante 2' },
        { key: 'notes', value: 'Llaves en portería' },
      ],
    },
  });
  await save(ana, 'companies', {
    name: 'Construcciones López SL',
    meta: { attr: [{ key: 'cif', value: 'B12345674' }] },
    favourite: true,
  });
  await save(ana, 'vehicles', { name: 'Furgoneta', meta: { attr: [{ key: 'plate', value: '1234 BCD' }] } });
  await save(ana, 'documents', { name: 'Escritura de compraventa' });
  await save(bea, 'vehicles', { name: 'El coche de Bea', meta: { attr: [{ key: 'plate', value: '9999 BCD' }] } });
});
afterAll(async () => t?.close());

describe('GET /api/backoffice/customers/{id}/saved-items', () => {
  it("gives an agent the customer's properties, companies and vehicles, one line each, and no documents", async () => {
    const res = await agent.get(url(anaId));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      customer_id: anaId,
      properties: {
        total: 1,
        items: [
          {
            id: expect.any(Number),
            name: 'Piso de la playa',
            favourite: false,
            attrs: [
              { key: 'address', value: 'Paseo Marítimo 3, Alicante' },
              { key: 'refcat', value: '9872023VH5797S0001WX' },
              { key: 'registry', value: 'Alicante 2' },
            ],
          },
        ],
      },
      companies: {
        total: 1,
        items: [
          {
            id: expect.any(Number),
            name: 'Construcciones López SL',
            favourite: true,
            attrs: [{ key: 'cif', value: 'B12345674' }],
          },
        ],
      },
      vehicles: {
        total: 1,
        items: [
          { id: expect.any(Number), name: 'Furgoneta', favourite: false, attrs: [{ key: 'plate', value: '1234BCD' }] },
        ],
      },
    });
    // Another customer's items never show; neither do secrets nor the notes.
    expect(res.body).not.toContain('El coche de Bea');
    expect(res.body).not.toContain('portería');
    expect(keysOf(res.json()).filter((k) => /hash|token|password|secret|csrf|card|iban|email/i.test(k))).toEqual([]);
    expect((await admin.get(url(anaId))).statusCode).toBe(200);
  });

  it('says so when the customer has saved nothing', async () => {
    const res = await agent.get(url(emptyId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      customer_id: emptyId,
      properties: { items: [], total: 0 },
      companies: { items: [], total: 0 },
      vehicles: { items: [], total: 0 },
    });
  });

  it(`carries the newest ${CUSTOMER_SUMMARY_LIMIT} of a kind and the total`, async () => {
    const many = Array.from({ length: CUSTOMER_SUMMARY_LIMIT + 2 }, (_, i) => ({
      userId: beaId,
      kind: 'vehicle' as const,
      name: `Vehículo ${i}`,
      meta: { attr: [], tipo: [], uso: [], relacion: [] },
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    }));
    await t.app.ctx.db.insert(savedItems).values(many);
    const body = (await agent.get(url(beaId))).json() as { vehicles: { items: { name: string }[]; total: number } };
    expect(body.vehicles.total).toBe(CUSTOMER_SUMMARY_LIMIT + 3);
    expect(body.vehicles.items).toHaveLength(CUSTOMER_SUMMARY_LIMIT);
    expect(body.vehicles.items[0]!.name).toBe('El coche de Bea');
    expect(body.vehicles.items[1]!.name).toBe(`Vehículo ${CUSTOMER_SUMMARY_LIMIT + 1}`);
  });

  it('is refused to customers (their own id too), notaries and anonymous callers', async () => {
    expect((await ana.get(url(anaId))).statusCode).toBe(403);
    expect((await ana.get(url(beaId))).statusCode).toBe(403);
    expect((await notary.get(url(anaId))).statusCode).toBe(403);
    expect((await anonymous.get(url(anaId))).statusCode).toBe(401);
  });

  it('is 404 for an id of no customer: unknown, or a staff account that bought (no customer account behind the order)', async () => {
    for (const id of [999_999, 2_147_483_647, agentId]) {
      const res = await agent.get(url(id));
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it.each(['0', '-1', '2147483648', '99999999999999999999', 'abc', '1.5', '%00', '1%00'])(
    'refuses the id %s with 400, as the other customer routes',
    async (id) => {
      const res = await agent.get(url(id));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    },
  );
});
