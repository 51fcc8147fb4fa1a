import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cents, formatMoneyString, rateBp } from '../money/money.js';
import { catalogPrice, evaluateForm } from './evaluate-form.js';
import { describeAnswers, orderSummary } from './describe-answers.js';
import type { ProductForm } from './product-form.js';

const VAT_ES = rateBp(2100);

/** The nota simple form as the spec describes it (option ids 77, 80, 79, 78, 74, 411; 3782 urgent +5.75). */
const notaSimple: ProductForm = {
  product_id: 15867,
  base_price: cents(2076),
  official_fee: cents(0),
  steps: [[78, 79], [80], [77], [74], [411]],
  options: [
    {
      option_id: 78,
      type: 'drop_down',
      is_require: true,
      title: 'Provincia',
      price: cents(0),
      index: 1,
      previous_steps: [],
      opt_values: [{ id: 5028, name: 'Madrid', price: cents(0) }],
    },
    {
      option_id: 79,
      type: 'municipio',
      is_require: true,
      title: 'Municipio',
      price: cents(0),
      index: 2,
      previous_steps: [],
      opt_values: [],
      place: { parent_option: 78 },
    },
    {
      option_id: 80,
      type: 'field',
      is_require: true,
      title: 'Dirección de la finca',
      price: cents(0),
      index: 3,
      previous_steps: [],
      opt_values: [],
      max_length: 250,
    },
    {
      option_id: 77,
      type: 'field',
      is_require: false,
      title: 'Nombre del titular',
      price: cents(0),
      index: 4,
      previous_steps: [],
      opt_values: [],
    },
    {
      option_id: 74,
      type: 'area',
      is_require: false,
      title: 'Otros datos',
      price: cents(0),
      index: 5,
      previous_steps: [],
      opt_values: [],
    },
    {
      option_id: 411,
      type: 'radio',
      is_require: true,
      title: 'Urgente',
      price: cents(0),
      index: 6,
      previous_steps: [],
      opt_values: [
        { id: 3781, name: 'Normal', price: cents(0) },
        { id: 3782, name: 'Urgente', price: cents(575) },
      ],
    },
  ],
};

// 79 holds the municipality's INE code (Alcalá de Henares); the picker shows the name.
const complete = { '78': '5028', '79': '28005', '80': 'Calle Mayor 1', '411': '3781' };

function shown(price: ReturnType<typeof evaluateForm>['price']) {
  const { related, ...amounts } = price;
  expect(related).toEqual([]);
  return Object.fromEntries(Object.entries(amounts).map(([k, v]) => [k, formatMoneyString(v)]));
}

describe('nota simple pricing (spec: 20.76 + 21% = 25.12; urgent +5.75 excl. VAT)', () => {
  it('normal service costs 25.12', () => {
    const result = evaluateForm(notaSimple, complete, VAT_ES);
    expect(result.errors).toEqual([]);
    expect(shown(result.price)).toEqual({
      base: '20.76',
      options: '0.00',
      subtotal: '20.76',
      tax: '4.36',
      fees: '0.00',
      total: '25.12',
    });
  });
  it('urgent service (3782) adds 5.75 plus VAT: 32.08', () => {
    const result = evaluateForm(notaSimple, { ...complete, '411': '3782' }, VAT_ES);
    expect(shown(result.price)).toEqual({
      base: '20.76',
      options: '5.75',
      subtotal: '26.51',
      tax: '5.57',
      fees: '0.00',
      total: '32.08',
    });
  });
  it('the price is shown even before any answer', () => {
    expect(formatMoneyString(evaluateForm(notaSimple, {}, VAT_ES).price.total)).toBe('25.12');
  });
});

describe('required answers give the spec messages', () => {
  it('empty form: text questions "escribe el dato", selections and place pickers "selecciona una opción"', () => {
    const result = evaluateForm(notaSimple, {}, VAT_ES);
    expect(result.errors).toEqual([
      { option_id: 78, message: { key: 'validation.required_selection' } },
      { option_id: 79, message: { key: 'validation.required_selection' } },
      { option_id: 80, message: { key: 'validation.required_text' } },
      { option_id: 411, message: { key: 'validation.required_selection' } },
    ]);
  });
  it('whitespace is not an answer', () => {
    const result = evaluateForm(notaSimple, { ...complete, '80': '   ' }, VAT_ES);
    expect(result.errors.map((e) => e.option_id)).toEqual([80]);
  });
  it('a value id that is not among the choices is refused', () => {
    const result = evaluateForm(notaSimple, { ...complete, '411': '9999' }, VAT_ES);
    expect(result.errors).toEqual([{ option_id: 411, message: { key: 'validation.unknown_value' } }]);
    expect(formatMoneyString(result.price.total)).toBe('25.12');
  });
  it('a text over the maximum length is refused with the limit', () => {
    const result = evaluateForm(notaSimple, { ...complete, '80': 'x'.repeat(251) }, VAT_ES);
    expect(result.errors).toEqual([{ option_id: 80, message: { key: 'validation.too_long', params: { max: 250 } } }]);
  });
});

