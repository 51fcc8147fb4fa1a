import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlaceDirectory } from '../../src/modules/geo/place-directory.js';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

const places = new PlaceDirectory();
const FORMS_DIR = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../catalog/forms');

describe('place data sets (catalog/geo)', () => {
  it.each([
    ['es_province', 52],
    ['es_municipality', 8131],
    ['pt_district', 20],
    ['pt_municipality', 308],
    ['pt_parish', 3092],
  ] as const)('%s: %i places', (kind, count) => {
    expect(places.count(kind)).toBe(count);
  });

  it.each([
    ['es_municipality', '28079', 'Madrid', 'Madrid'],
    ['es_municipality', '08019', 'Barcelona', 'Barcelona'],
    ['es_municipality', '46250', 'València', 'Valencia/València'],
    ['es_municipality', '41091', 'Sevilla', 'Sevilla'],
    ['es_municipality', '15030', 'A Coruña', 'A Coruña'],
    ['es_municipality', '05019', 'Ávila', 'Ávila'],
    ['pt_district', '11', 'Lisboa', null],
    ['pt_municipality', '1106', 'Lisboa', 'Lisboa'],
    ['pt_municipality', '1312', 'Porto', 'Porto'],
    ['pt_municipality', '3103', 'Funchal', 'Região Autónoma da Madeira'],
    ['pt_parish', '110658', 'Belém', 'Lisboa'],
    ['pt_parish', '131210', 'Paranhos', 'Porto'],
    ['pt_parish', '030303', undefined, undefined], // merged in 2013: no longer a freguesia
  ] as const)('%s %s is %s (in %s)', (kind, code, name, parent) => {
    const place = places.find(kind, code);
    expect(place?.name).toBe(name);
    if (name) expect(place?.parent_name).toBe(parent);
  });

  it('every province or district list of the catalogue carries the data set code of each value', () => {
    let lists = 0;
    for (const file of readdirSync(FORMS_DIR)) {
      const form = JSON.parse(readFileSync(path.join(FORMS_DIR, file), 'utf8')) as {
        options: Array<{
          option_id: number;
          type: string;
          place?: { country?: string };
          opt_values: Array<{ name: string; code?: string }>;
        }>;
      };
      for (const option of form.options.filter((o) => o.type === 'drop_down' && o.place)) {
        lists++;
        const kind = option.place?.country === 'PT' ? 'pt_district' : 'es_province';
        expect(option.opt_values).toHaveLength(places.count(kind));
        for (const v of option.opt_values)
          expect(places.find(kind, v.code ?? '')?.name, `${file} ${option.option_id} ${v.name}`).toBe(v.name);
      }
    }
    expect(lists).toBeGreaterThanOrEqual(20);
  });
});

