import { describe, expect, it } from 'vitest';
import type { FormError, FormOutcome } from '../forms/evaluate-form.js';
import { answersVerdict, cartOrderability, orderability, productOffer, type OfferedProduct } from './orderability.js';

const service: OfferedProduct = { kind: 'service', visible: true, storeIds: new Set([1, 9]) };
const error: FormError = { option_id: 3, message: { key: 'validation.required_text' } };
const exit: FormOutcome = {
  type: 'exit',
  message: 'Fin',
  rule: { index: 0, options: [{ option_id: 1, value: '11' }] },
};
const redirect: FormOutcome = { type: 'redirect', product_id: 18480, step_saved: 2, answers: {} };
const early: FormOutcome = { type: 'early_checkout', confirmation_options: [5] };
const go: FormOutcome = { type: 'continue' };

describe('productOffer: a store offers enabled services it sells', () => {
  it.each([
    ['an enabled service of the store', service, 1, { orderable: true }],
    [
      'a fee product (charged only as a fee line)',
      { ...service, kind: 'fee' },
      1,
      { orderable: false, reason: 'fee_product' },
    ],
    ['a disabled product', { ...service, visible: false }, 1, { orderable: false, reason: 'disabled' }],
    ['a product of other stores', service, 16, { orderable: false, reason: 'not_in_store' }],
    [
      'a disabled fee product: fee first',
      { ...service, kind: 'fee', visible: false },
      1,
      { orderable: false, reason: 'fee_product' },
    ],
  ] as const)('%s', (_, product, storeId, expected) => {
    expect(productOffer(product, storeId)).toEqual(expected);
  });
});

describe('answersVerdict: exit, then redirect, then invalid answers stop a line', () => {
  it.each([
    ['valid answers that continue', [], go, { orderable: true }],
    ['early checkout lets the line through', [], early, { orderable: true }],
    [
      'an exit, with its message and rule',
      [],
      exit,
      {
        orderable: false,
        reason: 'exit',
        message: 'Fin',
        rule: { index: 0, options: [{ option_id: 1, value: '11' }] },
      },
    ],
    [
      'a redirect, to the product and page',
      [],
      redirect,
      { orderable: false, reason: 'redirect', product_id: 18480, step_saved: 2 },
    ],
    ['invalid answers, with the errors', [error], go, { orderable: false, reason: 'invalid_answers', errors: [error] }],
    ['an exit wins over invalid answers', [error], exit, expect.objectContaining({ reason: 'exit' })],
    ['a redirect wins over invalid answers', [error], redirect, expect.objectContaining({ reason: 'redirect' })],
  ] as const)('%s', (_, errors, outcome, expected) => {
    expect(answersVerdict({ errors: [...errors], outcome })).toEqual(expected);
  });
});

describe('orderability: the product on offer first, then the answers', () => {
  it.each([
    ['an offered product with valid answers', service, 1, go, [], { orderable: true }],
    [
      'not on offer wins over an exit',
      { ...service, visible: false },
      1,
      exit,
      [],
      { orderable: false, reason: 'disabled' },
    ],
    ['on offer, stopped by its answers', service, 9, redirect, [], expect.objectContaining({ reason: 'redirect' })],
    ['on offer, invalid answers', service, 9, go, [error], expect.objectContaining({ reason: 'invalid_answers' })],
  ] as const)('%s', (_, product, storeId, outcome, errors, expected) => {
    expect(orderability(product, storeId, { errors: [...errors], outcome })).toEqual(expected);
  });
});

describe('cartOrderability: what stops a checkout', () => {
  const ok = { errors: [], outcome: go };
  it.each([
    ['an empty cart', [], { orderable: false, reason: 'empty' }],
    ['valid lines', [ok, { errors: [], outcome: early }], { orderable: true }],
    [
      'a valid line stopped by an exit',
      [ok, { errors: [], outcome: exit }],
      expect.objectContaining({ reason: 'exit' }),
    ],
    [
      'an invalid line',
      [ok, { errors: [error], outcome: go }],
      { orderable: false, reason: 'invalid_answers', errors: [error] },
    ],
    [
      'a stopped valid line is named before an earlier invalid line',
      [
        { errors: [error], outcome: go },
        { errors: [], outcome: redirect },
      ],
      expect.objectContaining({ reason: 'redirect' }),
    ],
    [
      'an invalid line that also exits counts as invalid',
      [{ errors: [error], outcome: exit }],
      { orderable: false, reason: 'invalid_answers', errors: [error] },
    ],
  ] as const)('%s', (_, lines, expected) => {
    expect(cartOrderability(lines.map((l) => ({ errors: [...l.errors], outcome: l.outcome })))).toEqual(expected);
  });
});
