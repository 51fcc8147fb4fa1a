import type { CadastralRecord } from '@ventanilla/domain';

/** A reference as the routes pass it on: already validated and normalised (parseRefcatQuery). */
export interface ReferenceQuery {
  refcat: string;
  /** `unit`: 20 characters, one property; `parcel`: 14 characters, every unit of the parcel. */
  kind: 'unit' | 'parcel';
}

/** An address as the wizard knows it: INE codes from its pickers, the street and number typed. */
export interface AddressQuery {
  provinceCode: string;
  municipalityCode: string;
  /** Street name, with or without its type ("Calle Alcalá", "alcala"). */
  street: string;
  number: string;
}

/**
 * The cadastral lookup (docs/integrations.md, "Cadastre"). Adapters answer in the domain's record shape; an empty list
 * means nothing matches ("Registro no encontrado"). A service that cannot answer throws LookupUnavailableError.
 */
export interface CadastreAdapter {
  readonly name: 'offline' | 'catastro';
  byReference(query: ReferenceQuery): Promise<CadastralRecord[]>;
  byAddress(query: AddressQuery): Promise<CadastralRecord[]>;
}

/** An outside service did not answer in time, answered an HTTP error or something that is not its format. */
export class LookupUnavailableError extends Error {
  override name = 'LookupUnavailableError';
}

/** How adapters reach outside services (tests inject one that answers recorded responses). */
export type LookupFetch = (url: string, init?: RequestInit) => Promise<Response>;

/** Street types people write in front of a street name, and the Catastro's abbreviation of each. */
const STREET_TYPE_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/^(calle|c\/|cl|c)\.?\s+/, 'CL'],
  [/^(avenida|avda|av)\.?\s+/, 'AV'],
  [/^(plaza|pza|pl|pz)\.?\s+/, 'PZ'],
  [/^(paseo|pso|ps|pg)\.?\s+/, 'PS'],
  [/^(carretera|ctra|cr)\.?\s+/, 'CR'],
  [/^(ronda|rda|rd)\.?\s+/, 'RD'],
  [/^(camino|cm)\.?\s+/, 'CM'],
  [/^(travesia|trv|tr)\.?\s+/, 'TR'],
  [/^(glorieta|gta|gl)\.?\s+/, 'GL'],
  [/^(pasaje|pje|pj)\.?\s+/, 'PJ'],
  [/^(urbanizacion|urb|ur)\.?\s+/, 'UR'],
  [/^(partida|pd)\.?\s+/, 'PD'],
];

/** Upper case without accents (Ñ kept), single spaces: how the Catastro writes names. */
export function catastroText(text: string): string {
  return text
    .toUpperCase()
    .normalize('NFD')
    .replace(/N\u0303/g, 'Ñ')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Z0-9Ñ' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A typed street split into the Catastro's street type and name: "Calle de Alcalá" -> CL, "ALCALA". A leading
 * "de", "del", "de la" is dropped as the Catastro drops it; without a type, CL.
 */
export function splitStreet(street: string): { type: string; name: string } {
  let text = catastroText(street).toLowerCase();
  let type = 'CL';
  for (const [pattern, abbreviation] of STREET_TYPE_WORDS) {
    if (pattern.test(text)) {
      text = text.replace(pattern, '');
      type = abbreviation;
      break;
    }
  }
  return { type, name: withoutArticle(text).toUpperCase() };
}

/** A street name without the "de", "del", "de la" in front, which the Catastro leaves out. */
function withoutArticle(name: string): string {
  return name.replace(/^(de la|de los|de las|del|de)\s+/i, '');
}

/** The form two street names are compared in: Catastro spelling, no leading article. */
export function streetKey(name: string): string {
  return withoutArticle(catastroText(name));
}
