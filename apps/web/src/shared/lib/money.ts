import { formatMoney as formatCents, parseMoney } from '@ventanilla/domain';
import type { Language, MoneyString } from './api-types';

// The one place the web app formats money: the domain's formatter, fed with the API's decimal strings.

/** "25.12" -> 2512 (integer cents, exact); malformed input counts as 0. */
export function toCents(value: MoneyString | number): number {
  if (typeof value === 'number') return Math.round(value);
  return parseMoney(value) ?? 0;
}

/** Formats an API price ("25.12") in the store's locale: "25,12 €" (es, pt), "€25.12" (en). */
export function formatMoney(value: MoneyString, language: Language): string {
  const parsed = parseMoney(value);
  if (parsed === null) return value;
  // Intl puts a no-break space between amount and symbol; CSS keeps prices on one line, and a plain space reads and
  // searches the same ("Pagar 25,12 €").
  return formatCents(parsed, language).replace(/\u00a0/g, ' ');
}

/** True for a price above zero (supplements of 0.00 are not shown). */
export function isPositive(value: MoneyString | null | undefined): boolean {
  return value != null && value !== '' && toCents(value) > 0;
}
