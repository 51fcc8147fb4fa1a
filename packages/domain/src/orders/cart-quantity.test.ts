import { describe, expect, it } from 'vitest';
import { CART_QTY_MAX, checkCartQuantity } from './cart-quantity.js';

describe('cart line quantity (updatequoteitem)', () => {
  it.each([
    [1, 1],
    [2, 2],
    [CART_QTY_MAX, CART_QTY_MAX],
    ['7', 7],
    ['050', 50],
  ])('%j is accepted as %d', (raw, qty) => {
    expect(checkCartQuantity(raw)).toEqual({ ok: true, qty });
  });

  it.each([
    [0],
    [-1],
    [CART_QTY_MAX + 1],
    [1.5],
    [2.0000001],
    [1e308],
    [Number.MAX_SAFE_INTEGER + 2],
    [Infinity],
    [NaN],
    ['1.5'],
    ['1e1'],
    ['-2'],
    [' 3'],
    ['0x3'],
    ['3\u0000'],
    [''],
    ['9999'],
    [null],
    [undefined],
    [true],
    [[2]],
    [{ qty: 2 }],
  ])('%j is refused with the clear message', (raw) => {
    expect(checkCartQuantity(raw)).toEqual({
      ok: false,
      message: { key: 'cart.qty_invalid', params: { max: CART_QTY_MAX } },
    });
  });
});
