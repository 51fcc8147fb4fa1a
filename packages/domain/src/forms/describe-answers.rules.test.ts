import { describe, expect, it } from 'vitest';
import { cents } from '../money/money.js';
import { describeAnswers } from './describe-answers.js';
import type { PlaceKind } from './place-answers.js';
import type { ProductForm, ProductOption } from './product-form.js';

function option(partial: Partial<ProductOption> & Pick<ProductOption, 'option_id' | 'type'>): ProductOption {
  return {
    is_require: false,
    title: `Q${partial.option_id}`,
    price: cents(0),
    index: partial.option_id,
    previous_steps: [],
    opt_values: [],
    ...partial,
  };
}
const value = (id: number) => ({ id, name: `Valor ${id}`, price: cents(0) });
const form = (options: ProductOption[]): ProductForm => ({
  product_id: 1,
  base_price: cents(0),
  official_fee: cents(0),
  steps: [options.map((o) => o.option_id)],
  options,
});
const places = {
  find: (kind: PlaceKind, code: string) =>
    code === '28079' ? { kind, code, name: 'Madrid', parent_code: '28', parent_name: 'Madrid' } : undefined,
};

describe('describeAnswers', () => {
  it('lines follow the form order: index, then option id; the list given is not reordered in place', () => {
    const options = [
      option({ option_id: 3, type: 'field', index: 2 }),
      option({ option_id: 2, type: 'field', index: 1 }),
      option({ option_id: 1, type: 'field', index: 2 }),
    ];
    const f = form(options);
    expect(describeAnswers(f, { 1: 'a', 2: 'b', 3: 'c' }).map((d) => d.option_id)).toEqual([2, 1, 3]);
    expect(f.options.map((o) => o.option_id)).toEqual([3, 2, 1]);
  });

  it.each([
    [
      'several chosen values are joined with ", "',
      option({ option_id: 1, type: 'checkbox', opt_values: [value(40), value(41)] }),
      [40, 41],
      '40,41',
      'Valor 40, Valor 41',
    ],
    [
      'a known place code reads as its name and province',
      option({ option_id: 1, type: 'municipio' }),
      '28079',
      '28079',
      'Madrid (Madrid)',
    ],
    ['an unknown place code stays as it is', option({ option_id: 1, type: 'municipio' }), '28005', '28005', '28005'],
    [
      'a text that looks like a place code is a text',
      option({ option_id: 1, type: 'field' }),
      '28079',
      '28079',
      '28079',
    ],
  ] as const)('%s', (_name, o, answer, stored, printed) => {
    const [line] = describeAnswers(form([o]), { 1: answer as never }, places);
    expect([line?.value, line?.print_value]).toEqual([stored, printed]);
  });

  it('without the data sets a place code stays as it is', () => {
    const [line] = describeAnswers(form([option({ option_id: 1, type: 'municipio' })]), { 1: '28079' });
    expect(line?.print_value).toBe('28079');
  });
});
