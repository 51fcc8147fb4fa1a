import { accepted, type CheckResult, type InvalidReason, rejected } from './check-result.js';

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF_FIRST_LETTERS = 'ABCDEFGHJNPQRSUVW';
const CIF_CONTROL_LETTERS = 'JABCDEFGHI';
// The control of a CIF must be a digit for these first letters, a letter for the next ones; any other takes either.
const CIF_DIGIT_CONTROL = 'ABEH';
const CIF_LETTER_CONTROL = 'NPQRSW';

/**
 * The kinds of Spanish tax id: DNI (nationals), NIE (foreigners), CIF (legal entities) and the NIF that starts with
 * K, L or M (people without DNI or NIE, RD 1065/2007 art. 20: K Spaniards under 14, L Spaniards resident abroad,
 * M foreigners without NIE).
 */
export type SpanishTaxIdKind = 'dni' | 'nie' | 'cif' | 'klm';

/** Outcome of {@link validateSpanishTaxId}; when rejected, `kind` is the kind the value seems to be, if any. */
export type SpanishTaxIdResult =
  | { ok: true; kind: SpanishTaxIdKind; normalised: string }
  | { ok: false; reason: InvalidReason; kind?: SpanishTaxIdKind };

/** Trims and upper-cases; reports separators inside, which the tax ids are written without. */
function prepare(value: string): { id: string } | { error: InvalidReason } {
  const id = value.trim().toUpperCase();
  if (id === '') return { error: 'empty' };
  if (/[\s\-./]/.test(id)) return { error: 'separators' };
  return { id };
}

/** The DNI control letter of a number (0 to 99,999,999). */
export function dniLetter(number: number): string {
  return DNI_LETTERS.charAt(number % 23);
}

/** The CIF control digit (0-9) of its seven middle digits. */
export function cifControlDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[i]);
    // Positions 1, 3, 5, 7 (even indexes) are doubled and the digits of the product added.
    if (i % 2 === 0) sum += Math.floor((d * 2) / 10) + ((d * 2) % 10);
    else sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

function checkDni(id: string): CheckResult {
  if (!/^\d{8}[A-Z]$/.test(id)) return rejected('format');
  return dniLetter(Number(id.slice(0, 8))) === id[8] ? accepted(id) : rejected('check');
}

function checkNie(id: string): CheckResult {
  if (!/^[XYZ]\d{7}[A-Z]$/.test(id)) return rejected('format');
  const number = Number(String('XYZ'.indexOf(id.charAt(0))) + id.slice(1, 8));
  return dniLetter(number) === id[8] ? accepted(id) : rejected('check');
}

// The K, L and M NIFs take the DNI letter of their 7 digits (the letter in front does not count).
function checkKlm(id: string): CheckResult {
  if (!/^[KLM]\d{7}[A-Z]$/.test(id)) return rejected('format');
  return dniLetter(Number(id.slice(1, 8))) === id[8] ? accepted(id) : rejected('check');
}

function checkCif(id: string): CheckResult {
  if (!/^[A-Z]\d{7}[0-9A-J]$/.test(id) || !CIF_FIRST_LETTERS.includes(id.charAt(0))) return rejected('format');
  const first = id.charAt(0);
  const control = id.charAt(8);
  const d = cifControlDigit(id.slice(1, 8));
  const isDigit = /\d/.test(control);
  if (isDigit && CIF_LETTER_CONTROL.includes(first)) return rejected('check');
  if (!isDigit && CIF_DIGIT_CONTROL.includes(first)) return rejected('check');
  const expected = isDigit ? String(d) : CIF_CONTROL_LETTERS.charAt(d);
  return control === expected ? accepted(id) : rejected('check');
}

/** Validates a DNI: 8 digits and the mod-23 letter, e.g. "12345678Z" (lowercase and surrounding spaces accepted). */
export function validateDni(value: string): CheckResult {
  const prepared = prepare(value);
  return 'error' in prepared ? rejected(prepared.error) : checkDni(prepared.id);
}

/** Validates a NIE: X, Y or Z (read as 0, 1, 2), 7 digits and the DNI letter, e.g. "X1234567L". */
export function validateNie(value: string): CheckResult {
  const prepared = prepare(value);
  return 'error' in prepared ? rejected(prepared.error) : checkNie(prepared.id);
}

/**
 * Validates a CIF (legal entity NIF): a letter, 7 digits and a control that must be a digit after A, B, E, H,
 * a letter after N, P, Q, R, S, W, and may be either after the other letters, e.g. "B86670460", "Q2876031B".
 */
export function validateCif(value: string): CheckResult {
  const prepared = prepare(value);
  return 'error' in prepared ? rejected(prepared.error) : checkCif(prepared.id);
}

/** The kind a tax id seems to be from how it starts (a digit, or a known letter and a digit), valid or not. */
function guessKind(id: string): SpanishTaxIdKind | undefined {
  if (/^\d/.test(id)) return 'dni';
  if (!/^[A-Z]\d/.test(id)) return undefined;
  const first = id.charAt(0);
  if ('XYZ'.includes(first)) return 'nie';
  if ('KLM'.includes(first)) return 'klm';
  if (CIF_FIRST_LETTERS.includes(first)) return 'cif';
  return undefined;
}

/** Validates any Spanish tax id (DNI, NIE, CIF or a K, L or M NIF) and says which kind it is. */
export function validateSpanishTaxId(value: string): SpanishTaxIdResult {
  const prepared = prepare(value);
  if ('error' in prepared) return rejected(prepared.error);
  const kind = guessKind(prepared.id);
  if (kind === undefined) return rejected('format');
  const check = { dni: checkDni, nie: checkNie, cif: checkCif, klm: checkKlm }[kind];
  const result = check(prepared.id);
  return result.ok ? { ok: true, kind, normalised: result.normalised } : { ok: false, reason: result.reason, kind };
}

/** Validates the tax id of a person: a DNI, a NIE or a K, L or M NIF (people who have neither). */
export function validatePersonalTaxId(value: string): SpanishTaxIdResult {
  const result = validateSpanishTaxId(value);
  if (result.ok && result.kind === 'cif') return { ok: false, reason: 'format' };
  if (!result.ok && result.kind === 'cif') return { ok: false, reason: result.reason };
  return result;
}
