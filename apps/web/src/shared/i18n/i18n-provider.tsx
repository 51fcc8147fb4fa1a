import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Language } from '../lib/api-contract';
import { en } from './en';
import { es } from './es';
import { pt } from './pt';
import type { Catalogue, MessageKey, MessageParams } from './types';

const catalogues: Record<Language, Catalogue> = { es, en, pt };

export type Translate = (key: MessageKey, params?: MessageParams) => string;

interface I18nValue {
  language: Language;
  t: Translate;
}

function interpolate(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : match,
  );
}

export function createTranslate(language: Language): Translate {
  const catalogue = catalogues[language] ?? es;
  return (key, params) => interpolate(catalogue[key], params);
}

const I18nContext = createContext<I18nValue>({ language: 'es', t: createTranslate('es') });

export function isLanguage(value: unknown): value is Language {
  return value === 'es' || value === 'en' || value === 'pt';
}

/** Provides the store's language (from GET /api/session) to every component below. */
export function I18nProvider({ language, children }: { language: Language; children: ReactNode }) {
  const value = useMemo(() => ({ language, t: createTranslate(language) }), [language]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/**
 * Translates a code the API sends (order, payment or history codes) through `<prefix>.<code>`; an unknown code is
 * shown as it is rather than hidden.
 */
export function translateCode(
  t: Translate,
  prefix: 'code.order' | 'code.payment' | 'code.action' | 'code.method',
  code: string,
): string {
  const key = `${prefix}.${code}`;
  return key in es ? t(key as MessageKey) : code;
}

/** The translate function: t('wizard.continue') -> "Continuar". */
export function useT(): Translate {
  return useContext(I18nContext).t;
}

export function useLanguage(): Language {
  return useContext(I18nContext).language;
}
