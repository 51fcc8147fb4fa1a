import { describe, expect, it } from 'vitest';
import { cents, formatMoneyString, rateBp } from '../money/money.js';
import { evaluateForm } from './evaluate-form.js';
import type { Answers, EarlyCheckoutRule, ProductForm, ProductOption, StepCondition } from './product-form.js';

// Edge cases of the form engine, one table per rule; most rows were written to kill a mutant that survived the
// mutation run (docs/mutation-testing.md), so each row names the behaviour it pins down.

const VAT_ES = rateBp(2100);

function option(partial: Partial<ProductOption> & Pick<ProductOption, 'option_id' | 'type'>): ProductOption {
  return {
    is_require: false,
    title: `Opción ${partial.option_id}`,
    price: cents(0),
    index: partial.option_id,
    previous_steps: [],
    opt_values: [],
    ...partial,
  };
}
const value = (id: number, price = 0) => ({ id, name: `Valor ${id}`, price: cents(price) });

function form(options: ProductOption[], rest: Partial<ProductForm> = {}): ProductForm {
  return {
    product_id: 500,
    base_price: cents(1000),
    official_fee: cents(0),
    steps: options.map((o) => [o.option_id]),
    options,
    ...rest,
  };
}

const errorIds = (answers: Answers, f: ProductForm) =>
  evaluateForm(f, answers, VAT_ES)
    .errors.map((e) => e.option_id)
    .sort((a, b) => a - b);

describe('regression: conditions on the same option are alternatives (OR), different options all apply (AND)', () => {
  // Option 3 is shown when option 1 is 10 OR 11, AND option 2 is 20. The hand-found mutant turned the OR across the
  // conditions on option 1 into an AND (`conditions.some` -> `conditions.every`): option 3 could then never show.
  const f = form([
    option({ option_id: 1, type: 'radio', opt_values: [value(10), value(11), value(12)] }),
    option({ option_id: 2, type: 'radio', opt_values: [value(20), value(21)] }),
    option({
      option_id: 3,
      type: 'field',
      previous_steps: [
        { option_id: 1, value: '10' },
        { option_id: 1, value: '11' },
        { option_id: 2, value: '20' },
      ],
    }),
  ]);
  it.each([
    ['first alternative and the other option', { 1: '10', 2: '20' }, true],
    ['second alternative and the other option', { 1: '11', 2: '20' }, true],
    ['no alternative holds', { 1: '12', 2: '20' }, false],
    ['an alternative holds but the other option does not', { 1: '11', 2: '21' }, false],
    ['nothing answered', {}, false],
  ] as const)('%s -> shown: %s', (_name, answers, shown) => {
    expect(evaluateForm(f, answers, VAT_ES).visible.includes(3)).toBe(shown);
  });
});

