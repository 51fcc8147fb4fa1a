import { describe, expect, it } from 'vitest';
import { cents } from '../money/money.js';
import { lintCatalog, type LintRule } from './lint-catalog.js';
import type { ProductForm, ProductOption } from './product-form.js';

function option(partial: Partial<ProductOption> & Pick<ProductOption, 'option_id' | 'index'>): ProductOption {
  return {
    type: 'field',
    is_require: false,
    title: 'T',
    price: cents(0),
    previous_steps: [],
    opt_values: [],
    ...partial,
  };
}
const radio = (option_id: number, index: number, ids: number[], extra: Partial<ProductOption> = {}) =>
  option({
    option_id,
    index,
    type: 'radio',
    opt_values: ids.map((id) => ({ id, name: `v${id}`, price: cents(0) })),
    ...extra,
  });

/** A clean form: 1 (radio 10/11), 2 shown when 1=11, 3 shown when 2 is empty. */
function good(product_id = 100, base = 0): ProductForm {
  return {
    product_id,
    base_price: cents(0),
    official_fee: cents(0),
    steps: [[base + 1], [base + 2, base + 3]],
    options: [
      radio(base + 1, 1, [10, 11]),
      option({ option_id: base + 2, index: 2, previous_steps: [{ option_id: base + 1, value: '11' }] }),
      option({ option_id: base + 3, index: 3, previous_steps: [{ option_id: base + 2, value: '' }] }),
    ],
  };
}

function withOption(form: ProductForm, index: number, patch: Partial<ProductOption>): ProductForm {
  return { ...form, options: form.options.map((o, i) => (i === index ? { ...o, ...patch } : o)) };
}

const BROKEN: ReadonlyArray<[name: string, forms: ProductForm[], rule: LintRule]> = [
  [
    'condition-unknown-option',
    [withOption(good(), 1, { previous_steps: [{ option_id: 999, value: '11' }] })],
    'unknown-option',
  ],
  [
    'condition-later-option',
    [withOption(good(), 1, { previous_steps: [{ option_id: 3, value: '' }] })],
    'later-option',
  ],
  [
    'condition-same-option',
    [withOption(good(), 1, { previous_steps: [{ option_id: 2, value: 'x' }] })],
    'later-option',
  ],
  [
    'autounset-unknown-option',
    [withOption(good(), 1, { autounset_option_values: [{ option_id: 77, value: '1' }] })],
    'unknown-option',
  ],
  [
    'condition-value-not-among-values',
    [withOption(good(), 1, { previous_steps: [{ option_id: 1, value: '12' }] })],
    'impossible-value',
  ],
  [
    'never-shown-impossible-value',
    [withOption(good(), 1, { previous_steps: [{ option_id: 1, value: '12' }] })],
    'never-shown',
  ],
  [
    'contradictory-conditions',
    [
      {
        ...good(),
        options: [
          ...good().options,
          option({
            option_id: 4,
            index: 4,
            previous_steps: [
              { option_id: 1, value: '10' },
              { option_id: 2, value: 'x' },
            ],
          }),
        ],
        steps: [[1], [2, 3, 4]],
      },
    ],
    'contradictory-conditions',
  ],
  ['step-unknown-option', [{ ...good(), steps: [[1], [2, 3], [42]] }], 'step-unknown-option'],
  ['option-missing-from-steps', [{ ...good(), steps: [[1], [2]] }], 'option-not-in-steps'],
  [
    'redirect-unknown-product',
    [
      {
        ...good(),
        conditions_to_redirect: [{ option_id: 1, value: '10', product_id_in: 100, product_id_out: 555, step_saved: 1 }],
      },
    ],
    'redirect-unknown-product',
  ],
  [
    'redirect-cycle',
    [
      {
        ...good(100),
        conditions_to_redirect: [{ option_id: 1, value: '10', product_id_in: 100, product_id_out: 200, step_saved: 1 }],
      },
      {
        ...good(200, 10),
        conditions_to_redirect: [
          { option_id: 11, value: '10', product_id_in: 200, product_id_out: 100, step_saved: 1 },
        ],
      },
    ],
    'redirect-cycle',
  ],
  [
    'redirect-bad-step',
    [
      good(200, 10),
      {
        ...good(),
        conditions_to_redirect: [{ option_id: 1, value: '10', product_id_in: 100, product_id_out: 200, step_saved: 9 }],
      },
    ],
    'redirect-bad-step',
  ],
  [
    'redirect-wrong-product-in',
    [
      good(200, 10),
      {
        ...good(),
        conditions_to_redirect: [{ option_id: 1, value: '10', product_id_in: 7, product_id_out: 200, step_saved: 1 }],
      },
    ],
    'redirect-wrong-product',
  ],
  [
    'exit-empty-message',
    [{ ...good(), conditions_to_exit: [{ message: '  ', options: [{ option_id: 1, value: '10' }] }] }],
    'exit-empty-message',
  ],
  [
    'exit-without-condition',
    [{ ...good(), conditions_to_exit: [{ message: 'Fin', options: [] }] }],
    'exit-no-condition',
  ],
  [
    'exit-impossible-value',
    [{ ...good(), conditions_to_exit: [{ message: 'Fin', options: [{ option_id: 1, value: '99' }] }] }],
    'impossible-value',
  ],
  [
    'earlycheckout-unknown-confirmation-option',
    [
      {
        ...good(),
        conditions_to_earlycheckout: { type: 'or', options: [{ option_id: 1, value: '10' }], confirmationOptions: [8] },
      },
    ],
    'unknown-option',
  ],
  ['questions-on-confirm-unknown', [{ ...good(), questions_on_confirm: [8] }], 'unknown-option'],
  ['duplicate-option-id', [good(100), good(200)], 'duplicate-option-id'],
];

