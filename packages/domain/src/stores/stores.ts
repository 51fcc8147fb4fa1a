/** A store id (1 main shop, 16 Portugal, 17 Ireland...). */
export type StoreId = number & { readonly __brand: 'StoreId' };

export type Language = 'es' | 'en' | 'pt';
export type Country = 'ES' | 'PT' | 'IE' | 'GB' | 'NL';

export const LANGUAGES: readonly Language[] = ['es', 'en', 'pt'];
export const DEFAULT_LANGUAGE: Language = 'es';

/** Stores that sell the Portuguese products (spec: 16, 26, 28). */
export const PORTUGUESE_PRODUCT_STORES: readonly number[] = [16, 26, 28];
/** Stores that sell the Spanish products (spec: 1, 25, 27, 24, 12, 9, 21, 14, 15). */
export const SPANISH_PRODUCT_STORES: readonly number[] = [1, 25, 27, 24, 12, 9, 21, 14, 15];

/** Wraps a positive integer as a store id. */
export function storeId(value: number): StoreId {
  if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`Not a store id: ${value}`);
  return value as StoreId;
}

/**
 * The spec's language rule (Portuguese for 16, 26, 28; English for 17, 18, 19; Spanish otherwise) with store 9, the
 * registry site in English ("9 and 12 registry sites in English and Spanish": 9 the English one, 12 the Spanish one;
 * docs/catalogue.md "Languages"), in English: it sells the Spanish catalogue with its English texts.
 */
export function languageForStore(id: number): Language {
  if (id === 16 || id === 26 || id === 28) return 'pt';
  if (id === 9 || id === 17 || id === 18 || id === 19) return 'en';
  return 'es';
}

/** Whether a value is one of the supported languages. */
export function isLanguage(value: unknown): value is Language {
  return value === 'es' || value === 'en' || value === 'pt';
}

/**
 * The two digits every order number of a store starts with: the store id, padded on the right for
 * one-digit ids (store 1 -> "10", store 9 -> "90", store 16 -> "16"), as the spec's country-by-prefix rule implies.
 */
export function orderPrefix(id: number): string {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 99) throw new RangeError(`No order prefix for store ${id}`);
  return id < 10 ? `${id}0` : String(id);
}

/** Digits after the prefix: order numbers are 9 digits long (10 0000001). */
export const ORDER_SEQUENCE_DIGITS = 7;

/** Builds the order number of the n-th order of a store: store 1, n 1 -> 100000001. */
export function orderNumber(store: number, sequence: number): number {
  if (!Number.isSafeInteger(sequence) || sequence <= 0 || sequence >= 10 ** ORDER_SEQUENCE_DIGITS) {
    throw new RangeError(`Order sequence out of range: ${sequence}`);
  }
  return Number(orderPrefix(store) + String(sequence).padStart(ORDER_SEQUENCE_DIGITS, '0'));
}

const SPAIN_PREFIXES = ['10', '15', '14', '21', '12', '90'];
const PORTUGAL_PREFIXES = ['16', '26', '28'];

/** The spec's country-by-order-id rule (Spain 10, 15, 14, 21, 12, 90; Portugal 16, 26, 28); null when it says nothing. */
export function countryFromOrderId(orderId: number | string): 'ES' | 'PT' | null {
  const prefix = String(orderId).slice(0, 2);
  if (SPAIN_PREFIXES.includes(prefix)) return 'ES';
  if (PORTUGAL_PREFIXES.includes(prefix)) return 'PT';
  return null;
}
