import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cadastreTargets, parseRefcatQuery, type ProductOption } from '@ventanilla/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, localService } from '../lookups/recorded-fetch.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const ROOT = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
const OFFLINE = JSON.parse(readFileSync(path.join(ROOT, 'catalog/lookups/cadastre-es.json'), 'utf8')) as {
  items: Array<[string, string, ...unknown[]]>;
};
const NOT_FOUND_ES = 'Registro no encontrado';

describe('lookups, offline adapters (the default)', () => {
  let t: TestApp;
  const get = (url: string, host?: string) =>
    t.app.inject({ method: 'GET', url, headers: host ? { host } : undefined });

  beforeAll(async () => {
    t = await createTestApp({ env: { LOOKUPS_PER_MINUTE: '1000' } });
  });
  afterAll(async () => t.close());

  it('GET /api/lookups/cadastre?refcat= answers province, municipality and address', async () => {
    const res = await get('/api/lookups/cadastre?refcat=0847106VK4704F0002PR');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      refcat: '0847106VK4704F0002PR',
      province_code: '28',
      province: 'Madrid',
      municipality_code: '28079',
      municipality: 'Madrid',
      address: 'Calle Alcala 45, Esc. 1, Planta 2, Puerta A',
      address_parts: { postal_code: '28014' },
      source: 'offline',
      units: [{ refcat: '0847106VK4704F0002PR' }],
    });
  });

  it('answers every reference of the offline data set, and docs/integrations.md lists each of them', async () => {
    const docs = readFileSync(path.join(ROOT, 'docs/integrations.md'), 'utf8');
    expect(OFFLINE.items.length).toBeGreaterThanOrEqual(10);
    for (const [refcat, municipality] of OFFLINE.items) {
      expect(parseRefcatQuery(refcat), refcat).toMatchObject({ ok: true, kind: 'unit' });
      const res = await get(`/api/lookups/cadastre?refcat=${refcat}`);
      expect(res.statusCode, refcat).toBe(200);
      expect(res.json().municipality_code).toBe(municipality);
      expect(docs, `docs/integrations.md lists ${refcat}`).toContain(refcat);
    }
  });

  it.each([
    ['lower case and spaces', '0847106vk4704f 0002 pr'],
    ['encoded spaces', '0847106VK4704F%200002%20PR'],
  ])('accepts %s', async (_name, refcat) => {
    const res = await get(`/api/lookups/cadastre?refcat=${refcat}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().refcat).toBe('0847106VK4704F0002PR');
  });

  it('a parcel (14 characters) lists its units', async () => {
    const res = await get('/api/lookups/cadastre?refcat=0847106VK4704F');
    expect(res.statusCode).toBe(200);
    expect(res.json().units.map((u: { refcat: string }) => u.refcat)).toEqual([
      '0847106VK4704F0001OE',
      '0847106VK4704F0002PR',
      '0847106VK4704F0003AT',
    ]);
  });

  it.each([
    ['ventanilla.es', NOT_FOUND_ES],
    ['ventanilla.ie', 'Record not found'],
    ['ventanilla.pt', 'Registo não encontrado'],
  ])('a valid reference nobody has: 404 (%s: %s)', async (host, message) => {
    const res = await get('/api/lookups/cadastre?refcat=7837301VG8173B0001TT', host);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message });
  });

  it.each([
    ['wrong control letters', 'refcat=7837301VG8173B0001TR'],
    ['18 characters', 'refcat=7837301VG8173B0001'],
    ['empty', 'refcat='],
    ['spaces only', 'refcat=%20%20'],
    ['an HTML tag', 'refcat=%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
    ['percent-encoded letters of a valid reference plus junk', 'refcat=%30847106VK4704F0002PR%25'],
    ['a long text', `refcat=${'A'.repeat(65)}`],
    ['a huge text', `refcat=${'7'.repeat(20_000)}`],
  ])('refuses %s with 400 and a clear message', async (_name, query) => {
    const res = await get(`/api/lookups/cadastre?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    if (query.length < 70 && !query.endsWith('='))
      expect(body.message).toMatch(/^La referencia catastral no es válida/);
  });

  it.each([
    ['no refcat', ''],
    ['a NUL byte', '?refcat=0847106VK4704F0002PR%00'],
    ['a lone surrogate', '?refcat=%ED%A0%80'],
    ['an unknown parameter', '?refcat=0847106VK4704F0002PR&x=1'],
    ['a repeated parameter', '?refcat=0847106VK4704F0002PR&refcat=0847106VK4704F0001OE'],
  ])('refuses %s with 400', async (_name, query) => {
    const res = await get(`/api/lookups/cadastre${query}`);
    expect(res.statusCode).toBe(400);
  });

  it('the invalid reference message is translated (en, pt)', async () => {
    const en = await get('/api/lookups/cadastre?refcat=7837301VG8173B0001TR', 'ventanilla.ie');
    expect(en.json().message).toMatch(/^The cadastral reference is not valid/);
    const pt = await get('/api/lookups/cadastre?refcat=7837301VG8173B0001TR', 'ventanilla.pt');
    expect(pt.json().message).toMatch(/^A referência cadastral não é válida/);
  });

  it('GET /api/lookups/cadastre/by-address lists the references at an address', async () => {
    const res = await get(
      `/api/lookups/cadastre/by-address?province=28&municipality=28079&street=${encodeURIComponent('Calle de Alcalá')}&number=45`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((r: { refcat: string }) => r.refcat)).toEqual([
      '0847106VK4704F0001OE',
      '0847106VK4704F0002PR',
      '0847106VK4704F0003AT',
    ]);
    const noNumber = await get(
      '/api/lookups/cadastre/by-address?province=46&municipality=46250&street=avda%20del%20puerto',
    );
    expect(noNumber.json().items.map((r: { refcat: string }) => r.refcat)).toEqual(['5331907YJ2753B0001ZH']);
  });

  it.each([
    ['another number', 'province=28&municipality=28079&street=alcala&number=47'],
    ['another municipality', 'province=28&municipality=28005&street=alcala&number=45'],
  ])('nothing at %s: 404 "Registro no encontrado"', async (_name, query) => {
    const res = await get(`/api/lookups/cadastre/by-address?${query}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(NOT_FOUND_ES);
  });

  it.each([
    ['a municipality outside the province', 'province=08&municipality=28079&street=alcala'],
    ['a province that is not a code', 'province=Madrid&municipality=28079&street=alcala'],
    ['no street', 'province=28&municipality=28079'],
    ['an empty street', 'province=28&municipality=28079&street='],
    ['a huge street', `province=28&municipality=28079&street=${'a'.repeat(5000)}`],
    ['a number with symbols', 'province=28&municipality=28079&street=alcala&number=45%3B%20drop'],
    ['a NUL in the street', 'province=28&municipality=28079&street=alca%00la'],
  ])('by-address refuses %s with 400', async (_name, query) => {
    expect((await get(`/api/lookups/cadastre/by-address?${query}`)).statusCode).toBe(400);
  });

  it('GET /api/lookups/geocode finds the municipality of an address offline', async () => {
    const res = await get(`/api/lookups/geocode?q=${encodeURIComponent('Calle Mayor 1, Alcalá de Henares, Madrid')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      source: 'offline',
      items: [{ municipality_code: '28005', province_code: '28', precision: 'municipality', country: 'ES' }],
    });
    expect((await get('/api/lookups/geocode?q=zzzz%20qqqq')).json().items).toEqual([]);
  });

  it.each([
    ['too short', 'q=a'],
    ['too long', `q=${'a'.repeat(201)}`],
    ['a limit too high', 'q=Madrid&limit=11'],
    ['a NUL', 'q=Mad%00rid'],
  ])('geocode refuses %s with 400', async (_name, query) => {
    expect((await get(`/api/lookups/geocode?${query}`)).statusCode).toBe(400);
  });

  it('every property form with a cadastral reference question has the questions a lookup fills', () => {
    const dir = path.join(ROOT, 'catalog/forms');
    let forms = 0;
    for (const file of readdirSync(dir)) {
      const form = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { options: ProductOption[] };
      if (!form.options.some((o) => o.validator === 'refcat')) continue;
      forms++;
      const targets = cadastreTargets(form.options);
      expect(targets.province, file).not.toBeNull();
      expect(targets.municipality, file).not.toBeNull();
      expect(targets.address, file).not.toBeNull();
    }
    expect(forms).toBeGreaterThanOrEqual(10);
  });
});