describe('regression: early checkout waives only the pages after the one that triggers it', () => {
  // Page 1: 1 (trigger), 2 (required). Page 2: 3 (second trigger), 6 (required). Page 3: later questions of every kind.
  // Page 4: 5, asked on the confirmation page. The hand-found mutant turned `page > earlyPage` into `>=`, which also
  // waived the required questions on the trigger's own page.
  const early = (rule: Partial<EarlyCheckoutRule>) =>
    form(
      [
        option({ option_id: 1, type: 'radio', is_require: true, opt_values: [value(10), value(11)] }),
        option({ option_id: 2, type: 'field', is_require: true }),
        option({ option_id: 3, type: 'radio', is_require: true, opt_values: [value(30), value(31)] }),
        option({ option_id: 6, type: 'field', is_require: true, index: 3.5 }),
        option({ option_id: 4, type: 'file', is_require: true }),
        option({ option_id: 7, type: 'field', max_length: 3 }),
        option({ option_id: 8, type: 'field', validator: 'email' }),
        option({ option_id: 9, type: 'checkbox', opt_values: [value(90)] }),
        option({ option_id: 10, type: 'municipio' }),
        option({ option_id: 11, type: 'field', is_require: true }),
        option({ option_id: 5, type: 'field', is_require: true, index: 20 }),
      ],
      {
        steps: [[1, 2], [3, 6], [4, 7, 8, 9, 10, 11], [5]],
        conditions_to_earlycheckout: {
          type: 'or',
          options: [{ option_id: 1, value: '10' }],
          confirmationOptions: [5],
          ...rule,
        },
      },
    );

  it.each([
    [
      'or, trigger on page 1: the same page stays required, later required questions are waived, the confirmation one is not',
      {},
      { 1: '10' },
      [2, 5],
      'early_checkout',
    ],
    [
      'or: one holding condition of two is enough',
      {
        options: [
          { option_id: 1, value: '10' },
          { option_id: 3, value: '30' },
        ],
      },
      { 1: '10' },
      [2, 5],
      'early_checkout',
    ],
    [
      'and: the page of the last holding condition counts (page 2 stays required)',
      {
        type: 'and',
        options: [
          { option_id: 1, value: '10' },
          { option_id: 3, value: '30' },
        ],
      },
      { 1: '10', 3: '30' },
      [2, 5, 6],
      'early_checkout',
    ],
    [
      'and: not every condition holds, nothing is waived',
      {
        type: 'and',
        options: [
          { option_id: 1, value: '10' },
          { option_id: 3, value: '30' },
        ],
      },
      { 1: '10', 3: '31' },
      [2, 4, 5, 6, 11],
      'continue',
    ],
    [
      'a rule without conditions never applies',
      { type: 'and', options: [] },
      { 1: '10' },
      [2, 3, 4, 5, 6, 11],
      'continue',
    ],
  ] as const)('%s', (_name, rule, answers, errors, outcome) => {
    const f = early(rule as Partial<EarlyCheckoutRule>);
    expect(errorIds(answers, f)).toEqual(errors);
    expect(evaluateForm(f, answers, VAT_ES).outcome.type).toBe(outcome);
  });

  it('a trigger on a later page does not waive an earlier required question', () => {
    const f = early({ options: [{ option_id: 3, value: '30' }] });
    expect(errorIds({ 3: '30' }, f)).toEqual([1, 2, 5, 6]);
  });

  it('invalid answers on waived pages are still errors (only missing answers are waived)', () => {
    const f = early({});
    const answers = { 1: '10', 2: 'x', 4: 'not a file', 7: 'abcd', 8: 'no-at-sign', 9: [99], 10: 'Madrid', 5: 'y' };
    expect(evaluateForm(f, answers, VAT_ES).errors.map((e) => [e.option_id, e.message.key])).toEqual([
      [4, 'validation.file_invalid'],
      [7, 'validation.too_long'],
      [8, 'validator.email'],
      [9, 'validation.unknown_value'],
      [10, 'place.unknown_municipality'],
    ]);
  });
});

