/** Why a value was rejected; the dispatcher turns it into a user message. */
export type InvalidReason =
  /** Nothing was written. */
  | 'empty'
  /** Hyphens, dots or spaces inside an identifier that must be written without them. */
  | 'separators'
  /** Wrong length, characters or shape. */
  | 'format'
  /** Right shape, but a control letter or digit does not match. */
  | 'check'
  /** An IBAN of a country this product does not know. */
  | 'country';

/** Outcome of a validator: the value in its canonical form, or why it was rejected. Validators never throw. */
export type CheckResult = { ok: true; normalised: string } | { ok: false; reason: InvalidReason };

/** Builds an accepted result. */
export function accepted(normalised: string): CheckResult {
  return { ok: true, normalised };
}

/** Builds a rejected result. */
export function rejected(reason: InvalidReason): { ok: false; reason: InvalidReason } {
  return { ok: false, reason };
}

/** Removes every whitespace character (for values people copy with spaces: IBAN, cadastral reference, phones). */
export function withoutSpaces(value: string): string {
  return value.replace(/\s+/g, '');
}
