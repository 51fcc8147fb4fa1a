import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents, type Cents } from '@ventanilla/domain';
import { products, type StoredProductForm } from '../../src/db/schema/catalog.js';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

// Every question type on the pages without JavaScript (docs/decisions/0027-forms-without-javascript.md) is drawn as the
// browser's wizard draws it (option-field.tsx): `radio_button` as radios, `multiple` as a checkbox group posting one
// field per ticked value, `banco` as the list of banks by entity code; the answers reach the engine as the wizard
// sends them ("900201,900203").

let t: TestApp;
const URL_KEY = 'informe-economico';
const STEP1 = `/html/tienda/${URL_KEY}/step1`;
const STEP2 = `/html/tienda/${URL_KEY}/step2`;

type StoredOption = StoredProductForm['options'][number];
const option = (
  o: Pick<StoredOption, 'option_id' | 'type' | 'title' | 'is_require' | 'index'> & Partial<StoredOption>,
) => ({ placeholder: null, error: null, price: cents(0), previous_steps: [], opt_values: [], ...o }) as StoredOption;
const value = (id: number, name: string, price = 0) => ({ id, name, price: cents(price) as Cents });

/** A made-up form: delivery (radio_button) and extras (multiple) on page 1, the bank (banco) alone on page 2. */
const FORM: StoredProductForm = {
  steps: [[9001, 9002], [9004], [9003]],
  options: [
    option({
      option_id: 9001,
      type: 'radio_button',
      title: 'Tipo de envío',
      is_require: true,
      index: 1,
      opt_values: [value(900101, 'Ordinario'), value(900102, 'Urgente', 500)],
    }),
    option({
      option_id: 9002,
      type: 'multiple',
      title: 'Documentos adicionales',
      is_require: true,
      index: 2,
      opt_values: [value(900201, 'Planos', 300), value(900202, 'Fotografías'), value(900203, 'Certificado', 200)],
    }),
    option({ option_id: 9004, type: 'banco', title: 'Banco de la hipoteca', is_require: false, index: 3 }),
    option({ option_id: 9003, type: 'field', title: 'Observaciones', is_require: false, index: 4 }),
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.db.update(products).set({ form: FORM, translations: {} }).where(eq(products.urlKey, URL_KEY));
  await t.app.ctx.catalog.load();
});
afterAll(async () => t?.close());

function browser() {
  const c = new TestClient(t.app);
  const request = c.request.bind(c);
  c.request = (options) => request({ ...options, remoteAddress: '10.26.0.1' });
  return {
    c,
    get: (url: string) => c.get(url),
    post: (url: string, fields: Record<string, string | string[]>) => {
      const body = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
      return c.request({
        method: 'POST',
        url,
        payload: body.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    },
  };
}

const tokenIn = (page: string) => /name="_csrf" value="([^"]*)"/.exec(page)?.[1] ?? '';
const inputsIn = (page: string, name: string) =>
  [...page.matchAll(new RegExp(`<input [^>]*name="${name}"[^>]*>`, 'g'))].map((m) => m[0]);

