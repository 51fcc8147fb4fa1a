import { describe, expect, it } from 'vitest';
import { cents, rateBp } from '../money/money.js';
import { evaluateForm } from './evaluate-form.js';
import type { ProductForm, ProductOption } from './product-form.js';

const VAT = rateBp(2100);

function radio(option_id: number, values: number[]): ProductOption {
  return {
    option_id,
    type: 'radio',
    is_require: false,
    title: `Q${option_id}`,
    price: cents(0),
    index: option_id,
    previous_steps: [],
    opt_values: values.map((id) => ({ id, name: `V${id}`, price: cents(0) })),
  };
}

/** Two exit rules with the same message on different questions, and a third that needs two answers. */
const form: ProductForm = {
  product_id: 1,
  base_price: cents(1000),
  official_fee: cents(0),
  steps: [[1], [2], [3]],
  options: [radio(1, [10, 11]), radio(2, [20, 21]), radio(3, [30, 31])],
  conditions_to_exit: [
    { message: 'No podemos ayudarle.', options: [{ option_id: 1, value: '11' }] },
    { message: 'No podemos ayudarle.', options: [{ option_id: 2, value: '21' }] },
    {
      message: 'Otro caso.',
      options: [
        { option_id: 2, value: '20' },
        { option_id: 3, value: '31' },
      ],
    },
  ],
};

describe('an exit outcome names the rule that fired', () => {
  it.each([
    ['the first rule', { '1': '11' }, 0, 'No podemos ayudarle.', [{ option_id: 1, value: '11' }]],
    [
      'the second rule, same message as the first',
      { '2': '21' },
      1,
      'No podemos ayudarle.',
      [{ option_id: 2, value: '21' }],
    ],
    [
      'a rule of two conditions',
      { '2': '20', '3': '31' },
      2,
      'Otro caso.',
      [
        { option_id: 2, value: '20' },
        { option_id: 3, value: '31' },
      ],
    ],
    [
      'the first that holds when two do',
      { '1': '11', '2': '21' },
      0,
      'No podemos ayudarle.',
      [{ option_id: 1, value: '11' }],
    ],
  ] as const)('%s', (_, answers, index, message, options) => {
    expect(evaluateForm(form, answers, VAT).outcome).toEqual({ type: 'exit', message, rule: { index, options } });
  });

  it('no rule holds: no exit', () => {
    expect(evaluateForm(form, { '2': '20' }, VAT).outcome).toEqual({ type: 'continue' });
  });

  it("the named rule is a copy: changing it leaves the form's rule alone", () => {
    const outcome = evaluateForm(form, { '1': '11' }, VAT).outcome;
    if (outcome.type !== 'exit') throw new Error('expected an exit');
    outcome.rule.options[0]!.value = 'x';
    expect(form.conditions_to_exit?.[0]?.options[0]?.value).toBe('11');
  });
});
