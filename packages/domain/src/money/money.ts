/** Integer euro cents. Branded so that a plain number (or a float in euros) cannot be passed by mistake. */
export type Cents = number & { readonly __brand: 'Cents' };

/** Money as the API sends it: a decimal string with two decimals ("25.12", "-3.50"); made by formatMoneyString only. */
export type MoneyString = string & { readonly __brand: 'MoneyString' };

/** A VAT or tax rate in basis points (21% = 2100), branded so it cannot be mixed with cents. */
export type RateBp = number & { readonly __brand: 'RateBp' };

/**
 * Wraps an integer number of cents; throws on fractions, which would be a bug in the caller. Refuses a value that
 * already is `Cents` at compile time, so re-wrapping (a sign the type was lost on the way) cannot come back.
 */
export function cents(value: number & { readonly __brand?: never }): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an integer number of cents: ${value}`);
  return value as number as Cents;
}

/** Wraps a rate given in basis points. */
export function rateBp(value: number): RateBp {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Not a rate in basis points: ${value}`);
  return value as RateBp;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/**
 * The one money parser (server and web): "20.76", "5", "-1.5" (and the API's MoneyString) into cents, exactly (no
 * float arithmetic). Returns null when malformed.
 */
export function parseMoney(text: string): Cents | null {
  const m = DECIMAL.exec(text.trim());
  if (!m) return null;
  const whole = Number(m[2]);
  const frac = Number((m[3] ?? '').padEnd(2, '0'));
  const value = whole * 100 + frac;
  // An amount too large to count exactly in cents is not a price: "not money", like any other bad text.
  if (!Number.isSafeInteger(value)) return null;
  return cents(m[1] ? -value : value);
}

/**
 * JSON-schema patterns of money texts, for API and file schemas (a schema keeps its pattern as text): each one
 * accepts only what parseMoney reads.
 */
export const MONEY_PATTERNS = {
  /** The API's money: formatMoneyString's output ("25.12", "-3.50"). */
  moneyString: '^-?\\d+\\.\\d{2}$',
  /** An unsigned amount as data files write it: "25", "25.1", "25.12". */
  amount: '^\\d+(\\.\\d{1,2})?$',
  /** A catalogue price: an unsigned amount up to 999999.99. */
  price: '^\\d{1,6}(\\.\\d{1,2})?$',
} as const;

/**
 * Money as a person types it in a form or a CSV cell: "25.12", "25,12", "25" or "25.1", never signed, at most `max`;
 * null otherwise. The same parser underneath, with the decimal comma of Spanish and Portuguese keyboards.
 */
export function parseTypedMoney(text: string, max: Cents): Cents | null {
  const trimmed = text.trim();
  if (trimmed.startsWith('-')) return null;
  const value = parseMoney(trimmed.replace(',', '.'));
  return value !== null && value <= max ? value : null;
}

/** Parses a money string that is known to be valid (data files); throws otherwise. */
export function money(text: string): Cents {
  const value = parseMoney(text);
  if (value === null) throw new RangeError(`Malformed money amount: "${text}"`);
  return value;
}

/** Formats cents the way the API shows prices: "25.12", "-3.50" (the inverse of parseMoney). */
export function formatMoneyString(amount: Cents): MoneyString {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}` as MoneyString;
}

/** Normalises a money text known to be valid ("5", "25.1") into the API's form ("5.00", "25.10"); throws otherwise. */
export function moneyString(text: string): MoneyString {
  return formatMoneyString(money(text));
}

/** Parses a rate such as "21.00" or "23" into basis points. */
export function parseRate(text: string): RateBp {
  const value = parseMoney(text);
  if (value === null || value < 0) throw new RangeError(`Malformed rate: "${text}"`);
  return rateBp(value);
}

/** Shows a rate in basis points as "21.00". */
export function formatRate(rate: RateBp): string {
  return formatMoneyString(cents(rate as number));
}

/** Adds amounts of cents. */
export function sum(amounts: readonly Cents[]): Cents {
  return cents(amounts.reduce<number>((acc, a) => acc + a, 0));
}

/**
 * Multiplies cents by a rate (basis points) and rounds half away from zero to the cent,
 * with integer arithmetic only: 2076 * 2100 / 10000 = 435.96 -> 436.
 */
export function applyRate(amount: Cents, rate: RateBp): Cents {
  const product = amount * rate;
  const sign = product < 0 ? -1 : 1;
  const abs = Math.abs(product);
  const quotient = Math.floor(abs / 10_000);
  const remainder = abs % 10_000;
  return cents(sign * (remainder * 2 >= 10_000 ? quotient + 1 : quotient));
}

/** How each store language writes euros: its separators, and the sign before (en) or after (es, pt) the number. */
const MONEY_STYLES = {
  es: { group: '.', decimal: ',', symbolFirst: false },
  pt: { group: '\u00a0', decimal: ',', symbolFirst: false },
  en: { group: ',', decimal: '.', symbolFirst: true },
} as const;

/**
 * Shows money to a person in the store's locale: "25,12 €" (es, pt), "€25.12" (en), thousands grouped
 * ("1.234,50 €", "1 234,50 €", "€1,234.50"); exactly what `Intl.NumberFormat` writes for es-ES, pt-PT and en-IE (a
 * property test holds it to that), without it: the first Intl formatter of a page costs more (ICU starting, about
 * 15 ms on a fast machine, four times that on a phone) than everything else the shop's first render formats, and it
 * fell in the hydration of every page with a price. Also the same text on the server and in any browser.
 */
export function formatMoney(amount: Cents, language: 'es' | 'en' | 'pt'): string {
  const style = MONEY_STYLES[language];
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  const abs = Math.abs(amount);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, style.group);
  const number = `${whole}${style.decimal}${String(abs % 100).padStart(2, '0')}`;
  return style.symbolFirst ? `${sign}€${number}` : `${sign}${number}\u00a0€`;
}
