import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cents, formatMoneyString, rateBp } from '../money/money.js';
import { evaluateForm, lineAmounts, type FormEvaluation } from './evaluate-form.js';
import type { Answers, ProductForm, ProductOption } from './product-form.js';

const VAT_ES = rateBp(2100);

function option(partial: Partial<ProductOption> & Pick<ProductOption, 'option_id' | 'type' | 'index'>): ProductOption {
  return {
    is_require: false,
    title: `Opción ${partial.option_id}`,
    price: cents(0),
    previous_steps: [],
    opt_values: [],
    ...partial,
  };
}
const value = (id: number, price = 0) => ({ id, name: `Valor ${id}`, price: cents(price) });

/** Deed copy (18458): a will moves to the will copy (18480); pre-2006 deeds +35.00 and no simple copy; paper copy 56.00. */
const deed: ProductForm = {
  product_id: 18458,
  base_price: cents(12900),
  official_fee: cents(0),
  steps: [[1], [2, 3], [4], [5], [6], [7]],
  options: [
    option({ option_id: 1, type: 'radio', index: 1, is_require: true, opt_values: [value(10), value(11)] }),
    option({ option_id: 2, type: 'radio', index: 2, is_require: true, opt_values: [value(20, 3500), value(21)] }),
    option({ option_id: 3, type: 'date', index: 3 }),
    option({
      option_id: 4,
      type: 'checkbox',
      index: 4,
      is_require: true,
      opt_values: [value(40, 1000)],
      autounset_option_values: [
        { option_id: 2, value: '20' },
        { option_id: 3, value: '2006-01-01', op: 'ltdate' },
      ],
    }),
    option({ option_id: 5, type: 'radio', index: 5, is_require: true, opt_values: [value(50), value(51, 5600)] }),
    option({
      option_id: 6,
      type: 'field',
      index: 6,
      is_require: true,
      error: 'Indica el notario que firmó la escritura',
    }),
    option({ option_id: 7, type: 'checkbox', index: 7, is_require: true, opt_values: [value(70)] }),
  ],
  conditions_to_redirect: [{ option_id: 1, value: '10', product_id_in: 18458, product_id_out: 18480, step_saved: 2 }],
  conditions_to_earlycheckout: { type: 'or', options: [{ option_id: 5, value: '50' }], confirmationOptions: [7] },
  questions_on_confirm: [7],
};

/** Cadastral search: "Ninguna de las anteriores" stops the order. */
const EXIT_MESSAGE = 'Lo sentimos, es imposible realizar el trámite si no eres titular, heredero o representante.';
const cadastral: ProductForm = {
  product_id: 20011,
  base_price: cents(2900),
  official_fee: cents(0),
  steps: [[1], [2], [3]],
  options: [
    option({
      option_id: 1,
      type: 'radio',
      index: 1,
      is_require: true,
      opt_values: [value(10), value(11, 2600), value(12, 2600), value(13)],
    }),
    // Shown only to heirs (11): the condition-on-hidden-parent fixtures hang off it.
    option({
      option_id: 2,
      type: 'radio',
      index: 2,
      is_require: true,
      previous_steps: [{ option_id: 1, value: '11' }],
      opt_values: [value(20), value(21)],
    }),
    option({
      option_id: 3,
      type: 'field',
      index: 3,
      is_require: true,
      previous_steps: [{ option_id: 2, value: '21' }],
    }),
  ],
  conditions_to_exit: [{ message: EXIT_MESSAGE, options: [{ option_id: 1, value: '13' }] }],
};

