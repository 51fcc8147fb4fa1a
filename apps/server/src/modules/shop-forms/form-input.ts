// What a posted shop form may hold (docs/decisions/0027-forms-without-javascript.md): urlencoded fields, each once
// (a checkbox group's values excepted), short, without control characters. Anything else is refused with a 400 and
// a message before any rule runs: a browser never sends it, so it is a tampered or broken request.
import { timingSafeEqual } from 'node:crypto';

/** Longest value of one field (the longest catalogue answers are a few hundred characters). */
export const MAX_FIELD_LENGTH = 4000;
const MAX_FIELDS = 200;
const NAME = /^[a-z_][a-z0-9_-]{0,63}$/;

export type FormFields = Map<string, string | string[]>;

/** The posted fields, or null when the body is not an acceptable form (see above). */
export function readFormFields(body: unknown, multiple: (name: string) => boolean = () => false): FormFields | null {
  if (body === undefined || body === null) return new Map();
  if (typeof body !== 'object' || Array.isArray(body)) return null;
  const entries = Object.entries(body as Record<string, unknown>);
  if (entries.length > MAX_FIELDS) return null;
  const fields: FormFields = new Map();
  for (const [name, raw] of entries) {
    if (!NAME.test(name)) return null;
    const values = Array.isArray(raw) ? (raw as unknown[]) : [raw];
    if (values.length > 1 && !multiple(name)) return null;
    if (values.length > 50) return null;
    const texts: string[] = [];
    for (const value of values) {
      if (typeof value !== 'string' || value.length > MAX_FIELD_LENGTH) return null;
      // eslint-disable-next-line no-control-regex -- control characters (NUL first) are exactly what is refused
      if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value)) return null;
      texts.push(value);
    }
    fields.set(name, Array.isArray(raw) ? texts : (texts[0] ?? ''));
  }
  return fields;
}

/** One field's text ('' when absent; a list's values joined by commas). */
export function fieldText(fields: FormFields, name: string): string {
  const value = fields.get(name);
  if (value === undefined) return '';
  return Array.isArray(value) ? value.join(',') : value;
}

/** Whether the posted token is the session's (compared in constant time). */
export function sameToken(posted: string, expected: string): boolean {
  const a = Buffer.from(posted);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