describe('lookups are rate-limited per address', () => {
  it('answers 429 past LOOKUPS_PER_MINUTE', async () => {
    const t = await createTestApp({ env: { LOOKUPS_PER_MINUTE: '3' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push(
          (await t.app.inject({ method: 'GET', url: '/api/lookups/cadastre?refcat=0847106VK4704F0002PR' })).statusCode,
        );
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('lookups through the real adapters (local servers with recorded answers)', () => {
  let t: TestApp;
  let catastro: Awaited<ReturnType<typeof localService>>;
  let nominatim: Awaited<ReturnType<typeof localService>>;

  beforeAll(async () => {
    catastro = await localService((url) => {
      const refcat = url.searchParams.get('RefCat');
      if (url.pathname.endsWith('/Consulta_DNPLOC'))
        return { status: 200, body: fixture('catastro', 'dnploc-building') };
      if (refcat === '8897006XH8189N0001IU') return { status: 200, body: fixture('catastro', 'dnprc-unit') };
      if (refcat === '0663903VK4706D0001AL') return { status: 502, body: 'Bad gateway' };
      return { status: 200, body: fixture('catastro', 'dnprc-not-found') };
    });
    nominatim = await localService(() => ({ status: 200, body: fixture('nominatim', 'search-address') }));
    t = await createTestApp({
      env: {
        CADASTRE_PROVIDER: 'catastro',
        CATASTRO_URL: catastro.url,
        GEOCODER: 'nominatim',
        NOMINATIM_URL: nominatim.url,
        LOOKUPS_PER_MINUTE: '1000',
        LOOKUP_TIMEOUT_MS: '2000',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await catastro.close();
    await nominatim.close();
  });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('maps the Catastro answer, and a second lookup of the same reference is answered from memory', async () => {
    const res = await get('/api/lookups/cadastre?refcat=8897006XH8189N0001IU');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      source: 'catastro',
      province: 'Alicante/Alacant',
      municipality: 'Rafal',
      municipality_code: '03109',
      address: 'Calle Miguel de Cervantes 13, Esc. 1, Planta 0, Puerta 01',
    });
    const before = catastro.requests.length;
    expect((await get('/api/lookups/cadastre?refcat=8897006XH8189N0001IU')).statusCode).toBe(200);
    expect(catastro.requests.length).toBe(before);
  });

  it('cod 5 is 404 "Registro no encontrado"; an invalid reference never reaches the Catastro', async () => {
    const res = await get('/api/lookups/cadastre?refcat=7837301VG8173B0001TT');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(NOT_FOUND_ES);
    const before = catastro.requests.length;
    expect((await get('/api/lookups/cadastre?refcat=7837301VG8173B0001TR')).statusCode).toBe(400);
    expect(catastro.requests.length).toBe(before);
  });

  it('a Catastro that fails is 503 with a message saying to try again or type the details', async () => {
    const res = await get('/api/lookups/cadastre?refcat=0663903VK4706D0001AL');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringMatching(/^No hemos podido hacer la consulta/),
    });
  });

  it('by-address goes to Consulta_DNPLOC', async () => {
    const res = await get('/api/lookups/cadastre/by-address?province=28&municipality=28079&street=quesada&number=11');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(2);
    const last = catastro.requests.at(-1)!;
    expect(last.pathname).toMatch(/\/Consulta_DNPLOC$/);
    expect(last.searchParams.get('Calle')).toBe('QUESADA');
  });

  it('geocode goes to the Nominatim service', async () => {
    const res = await get(`/api/lookups/geocode?q=${encodeURIComponent('Calle de Alcalá 45, Madrid')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      source: 'nominatim',
      items: [{ precision: 'address', municipality_code: '28079' }],
    });
    expect(nominatim.requests.at(-1)?.searchParams.get('format')).toBe('jsonv2');
  });
});

describe('calls to an outside service are capped per instance (LOOKUP_UPSTREAM_PER_MINUTE)', () => {
  it('past the cap a new lookup is 503; an answer in memory is still served', async () => {
    const catastro = await localService((url) =>
      url.searchParams.get('RefCat') === '8897006XH8189N0001IU'
        ? { status: 200, body: fixture('catastro', 'dnprc-unit') }
        : { status: 200, body: fixture('catastro', 'dnprc-not-found') },
    );
    const t = await createTestApp({
      env: { CADASTRE_PROVIDER: 'catastro', CATASTRO_URL: catastro.url, LOOKUP_UPSTREAM_PER_MINUTE: '1' },
    });
    try {
      const get = (refcat: string) => t.app.inject({ method: 'GET', url: `/api/lookups/cadastre?refcat=${refcat}` });
      expect((await get('8897006XH8189N0001IU')).statusCode).toBe(200);
      expect((await get('7837301VG8173B0001TT')).statusCode).toBe(503);
      expect((await get('8897006XH8189N0001IU')).statusCode).toBe(200);
      expect(catastro.requests).toHaveLength(1);
    } finally {
      await t.close();
      await catastro.close();
    }
  });
});