/** Early checkout "and": both answers must be chosen. */
const both: ProductForm = {
  product_id: 30001,
  base_price: cents(1000),
  official_fee: cents(0),
  steps: [[1], [2], [3], [4]],
  options: [
    option({ option_id: 1, type: 'radio', index: 1, is_require: true, opt_values: [value(10), value(11)] }),
    option({ option_id: 2, type: 'radio', index: 2, is_require: true, opt_values: [value(20), value(21)] }),
    option({ option_id: 3, type: 'field', index: 3, is_require: true }),
    option({ option_id: 4, type: 'field', index: 4, is_require: true }),
  ],
  conditions_to_earlycheckout: {
    type: 'and',
    options: [
      { option_id: 1, value: '10' },
      { option_id: 2, value: '20' },
    ],
    confirmationOptions: [4],
  },
  // Exit wins over redirect, which wins over early checkout.
  conditions_to_exit: [
    {
      message: 'Fin',
      options: [
        { option_id: 1, value: '11' },
        { option_id: 2, value: '21' },
      ],
    },
  ],
  conditions_to_redirect: [{ option_id: 2, value: '21', product_id_in: 30001, product_id_out: 30002, step_saved: 1 }],
};

/** National trademark: the OEPM fee is a related fee product without VAT; a class surcharge line carries VAT. */
const trademark: ProductForm = {
  product_id: 20026,
  base_price: cents(8027),
  official_fee: cents(0),
  steps: [[1]],
  options: [option({ option_id: 1, type: 'field', index: 1, is_require: true })],
  related_product: [
    { product_id: 20101, name: 'Tasa OEPM', price: cents(12788), vat: false },
    { product_id: 20102, name: 'Gestión adicional', price: cents(1000), vat: true },
  ],
};

type Expected = Partial<Pick<FormEvaluation, 'visible' | 'outcome' | 'answers' | 'unset'>> & {
  errors?: number[];
  total?: string;
};

const FIXTURES: ReadonlyArray<[name: string, form: ProductForm, answers: Answers, expected: Expected]> = [
  [
    'fixtures/redirect-testamento-keeps-answers',
    deed,
    { '1': '10', '2': '21', '6': 'Notaría López' },
    {
      outcome: {
        type: 'redirect',
        product_id: 18480,
        step_saved: 2,
        answers: { '1': '10', '2': '21', '6': 'Notaría López' },
      },
    },
  ],
  [
    'fixtures/no-redirect-for-other-deeds',
    deed,
    { '1': '11', '2': '21', '4': [40], '5': '51', '6': 'N', '7': [70] },
    {
      outcome: { type: 'continue' },
      errors: [],
      total: formatMoneyString(cents(Math.round((12900 + 1000 + 5600) * 1.21))),
    },
  ],
  [
    'fixtures/exit-ninguna-de-las-anteriores',
    cadastral,
    { '1': '13' },
    {
      outcome: { type: 'exit', message: EXIT_MESSAGE, rule: { index: 0, options: [{ option_id: 1, value: '13' }] } },
      visible: [1],
      errors: [],
    },
  ],
  ['fixtures/exit-not-for-titular', cadastral, { '1': '10' }, { outcome: { type: 'continue' }, total: '35.09' }],
  [
    'fixtures/autounset-copia-simple-pre-2006',
    deed,
    { '1': '11', '2': '20', '4': [40], '5': '51', '6': 'N', '7': [70] },
    {
      unset: [4],
      errors: [],
      answers: { '1': '11', '2': '20', '5': '51', '6': 'N', '7': [70] },
      total: formatMoneyString(cents(Math.round((12900 + 3500 + 5600) * 1.21))),
    },
  ],
  [
    'fixtures/autounset-copia-simple-ltdate',
    deed,
    { '1': '11', '2': '21', '3': '1999-05-04', '4': [40], '5': '51', '6': 'N', '7': [70] },
    {
      unset: [4],
      errors: [],
    },
  ],
  [
    'fixtures/autounset-not-after-2006',
    deed,
    { '1': '11', '2': '21', '3': '2010-05-04', '4': [40], '5': '51', '6': 'N', '7': [70] },
    {
      unset: [],
      errors: [],
      answers: { '1': '11', '2': '21', '3': '2010-05-04', '4': [40], '5': '51', '6': 'N', '7': [70] },
    },
  ],
  [
    'fixtures/earlycheckout-or',
    deed,
    { '1': '11', '2': '21', '4': [40], '5': '50' },
    {
      outcome: { type: 'early_checkout', confirmation_options: [7] },
      errors: [7],
    },
  ],
  [
    'fixtures/earlycheckout-or-not-chosen',
    deed,
    { '1': '11', '2': '21', '4': [40], '5': '51' },
    {
      outcome: { type: 'continue' },
      errors: [6, 7],
    },
  ],
  [
    'fixtures/earlycheckout-and',
    both,
    { '1': '10', '2': '20' },
    {
      outcome: { type: 'early_checkout', confirmation_options: [4] },
      errors: [4],
    },
  ],
  [
    'fixtures/earlycheckout-and-needs-all',
    both,
    { '1': '10', '2': '21' },
    {
      outcome: { type: 'redirect', product_id: 30002, step_saved: 1, answers: { '1': '10', '2': '21' } },
    },
  ],
  [
    'fixtures/earlycheckout-and-one-missing',
    both,
    { '1': '11', '2': '20' },
    { outcome: { type: 'continue' }, errors: [3, 4] },
  ],
  [
    'fixtures/exit-beats-redirect',
    both,
    { '1': '11', '2': '21' },
    {
      outcome: {
        type: 'exit',
        message: 'Fin',
        rule: {
          index: 0,
          options: [
            { option_id: 1, value: '11' },
            { option_id: 2, value: '21' },
          ],
        },
      },
    },
  ],
  [
    'fixtures/condition-on-hidden-parent',
    cadastral,
    { '1': '10', '2': '21', '3': 'dato escondido' },
    {
      visible: [1],
      answers: { '1': '10' },
      errors: [],
    },
  ],
  [
    'fixtures/condition-on-visible-parent',
    cadastral,
    { '1': '11', '2': '21', '3': 'dato' },
    {
      visible: [1, 2, 3],
      answers: { '1': '11', '2': '21', '3': 'dato' },
      total: '66.55',
    },
  ],
  [
    'fixtures/custom-error-replaces-required',
    deed,
    { '1': '11', '2': '21', '4': [40], '5': '51', '7': [70] },
    { errors: [6] },
  ],
  ['fixtures/related-fee-without-vat', trademark, { '1': 'VENTANILLA' }, { total: '237.11' }],
];

