import { IntlMessageFormat } from 'intl-messageformat';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** The values of a message's arguments. */
export type MessageValues = Readonly<Record<string, string | number | undefined | null>>;

const LOCALES: Record<string, string> = { es: 'es-ES', en: 'en-IE', pt: 'pt-PT' };

interface Compiled {
  format: IntlMessageFormat;
  /** Every argument the pattern names (also inside plurals and selects). */
  names: readonly string[];
}

/** Compiled messages by language and pattern; texts come from the catalogues, so the cache stays bounded. */
const cache = new Map<string, Compiled>();
const CACHE_LIMIT = 5000;

function argumentNames(elements: readonly MessageFormatElement[], into: Set<string>): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      argumentNames(element.children, into);
      continue;
    }
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentNames(option.value, into);
    }
  }
  return into;
}

function compile(language: string, pattern: string): Compiled {
  const cacheKey = `${language}\u0000${pattern}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  // ignoreTag: e-mail and PDF texts may hold markup, which stays literal text here.
  const format = new IntlMessageFormat(pattern, LOCALES[language] ?? language, undefined, { ignoreTag: true });
  const compiled = { format, names: [...argumentNames(format.getAst(), new Set())] };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(cacheKey, compiled);
  return compiled;
}

/**
 * Formats an ICU message (`{name}`, `{count, plural, one {# correo} other {# correos}}`, `{kind, select, ...}`) in
 * a language ('es' | 'en' | 'pt'). An argument without a value stays as `{name}` in the text, as before ICU, so a
 * missing value shows up instead of breaking the page. A pattern that is not valid ICU comes back as it is.
 */
export function formatMessage(language: string, pattern: string, values?: MessageValues): string {
  if (!pattern.includes('{') && !pattern.includes("'")) return pattern;
  let compiled: Compiled;
  try {
    compiled = compile(language, pattern);
  } catch {
    return pattern;
  }
  const filled: Record<string, string | number> = {};
  for (const name of compiled.names) {
    const value = values?.[name];
    filled[name] = value === undefined || value === null ? `{${name}}` : value;
  }
  const out = compiled.format.format(filled);
  return Array.isArray(out) ? out.join('') : String(out);
}

const displayNames = new Map<string, Intl.DisplayNames>();

/** A country's name (ISO 3166 alpha-2 code) in a language, from the platform's CLDR data (Intl.DisplayNames). */
export function countryName(language: string, code: string): string {
  const locale = LOCALES[language] ?? language;
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    displayNames.set(locale, names);
  }
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
