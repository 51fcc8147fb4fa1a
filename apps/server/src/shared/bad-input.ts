import type { ServerMessageKey } from '../i18n/server-messages.js';

/** True when a string holds what no text field may: a NUL (PostgreSQL cannot store it) or half a UTF-16 pair. */
export function hasForbiddenText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0) return true;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return true;
    }
    if (code >= 0xdc00 && code <= 0xdfff) return true;
  }
  return false;
}

export interface BadInput {
  /** Where it is, e.g. "answers.80" (the request part's own field names). */
  field: string;
  key: ServerMessageKey;
}

/**
 * The first value of parsed input (a JSON body, a query string, path parameters) that no route can take: text with a
 * NUL or a lone surrogate, in a value or a key, or a number that is not finite ("1e400" parses to Infinity).
 * Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function findBadInput(input: unknown): BadInput | null {
  const pending: Array<{ value: unknown; path: string }> = [{ value: input, path: '' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (hasForbiddenText(value)) return { field: path, key: 'field.invalid_characters' };
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { field: path, key: 'field.invalid' };
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => pending.push({ value: item, path: path ? `${path}.${i}` : String(i) }));
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, item] of Object.entries(value)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (hasForbiddenText(key)) return { field: itemPath, key: 'field.invalid_characters' };
        pending.push({ value: item, path: itemPath });
      }
    }
  }
  return null;
}
