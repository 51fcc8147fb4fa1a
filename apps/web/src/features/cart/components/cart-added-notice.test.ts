import { describe, expect, it } from 'vitest';
import type { Cart } from '../../../shared/lib/api-contract';
import { addedLine, cartAddKindOf } from './cart-added-notice';

const line = (id: number, url_key: string) => ({ id, url_key, product_name: url_key }) as Cart['items'][number];
const cart = { items: [line(3, 'nota-simple'), line(7, 'certificado-de-nacimiento'), line(5, 'nota-simple')] } as Cart;

describe('cart add addresses', () => {
  it.each([
    ['/tienda/cart/add/ns', 'ns'],
    ['/tienda/cart/add/product/', 'product'],
    ['/tienda/cart', null],
    ['/tienda/cart/add/', null],
    ['/tienda/cart/add/ns/x', null],
  ])('%s -> %s', (path, kind) => expect(cartAddKindOf(path)).toBe(kind));

  it('names the line just added, else the newest of the kind, else the newest line', () => {
    expect(addedLine(cart, 'ns', 3)?.id).toBe(3);
    expect(addedLine(cart, 'ns', undefined)?.id).toBe(5);
    expect(addedLine(cart, 'ns', 99)?.id).toBe(5);
    expect(addedLine(cart, 'product', undefined)?.id).toBe(7);
    expect(addedLine(cart, 'certidao', undefined)).toBeUndefined();
  });
});
