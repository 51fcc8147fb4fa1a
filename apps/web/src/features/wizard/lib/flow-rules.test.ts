import { describe, expect, it } from 'vitest';
import { moneyString } from '@ventanilla/domain';
import { optionFixture, productFixture } from './product-fixtures';
import type { Product } from '../../../shared/lib/api-contract';
import {
  answerLabel,
  askedOnPages,
  carryAnswers,
  confirmPageOptions,
  exitAnswerPage,
  nextPageIndex,
  pageOfOption,
  pageOfStepSaved,
  pagesOf,
  questionsToAsk,
  reevaluationTriggers,
} from './wizard-pages';

const option = optionFixture;

function product(extra: Partial<Product> = {}): Product {
  return productFixture({
    product_id: 1,
    name: 'P',
    url_key: 'p',
    cat_url_key: 'c',
    short_description: '',
    base_price: moneyString('10.00'),
    price: moneyString('12.10'),
    description: '',
    image: null,
    custom_text: '',
    tooltip: null,
    tax_rate: '21.00',
    steps: [[1], [2, 3], [4], [5]],
    options: [
      option(1, {
        type: 'radio',
        opt_values: [
          { id: 11, name: 'Sí', price: moneyString('0.00') },
          { id: 12, name: 'No', price: moneyString('0.00') },
        ],
      }),
      option(2),
      option(3, { is_require: 0 }),
      option(4),
      option(5, { type: 'checkbox', opt_values: [{ id: 51, name: 'Acepto', price: moneyString('0.00') }] }),
      option(9, { type: 'radio', opt_values: [{ id: 91, name: 'Particular', price: moneyString('0.00') }] }),
    ],
    ...extra,
  });
}

describe('question on start and questions on confirm', () => {
  it('puts the question on start on a page of its own before the first step', () => {
    expect(pagesOf(product({ question_on_start: 9, steps: [[1], [2, 3], [4], [5, 9]] }))).toEqual([
      [9],
      [1],
      [2, 3],
      [4],
      [5],
    ]);
  });

  it('ignores a question on start that is not an option of the product', () => {
    expect(pagesOf(product({ question_on_start: 999 }))).toEqual([[1], [2, 3], [4], [5]]);
  });

  it('keeps questions on confirm off the wizard pages (an emptied page is skipped)', () => {
    const p = product({ questions_on_confirm: [5] });
    expect(pagesOf(p)).toEqual([[1], [2, 3], [4], []]);
    expect(nextPageIndex(p, 2, new Set([1, 2, 3, 4, 5]))).toBeNull();
    expect(confirmPageOptions(p, { type: 'continue' })).toEqual([5]);
  });

  it('moves the confirmation options of an early checkout to the check-answers page', () => {
    const p = product({
      conditions_to_earlycheckout: { type: 'or', options: [{ option_id: 1, value: '11' }], confirmationOptions: [5] },
    });
    const confirm = confirmPageOptions(p, { type: 'early_checkout', confirmation_options: [5] });
    expect(confirm).toEqual([5]);
    expect([...askedOnPages([1, 2, 3, 4, 5], confirm)]).toEqual([1, 2, 3, 4]);
    expect(confirmPageOptions(p, { type: 'continue' })).toEqual([]);
    // The answer that allows early checkout re-evaluates at once, so the "review" button can appear.
    expect(reevaluationTriggers(p).has(1)).toBe(true);
  });
});

describe('redirects', () => {
  const target = product({
    product_id: 2,
    steps: [[1], [4], [7]],
    options: [
      option(1, { type: 'radio', opt_values: [{ id: 11, name: 'Sí', price: moneyString('0.00') }] }),
      option(4),
      option(7),
    ],
  });

  it('carries only the answers the target also asks, with values it knows', () => {
    expect(carryAnswers({ '1': '11', '2': 'Ana', '4': 'Madrid', '99': 'x' }, target)).toEqual({
      '1': '11',
      '4': 'Madrid',
    });
    expect(carryAnswers({ '1': '12' }, target)).toEqual({});
    expect(carryAnswers({ '1': [11] }, target)).toEqual({ '1': '11' });
  });

  it.each([
    ['step_saved 1 is the first page', target, 1, 0],
    ['step_saved 3 is the third page', target, 3, 2],
    ['past the end: the last page', target, 9, 2],
    ['missing: the first page', target, undefined, 0],
    ['after a question on start, shifted by one', { ...target, question_on_start: 7, steps: [[1], [4]] }, 2, 2],
  ])('%s', (_name, p, stepSaved, expected) => {
    expect(pageOfStepSaved(p, stepSaved)).toBe(expected);
  });
});

describe('exits', () => {
  const p = product({
    conditions_to_exit: [
      { message: 'Lo sentimos, A.', options: [{ option_id: 4, value: 'x' }] },
      {
        message: 'Lo sentimos, B.',
        options: [
          { option_id: 1, value: '12' },
          { option_id: 4, value: 'y' },
        ],
      },
    ],
  });

  const rules = p.conditions_to_exit || [];
  const fired = (index: number) => ({ rule: { index, options: rules[index]!.options } });

  it('goes back to the earliest page of the rule that stopped the order', () => {
    expect(exitAnswerPage(p, fired(0))).toBe(2);
    expect(exitAnswerPage(p, fired(1))).toBe(0);
    expect(exitAnswerPage(p, {})).toBeNull();
    expect(exitAnswerPage(p, undefined)).toBeNull();
  });

  it('names the rule the server says fired, even when two rules share a message', () => {
    const twins = product({
      conditions_to_exit: [
        { message: 'Lo sentimos.', options: [{ option_id: 4, value: 'x' }] },
        { message: 'Lo sentimos.', options: [{ option_id: 1, value: '12' }] },
      ],
    });
    expect(exitAnswerPage(twins, { rule: { index: 1, options: [{ option_id: 1, value: '12' }] } })).toBe(0);
  });
});

describe('after a change from the check-answers page', () => {
  const p = product();

  it('asks questions never seen and required ones that lost their answer, not the others', () => {
    const ask = questionsToAsk(p, [1, 2, 3, 4, 5], [1, 2, 3, 4], { '1': '11', '2': 'Ana', '4': '' });
    expect([...ask].sort()).toEqual([4, 5]);
    expect(nextPageIndex(p, 0, new Set([1, 2, 3, 4, 5]), ask)).toBe(2);
  });

  it('returns to the check-answers page when nothing new is relevant', () => {
    const ask = questionsToAsk(p, [1, 2, 3, 4, 5], [1, 2, 3, 4, 5], { '1': '11', '2': 'Ana', '4': 'b', '5': '51' });
    expect(nextPageIndex(p, 0, new Set([1, 2, 3, 4, 5]), ask)).toBeNull();
  });
});

describe('labels', () => {
  it('names checkbox answers by their values', () => {
    expect(answerLabel(product().options[4]!, '51')).toBe('Acepto');
    expect(pageOfOption(product(), 5)).toBe(3);
  });
});
