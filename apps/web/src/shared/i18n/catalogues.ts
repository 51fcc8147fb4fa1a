import type { Language } from '../lib/api-contract';
import type { Catalogue, MessageKey } from './types';

// Each language's texts are a chunk of their own, loaded for the store's language only (the three together weigh
// about half the shop's entry otherwise). The boot starts loading the page's language beside the session request;
// until a catalogue is there, only the few boot texts below exist. A page the server rendered carries the texts its
// markup shows (ssr-state.ts): the browser hydrates with those and loads the language's chunk after, not before.

const loaders: Record<Language, () => Promise<Catalogue>> = {
  es: () => Promise.all([import('./es'), import('@ventanilla/domain/icu')]).then(([m]) => m.es),
  en: () => Promise.all([import('./en'), import('@ventanilla/domain/icu')]).then(([m]) => m.en),
  pt: () => Promise.all([import('./pt'), import('@ventanilla/domain/icu')]).then(([m]) => m.pt),
};

const loaded: Partial<Record<Language, Catalogue>> = {};
const loading: Partial<Record<Language, Promise<Catalogue>>> = {};
/** The texts a server-rendered page carried, until the language's whole catalogue arrives. */
const pageTexts: Partial<Record<Language, Catalogue>> = {};
const partial = new WeakSet<Catalogue>();
/** Languages in which a key was asked for that the page's texts did not have (see pageTextsMissed). */
const missed = new Set<Language>();

/** The texts the boot screens need before any catalogue has arrived (or when one cannot). */
export const BOOT_TEXTS: Record<Language, Partial<Record<MessageKey, string>>> = {
  es: {
    'boot.errorTitle': 'No se ha podido cargar la tienda',
    'boot.errorBody': 'No hemos podido conectar con el servidor. Comprueba tu conexión y vuelve a intentarlo.',
    'common.loading': 'Cargando…',
    'common.retry': 'Volver a intentarlo',
  },
  en: {
    'boot.errorTitle': 'The shop could not be loaded',
    'boot.errorBody': 'We could not reach the server. Check your connection and try again.',
    'common.loading': 'Loading…',
    'common.retry': 'Try again',
  },
  pt: {
    'boot.errorTitle': 'Não foi possível carregar a loja',
    'boot.errorBody': 'Não conseguimos ligar ao servidor. Verifique a sua ligação e tente novamente.',
    'common.loading': 'A carregar…',
    'common.retry': 'Tentar novamente',
  },
};

/**
 * The catalogue of `language` if it has arrived; else the texts the page carried (a partial catalogue: see
 * isCompleteCatalogue), if any.
 */
export function loadedCatalogue(language: Language): Catalogue | undefined {
  return loaded[language] ?? pageTexts[language];
}

/** False for the texts a page carried (some keys only): the whole catalogue is still to be loaded. */
export function isCompleteCatalogue(catalogue: Catalogue): boolean {
  return !partial.has(catalogue);
}

/** Notes a key asked for while only the page's texts were there, and not among them. */
export function notePageTextMissed(language: Language, key: string): void {
  missed.add(language);
  moreTexts?.missed(language, key);
}

/**
 * Whether something was translated, while only the page's texts were there, with a key they did not have: the
 * screens must then render again with the whole catalogue (otherwise its arrival changes nothing on screen).
 */
export function pageTextsMissed(language: Language): boolean {
  return missed.has(language);
}

/**
 * The texts a server-rendered page carried (those its markup shows): enough to hydrate it without the language's
 * chunk, which loads after (loadCatalogue). Any key not among them translates as before its catalogue arrived.
 */
export function providePageTexts(language: Language, texts: Readonly<Record<string, string>>): void {
  if (loaded[language]) return;
  const catalogue = { ...BOOT_TEXTS[language], ...texts } as Catalogue;
  partial.add(catalogue);
  pageTexts[language] = catalogue;
}

/** Makes a catalogue available at once (server rendering, tests): no chunk to wait for. */
export function provideCatalogue(language: Language, catalogue: Catalogue): void {
  loaded[language] = catalogue;
}

/** Loads the catalogue of `language` (once; a failed load may be tried again). */
export function loadCatalogue(language: Language): Promise<Catalogue> {
  const ready = loaded[language];
  if (ready) return Promise.resolve(ready);
  loading[language] ??= loaders[language]().then(
    (catalogue) => {
      loaded[language] = catalogue;
      delete pageTexts[language];
      return catalogue;
    },
    (error: unknown) => {
      delete loading[language];
      throw error;
    },
  );
  return loading[language];
}

/** The texts that complete a page's own when they are not the language's whole catalogue (provideMoreTexts). */
export interface MoreTexts {
  load: (language: Language) => Promise<Catalogue>;
  /** Told of each key asked for that the page's texts do not have. */
  missed: (language: Language, key: string) => void;
}

let moreTexts: MoreTexts | null = null;

/** A page hydrated as islands completes its texts with its frame's, not the whole catalogue (app/islands-texts.ts). */
export function provideMoreTexts(texts: MoreTexts): void {
  moreTexts = texts;
}

/** The texts that complete the page's own (the session gate renders with them when the page's fell short). */
export function loadMoreTexts(language: Language): Promise<Catalogue> {
  return moreTexts ? moreTexts.load(language) : loadCatalogue(language);
}
