import { describe, expect, it } from 'vitest';
import { cents } from '../money/money.js';
import { lintCatalog, type LintProblem } from './lint-catalog.js';
import type { ProductForm, ProductOption, StepCondition } from './product-form.js';

// Each broken catalogue gives exactly these problems, with the editor's message and its params (path, ids): the CLI
// (`npm run catalog:lint`) prints them, so their wording and where they point are part of the contract.

function option(partial: Partial<ProductOption> & Pick<ProductOption, 'option_id'>): ProductOption {
  return {
    type: 'field',
    is_require: false,
    title: 'T',
    price: cents(0),
    index: partial.option_id,
    previous_steps: [],
    opt_values: [],
    ...partial,
  };
}
const radio = (option_id: number, ids: number[], extra: Partial<ProductOption> = {}) =>
  option({
    option_id,
    type: 'radio',
    opt_values: ids.map((id) => ({ id, name: `v${id}`, price: cents(0) })),
    ...extra,
  });
const when = (option_id: number, value: string, op?: StepCondition['op']): StepCondition =>
  op ? { option_id, value, op } : { option_id, value };

function form(product_id: number, options: ProductOption[], rest: Partial<ProductForm> = {}): ProductForm {
  return {
    product_id,
    base_price: cents(0),
    official_fee: cents(0),
    steps: [options.map((o) => o.option_id)],
    options,
    ...rest,
  };
}
const p = (problem: Omit<LintProblem, 'product_id'> & { product_id?: number }): LintProblem => ({
  product_id: 100,
  ...problem,
});

const CASES: ReadonlyArray<[name: string, forms: ProductForm[], problems: LintProblem[]]> = [
  [
    'a previous step on an unknown option, with its path',
    [form(100, [radio(1, [10]), option({ option_id: 2, previous_steps: [when(9, '10')] })])],
    [
      p({
        rule: 'unknown-option',
        option_id: 2,
        message: 'option 2: previous_steps refers to unknown option 9',
        params: { path: 'options[2].previous_steps', ref: 9 },
      }),
    ],
  ],
  [
    'an auto-unset condition on a later option',
    [form(100, [option({ option_id: 1, autounset_option_values: [when(2, 'x')] }), option({ option_id: 2 })])],
    [
      p({
        rule: 'later-option',
        option_id: 1,
        message: 'option 1: autounset_option_values refers to option 2, which is not before it',
        params: { path: 'options[1].autounset_option_values', ref: 2 },
      }),
    ],
  ],
  [
    'a redirect on a value the option does not have, and to an unknown product',
    [
      form(100, [radio(1, [10])], {
        conditions_to_redirect: [{ option_id: 1, value: '11', product_id_in: 100, product_id_out: 7, step_saved: 1 }],
      }),
    ],
    [
      p({
        rule: 'impossible-value',
        message: 'conditions_to_redirect (1=11) needs option 1 = "11", which is not among its values',
        params: { path: 'conditions_to_redirect[1=11]', ref: 1, value: '11' },
      }),
      p({ rule: 'redirect-unknown-product', message: 'redirect to unknown product 7', params: { product: 7 } }),
    ],
  ],
  [
    'a redirect from another product, to a step the target does not have',
    [
      form(100, [radio(1, [10])], {
        conditions_to_redirect: [{ option_id: 1, value: '10', product_id_in: 5, product_id_out: 200, step_saved: 2 }],
      }),
      form(200, [option({ option_id: 20 })]),
    ],
    [
      p({
        rule: 'redirect-wrong-product',
        message: "a redirect's product_id_in 5 is not this product",
        params: { product: 5 },
      }),
      p({
        rule: 'redirect-bad-step',
        message: 'redirect to 200 resumes at step 2, which it does not have',
        params: { product: 200, step: 2 },
      }),
    ],
  ],
  [
    'exits without message or condition, and an exit on an unknown option',
    [
      form(100, [radio(1, [10])], {
        conditions_to_exit: [
          { message: ' ', options: [when(1, '10')] },
          { message: 'Fin', options: [] },
          { message: 'Fin', options: [when(8, '1')] },
        ],
      }),
    ],
    [
      p({
        rule: 'exit-empty-message',
        message: 'conditions_to_exit[0] has an empty message',
        params: { path: 'conditions_to_exit[0]' },
      }),
      p({
        rule: 'exit-no-condition',
        message: 'conditions_to_exit[1] has no condition',
        params: { path: 'conditions_to_exit[1]' },
      }),
      p({
        rule: 'unknown-option',
        message: 'conditions_to_exit[2] refers to unknown option 8',
        params: { path: 'conditions_to_exit[2]', ref: 8 },
      }),
    ],
  ],
  [
    'early checkout, confirmation and start questions on unknown options',
    [
      form(100, [radio(1, [10])], {
        conditions_to_earlycheckout: { type: 'or', options: [when(4, '1')], confirmationOptions: [5] },
        questions_on_confirm: [6],
        question_on_start: 7,
      }),
    ],
    [
      p({
        rule: 'unknown-option',
        message: 'conditions_to_earlycheckout refers to unknown option 4',
        params: { path: 'conditions_to_earlycheckout', ref: 4 },
      }),
      p({
        rule: 'unknown-option',
        message: 'conditions_to_earlycheckout.confirmationOptions refers to unknown option 5',
        params: { path: 'conditions_to_earlycheckout.confirmationOptions', ref: 5 },
      }),
      p({
        rule: 'unknown-option',
        message: 'questions_on_confirm refers to unknown option 6',
        params: { path: 'questions_on_confirm', ref: 6 },
      }),
      p({
        rule: 'unknown-option',
        message: 'question_on_start refers to unknown option 7',
        params: { path: 'question_on_start', ref: 7 },
      }),
    ],
  ],
  [
    'steps that list an unknown option and miss one',
    [form(100, [option({ option_id: 1 }), option({ option_id: 2 })], { steps: [[1], [3]] })],
    [
      p({ rule: 'step-unknown-option', message: 'step 2 lists unknown option 3', params: { step: 2, ref: 3 } }),
      p({ rule: 'option-not-in-steps', option_id: 2, message: 'option 2 is in no step', params: { option: 2 } }),
    ],
  ],
  [
    'an option id used by two products',
    [form(100, [option({ option_id: 1 })]), form(200, [option({ option_id: 1 })])],
    [
      p({
        product_id: 200,
        rule: 'duplicate-option-id',
        option_id: 1,
        message: 'option 1 is also in product 100',
        params: { option: 1, product: 100 },
      }),
    ],
  ],
  [
    'an option shown only on an impossible value, and one that depends on it',
    [
      form(100, [
        radio(1, [10]),
        radio(2, [20], { previous_steps: [when(1, '11')] }),
        option({ option_id: 3, previous_steps: [when(2, '20')] }),
      ]),
    ],
    [
      p({
        rule: 'impossible-value',
        option_id: 2,
        message: 'option 2: previous_steps needs option 1 = "11", which is not among its values',
        params: { path: 'options[2].previous_steps', ref: 1, value: '11' },
      }),
      p({ rule: 'never-shown', option_id: 2, message: 'option 2 can never be shown', params: { option: 2 } }),
      p({
        rule: 'never-shown',
        option_id: 3,
        message: 'option 3 depends on option 2, which is never shown',
        params: { option: 3, parent: 2 },
      }),
    ],
  ],
  [
    'conditions whose values exclude each other along the chain',
    [
      form(100, [
        radio(1, [10, 11]),
        radio(2, [20], { previous_steps: [when(1, '10')] }),
        option({ option_id: 3, previous_steps: [when(2, '20'), when(1, '11')] }),
      ]),
    ],
    [
      p({
        rule: 'contradictory-conditions',
        option_id: 3,
        message: 'option 3 needs option 1 to have values that exclude each other',
        params: { option: 3, ref: 1 },
      }),
    ],
  ],
];

