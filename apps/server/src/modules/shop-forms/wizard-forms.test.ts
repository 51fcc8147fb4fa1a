import { cents, rateBp, type ProductForm, type ProductOption } from '@ventanilla/domain';
import { describe, expect, it } from 'vitest';
import { html } from '../../shared/html.js';
import type { CatalogProduct, StoreInfo } from '../catalog/index.js';
import { evaluate, wizardPage } from './wizard-forms.js';

// The display flags on the pages without JavaScript (docs/shop-flows.md, "Display flags"): the same domain functions
// as the browser's wizard (display-flags.ts) decide prices, blocks and the "none" choice.

const store: StoreInfo = {
  storeId: 1,
  name: 'Tienda',
  language: 'es',
  country: 'ES',
  vatRate: rateBp(2100),
  hosts: [],
};

function option(p: Partial<ProductOption> & Pick<ProductOption, 'option_id' | 'type'>): ProductOption {
  return {
    is_require: false,
    title: `Pregunta ${p.option_id}`,
    price: cents(0),
    index: p.option_id,
    previous_steps: [],
    opt_values: [],
    ...p,
  };
}
const values = [
  { id: 11, name: 'Normal', price: cents(0) },
  { id: 12, name: 'Urgente', price: cents(500) },
];

function product(options: ProductOption[], steps: number[][]): CatalogProduct {
  const form: ProductForm = { product_id: 9, base_price: cents(1000), official_fee: cents(0), options, steps };
  return {
    row: { name: 'Trámite', urlKey: 'tramite' },
    language: 'es',
    storeIds: new Set([1]),
    form,
    page: { customText: '', tooltip: null, image: null },
  } as unknown as CatalogProduct;
}

function render(p: CatalogProduct, answers: Record<string, string> = {}): string {
  const result = evaluate(store, p, answers, () => undefined);
  const frame = { language: 'es' as const, storeName: 'Tienda', stylesheets: html`` };
  const page = wizardPage({
    frame,
    product: p,
    page: 0,
    answers,
    result,
    errors: [],
    csrfToken: 't',
    urlKey: 'tramite',
    vatRate: store.vatRate,
  });
  return page.main.value;
}

describe('display flags on the server-rendered wizard', () => {
  it('supplements beside choices; hide_price shows none; full_price the service price with VAT', () => {
    const plain = render(product([option({ option_id: 1, type: 'radio', opt_values: values })], [[1]]));
    expect(plain).toMatch(/Urgente<span class="supplement">\+5,00 €<\/span>/);
    expect(plain).not.toMatch(/Normal<span/);
    const hidden = render(
      product([option({ option_id: 1, type: 'radio', opt_values: values, display: { hide_price: true } })], [[1]]),
    );
    expect(hidden).not.toContain('class="supplement"');
    // 10.00 + 5.00 = 15.00 + 21% = 18.15; the free choice 12.10.
    const full = render(
      product([option({ option_id: 1, type: 'drop_down', opt_values: values, display: { full_price: true } })], [[1]]),
    );
    expect(full).toContain('>Urgente (18,15 €)</option>');
    expect(full).toContain('>Normal (12,10 €)</option>');
    const hint = render(product([option({ option_id: 1, type: 'field', price: cents(300) })], [[1]]));
    expect(hint).toMatch(/<div class="hint" id="option-1-hint">Suplemento: \+3,00 €\.<\/div>/);
  });

  it('can_be_empty: an optional radio group offers "Ninguna", checked while nothing is chosen', () => {
    const p = product(
      [option({ option_id: 1, type: 'radio', opt_values: values, display: { can_be_empty: true } })],
      [[1]],
    );
    expect(render(p)).toMatch(
      /<input class="radios__input" type="radio" id="option-1-3" name="option-1" value="" checked><label[^>]*>Ninguna<\/label>/,
    );
    expect(render(p, { '1': '12' })).toMatch(/id="option-1-3" name="option-1" value=""><label/);
    const required = product(
      [option({ option_id: 1, type: 'radio', is_require: true, opt_values: values, display: { can_be_empty: true } })],
      [[1]],
    );
    expect(render(required)).not.toContain('Ninguna');
  });

  it('embedded questions share the block of the one before, and the page heading is the leading question', () => {
    const p = product(
      [
        option({ option_id: 1, type: 'field', title: 'Finca' }),
        option({ option_id: 2, type: 'field', title: 'Tomo', display: { embedded_to_previous: true } }),
        option({
          option_id: 3,
          type: 'field',
          title: 'Libro',
          display: { embedded_hidden: true },
          previous_steps: [{ option_id: 2, value: '', op: 'eq' }],
        }),
      ],
      [],
    );
    const page = render(p);
    expect(page).toMatch(
      /<div class="question-block"><div class="form-group"><h1 class="label-wrapper" tabindex="-1"><label[^>]*for="option-1">Finca/,
    );
    expect(page).toMatch(
      /<div class="question-block__embedded"><div class="form-group"><label class="label" for="option-2">Tomo/,
    );
    expect(page).toMatch(
      /<div class="question-block__embedded question-block__embedded--revealed"><div class="form-group"><label class="label" for="option-3">Libro/,
    );
    expect(page).not.toContain('<h1 class="heading-xl">');
  });

  it('radio_button and multiple alone on a page: their legend is the heading, as the wizard draws it', () => {
    const radios = render(
      product(
        [
          option({
            option_id: 1,
            type: 'radio_button',
            title: 'Envío',
            opt_values: values,
            display: { can_be_empty: true },
          }),
        ],
        [[1]],
      ),
      { '1': '12' },
    );
    expect(radios).toContain(
      '<legend class="fieldset__legend fieldset__legend--heading"><h1 class="fieldset__heading" tabindex="-1">Envío (opcional)</h1></legend>',
    );
    expect(radios).toContain('<div class="radios"><div class="radios__item"><input class="radios__input" type="radio"');
    expect(radios).toMatch(/id="option-1-2" name="option-1" value="12" checked>/);
    expect(radios).toMatch(
      /id="option-1-3" name="option-1" value=""><label class="radios__label" for="option-1-3">Ninguna/,
    );
    const boxes = render(
      product([option({ option_id: 1, type: 'multiple', title: 'Extras', opt_values: values })], [[1]]),
      { '1': '11,12' },
    );
    expect(boxes).toContain('<h1 class="fieldset__heading" tabindex="-1">Extras (opcional)</h1>');
    expect(boxes).toContain(
      '<div class="checkboxes__item"><input class="checkboxes__input" type="checkbox" id="option-1" name="option-1" value="11" checked><label class="checkboxes__label" for="option-1">Normal</label></div>',
    );
    expect(boxes).toMatch(/id="option-1-2" name="option-1" value="12" checked>/);
    expect(boxes).not.toContain('Ninguna');
  });
});