describe('visibility from previous_steps', () => {
  const form: ProductForm = {
    product_id: 1,
    base_price: cents(1000),
    official_fee: cents(0),
    steps: [[1], [2], [3]],
    options: [
      {
        option_id: 1,
        type: 'radio',
        is_require: true,
        title: 'Tipo',
        price: cents(0),
        index: 1,
        previous_steps: [],
        opt_values: [
          { id: 10, name: 'A', price: cents(0) },
          { id: 11, name: 'B', price: cents(0) },
        ],
      },
      {
        option_id: 2,
        type: 'field',
        is_require: true,
        title: 'Solo B',
        price: cents(300),
        index: 2,
        previous_steps: [{ option_id: 1, value: '11' }],
        opt_values: [],
      },
      {
        option_id: 3,
        type: 'field',
        is_require: true,
        title: 'Si 2 vacío',
        price: cents(0),
        index: 3,
        previous_steps: [{ option_id: 2, value: '' }],
        opt_values: [],
      },
    ],
  };
  it('a condition not met hides the option, its answer is dropped and not priced', () => {
    const result = evaluateForm(form, { '1': '10', '2': 'hidden text', '3': 'x' }, VAT_ES);
    expect(result.visible).toEqual([1]);
    expect(result.answers).toEqual({ '1': '10' });
    expect(result.price.options).toBe(0);
  });
  it('a condition met shows and requires the option, and its price counts', () => {
    const result = evaluateForm(form, { '1': '11' }, VAT_ES);
    // 2 is shown and still empty, so 3 ("when 2 is empty") is shown too.
    expect(result.visible).toEqual([1, 2, 3]);
    expect(result.errors.map((e) => e.option_id)).toEqual([2, 3]);
    const answered = evaluateForm(form, { '1': '11', '2': 'dato' }, VAT_ES);
    expect(answered.visible).toEqual([1, 2]);
    expect(answered.price.options).toBe(300);
  });
  it('a condition on a hidden option counts as not met', () => {
    expect(evaluateForm(form, { '1': '10' }, VAT_ES).visible).not.toContain(3);
  });
});

describe('properties', () => {
  const answerArb = fc.record({
    '78': fc.option(fc.constantFrom('5028', '1', ' '), { nil: undefined }),
    '79': fc.option(fc.string(), { nil: undefined }),
    '80': fc.option(fc.string(), { nil: undefined }),
    '411': fc.option(fc.constantFrom('3781', '3782', 'x'), { nil: undefined }),
  });
  it('evaluating the accepted answers again gives the same result (idempotent, no hidden answer survives)', () => {
    fc.assert(
      fc.property(answerArb, (answers) => {
        const first = evaluateForm(notaSimple, answers, VAT_ES);
        const second = evaluateForm(notaSimple, first.answers, VAT_ES);
        expect(second.answers).toEqual(first.answers);
        expect(second.price).toEqual(first.price);
        for (const id of Object.keys(first.answers)) expect(first.visible).toContain(Number(id));
      }),
    );
  });
  it('total = subtotal + tax + fees, and never below the catalogue price', () => {
    fc.assert(
      fc.property(answerArb, (answers) => {
        const { price } = evaluateForm(notaSimple, answers, VAT_ES);
        expect(price.total).toBe(price.subtotal + price.tax + price.fees);
        expect(price.total).toBeGreaterThanOrEqual(
          catalogPrice(notaSimple.base_price, notaSimple.official_fee, VAT_ES),
        );
      }),
    );
  });
});

describe('describeAnswers and the order summary', () => {
  it('choices show their names; the summary joins the first two with " | "', () => {
    const { answers } = evaluateForm(notaSimple, { ...complete, '411': '3782' }, VAT_ES);
    const places = {
      find: (kind: string, code: string) =>
        kind === 'es_municipality' && code === '28005'
          ? {
              kind: 'es_municipality' as const,
              code,
              name: 'Alcalá de Henares',
              parent_code: '28',
              parent_name: 'Madrid',
            }
          : undefined,
    };
    const described = describeAnswers(notaSimple, answers, places);
    expect(described.map((d) => d.print_value)).toEqual(['Madrid', 'Alcalá de Henares', 'Calle Mayor 1', 'Urgente']);
    expect(orderSummary(described)).toBe('Madrid | Alcalá de Henares');
  });
});

describe('catalogPrice: base + VAT half-up + official fee without VAT', () => {
  it.each([
    ['20.76', '0.00', 2100, '25.12'],
    ['60.00', '0.00', 2100, '72.60'],
    ['70.00', '0.00', 2100, '84.70'],
    ['80.27', '127.88', 2100, '225.01'],
    ['615.70', '850.00', 2100, '1595.00'],
    ['109.04', '148.06', 2100, '280.00'],
    ['23.97', '0.00', 2100, '29.00'],
  ])('%s + fee %s at %i bp -> %s', (base, fee, rate, expected) => {
    const toCents = (s: string) => cents(Math.round(Number(s) * 100));
    expect(formatMoneyString(catalogPrice(toCents(base), toCents(fee), rateBp(rate)))).toBe(expected);
  });
});
