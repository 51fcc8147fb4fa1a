import {
  cents,
  formatMoney as formatCents,
  formatMoneyString,
  parseMoney,
  type Cents,
  type Language,
  type MoneyString,
} from '@ventanilla/domain';

// The one place the web app reads and formats money: the domain's parser and formatter, fed with the API's
// MoneyString fields ("25.12"), which the generated API types already carry.

/** "25.12" -> 2512 (integer cents, exact, the domain's parser); malformed input counts as 0. */
export function toCents(value: MoneyString): Cents {
  return parseMoney(value) ?? cents(0);
}

/** An amount the API sends untyped (a payment's instructions record) as money, or null when it is not one. */
export function asMoney(text: string | null | undefined): MoneyString | null {
  const parsed = text == null ? null : parseMoney(text);
  return parsed === null ? null : formatMoneyString(parsed);
}

/** Formats an API price ("25.12") in the store's locale: "25,12 €" (es, pt), "€25.12" (en). */
export function formatMoney(value: MoneyString, language: Language): string {
  // Intl puts a no-break space between amount and symbol; CSS keeps prices on one line, and a plain space reads and
  // searches the same ("Pagar 25,12 €").
  return formatCents(toCents(value), language).replace(/\u00a0/g, ' ');
}

/** True for a price above zero (supplements of 0.00 are not shown). */
export function isPositive(value: MoneyString | null | undefined): boolean {
  return value != null && toCents(value) > 0;
}
