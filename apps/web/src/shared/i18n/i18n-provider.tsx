import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Language } from '../lib/api-contract';
import { ServerRenderContext } from '../lib/server-render';
import { BOOT_TEXTS, isCompleteCatalogue, loadedCatalogue, notePageTextMissed } from './catalogues';
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
  if (catalogue && !isCompleteCatalogue(catalogue)) {
    // The texts a server-rendered page carried: once the whole catalogue is here, it answers (the page's own texts
    // are the same words, so what is on screen need not render again); a key missing before then is noted.
    return (key, params) => {
      const text = (loadedCatalogue(language) ?? catalogue)[key];
      if (text === undefined) notePageTextMissed(language, key);
      return formatMessage(language, text ?? boot[key] ?? key, params);
    };
  }
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
  // A server render notes every key the page translates (the page carries their texts: ssr-state.ts).
  const { textKeys } = useContext(ServerRenderContext);
  const value = useMemo(() => {
    const translate = createTranslate(language, catalogue);
    const t: Translate = textKeys
      ? (key, params) => {
          textKeys.add(key);
          return translate(key, params);
        }
      : translate;
    return { language, t, ready: catalogue !== undefined };
  }, [language, catalogue, textKeys]);
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