describe('choice question types without JavaScript', () => {
  it('draws radio_button as radios and multiple as checkboxes, each group a fieldset with its legend', async () => {
    const page = await browser().get(STEP1);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('<legend class="fieldset__legend">Tipo de envío</legend>');
    expect(inputsIn(page.body, 'option-9001')).toEqual([
      '<input class="radios__input" type="radio" id="option-9001" name="option-9001" value="900101">',
      '<input class="radios__input" type="radio" id="option-9001-2" name="option-9001" value="900102">',
    ]);
    expect(page.body).toContain(
      '<label class="radios__label" for="option-9001-2">Urgente<span class="supplement">+5,00 €</span></label>',
    );
    expect(page.body).toContain('<legend class="fieldset__legend">Documentos adicionales</legend>');
    expect(inputsIn(page.body, 'option-9002')).toEqual([
      '<input class="checkboxes__input" type="checkbox" id="option-9002" name="option-9002" value="900201">',
      '<input class="checkboxes__input" type="checkbox" id="option-9002-2" name="option-9002" value="900202">',
      '<input class="checkboxes__input" type="checkbox" id="option-9002-3" name="option-9002" value="900203">',
    ]);
    expect(page.body).toContain('<label class="checkboxes__label" for="option-9002-3">Certificado');
    expect(page.body).not.toMatch(/type="text"[^>]*name="option-900[12]"/);
  });

  it('keeps the choices of a refused page, with the engine message for the missing answer', async () => {
    const b = browser();
    const missing = await b.post(STEP1, { 'option-9001': '900102' });
    expect(missing.statusCode, missing.body).toBe(422);
    expect(missing.body).toMatch(/<a href="#option-9002">[^<]+<\/a>/);
    expect(missing.body).toContain(
      '<div class="form-group form-group--error"><fieldset class="fieldset" aria-describedby="option-9002-error">',
    );
    expect(inputsIn(missing.body, 'option-9001')[1]).toContain('value="900102" checked');

    const noDelivery = await b.post(STEP1, { _csrf: tokenIn(missing.body), 'option-9002': ['900201', '900203'] });
    expect(noDelivery.statusCode, noDelivery.body).toBe(422);
    expect(noDelivery.body).toMatch(/<a href="#option-9001">[^<]+<\/a>/);
    expect(inputsIn(noDelivery.body, 'option-9002').map((i) => i.includes(' checked'))).toEqual([true, false, true]);
  });

  it('posts the ticked values as the wizard sends them: the engine prices them, the check page names them', async () => {
    const b = browser();
    const page = await b.get(STEP1);
    const posted = await b.post(STEP1, {
      _csrf: tokenIn(page.body),
      'option-9001': '900102',
      'option-9002': ['900201', '900203'],
    });
    expect(posted.statusCode, posted.body).toBe(303);
    expect(posted.headers.location).toBe(STEP2);

    // The same answers through the API, as the browser's wizard sends them.
    const api = await b.c.post(`/api/stores/1/products/${URL_KEY}/evaluate`, {
      answers: { '9001': '900102', '9002': '900201,900203' },
    });
    const evaluated = api.json() as { price: { total: string }; errors: unknown[] };
    expect(evaluated.errors).toEqual([]);
    const total = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(
      Number(evaluated.price.total),
    );
    const step2 = await b.get(STEP2);
    expect(step2.body).toContain(`<strong>Total:</strong> ${total}</p>`);

    // Page 2: the bank by its entity code, as the wizard lists them; its one question is the page's heading.
    expect(step2.body).toContain(
      '<h1 class="label-wrapper" tabindex="-1"><label class="label label--heading" for="option-9004">',
    );
    expect(step2.body).toContain('<option value="">Elige el banco</option>');
    expect(step2.body).toContain('<option value="0049">Banco Santander (0049)</option>');
    const bank = await b.post(STEP2, { _csrf: tokenIn(step2.body), 'option-9004': '0049' });
    expect(bank.statusCode, bank.body).toBe(303);

    const back = await b.get(STEP1);
    expect(inputsIn(back.body, 'option-9001').map((i) => i.includes(' checked'))).toEqual([false, true]);
    expect(inputsIn(back.body, 'option-9002').map((i) => i.includes(' checked'))).toEqual([true, false, true]);
    const step3 = await b.get(bank.headers.location as string);
    const check = await b.post(bank.headers.location as string, { _csrf: tokenIn(step3.body) });
    expect(check.headers.location).toBe(`/html/tienda/${URL_KEY}/check`);
    const summary = (await b.get(`/html/tienda/${URL_KEY}/check`)).body;
    expect(summary).toContain('<dd class="summary-list__value">Urgente</dd>');
    expect(summary).toMatch(/<dd class="summary-list__value">Planos, Certificado<\/dd>/);
  });

  it('lets only the checkbox group repeat its field', async () => {
    const b = browser();
    const repeated = await b.post(STEP1, { 'option-9001': ['900101', '900102'], 'option-9002': '900201' });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.body).toContain('Los datos enviados no son válidos');
  });
});
