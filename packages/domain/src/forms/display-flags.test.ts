import { describe, expect, it } from 'vitest';
import { cents, rateBp } from '../money/money.js';
import {
  choicePrice,
  hasDisplayFlag,
  isEmbedded,
  offersNoChoice,
  pricePerChoice,
  questionBlocks,
  questionPrice,
  type FlaggedOption,
} from './display-flags.js';
import { evaluateForm } from './evaluate-form.js';
import type { ProductForm, ProductOption } from './product-form.js';
import { wizardPages } from './wizard-layout.js';

const basis = { base_price: cents(1000), official_fee: cents(300), vatRate: rateBp(2100) };

describe('hasDisplayFlag reads both shapes', () => {
  it.each<[string, FlaggedOption, boolean]>([
    ['engine record, set', { display: { hide_price: true } }, true],
    ['engine record, false', { display: { hide_price: false } }, false],
    ['API field 1', { hide_price: 1 }, true],
    ['API field 0', { hide_price: 0 }, false],
    ['neither', {}, false],
    ['another flag set', { display: { full_price: true } }, false],
  ])('%s', (_, option, expected) => {
    expect(hasDisplayFlag(option, 'hide_price')).toBe(expected);
  });
});

describe('questionPrice and choicePrice: hide_price, full_price, supplement', () => {
  it.each<[string, FlaggedOption, number, number, ReturnType<typeof choicePrice>]>([
    ['a supplement', {}, 0, 500, { kind: 'supplement', amount: cents(500) }],
    ['no supplement', {}, 0, 0, null],
    ['hidden', { hide_price: 1 }, 0, 500, null],
    // full: (1000 + 200 + 500) + 21% VAT (357) + official fee 300 = 2357
    [
      'full price counts the question and the value',
      { full_price: 1 },
      200,
      500,
      { kind: 'full', amount: cents(2357) },
    ],
    // a choice of no supplement still shows the service's price: 1000 + 210 + 300
    ['full price of a free choice', { full_price: 1 }, 0, 0, { kind: 'full', amount: cents(1510) }],
    ['hide_price wins over full_price', { hide_price: 1, full_price: 1 }, 0, 500, null],
  ])('choice: %s', (_, flags, optionPrice, valuePrice, expected) => {
    expect(choicePrice({ ...flags, price: cents(optionPrice) }, cents(valuePrice), basis)).toEqual(expected);
  });

  it.each<[string, FlaggedOption, number, ReturnType<typeof questionPrice>]>([
    ['a supplement', {}, 700, { kind: 'supplement', amount: cents(700) }],
    ['none', {}, 0, null],
    ['hidden', { display: { hide_price: true } }, 700, null],
    ['full price', { display: { full_price: true } }, 700, { kind: 'full', amount: cents(2357) }],
  ])('question: %s', (_, flags, price, expected) => {
    expect(questionPrice({ ...flags, price: cents(price) }, basis)).toEqual(expected);
  });

  it.each([
    ['full price with values', { full_price: 1, type: 'radio', opt_values: [1] }, true],
    ['full price without values', { full_price: 1, type: 'field', opt_values: [] }, false],
    ['no flag', { type: 'radio', opt_values: [1] }, false],
  ])('pricePerChoice: %s', (_, option, expected) => {
    expect(pricePerChoice(option)).toBe(expected);
  });
});

describe('questionBlocks: embedded questions join the block before them', () => {
  const q = (id: number, flags: FlaggedOption = {}) => ({ option_id: id, ...flags });
  it.each<[string, FlaggedOption[], number[][]]>([
    ['none embedded', [{}, {}, {}], [[1], [2], [3]]],
    ['the second embedded', [{}, { embedded_to_previous: 1 }, {}], [[1, 2], [3]]],
    ['embedded_hidden embeds too', [{}, { embedded_hidden: 1 }, { embedded_to_previous: 1 }], [[1, 2, 3]]],
    ['the first of a page leads its block', [{ embedded_to_previous: 1 }, {}], [[1], [2]]],
  ])('%s', (_, flags, expected) => {
    const blocks = questionBlocks(flags.map((f, i) => q(i + 1, f)));
    expect(blocks.map((b) => [b.lead.option_id, ...b.embedded.map((e) => e.option_id)])).toEqual(expected);
  });

  it('isEmbedded', () => {
    expect(isEmbedded({ display: { embedded_hidden: true } })).toBe(true);
    expect(isEmbedded({})).toBe(false);
  });
});

