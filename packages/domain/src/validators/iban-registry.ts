/**
 * The BBAN structure of each country whose IBAN the product takes: the SEPA countries (EU, EEA, CH, GB, AD, GI, MC,
 * SM, VA), and AL, MD, ME and MK, which the EPC admitted to the SEPA schemes in 2024-2025 (the registry release below
 * does not flag them SEPA yet).
 *
 * Source: SWIFT IBAN Registry, Release 100 (2025), the register of ISO 13616-1 kept by SWIFT as its registration
 * authority (https://www.swift.com/standards/data-standards/iban-international-bank-account-number): the
 * "BBAN structure" row of each country, in the registry's notation: `n` digits, `a` upper-case letters, `c` letters or
 * digits, `!` fixed length. Review it when SWIFT publishes a release that touches these countries (docs/validators.md,
 * "IBAN").
 */
export const IBAN_BBAN_STRUCTURES: Readonly<Record<string, string>> = {
  AD: '4!n4!n12!c',
  AL: '8!n16!c',
  AT: '5!n11!n',
  BE: '3!n7!n2!n',
  BG: '4!a4!n2!n8!c',
  CH: '5!n12!c',
  CY: '3!n5!n16!c',
  CZ: '4!n16!n',
  DE: '8!n10!n',
  DK: '4!n9!n1!n',
  EE: '2!n14!n',
  ES: '4!n4!n1!n1!n10!n',
  FI: '3!n11!n',
  FR: '5!n5!n11!c2!n',
  GB: '4!a6!n8!n',
  GI: '4!a15!c',
  GR: '3!n4!n16!c',
  HR: '7!n10!n',
  HU: '3!n4!n1!n15!n1!n',
  IE: '4!a6!n8!n',
  IS: '4!n2!n6!n10!n',
  IT: '1!a5!n5!n12!c',
  LI: '5!n12!c',
  LT: '5!n11!n',
  LU: '3!n13!c',
  LV: '4!a13!c',
  MC: '5!n5!n11!c2!n',
  MD: '2!c18!c',
  ME: '3!n13!n2!n',
  MK: '3!n10!c2!n',
  MT: '4!a5!n18!c',
  NL: '4!a10!n',
  NO: '4!n6!n1!n',
  PL: '8!n16!n',
  PT: '4!n4!n11!n2!n',
  RO: '4!a16!c',
  SE: '3!n16!n1!n',
  SI: '5!n8!n2!n',
  SK: '4!n6!n10!n',
  SM: '1!a5!n5!n12!c',
  VA: '3!n15!n',
};

/** One run of a BBAN structure: how many characters, and of which class. */
export interface BbanPart {
  length: number;
  kind: 'n' | 'a' | 'c';
}

/** Splits a registry structure such as `4!a6!n8!n` into its runs. */
export function parseBbanStructure(structure: string): BbanPart[] {
  return [...structure.matchAll(/(\d+)!([nac])/g)].map((m) => ({
    length: Number(m[1]),
    kind: m[2] as BbanPart['kind'],
  }));
}

const CLASS: Record<BbanPart['kind'], string> = { n: '[0-9]', a: '[A-Z]', c: '[0-9A-Z]' };

/** Per country: the regular expression a BBAN must match, and the IBAN's length (4 + the BBAN's). */
const BBAN_RULES: ReadonlyMap<string, { pattern: RegExp; ibanLength: number }> = new Map(
  Object.entries(IBAN_BBAN_STRUCTURES).map(([country, structure]) => {
    const parts = parseBbanStructure(structure);
    const source = parts.map((p) => `${CLASS[p.kind]}{${p.length}}`).join('');
    const length = parts.reduce((sum, p) => sum + p.length, 0);
    return [country, { pattern: new RegExp(`^${source}$`), ibanLength: 4 + length }];
  }),
);

/** IBAN lengths of the countries in {@link IBAN_BBAN_STRUCTURES} (ISO 13616 registry). */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = Object.fromEntries(
  [...BBAN_RULES].map(([country, rule]) => [country, rule.ibanLength]),
);

/**
 * Whether a BBAN has the registry's shape for its country (length, and digits or letters by position); `undefined`
 * for a country the registry table does not hold.
 */
export function bbanMatchesRegistry(country: string, bban: string): boolean | undefined {
  const rule = BBAN_RULES.get(country);
  return rule === undefined ? undefined : rule.pattern.test(bban);
}
