import { describe, expect, it } from 'vitest';
import { CART_QTY_MAX, checkCartQuantity, maxLineQuantity, ONE_PROPERTY_GROUP } from './cart-quantity.js';

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

describe('a property registry procedure is one unit per line', () => {
  it('its limit is 1; other products keep the general limit', () => {
    expect(maxLineQuantity({ group: ONE_PROPERTY_GROUP })).toBe(1);
    expect(maxLineQuantity({ group: 'Registro Mercantil' })).toBe(CART_QTY_MAX);
  });

  it('quantity 2 of a nota simple is refused with its own message; 1 is accepted', () => {
    expect(checkCartQuantity(2, 1)).toEqual({ ok: false, message: { key: 'cart.qty_one_property' } });
    expect(checkCartQuantity('2', 1)).toEqual({ ok: false, message: { key: 'cart.qty_one_property' } });
    expect(checkCartQuantity(1, 1)).toEqual({ ok: true, qty: 1 });
    // What no product accepts keeps the general message.
    expect(checkCartQuantity(0, 1)).toMatchObject({ ok: false, message: { key: 'cart.qty_invalid' } });
  });
});
