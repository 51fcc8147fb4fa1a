import { describe, expect, it } from 'vitest';
import { cents, rateBp } from '../money/money.js';
import { listPrice } from '../pricing/list-price.js';
import { evaluateForm } from './evaluate-form.js';
import { lintCatalog } from './lint-catalog.js';
import type { ProductForm, ProductOption, RelatedCondition } from './product-form.js';

// related_conditions (docs/shop-flows.md, "Fee lines and their conditions"): a fee line named there is charged only
// when one of its entries holds, read as previous_steps are; the others are always charged.

const VAT = rateBp(2100);
const option = (p: Partial<ProductOption> & Pick<ProductOption, 'option_id' | 'type'>): ProductOption => ({
  is_require: false,
  title: `Q${p.option_id}`,
  price: cents(0),
  index: p.option_id,
  previous_steps: [],
  opt_values: [],
  ...p,
});
const v = (id: number) => ({ id, name: String(id), price: cents(0) });

/** A trademark: 1 = scope (10 national, 11 EU), 2 = extra classes (20, 21). Fees: 901 always, 902 EU, 903 classes. */
function form(related_conditions: RelatedCondition[]): ProductForm {
  return {
    product_id: 1,
    base_price: cents(10000),
    official_fee: cents(0),
    steps: [[1], [2]],
    options: [
      option({ option_id: 1, type: 'radio', opt_values: [v(10), v(11)] }),
      option({ option_id: 2, type: 'checkbox', opt_values: [v(20), v(21)] }),
    ],
    related_product: [
      { product_id: 901, name: 'Tasa OEPM', price: cents(12000), vat: false },
      { product_id: 902, name: 'Tasa EUIPO', price: cents(85000), vat: false },
      { product_id: 903, name: 'Gestión de clases', price: cents(1000), vat: true },
    ],
    related_conditions,
  };
}

const RULES: RelatedCondition[] = [
  { product_id: 902, options: [{ option_id: 1, value: '11' }] },
  // Either extra class: alternatives on one option.
  {
    product_id: 903,
    options: [
      { option_id: 2, value: '20' },
      { option_id: 2, value: '21' },
    ],
  },
];

describe('related_conditions: which fee lines the answers charge', () => {
  it.each<[string, RelatedCondition[], Record<string, string | number[]>, number[]]>([
    ['no conditions: every fee line, as before', [], {}, [901, 902, 903]],
    ['national, no classes: the unconditional fee only', RULES, { 1: '10' }, [901]],
    ['EU: its fee too', RULES, { 1: '11' }, [901, 902]],
    ['a class (second alternative)', RULES, { 1: '10', 2: [21] }, [901, 903]],
    ['EU and classes', RULES, { 1: '11', 2: [20] }, [901, 902, 903]],
    [
      'several entries for one fee are alternatives',
      [
        { product_id: 902, options: [{ option_id: 1, value: '11' }] },
        { product_id: 902, options: [{ option_id: 2, value: '20' }] },
      ],
      { 1: '10', 2: [20] },
      [901, 902, 903],
    ],
    [
      'conditions on different options all apply',
      [
        {
          product_id: 902,
          options: [
            { option_id: 1, value: '11' },
            { option_id: 2, value: '20' },
          ],
        },
      ],
      { 1: '11', 2: [21] },
      [901, 903],
    ],
  ])('%s', (_, rules, answers, charged) => {
    const result = evaluateForm(form(rules), answers, VAT);
    expect(result.price.related.map((r) => r.product_id)).toEqual(charged);
  });

  it('the total counts only the charged lines; the list price leaves the conditional ones out', () => {
    const eu = evaluateForm(form(RULES), { 1: '11' }, VAT);
    // 100.00 + 21.00 VAT + 120.00 + 850.00 (no VAT)
    expect(eu.price.total).toBe(cents(109100));
    expect(listPrice(form(RULES), VAT)).toBe(cents(24100));
    expect(listPrice(form([]), VAT)).toBe(cents(24100 + 85000 + 1210));
  });

  it('the linter names a condition on a fee line the form does not charge, or on an unknown option', () => {
    const problems = lintCatalog([
      form([
        { product_id: 999, options: [{ option_id: 1, value: '11' }] },
        { product_id: 902, options: [{ option_id: 7, value: '1' }] },
      ]),
    ]);
    expect(problems.map((p) => [p.rule, p.params.path])).toEqual([
      ['related-condition-unknown-fee', 'related_conditions[0]'],
      ['unknown-option', 'related_conditions[1]'],
    ]);
  });
});
