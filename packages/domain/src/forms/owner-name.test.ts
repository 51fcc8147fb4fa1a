import { describe, expect, it } from 'vitest';
import { cents, rateBp } from '../money/money.js';
import { evaluateForm } from './evaluate-form.js';
import { isOwnerUnknown } from './owner-name.js';
import type { ProductForm, ProductOption } from './product-form.js';

describe('isOwnerUnknown: blank or containing "onocido" (spec, sections 5 and 9)', () => {
  it.each([
    [undefined, true],
    [null, true],
    ['', true],
    ['   ', true],
    ['Desconocido', true],
    ['desconocido', true],
    ['DESCONOCIDO', true],
    ['No conocido', true],
    ['el titular es desconocido', true],
    ['Juan Español', false],
    ['Conocida Inmobiliaria SL', false],
    ['Reconocido SL', true], // the spec's rule is a plain substring test
    ['María', false],
  ])('%j -> %s', (name, unknown) => {
    expect(isOwnerUnknown(name)).toBe(unknown);
  });
});

function option(partial: Partial<ProductOption> & Pick<ProductOption, 'option_id' | 'index'>): ProductOption {
  return {
    type: 'field',
    is_require: false,
    title: `Opción ${partial.option_id}`,
    price: cents(0),
    previous_steps: [],
    opt_values: [],
    ...partial,
  };
}

/** The nota simple's owner rule as data: 82 and 83 (steps 5.1 and 5.2) only when owner 77 is unknown. */
const form: ProductForm = {
  product_id: 15867,
  base_price: cents(2076),
  official_fee: cents(0),
  steps: [[80], [77], [82], [83]],
  options: [
    option({ option_id: 80, index: 1, is_require: true }),
    option({ option_id: 77, index: 2 }),
    option({
      option_id: 82,
      index: 3,
      validator: 'refcat',
      previous_steps: [{ option_id: 77, value: '', op: 'owner_unknown' }],
    }),
    option({
      option_id: 83,
      index: 4,
      validator: 'idufir',
      previous_steps: [{ option_id: 77, value: '', op: 'owner_unknown' }],
    }),
  ],
};
const VAT = rateBp(2100);

describe('the owner_unknown condition in the engine', () => {
  it.each([
    ['no owner given', {}, [80, 77, 82, 83]],
    ['a blank owner', { '77': '  ' }, [80, 77, 82, 83]],
    ['"Desconocido"', { '77': 'Desconocido' }, [80, 77, 82, 83]],
    ['a known owner', { '77': 'Juan Español' }, [80, 77]],
  ])('%s -> visible %j', (_name, answers, visible) => {
    expect(evaluateForm(form, { '80': 'Calle Mayor 1', ...answers }, VAT).visible).toEqual(visible);
  });

  it('drops the cadastral reference once the owner becomes known (hidden answers never survive)', () => {
    const result = evaluateForm(form, { '80': 'Calle Mayor 1', '77': 'Ana Ruiz', '82': '9872023VH5797S0001WX' }, VAT);
    expect(result.answers).toEqual({ '80': 'Calle Mayor 1', '77': 'Ana Ruiz' });
    expect(result.errors).toEqual([]);
  });

  it('validates the cadastral reference when the owner is unknown', () => {
    const bad = evaluateForm(form, { '80': 'Calle Mayor 1', '82': '9872023VH5797S0001XX' }, VAT);
    expect(bad.errors.map((e) => e.option_id)).toEqual([82]);
    const good = evaluateForm(form, { '80': 'Calle Mayor 1', '82': '9872023VH5797S0001WX' }, VAT);
    expect(good.errors).toEqual([]);
    expect(good.answers['82']).toBe('9872023VH5797S0001WX');
  });

  it('a condition on a hidden owner option never holds', () => {
    const hidden: ProductForm = {
      ...form,
      options: form.options.map((o) =>
        o.option_id === 77 ? { ...o, previous_steps: [{ option_id: 80, value: 'x' }] } : o,
      ),
    };
    expect(evaluateForm(hidden, { '80': 'Calle Mayor 1' }, VAT).visible).toEqual([80]);
  });
});
