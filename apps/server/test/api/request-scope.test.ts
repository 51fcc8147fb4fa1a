// request.store and request.language (plugins/request-scope.ts): the request's store is ?store=, then the session's
// store once the session is loaded, then the host's, then the default; its language that store's, or the store of a
// `:storeId` path parameter. Probe routes read the decorators as any route does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessage } from '../../src/i18n/server-messages.js';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
let portugal: number;
beforeAll(async () => {
  t = await createTestApp();
  t.app.get('/probe/store', async (request) => ({
    id: request.store.id,
    name: request.store.info?.name ?? null,
    language: request.language,
    memoised: request.store === request.store,
  }));
  t.app.get('/probe/stores/:storeId', async (request) => ({ id: request.store.id, language: request.language }));
  t.app.get('/probe/session-store', async (request) => {
    const before = request.store.id;
    await request.loadSession();
    return { before, after: request.store.id, language: request.language };
  });
  await t.app.ready();
  portugal = t.app.ctx.catalog.listStores().find((s) => s.hosts.includes('ventanilla.pt'))!.storeId;
});
afterAll(async () => t?.close());

const probe = async (url: string, host: string, client?: TestClient) => {
  const res = client
    ? await client.request({ url, headers: { host } })
    : await t.app.inject({ url, headers: { host } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: number; name: string | null; language: string; memoised: boolean }>();
};

describe('request.store', () => {
  it('is the store of ?store=, ahead of the host', async () => {
    expect(await probe('/probe/store?store=9', 'ventanilla.pt')).toMatchObject({ id: 9, language: 'en' });
  });

  it("is the host's store, with the catalogue's store object, worked out once per request", async () => {
    const store = t.app.ctx.catalog.getStore(portugal)!;
    expect(await probe('/probe/store', 'ventanilla.pt:8443')).toEqual({
      id: portugal,
      name: store.name,
      language: 'pt',
      memoised: true,
    });
    // ?store= naming no store is ignored.
    expect((await probe('/probe/store?store=98', 'ventanilla.pt')).id).toBe(portugal);
  });

  it('is the default store on an unknown host', async () => {
    const id = t.app.ctx.config.defaultStoreId;
    expect(await probe('/probe/store', 'elsewhere.test')).toMatchObject({
      id,
      language: t.app.ctx.catalog.getStore(id)!.language,
    });
  });

  it("counts the session's store once the session is loaded, ahead of the host", async () => {
    const browser = new TestClient(t.app);
    expect((await browser.request({ url: '/api/session?store=9' })).json()).toMatchObject({ store_id: 9 });
    const res = await browser.request({ url: '/probe/session-store', headers: { host: 'ventanilla.pt' } });
    expect(res.json()).toEqual({ before: portugal, after: 9, language: 'en' });
  });
});

describe('request.language', () => {
  it("is the language of a :storeId path parameter's store, else the request's store's", async () => {
    expect(await probe('/probe/stores/9', 'ventanilla.pt')).toEqual({ id: portugal, language: 'en' });
    expect(await probe('/probe/stores/98', 'ventanilla.pt')).toEqual({ id: portugal, language: 'pt' });
  });

  it("words the API's error answers", async () => {
    const answer = async (url: string) => {
      const res = await t.app.inject({ url, headers: { host: 'ventanilla.pt' } });
      expect(res.statusCode).toBe(404);
      return res.json<{ message: string }>().message;
    };
    expect(await answer('/api/no-such-route')).toBe(serverMessage('pt', 'ROUTE_NOT_FOUND'));
    expect(await answer('/api/no-such-route?store=9')).toBe(serverMessage('en', 'ROUTE_NOT_FOUND'));
  });
});
