import { cadastralControlLetters, validateCadastralReference } from '../validators/cadastral-reference.js';
import { withoutSpaces } from '../validators/check-result.js';
import type { InvalidReason } from '../validators/check-result.js';

/**
 * A property as the cadastral lookups answer it (docs/integrations.md, "Cadastre"), whatever the adapter: the Spanish
 * Catastro's public services or the offline data set. Places carry INE codes so the wizard can fill its pickers.
 */
export interface CadastralRecord {
  /** The 20-character reference of the unit (parcel 14 + unit 4 + 2 control letters). */
  refcat: string;
  /** INE province code (2 digits) and the province's name. */
  province_code: string;
  province: string;
  /** INE municipality code (5 digits: province 2 + municipality 3) and the municipality's name. */
  municipality_code: string;
  municipality: string;
  /** The address as people write it ("Calle Mayor 1, Esc. 1, Planta 2, Puerta A"). */
  address: string;
  address_parts: CadastralAddressParts;
  /** Urban or rustic property (Catastro's `cn`: UR / RU), when known. */
  class: 'urban' | 'rustic' | null;
  /** Main use as the Catastro words it ("Residencial", "Comercial"...), when known. */
  use: string | null;
  /** Built surface in m², when known. */
  surface_m2: number | null;
  year_built: number | null;
}

/** The pieces of a Catastro address (`dir{tv, nv, pnp}`, `loint{es, pt, pu}`, `dp`). */
export interface CadastralAddressParts {
  /** Street type abbreviation of the Catastro ("CL", "AV", "PZ"...). */
  street_type: string;
  street: string;
  number: string;
  staircase: string | null;
  floor: string | null;
  door: string | null;
  postal_code: string | null;
}

/** A reference a lookup accepts: a unit (20 characters, controls checked) or a parcel (14, shape only). */
export type RefcatQuery = { ok: true; refcat: string; kind: 'unit' | 'parcel' } | { ok: false; reason: InvalidReason };

/** Longest text a lookup reads as a reference: anything longer is refused before it is normalised. */
const MAX_INPUT = 64;

/**
 * Reads a reference typed by a person: spaces and case do not matter. Twenty characters must carry valid control
 * letters (iberian-algorithms.md); fourteen name a parcel, whose units the lookup lists (no control letters exist).
 */
export function parseRefcatQuery(value: string): RefcatQuery {
  if (value.length > MAX_INPUT) return { ok: false, reason: 'format' };
  const compact = withoutSpaces(value).normalize('NFC').toUpperCase();
  if (compact.length === 14) {
    return /^[0-9A-ZÑ]{14}$/.test(compact)
      ? { ok: true, refcat: compact, kind: 'parcel' }
      : { ok: false, reason: 'format' };
  }
  const checked = validateCadastralReference(compact);
  return checked.ok ? { ok: true, refcat: checked.normalised, kind: 'unit' } : { ok: false, reason: checked.reason };
}

/** The full 20-character reference of a unit of a parcel (the two control letters computed). */
export function unitReference(parcel: string, unit: string): string {
  const first18 = parcel + unit;
  return first18 + cadastralControlLetters(first18);
}

/** Street types of the Catastro, as people write them (the common ones; others are shown as given). */
const STREET_TYPES: Readonly<Record<string, string>> = {
  AV: 'Avenida',
  BO: 'Barrio',
  CL: 'Calle',
  CM: 'Camino',
  CR: 'Carretera',
  CT: 'Carretera',
  GL: 'Glorieta',
  LG: 'Lugar',
  PD: 'Partida',
  PJ: 'Pasaje',
  PS: 'Paseo',
  PZ: 'Plaza',
  RD: 'Ronda',
  TR: 'Travesía',
  UR: 'Urbanización',
};

/** Words kept in lower case inside a name ("Paseo de la Castellana"). */
const SMALL_WORDS = new Set(['de', 'del', 'la', 'las', 'los', 'el', 'y', 'i', 'da', 'do', 'dos', 'das', 'en']);

/**
 * "PASEO DE LA CASTELLANA" -> "Paseo de la Castellana" (Catastro writes names in capitals). `afterType`: the name
 * follows a street type ("Avenida del Puerto"), so even its first word may stay in lower case.
 */