describe('flow rules (table)', () => {
  it.each(FIXTURES)('%s', (_name, form, answers, expected) => {
    const result = evaluateForm(form, answers, VAT_ES);
    if (expected.visible) expect(result.visible).toEqual(expected.visible);
    if (expected.outcome) expect(result.outcome).toEqual(expected.outcome);
    if (expected.answers) expect(result.answers).toEqual(expected.answers);
    if (expected.unset) expect(result.unset).toEqual(expected.unset);
    if (expected.errors) expect(result.errors.map((e) => e.option_id)).toEqual(expected.errors);
    if (expected.total) expect(formatMoneyString(result.price.total)).toBe(expected.total);
  });
});

describe('messages', () => {
  it('an option with `error` replaces the generic required message; others keep the spec text', () => {
    const { errors } = evaluateForm(deed, { '1': '11' }, VAT_ES);
    expect(errors).toEqual([
      { option_id: 2, message: { key: 'validation.required_selection' } },
      { option_id: 4, message: { key: 'validation.required_text' } },
      { option_id: 5, message: { key: 'validation.required_selection' } },
      {
        option_id: 6,
        message: { key: 'validation.custom', params: { text: 'Indica el notario que firmó la escritura' } },
      },
      { option_id: 7, message: { key: 'validation.required_text' } },
    ]);
  });
});