describe('answers are normalised before they are checked', () => {
  const f = form([
    option({ option_id: 1, type: 'field', is_require: true }),
    option({ option_id: 2, type: 'checkbox', is_require: true, opt_values: [value(40, 100), value(41, 200)] }),
    option({ option_id: 3, type: 'radio', is_require: true, opt_values: [value(10), value(11, 500)] }),
  ]);
  const complete = { 1: 'texto', 2: [40], 3: '10' };
  it.each([
    ['text is trimmed', { 1: '  texto  ' }, { 1: 'texto' }, []],
    ['a null text (JSON) is no answer', { 1: null }, {}, [1]],
    ['an empty list text is no answer', { 1: [] }, {}, [1]],
    ['a list for a text takes its first item', { 1: ['a', 'b'] }, { 1: 'a' }, []],
    ['an empty string for a list is no answer', { 2: '' }, {}, [2]],
    ['an empty list is no answer', { 2: [] }, {}, [2]],
    ['a list of non-numbers is no answer', { 2: 'abc' }, {}, [2]],
    ['a comma-separated text is a list of ids', { 2: '40,41' }, { 2: [40, 41] }, []],
    ['ids that are not integers are dropped', { 2: ['abc', 40, 1.5] }, { 2: [40] }, []],
    ['repeated ids count once', { 2: [40, 40] }, { 2: [40] }, []],
    ['one unknown id among known ones refuses the list', { 2: [40, 99] }, {}, [2]],
    ['a list for a single choice takes its first item', { 3: ['11', '10'] }, { 3: '11' }, []],
  ] as const)('%s', (_name, given, kept, errors) => {
    const answers = { ...complete, ...given } as unknown as Answers;
    const result = evaluateForm(f, answers, VAT_ES);
    expect(result.errors.map((e) => e.option_id)).toEqual(errors);
    expect(result.answers).toMatchObject(kept);
    for (const id of errors) expect(result.answers).not.toHaveProperty(String(id));
  });

  it.each([
    ['null', null],
    ['an empty list', []],
  ])('a required text answered with %s asks to write it (not an unknown value)', (_name, raw) => {
    const result = evaluateForm(f, { ...complete, 1: raw } as unknown as Answers, VAT_ES);
    expect(result.errors).toEqual([{ option_id: 1, message: { key: 'validation.required_text' } }]);
  });

  it('an unanswered optional question leaves no key in the answers', () => {
    const optional = form([option({ option_id: 1, type: 'field' }), option({ option_id: 2, type: 'field' })]);
    expect(Object.keys(evaluateForm(optional, { 2: 'x' }, VAT_ES).answers)).toEqual(['2']);
  });

  it('supplements of single and multiple choices are priced from the normalised answer', () => {
    const result = evaluateForm(f, { 1: 'x', 2: '40,41', 3: ['11'] } as unknown as Answers, VAT_ES);
    expect(formatMoneyString(result.price.options)).toBe('8.00');
  });

  it('a file answer keeps only its four fields, blank when the client left them out', () => {
    const files = form([option({ option_id: 1, type: 'file' })]);
    const answers = { 1: { file_id: 'f-1', extra: 'dropped' } } as unknown as Answers;
    expect(evaluateForm(files, answers, VAT_ES).answers).toEqual({
      1: { file_id: 'f-1', filename: '', size: 0, content_type: '' },
    });
  });
});

describe('conditions compare answers by their kind', () => {
  // Option 2 is shown when the condition on option 1 holds.
  const shown = (source: ProductOption, condition: Omit<StepCondition, 'option_id'>, answer: unknown) => {
    const f = form([source, option({ option_id: 2, type: 'field', previous_steps: [{ option_id: 1, ...condition }] })]);
    return evaluateForm(f, { 1: answer } as unknown as Answers, VAT_ES).visible.includes(2);
  };
  const date = option({ option_id: 1, type: 'date' });
  const radio = option({ option_id: 1, type: 'radio', opt_values: [value(20), value(120)] });
  const checkbox = option({ option_id: 1, type: 'checkbox', opt_values: [value(20), value(21)] });
  const field = option({ option_id: 1, type: 'field' });
  const before2006 = { value: '2006-01-01', op: 'ltdate' } as const;
  it.each([
    ['ltdate: an earlier date holds', date, before2006, '1999-05-04', true],
    ['ltdate: the same date does not hold (strictly before)', date, before2006, '2006-01-01', false],
    ['ltdate: a later date does not hold', date, before2006, '2010-05-04', false],
    ['ltdate: a year alone is not a date', date, before2006, '1999', false],
    ['ltdate: text before a date is not a date', date, before2006, '01999-05-04', false],
    ['ltdate: text after a date is not a date', date, before2006, '1999-05-04x', false],
    ['ltdate: no answer does not hold', date, before2006, undefined, false],
    ['a value id is compared whole (120 is not 20)', radio, { value: '20' }, '120', false],
    ['a value id holds when chosen', radio, { value: '20' }, '20', true],
    ['a list holds when it contains the value', checkbox, { value: '21' }, [20, 21], true],
    ['a list does not hold without the value', checkbox, { value: '21' }, [20], false],
    ['"" holds while the option is empty', field, { value: '' }, undefined, true],
    ['"" does not hold once answered', field, { value: '' }, 'x', false],
    ['owner_unknown holds for a blank owner', field, { value: '', op: 'owner_unknown' }, undefined, true],
    ['owner_unknown holds for "desconocido"', field, { value: '', op: 'owner_unknown' }, 'Desconocido', true],
    ['owner_unknown does not hold for a name', field, { value: '', op: 'owner_unknown' }, 'Ana Pérez', false],
    ['owner_unknown does not hold for a list answer', checkbox, { value: '', op: 'owner_unknown' }, [20], false],
  ] as const)('%s', (_name, source, condition, answer, holds) => {
    expect(shown(source, condition, answer)).toBe(holds);
  });
});