export function titleCase(text: string, afterType = false): string {
  return text
    .toLocaleLowerCase('es')
    .split(/(\s+|-|\/|')/)
    .map((word, i) =>
      (i > 0 || afterType) && SMALL_WORDS.has(word) ? word : word.charAt(0).toLocaleUpperCase('es') + word.slice(1),
    )
    .join('');
}

/** A floor number without its padding ("02" -> "2"); names such as "BJ" (bajo) stay as they are. */
function unpadded(value: string): string {
  return /^\d+$/.test(value) ? String(Number(value)) : value;
}

/** The address line of a record ("Calle Mayor 1, Esc. 1, Planta 2, Puerta A"). */
export function formatCadastralAddress(parts: CadastralAddressParts): string {
  const type = STREET_TYPES[parts.street_type.toUpperCase()] ?? parts.street_type;
  const street = [type, titleCase(parts.street, type !== ''), parts.number.replace(/^0+(?=\d)/, '')]
    .filter(Boolean)
    .join(' ');
  const inside = [
    parts.staircase ? `Esc. ${parts.staircase}` : null,
    parts.floor ? `Planta ${unpadded(parts.floor)}` : null,
    parts.door ? `Puerta ${parts.door}` : null,
  ].filter((p): p is string => p !== null);
  return [street, ...inside].join(', ');
}

/**
 * What the lookup reads of a question: the catalogue's ProductOption and the API's shape of it (the web) both fit.
 */
export interface LookupOption {
  option_id: number;
  type: string;
  title: string;
  validator?: string | null | undefined;
  max_length?: number | null | undefined;
  place?: { country?: 'ES' | 'PT' | undefined; parent_option?: number | undefined } | null | undefined;
  opt_values: ReadonlyArray<{ id: number; code?: string | null | undefined }>;
}

/** The questions a cadastral lookup fills in a form, next to the reference question. */
export interface CadastreTargets<O extends LookupOption = LookupOption> {
  /** The province list (a drop-down whose values carry INE codes). */
  province: O | null;
  /** The municipality picker (INE code). */
  municipality: O | null;
  /** The free-text address question ("Dirección del inmueble"). */
  address: O | null;
}

/** A Spanish place picker (no country, or ES). */
function spanish(option: LookupOption): boolean {
  return (option.place?.country ?? 'ES') === 'ES';
}

/** A province list: a drop-down marked as a place list, or whose values carry 2-digit codes. */
function isProvinceList(option: LookupOption): boolean {
  return (
    option.type === 'drop_down' &&
    spanish(option) &&
    option.opt_values.length > 0 &&
    ((option.place !== undefined && option.place !== null) ||
      option.opt_values.every((v) => /^\d{2}$/.test(v.code ?? '')))
  );
}

const ADDRESS_TITLE = /^(direcci[oó]n|domicilio|address|morada|endere[cç]o)\b/i;

/**
 * Which questions of a form a cadastral lookup answers: the Spanish province list and the municipality picker that
 * follows it, and the first text question titled as an address. The catalogue has no field for it, so the shape of
 * the form says it: every property form of the catalogue asks them this way (a test walks them).
 */
export function cadastreTargets<O extends LookupOption>(options: readonly O[]): CadastreTargets<O> {
  const municipality =
    options.find((o) => o.type === 'municipio' && spanish(o) && o.place?.parent_option !== undefined) ??
    options.find((o) => (o.type === 'municipio' || o.type === 'municipio_ce') && spanish(o)) ??
    null;
  const parentId = municipality?.place?.parent_option;
  const province =
    options.find((o) => o.option_id === parentId && isProvinceList(o)) ?? options.find(isProvinceList) ?? null;
  const address = options.find((o) => o.type === 'field' && !o.validator && ADDRESS_TITLE.test(o.title.trim())) ?? null;
  return { province, municipality, address };
}

/**
 * The answers a record gives the form's questions (option id -> answer as the wizard keeps it): the province's value
 * id, the municipality's INE code and the address line. A question the form does not ask, or a province the list
 * does not hold, is left out: the customer answers it.
 */
export function cadastreAnswers(options: readonly LookupOption[], record: CadastralRecord): Record<string, string> {
  const { province, municipality, address } = cadastreTargets(options);
  const answers: Record<string, string> = {};
  const value = province?.opt_values.find((v) => v.code === record.province_code);
  if (province && value) answers[String(province.option_id)] = String(value.id);
  if (municipality && record.municipality_code.startsWith(record.province_code))
    answers[String(municipality.option_id)] = record.municipality_code;
  if (address && record.address) {
    const text = `${record.address}${record.address_parts.postal_code ? `, ${record.address_parts.postal_code}` : ''}`;
    answers[String(address.option_id)] = address.max_length ? text.slice(0, address.max_length) : text;
  }
  return answers;
}

/**
 * The street and number of an address as a person wrote it ("Calle de Alcalá 45, 2º A" -> "Calle de Alcalá", "45"):
 * the first number after the street name. Without a number, the whole text (up to a comma) is the street.
 */
export function streetAndNumber(address: string): { street: string; number: string } {
  const text = address.replace(/\s+/g, ' ');
  const match = /^(.*?\D)[\s,]*(?:n\.?º\s*|no\.?\s*|num\.?\s*|número\s*)?(\d{1,5}[A-Za-z]?)\b/i.exec(text);
  if (!match) return { street: text.split(',')[0]!.trim(), number: '' };
  return { street: match[1]!.replace(/[\s,]+$/, '').trim(), number: match[2]! };
}
