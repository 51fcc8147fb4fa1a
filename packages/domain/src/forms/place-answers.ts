import type { DomainMessage } from '../i18n/domain-messages.js';
import type { AnswerValue, ProductOption } from './product-form.js';

/**
 * Places the pickers ask for, by their official codes: Spanish provinces (INE, 2 digits) and municipalities (INE,
 * province + municipality = 5 digits; the 6th, check digit, is optional), Portuguese districts (DTMN, 2 digits; 30
 * Madeira and 40 Açores group their islands), concelhos (DICO, 4) and freguesias (DICOFRE, 6).
 */
export type PlaceKind = 'es_province' | 'es_municipality' | 'pt_district' | 'pt_municipality' | 'pt_parish';

/** A place of the data sets (catalog/geo). */
export interface Place {
  kind: PlaceKind;
  code: string;
  name: string;
  /** The province, district or concelho it belongs to (null for provinces and districts). */
  parent_code: string | null;
  parent_name: string | null;
}

/**
 * Finds places by code. The engine stays pure: the server passes one backed by the data sets, so an unknown code is an
 * invalid answer there; the browser evaluates without it (shape and parent checks only) and the server decides.
 */
export interface PlaceLookup {
  /** The place with this code (a Spanish municipality also by its 6-digit code with check digit), or undefined. */
  find(kind: PlaceKind, code: string): Place | undefined;
}

/** Option types whose answer is a place code (drop-downs of provinces or districts keep value ids). */
export const PLACE_TYPES: ReadonlySet<ProductOption['type']> = new Set(['municipio', 'municipio_ce', 'freguesia']);

/** The kind of place an option asks for: its answer's code for place types, its values' codes for province lists. */
export function placeKindOf(option: Pick<ProductOption, 'type' | 'place' | 'opt_values'>): PlaceKind | null {
  const pt = option.place?.country === 'PT';
  if (option.type === 'freguesia') return 'pt_parish';
  if (option.type === 'municipio' || option.type === 'municipio_ce') return pt ? 'pt_municipality' : 'es_municipality';
  if (option.place && option.opt_values.some((v) => v.code !== undefined)) return pt ? 'pt_district' : 'es_province';
  return null;
}

const INE_DC_WEIGHTS = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [0, 3, 8, 2, 7, 4, 1, 5, 9, 6],
  [0, 2, 4, 6, 8, 1, 3, 5, 7, 9],
] as const;

/** The INE check digit of a 5-digit municipality code (province + municipality). */
export function ineCheckDigit(code5: string): number {
  const rows = [2, 1, 0, 2, 1] as const;
  let total = 0;
  for (let i = 0; i < 5; i++) total += INE_DC_WEIGHTS[rows[i]!]![Number(code5[i])]!;
  return (10 - (total % 10)) % 10;
}

const SHAPES: Record<PlaceKind, RegExp> = {
  es_province: /^\d{2}$/,
  es_municipality: /^\d{5}$/,
  pt_district: /^\d{2}$/,
  pt_municipality: /^\d{4}$/,
  pt_parish: /^[0-9A-Z]{6}$/,
};

/**
 * A typed or sent code in its stored form, or null when it cannot be one: spaces dropped, letters upper-cased, and a
 * Spanish municipality given with its check digit (6 digits) reduced to 5 when that digit is right.
 */
export function normalisePlaceCode(kind: PlaceKind, raw: string): string | null {
  const code = raw.replace(/[\s.-]/g, '').toUpperCase();
  if (kind === 'es_municipality' && /^\d{6}$/.test(code)) {
    const base = code.slice(0, 5);
    return ineCheckDigit(base) === Number(code[5]) ? base : null;
  }
  return SHAPES[kind].test(code) ? code : null;
}

/** The district (or autonomous region: 30 Madeira, 40 Açores) of a concelho's DICO code. */
export function ptDistrictOf(dico: string): string {
  const first = Number(dico.slice(0, 2));
  if (first >= 31 && first <= 39) return '30';
  if (first >= 41 && first <= 49) return '40';
  return dico.slice(0, 2);
}

/** Whether a place lies in another, from their codes alone (INE and DICOFRE codes nest). */
export function placeWithin(kind: PlaceKind, code: string, parentKind: PlaceKind, parentCode: string): boolean {
  if (kind === 'es_municipality' && parentKind === 'es_province') return code.slice(0, 2) === parentCode;
  if (kind === 'pt_municipality' && parentKind === 'pt_district') return ptDistrictOf(code) === parentCode;
  if (kind === 'pt_parish' && parentKind === 'pt_municipality') return code.slice(0, 4) === parentCode;
  if (kind === 'pt_parish' && parentKind === 'pt_district') return ptDistrictOf(code.slice(0, 4)) === parentCode;
  return false;
}

/** The code an answered parent option stands for: a chosen value's code, or a place answer itself. */
export function parentPlaceCode(parent: ProductOption, answer: AnswerValue | undefined): string | null {
  if (answer === undefined || typeof answer !== 'string') return null;
  if (PLACE_TYPES.has(parent.type)) return answer;
  return parent.opt_values.find((v) => String(v.id) === answer)?.code ?? null;
}

const UNKNOWN: Record<PlaceKind, DomainMessage['key']> = {
  es_province: 'place.unknown_province',
  es_municipality: 'place.unknown_municipality',
  pt_district: 'place.unknown_district',
  pt_municipality: 'place.unknown_concelho',
  pt_parish: 'place.unknown_parish',
};

const OUTSIDE: Record<PlaceKind, DomainMessage['key']> = {
  es_province: 'place.unknown_province',
  es_municipality: 'place.outside_province',
  pt_district: 'place.unknown_district',
  pt_municipality: 'place.outside_district',
  pt_parish: 'place.outside_parent',
};

export type PlaceCheck = { ok: true; code: string } | { ok: false; message: DomainMessage };

/**
 * Checks a place answer: a well-formed code, known to `places` when given, and inside the place chosen in the
 * option's parent question (place.parent_option) when that one is answered. Gives the code as stored.
 */
export function checkPlaceAnswer(
  option: ProductOption,
  answer: string,
  parent: { option: ProductOption; answer: AnswerValue | undefined } | null,
  places: PlaceLookup | undefined,
): PlaceCheck {
  const kind = placeKindOf(option);
  if (!kind) return { ok: true, code: answer };
  const code = normalisePlaceCode(kind, answer);
  const known = code === null ? undefined : places ? places.find(kind, code) : { code };
  if (code === null || !known) return { ok: false, message: { key: UNKNOWN[kind] } };
  const parentKind = parent ? placeKindOf(parent.option) : null;
  const parentCode = parent ? parentPlaceCode(parent.option, parent.answer) : null;
  if (parentKind && parentCode !== null && !placeWithin(kind, known.code, parentKind, parentCode)) {
    return { ok: false, message: { key: OUTSIDE[kind] } };
  }
  return { ok: true, code: known.code };
}

/**
 * How a place answer reads in check-answers, carts and orders: its name, with the province or concelho it belongs to
 * when the form does not ask for that separately (many names repeat: "Villanueva", "Santa Maria").
 */
export function placeLabel(place: Place, withParent: boolean): string {
  return withParent && place.parent_name ? `${place.name} (${place.parent_name})` : place.name;
}
