import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standInWebBuild } from '../support/stand-in-web-build.js';
import { ADMIN, createTestApp, signedIn, type TestApp } from '../support/test-app.js';

// The server-rendered legal pages and shop pages read the store's seller (docs/legal-entities.md): its
// company data in the store's language with no placeholder text, schema.org's Organization, and an admin's edit
// shown on the next page (the page cache is dropped). The web app's real render module, as in seo-pages.test.ts.
const build = standInWebBuild('legal');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: build.env });
});
afterAll(async () => {
  await t?.close();
  build.remove();
});

const get = (url: string, host: string) => t.app.inject({ method: 'GET', url, headers: { host } });
const root = (body: string) =>
  (/<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(body)?.[1] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const jsonLd = (body: string) =>
  [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>,
  );

describe('legal pages name the seller', () => {
  it.each([
    ['ventanilla.es', 'es', 'NIF B12345674', 'Ventanilla Gestión Registral, S.L.'],
    ['registry.ventanilla.es', 'es', 'tax id B12345674', 'Ventanilla Gestión Registral, S.L.'],
    ['ventanilla.pt', 'pt', 'NIF PT509123457', 'Ventanilla Portugal, Unipessoal Lda.'],
    ['ventanilla.ie', 'ie', 'tax id IE1234567T', 'Ventanilla Ireland Limited'],
  ])('%s: its entity (%s), in the store language, with no placeholder text', async (host, _entity, taxId, name) => {
    const res = await get('/legal/aviso-legal', host);
    expect(res.statusCode).toBe(200);
    const text = root(res.body);
    expect(text).toContain(taxId);
    expect(text).toContain(name);
    expect(text).not.toMatch(/pendiente|pending|completar|to be completed|\[|\{\w+\}/i);
  });

  it('shop pages carry the seller as an Organization', async () => {
    const home = jsonLd((await get('/', 'ventanilla.pt')).body);
    expect(home).toContainEqual(
      expect.objectContaining({
        '@type': 'Organization',
        legalName: 'Ventanilla Portugal, Unipessoal Lda.',
        vatID: 'PT509123457',
      }),
    );
    const product = jsonLd((await get('/tienda/nota-simple', 'ventanilla.es')).body);
    expect(product).toContainEqual(expect.objectContaining({ '@type': 'Organization', vatID: 'B12345674' }));
  });

  it("an admin's edit shows on the next page (the cached page is dropped)", async () => {
    expect(root((await get('/legal/privacidad', 'ventanilla.ie')).body)).toContain('Ventanilla Ireland Limited');
    const admin = await signedIn(t.app, ADMIN);
    const res = await admin.request({
      method: 'PATCH',
      url: '/api/backoffice/legal-entities/ie',
      payload: { legal_name: 'Irish Example Trading Limited' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = (await get('/legal/privacidad', 'ventanilla.ie')).body;
    expect(root(page)).toContain('Irish Example Trading Limited');
    expect(jsonLd(page)).toContainEqual(expect.objectContaining({ legalName: 'Irish Example Trading Limited' }));
  });
});