describe('lintCatalog reports each problem exactly', () => {
  it.each(CASES)('%s', (_name, forms, problems) => {
    expect(lintCatalog(forms)).toEqual(problems);
  });
});

describe('lintCatalog accepts what can happen', () => {
  it.each([
    [
      'an alternative value on the same parent is compatible with the chain',
      [
        form(100, [
          radio(1, [10, 11]),
          radio(2, [20], { previous_steps: [when(1, '10'), when(1, '11')] }),
          option({ option_id: 3, previous_steps: [when(2, '20'), when(1, '11')] }),
        ]),
      ],
    ],
    [
      'dates and owner names are compared, not matched against values',
      [
        form(100, [
          radio(1, [10]),
          option({ option_id: 2, type: 'date' }),
          option({ option_id: 3, previous_steps: [when(2, '2006-01-01', 'ltdate'), when(1, '', 'owner_unknown')] }),
          option({ option_id: 4, previous_steps: [when(3, ''), when(2, '2006-01-01', 'ltdate')] }),
        ]),
      ],
    ],
    [
      'a choice condition on "" (the option left empty) and a text condition on any text',
      [
        form(100, [
          radio(1, [10]),
          option({ option_id: 2 }),
          option({ option_id: 3, previous_steps: [when(1, ''), when(2, 'x')] }),
        ]),
      ],
    ],
    [
      'options listed out of index order are checked in index order',
      [
        form(100, [
          option({ option_id: 2, index: 2, previous_steps: [when(1, '')] }),
          option({ option_id: 1, index: 1 }),
        ]),
      ],
    ],
    [
      'options with the same index are ordered by id',
      [
        form(100, [
          option({ option_id: 2, index: 1, previous_steps: [when(1, '')] }),
          option({ option_id: 1, index: 1 }),
        ]),
      ],
    ],
    [
      'a redirect to the last step of the target',
      [
        form(100, [radio(1, [10])], {
          conditions_to_redirect: [
            { option_id: 1, value: '10', product_id_in: 100, product_id_out: 200, step_saved: 1 },
          ],
        }),
        form(200, [option({ option_id: 20 })]),
      ],
    ],
  ])('%s', (_name, forms) => {
    expect(lintCatalog(forms)).toEqual([]);
  });
});