describe('GET /api/geo/...', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const codes = (body: { items: Array<{ code: string }> }) => body.items.map((i) => i.code);

  it('lists the 52 provinces with their INE codes, cacheable', async () => {
    const res = await get('/api/geo/es/provinces');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.json().items).toHaveLength(52);
    expect(res.json().items).toContainEqual({ code: '28', name: 'Madrid', parent_code: null, parent_name: null });
  });

  it.each([
    ['avila', '05019'], // accents ignored
    ['ÁVILA', '05019'],
    ['coruna', '15030'], // a word of "A Coruña"
    ['a coru', '15030'],
    ['valencia', '46250'],
    ['alcala de hen', '28005'],
    ['28079', '28079'], // digits search codes
  ])('"%s" finds %s first', async (q, code) => {
    const res = await get(`/api/geo/es/municipalities?q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    expect(codes(res.json())[0]).toBe(code);
  });

  it('narrows to a province and says when there are more', async () => {
    const res = await get('/api/geo/es/municipalities?province=28&limit=5');
    expect(res.json().items).toHaveLength(5);
    expect(res.json().more).toBe(true);
    expect(res.json().items.every((i: { parent_code: string }) => i.parent_code === '28')).toBe(true);
    const santa = await get('/api/geo/es/municipalities?q=santa%20cruz&province=38&limit=50');
    expect(codes(santa.json())).toContain('38038');
    expect(santa.json().items.every((i: { parent_code: string }) => i.parent_code === '38')).toBe(true);
  });

  it('finds a municipality by code, also with its check digit; unknown codes are 404, malformed 400', async () => {
    expect((await get('/api/geo/es/municipalities/280796')).json()).toEqual({
      code: '28079',
      name: 'Madrid',
      parent_code: '28',
      parent_name: 'Madrid',
    });
    expect((await get('/api/geo/es/municipalities/280795')).statusCode).toBe(404);
    expect((await get('/api/geo/es/municipalities/99999')).statusCode).toBe(404);
    expect((await get('/api/geo/es/municipalities/madrid')).statusCode).toBe(400);
    expect((await get('/api/geo/es/municipalities?province=M')).statusCode).toBe(400);
    expect((await get('/api/geo/es/municipalities?limit=500')).statusCode).toBe(400);
  });

  it('Portugal: districts, concelhos of a district, freguesias of a concelho', async () => {
    const districts = (await get('/api/geo/pt/districts')).json();
    expect(districts.items).toHaveLength(20);
    const lisboa = (await get('/api/geo/pt/municipalities?district=11&q=lis')).json();
    expect(codes(lisboa)).toEqual(['1106']);
    const madeira = (await get('/api/geo/pt/municipalities?district=30&limit=100')).json();
    expect(codes(madeira)).toHaveLength(11);
    const parishes = (await get('/api/geo/pt/parishes?municipality=1106&limit=100')).json();
    expect(parishes.items).toHaveLength(24);
    expect(codes((await get('/api/geo/pt/parishes?q=belem')).json())).toContain('110658');
    expect(codes((await get('/api/geo/pt/parishes?district=13&q=paranhos')).json())).toEqual(['131210']);
    expect((await get('/api/geo/pt/parishes/110658')).json().parent_name).toBe('Lisboa');
    expect((await get('/api/geo/pt/municipalities/1199')).statusCode).toBe(404);
    // The longest names (unions of parishes) can be typed in full.
    const union = 'União das freguesias de Cedofeita, Santo Ildefonso, Sé, Miragaia, São Nicolau e Vitória';
    expect(codes((await get(`/api/geo/pt/parishes?q=${encodeURIComponent(union)}`)).json())[0]).toBe('131217');
  });
});

describe('place answers are checked by the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const evaluate = (store: number, urlKey: string, answers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/stores/${store}/products/${urlKey}/evaluate`, payload: { answers } });
  const errorOf = async (store: number, urlKey: string, answers: Record<string, string>, optionId: number) =>
    (await evaluate(store, urlKey, answers)).json().errors.find((e: { option_id: number }) => e.option_id === optionId)
      ?.message;

  it.each([
    ['unknown code', '28999', 'Elige un municipio de la lista'],
    ['a name typed instead of choosing', 'Alcalá de Henares', 'Elige un municipio de la lista'],
    ['a municipality of another province', '08019', 'El municipio no pertenece a la provincia elegida'],
    ['a known code', '28005', undefined],
    ['the code with its check digit', '280053', undefined],
  ])('nota simple, %s', async (_name, code, message) => {
    expect(await errorOf(1, 'nota-simple', { ...notaSimpleAnswers(), '79': code }, 79)).toBe(message);
  });

  it('answers in the store language (Portuguese store, certidão permanente)', async () => {
    const base = { '3909': '390911', '3910': '1106' };
    expect(await errorOf(16, 'certidao-permanente', { ...base, '3901': '110699' }, 3901)).toBe(
      'Escolha uma freguesia da lista',
    );
    expect(await errorOf(16, 'certidao-permanente', { ...base, '3901': '131210' }, 3901)).toBe(
      'A freguesia não pertence ao concelho ou distrito escolhido',
    );
    expect(await errorOf(16, 'certidao-permanente', { ...base, '3910': '1312', '3901': '131210' }, 3910)).toBe(
      'O concelho não pertence ao distrito escolhido',
    );
    expect(await errorOf(16, 'certidao-permanente', { ...base, '3901': '110658' }, 3901)).toBeUndefined();
  });

  it('add-to-cart refuses an unknown code and stores the code of a known one, shown by name', async () => {
    const c = new TestClient(t.app);
    await c.start(1);
    const refused = await c.post('/api/cart/items', {
      store_id: 1,
      url_key: 'nota-simple',
      answers: { ...notaSimpleAnswers(), '79': '28999' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([{ option_id: 79, message: 'Elige un municipio de la lista' }]);
    expect((await c.get('/api/cart?store_id=1')).json().items).toHaveLength(0);

    const added = await c.post('/api/cart/items', {
      store_id: 1,
      url_key: 'nota-simple',
      answers: { ...notaSimpleAnswers(), '79': '280053' },
    });
    expect(added.statusCode).toBe(201);
    const line = added.json().items[0];
    expect(line.summary).toBe('Madrid | Alcalá de Henares');
    expect(line.options.find((o: { option_id: number }) => o.option_id === 79)).toMatchObject({
      value: '28005',
      print_value: 'Alcalá de Henares',
    });
  });
});
