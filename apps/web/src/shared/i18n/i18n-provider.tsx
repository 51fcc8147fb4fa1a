import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Language } from '../lib/api-contract';
import { BOOT_TEXTS, loadedCatalogue } from './catalogues';
import type { Catalogue, MessageKey, MessageParams } from './types';
import { formatMessage } from '@ventanilla/domain';

export type Translate = (key: MessageKey, params?: MessageParams) => string;

interface I18nValue {
  language: Language;
  t: Translate;
  /** Whether the language's catalogue has arrived (before that, only the boot texts). */
  ready: boolean;
}

/**
 * The translate function of `language`, over its catalogue if it has arrived (catalogues.ts); before that only the
 * boot texts exist and any other key comes back as itself.
 */
export function createTranslate(language: Language, catalogue = loadedCatalogue(language)): Translate {
  const boot = BOOT_TEXTS[language] ?? BOOT_TEXTS.es;
  return (key, params) => formatMessage(language, catalogue?.[key] ?? boot[key] ?? key, params);
}

const I18nContext = createContext<I18nValue>({ language: 'es', t: createTranslate('es'), ready: false });

export function isLanguage(value: unknown): value is Language {
  return value === 'es' || value === 'en' || value === 'pt';
}

/**
 * Provides the store's language (from GET /api/session) and its texts to every component below; without a catalogue
 * (still loading) only the boot texts.
 */
export function I18nProvider({
  language,
  catalogue,
  children,
}: {
  language: Language;
  catalogue: Catalogue | undefined;
  children: ReactNode;
}) {
  const value = useMemo(
    () => ({ language, t: createTranslate(language, catalogue), ready: catalogue !== undefined }),
    [language, catalogue],
  );
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
  const text = t(key as MessageKey);
  return text === key ? code : text;
}

/** The translate function: t('wizard.continue') -> "Continuar". */
export function useT(): Translate {
  return useContext(I18nContext).t;
}

export function useLanguage(): Language {
  return useContext(I18nContext).language;
}