describe('flow rules that must not fire', () => {
  const f = (rest: Partial<ProductForm>) =>
    form([option({ option_id: 1, type: 'radio', opt_values: [value(10), value(11)] })], rest);
  it.each([
    ['an exit rule without conditions', { conditions_to_exit: [{ message: 'Fin', options: [] }] }],
    [
      'a redirect rule of another product',
      { conditions_to_redirect: [{ option_id: 1, value: '10', product_id_in: 999, product_id_out: 2, step_saved: 1 }] },
    ],
    [
      'an early checkout rule without conditions',
      { conditions_to_earlycheckout: { type: 'or' as const, options: [], confirmationOptions: [] } },
    ],
  ])('%s', (_name, rest) => {
    expect(evaluateForm(f(rest), { 1: '10' }, VAT_ES).outcome).toEqual({ type: 'continue' });
  });
});

describe('auto-unset', () => {
  const f = form([
    option({ option_id: 1, type: 'radio', opt_values: [value(10), value(11)] }),
    option({
      option_id: 2,
      type: 'field',
      is_require: true,
      autounset_option_values: [{ option_id: 1, value: '10' }],
    }),
  ]);
  it.each([
    ['a given answer is dropped and reported', { 1: '10', 2: 'x' }, [2], []],
    ['without an answer nothing is reported, and the question is not required', { 1: '10' }, [], []],
    ['the rule not holding keeps the question required', { 1: '11' }, [], [2]],
  ] as const)('%s', (_name, answers, unset, errors) => {
    const result = evaluateForm(f, answers, VAT_ES);
    expect(result.unset).toEqual(unset);
    expect(result.errors.map((e) => e.option_id)).toEqual(errors);
  });
});

describe('form order, lengths and price', () => {
  it('options with the same index are ordered by option id', () => {
    const f = form([
      option({ option_id: 2, type: 'field', index: 1 }),
      option({ option_id: 1, type: 'field', index: 1 }),
    ]);
    expect(evaluateForm(f, {}, VAT_ES).visible).toEqual([1, 2]);
  });

  it.each([
    ['a field takes 500 characters', 'field', 500, null],
    ['a field refuses 501 characters', 'field', 501, 500],
    ['an area takes 5000 characters', 'area', 5000, null],
    ['an area refuses 5001 characters', 'area', 5001, 5000],
  ] as const)('%s', (_name, type, length, max) => {
    const f = form([option({ option_id: 1, type })]);
    const errors = evaluateForm(f, { 1: 'x'.repeat(length) }, VAT_ES).errors;
    expect(errors).toEqual(
      max === null ? [] : [{ option_id: 1, message: { key: 'validation.too_long', params: { max } } }],
    );
  });

  it('the official fee is added to the total without VAT', () => {
    const f = form([], { base_price: cents(2000), official_fee: cents(350) });
    const price = evaluateForm(f, {}, VAT_ES).price;
    expect(formatMoneyString(price.fees)).toBe('3.50');
    expect(formatMoneyString(price.total)).toBe('27.70');
  });
});
