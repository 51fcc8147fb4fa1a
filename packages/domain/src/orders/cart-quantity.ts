import type { DomainMessage } from '../i18n/domain-messages.js';

/**
 * How many of one cart line a customer may order (updatequoteitem): each unit is a procedure an agent carries out,
 * so a line stops at 50; more is a bulk order for an agent. The API takes any JSON number or numeric text so that a
 * fractional, negative, huge or non-numeric quantity gets this clear message, not a schema error.
 */
export const CART_QTY_MAX = 50;

/** The catalogue group whose procedures are each about one property (or one person's properties). */
export const ONE_PROPERTY_GROUP = 'Registro Propiedad';

/**
 * The most units a line of this product may have. A property registry procedure (a nota simple, a certificate) is
 * about the one property its answers name: a second unit would be the same document twice, so its line is one unit.
 */
export function maxLineQuantity(product: { group: string }): number {
  return product.group === ONE_PROPERTY_GROUP ? 1 : CART_QTY_MAX;
}

export type CartQuantityCheck = { ok: true; qty: number } | { ok: false; message: DomainMessage };

/** Checks a line's quantity; `max` is the product's limit (maxLineQuantity). */
export function checkCartQuantity(raw: unknown, max: number = CART_QTY_MAX): CartQuantityCheck {
  const refused: CartQuantityCheck = { ok: false, message: { key: 'cart.qty_invalid', params: { max: CART_QTY_MAX } } };
  // Digits only as text ("3", not "3.0", "1e1", " 3", "0x3"): what a quantity field sends.
  const value = typeof raw === 'string' ? (/^\d{1,3}$/.test(raw) ? Number(raw) : NaN) : raw;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > CART_QTY_MAX) return refused;
  if (value > max) return { ok: false, message: { key: 'cart.qty_one_property' } };
  return { ok: true, qty: value };
}
