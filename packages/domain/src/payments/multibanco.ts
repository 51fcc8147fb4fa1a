import { accepted, type CheckResult, rejected, withoutSpaces } from '../validators/check-result.js';

/** Weights of the Multibanco check digits, applied to the digits of N from the right (ISO 7064 MOD 97-10). */
const WEIGHTS = [3, 30, 9, 90, 27, 76, 81, 34, 49, 5, 50, 15, 53, 45, 62, 38, 89, 17, 73, 51];

/** A Multibanco payment reference: the 5-digit entity and the 9-digit reference the customer types at the ATM. */
export interface MultibancoReference {
  entity: string;
  reference: string;
}

/**
 * The two check digits of a Multibanco reference: N = entity(5) + sub-entity(3) + id(4) + amount in cents (8 digits),
 * v = sum of N's digits (from the right) times 3, 30, 9, 90, ... mod 97, check = 98 - v. They bind the amount.
 */
export function multibancoCheckDigits(entity: string, subEntity: string, id: string, amountCents: number): string {
  if (!/^\d{5}$/.test(entity) || !/^\d{3}$/.test(subEntity) || !/^\d{4}$/.test(id))
    throw new RangeError('entity 5, sub-entity 3 and id 4 digits');
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > 99_999_999)
    throw new RangeError('amount between 0.01 and 999999.99');
  const n = `${entity}${subEntity}${id}${String(amountCents).padStart(8, '0')}`;
  let sum = 0;
  for (let i = 0; i < n.length; i++) sum += Number(n[n.length - 1 - i]) * (WEIGHTS[i] ?? 0);
  return String(98 - (sum % 97)).padStart(2, '0');
}

/**
 * The reference of the common gateway model: sub-entity(3) + last 4 digits of the order id + 2 check digits.
 * E.g. entity 12345, sub-entity 123, order ...4567, 39.99 EUR -> "123456787".
 */
export function multibancoReference(
  entity: string,
  subEntity: string,
  orderId: number | string,
  amountCents: number,
): MultibancoReference {
  const id = String(orderId).replace(/\D/g, '').slice(-4).padStart(4, '0');
  return { entity, reference: `${subEntity}${id}${multibancoCheckDigits(entity, subEntity, id, amountCents)}` };
}

/** Checks that a reference (spaces allowed) belongs to an entity and an amount: its check digits match. */
export function validateMultibancoReference(entity: string, value: string, amountCents: number): CheckResult {
  const reference = withoutSpaces(value);
  if (reference === '') return rejected('empty');
  if (!/^\d{9}$/.test(reference) || !/^\d{5}$/.test(entity)) return rejected('format');
  const expected = multibancoCheckDigits(entity, reference.slice(0, 3), reference.slice(3, 7), amountCents);
  return reference.slice(7) === expected ? accepted(reference) : rejected('check');
}

/** The reference as printed on vouchers and ATMs: three groups of three digits ("123 456 787"). */
export function formatMultibancoReference(reference: string): string {
  return withoutSpaces(reference).replace(/(\d{3})(?=\d)/g, '$1 ');
}
