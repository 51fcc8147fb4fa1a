import type { Language } from './api-contract';

const LOCALES: Record<Language, string> = { es: 'es-ES', pt: 'pt-PT', en: 'en-IE' };

/** Date (and time) in the store's locale, e.g. "21 nov 2025, 10:15". Unparseable input is returned unchanged. */
export function formatDate(value: string, language: Language, withTime = false): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(date);
}

/** A list joined the locale's way: "A, B y C". */
export function formatList(items: string[], language: Language): string {
  return new Intl.ListFormat(LOCALES[language], { style: 'long', type: 'conjunction' }).format(items);
}
