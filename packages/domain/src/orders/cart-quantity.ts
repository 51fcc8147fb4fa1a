import type { DomainMessage } from '../i18n/domain-messages.js';

/**
 * How many of one cart line a customer may order (updatequoteitem): each unit is a procedure an agent carries out,
 * so a line stops at 50; more is a bulk order for an agent. The API takes any JSON number or numeric text so that a
 * fractional, negative, huge or non-numeric quantity gets this clear message, not a schema error.
 */
export const CART_QTY_MAX = 50;

export type CartQuantityCheck = { ok: true; qty: number } | { ok: false; message: DomainMessage };

export function checkCartQuantity(raw: unknown): CartQuantityCheck {
  const refused: CartQuantityCheck = { ok: false, message: { key: 'cart.qty_invalid', params: { max: CART_QTY_MAX } } };
  // Digits only as text ("3", not "3.0", "1e1", " 3", "0x3"): what a quantity field sends.
  const value = typeof raw === 'string' ? (/^\d{1,3}$/.test(raw) ? Number(raw) : NaN) : raw;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > CART_QTY_MAX) return refused;
  return { ok: true, qty: value };
}