describe('offersNoChoice: can_be_empty gives an optional radio group a "none" choice', () => {
  it.each<[string, { type: string; is_require: number } & FlaggedOption, boolean]>([
    ['optional radios', { type: 'radio', is_require: 0, can_be_empty: 1 }, true],
    ['optional radio buttons', { type: 'radio_button', is_require: 0, can_be_empty: 1 }, true],
    ['required radios', { type: 'radio', is_require: 1, can_be_empty: 1 }, false],
    ['a drop-down has its empty item already', { type: 'drop_down', is_require: 0, can_be_empty: 1 }, false],
    ['checkboxes can all be unticked', { type: 'checkbox', is_require: 0, can_be_empty: 1 }, false],
    ['no flag', { type: 'radio', is_require: 0 }, false],
  ])('%s', (_, option, expected) => {
    expect(offersNoChoice(option)).toBe(expected);
  });
});

describe('wizardPages: append_to_end and embedded questions without steps', () => {
  const o = (option_id: number, flags: FlaggedOption = {}) => ({ option_id, index: option_id, ...flags });
  it.each<[string, { steps: number[][]; options: ReturnType<typeof o>[] }, number[][]]>([
    ['one page each', { steps: [], options: [o(1), o(2), o(3)] }, [[1], [2], [3]]],
    [
      'embedded shares the page before',
      { steps: [], options: [o(1), o(2, { embedded_to_previous: 1 }), o(3)] },
      [[1, 2], [3]],
    ],
    [
      'append_to_end leaves its step for a last page',
      { steps: [[1, 2], [3], [4]], options: [o(1, { append_to_end: 1 }), o(2), o(3, { append_to_end: 1 }), o(4)] },
      [[2], [], [4], [1, 3]],
    ],
    ['append_to_end without steps', { steps: [], options: [o(1, { append_to_end: 1 }), o(2)] }, [[], [2], [1]]],
  ])('%s', (_, layout, expected) => {
    expect(wizardPages(layout)).toEqual(expected);
  });
});

describe('previous_steps_default: shown until an answer rules it out', () => {
  const option = (p: Partial<ProductOption> & Pick<ProductOption, 'option_id' | 'type'>): ProductOption => ({
    is_require: false,
    title: `Q${p.option_id}`,
    price: cents(0),
    index: p.option_id,
    previous_steps: [],
    opt_values: [],
    ...p,
  });
  const form = (display: ProductOption['display']): ProductForm => ({
    product_id: 1,
    base_price: cents(1000),
    official_fee: cents(0),
    steps: [[1, 2]],
    options: [
      option({
        option_id: 1,
        type: 'radio',
        opt_values: [10, 11].map((id) => ({ id, name: `${id}`, price: cents(0) })),
      }),
      option({
        option_id: 2,
        type: 'field',
        previous_steps: [{ option_id: 1, value: '10' }],
        ...(display ? { display } : {}),
      }),
    ],
  });
  it.each<[string, ProductOption['display'], Record<string, string>, boolean]>([
    ['default, not answered yet: shown', { previous_steps_default: true }, {}, true],
    ['default, answered as the condition says: shown', { previous_steps_default: true }, { 1: '10' }, true],
    ['default, answered otherwise: hidden', { previous_steps_default: true }, { 1: '11' }, false],
    ['default, an unknown answer counts as none: shown', { previous_steps_default: true }, { 1: '99' }, true],
    ['no flag, not answered: hidden', undefined, {}, false],
    ['no flag, answered as the condition says: shown', undefined, { 1: '10' }, true],
  ])('%s', (_, display, answers, shown) => {
    expect(evaluateForm(form(display), answers, rateBp(2100)).visible.includes(2)).toBe(shown);
  });
});
