import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { IntlMessageFormat } from 'intl-messageformat';

/**
 * The ICU engine (intl-messageformat), registered by importing '@ventanilla/domain/icu': the server and tests load it
 * at once, the web lazily with its first catalogue, so the shop's entry JavaScript does not carry the ICU parser.
 * Until then only simple `{name}` patterns are formatted (the web's boot texts are all simple).
 */
let Engine: typeof IntlMessageFormat | undefined;

/** Registers the ICU engine (see '@ventanilla/domain/icu'). */
export function registerIcuEngine(engine: typeof IntlMessageFormat): void {
  Engine = engine;
}

/** Element types of the ICU parser's AST (its TYPE enum, as numbers so that no parser code is imported here). */
const LITERAL = 0;
const SELECT = 5;
const PLURAL = 6;
const POUND = 7;

/** `{name}` arguments only, no plural/select/number syntax, no quoting apostrophe before a brace. */
const SIMPLE = /^(?:[^{}']|'(?![{}'])|\{\w+\})*$/;

function fillSimple(pattern: string, values?: MessageValues): string {
  return pattern.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values?.[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

/**
 * Whether formatting `pattern` needs the ICU engine (plurals, selects, numbers, quoting): without it such a pattern
 * would come out unformatted. A page that hands its texts to the browser waits for the engine only when one does.
 */
export function needsIcuEngine(pattern: string): boolean {
  return (pattern.includes('{') || pattern.includes("'")) && !SIMPLE.test(pattern);
}

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
    // No tag elements: compile parses with ignoreTag, so markup is literal text.
    if (element.type === LITERAL || element.type === POUND) continue;
    into.add(element.value);
    if (element.type === PLURAL || element.type === SELECT) {
      for (const option of Object.values(element.options)) argumentNames(option.value, into);
    }
  }
  return into;
}

function compile(Icu: typeof IntlMessageFormat, language: string, pattern: string): Compiled {
  const cacheKey = `${language}\u0000${pattern}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  // ignoreTag: e-mail and PDF texts may hold markup, which stays literal text here.
  const format = new Icu(pattern, LOCALES[language] ?? language, undefined, { ignoreTag: true });
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
  if (!Engine || !needsIcuEngine(pattern)) return fillSimple(pattern, values);
  let compiled: Compiled;
  try {
    compiled = compile(Engine, language, pattern);
  } catch {
    return pattern;
  }
  const filled: Record<string, string | number> = {};
  for (const name of compiled.names) {
    const value = values?.[name];
    filled[name] = value === undefined || value === null ? `{${name}}` : value;
  }
  // A string: the values are strings and numbers, and there are no tags (ignoreTag).
  return String(compiled.format.format(filled));
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
