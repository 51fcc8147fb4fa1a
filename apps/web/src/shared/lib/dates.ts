import type { Language } from './api-contract';

const LOCALES: Record<Language, string> = { es: 'es-ES', pt: 'pt-PT', en: 'en-IE' };

// Each formatter is made once per language and kind: making one costs far more than formatting with it (a list of
// orders made one per date).
const formats = new Map<string, { format: (value: never) => string }>();

function cached<F extends { format: (value: never) => string }>(key: string, make: () => F): F {
  let format = formats.get(key) as F | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** Date (and time) in the store's locale, e.g. "21 nov 2025, 10:15". Unparseable input is returned unchanged. */
export function formatDate(value: string, language: Language, withTime = false): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return cached(
    `date:${language}:${withTime}`,
    () =>
      new Intl.DateTimeFormat(LOCALES[language], {
        dateStyle: 'medium',
        ...(withTime ? { timeStyle: 'short' } : {}),
      }),
  ).format(date);
}

/** A time of day (hours and minutes) in the store's locale, never the browser's: "15:40", not "03:40 PM". */
export function formatTime(value: string, language: Language): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return cached(
    `time:${language}`,
    () => new Intl.DateTimeFormat(LOCALES[language], { hour: '2-digit', minute: '2-digit' }),
  ).format(date);
}

/** A list joined the locale's way: "A, B y C". */
export function formatList(items: string[], language: Language): string {
  return cached(
    `list:${language}`,
    () => new Intl.ListFormat(LOCALES[language], { style: 'long', type: 'conjunction' }),
  ).format(items);
}