describe('lintCatalog', () => {
  it('a clean catalogue has no problems (with rules, a redirect and an exit)', () => {
    const forms = [
      {
        ...good(100),
        conditions_to_redirect: [{ option_id: 1, value: '10', product_id_in: 100, product_id_out: 200, step_saved: 2 }],
        conditions_to_exit: [
          {
            message: 'Fin',
            options: [
              { option_id: 1, value: '11' },
              { option_id: 2, value: 'x' },
            ],
          },
        ],
        conditions_to_earlycheckout: {
          type: 'and' as const,
          options: [{ option_id: 1, value: '11' }],
          confirmationOptions: [3],
        },
        questions_on_confirm: [3],
      },
      good(200, 10),
    ];
    expect(lintCatalog(forms)).toEqual([]);
  });

  it.each(BROKEN)('broken/%s is rejected', (_name, forms, rule) => {
    const problems = lintCatalog(forms);
    expect(problems.map((p) => p.rule)).toContain(rule);
  });

  it('a redirect to a product without a form is fine when the product is known', () => {
    const form = {
      ...good(),
      conditions_to_redirect: [{ option_id: 1, value: '10', product_id_in: 100, product_id_out: 555, step_saved: 1 }],
    };
    expect(lintCatalog([form], [100, 555])).toEqual([]);
  });

  it('broken/never-shown-through-parent: an option that depends on a never-shown option is never shown either', () => {
    const problems = lintCatalog([withOption(good(), 1, { previous_steps: [{ option_id: 1, value: '12' }] })]);
    expect(problems.filter((p) => p.rule === 'never-shown').map((p) => p.option_id)).toEqual([2, 3]);
  });

  it('a cycle is reported once', () => {
    const forms = BROKEN.find(([name]) => name === 'redirect-cycle')![1];
    expect(lintCatalog(forms).filter((p) => p.rule === 'redirect-cycle')).toEqual([
      {
        product_id: 100,
        rule: 'redirect-cycle',
        message: 'redirect cycle 100 -> 200 -> 100',
        params: { cycle: '100 -> 200 -> 100' },
      },
    ]);
  });
});