describe('validators seam', () => {
  const form: ProductForm = {
    product_id: 1,
    base_price: cents(0),
    official_fee: cents(0),
    steps: [[1]],
    options: [option({ option_id: 1, type: 'field', index: 1, is_require: true, validator: 'dni' })],
  };
  it('by default the validators module checks the answer (a DNI is written without hyphens)', () => {
    expect(evaluateForm(form, { '1': '12345678-z' }, VAT_ES).errors).toHaveLength(1);
    expect(evaluateForm(form, { '1': '12345678Z' }, VAT_ES)).toMatchObject({
      errors: [],
      answers: { '1': '12345678Z' },
    });
  });
  it('the validator normalises accepted answers and its message is the error', () => {
    const validate = (name: string, v: string) =>
      v.endsWith('Z') || v.endsWith('z')
        ? ({ ok: true, normalised: v.replace(/[-\s]/g, '').toUpperCase() } as const)
        : ({ ok: false, message: { key: 'validation.unknown_value' } } as const);
    expect(evaluateForm(form, { '1': '12345678-z' }, VAT_ES, { validate }).answers).toEqual({ '1': '12345678Z' });
    expect(evaluateForm(form, { '1': '12345678-A' }, VAT_ES, { validate }).errors).toEqual([
      { option_id: 1, message: { key: 'validation.unknown_value' } },
    ]);
  });
});

describe('related fee lines', () => {
  it('each fee line has its own tax rule and lineAmounts folds them so subtotal + tax + fees = total', () => {
    const { price } = evaluateForm(trademark, { '1': 'X' }, VAT_ES);
    expect(
      price.related.map((r) => [
        r.name,
        formatMoneyString(r.price),
        formatMoneyString(r.tax),
        formatMoneyString(r.total),
      ]),
    ).toEqual([
      ['Tasa OEPM', '127.88', '0.00', '127.88'],
      ['Gestión adicional', '10.00', '2.10', '12.10'],
    ]);
    const folded = lineAmounts(price);
    expect(folded.subtotal + folded.tax + folded.fees).toBe(folded.total);
    expect(formatMoneyString(folded.fees)).toBe('127.88');
  });
});

describe('properties of the flow rules', () => {
  const deedAnswers = fc.record({
    '1': fc.option(fc.constantFrom('10', '11', 'x'), { nil: undefined }),
    '2': fc.option(fc.constantFrom('20', '21'), { nil: undefined }),
    '3': fc.option(fc.constantFrom('1999-01-01', '2006-01-01', '2010-12-31', 'no es fecha'), { nil: undefined }),
    '4': fc.option(fc.constantFrom<number[]>([40], [41], []), { nil: undefined }),
    '5': fc.option(fc.constantFrom('50', '51'), { nil: undefined }),
    '6': fc.option(fc.string(), { nil: undefined }),
    '7': fc.option(fc.constant<number[]>([70]), { nil: undefined }),
  });
  const cadastralAnswers = fc.record({
    '1': fc.option(fc.constantFrom('10', '11', '12', '13'), { nil: undefined }),
    '2': fc.option(fc.constantFrom('20', '21'), { nil: undefined }),
    '3': fc.option(fc.string(), { nil: undefined }),
  });
  const cases = fc.oneof(
    deedAnswers.map((a) => [deed, a] as const),
    cadastralAnswers.map((a) => [cadastral, a] as const),
  );

  it('no hidden answer and no auto-unset answer survives', () => {
    fc.assert(
      fc.property(cases, ([form, answers]) => {
        const result = evaluateForm(form, answers, VAT_ES);
        for (const id of Object.keys(result.answers)) {
          expect(result.visible).toContain(Number(id));
          expect(result.unset).not.toContain(Number(id));
        }
        const autounset = form.options.find((o) => o.option_id === 4);
        if (form === deed && autounset && (answers['2'] === '20' || (answers['3'] ?? '9') < '2006-01-01')) {
          expect(result.answers['4']).toBeUndefined();
        }
      }),
    );
  });

  it('evaluating the returned answers again is idempotent (answers, visibility, outcome, price)', () => {
    fc.assert(
      fc.property(cases, ([form, answers]) => {
        const first = evaluateForm(form, answers, VAT_ES);
        const second = evaluateForm(form, first.answers, VAT_ES);
        expect(second.answers).toEqual(first.answers);
        expect(second.visible).toEqual(first.visible);
        expect(second.outcome).toEqual(first.outcome);
        expect(second.price).toEqual(first.price);
      }),
    );
  });
});
