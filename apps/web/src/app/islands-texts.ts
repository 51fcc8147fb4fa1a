import type { QueryClient } from '@tanstack/react-query';
import { loadCatalogue, loadedCatalogue, provideMoreTexts, providePageTexts } from '../shared/i18n';
import type { Catalogue } from '../shared/i18n/types';
import type { Language } from '../shared/lib/api-contract';
import { queryKeys } from '../shared/lib/query-keys';

/** Each language's frame texts, a chunk of its own (build/frame-texts.ts). */
const frameTexts: Record<Language, () => Promise<{ default: Readonly<Record<string, string>> }>> = {
  es: () => import('virtual:frame-texts/es'),
  en: () => import('virtual:frame-texts/en'),
  pt: () => import('virtual:frame-texts/pt'),
};

/**
 * On a page hydrated as islands (islands.tsx), the texts beyond the page's own are its frame's (those the frame's
 * modules name, picked from the catalogue at build time: build/frame-texts.ts), not the language's whole catalogue.
 * That one still loads if a text is asked for that neither has (then the session gate's query holds it, and the
 * frame renders again with it).
 */
export function completeTextsWithFrame(queryClient: QueryClient): void {
  const loading = new Map<Language, Promise<Catalogue>>();
  const missed = new Map<Language, Set<string>>();
  const arrived = new Set<Language>();
  const whole = (language: Language) =>
    loadCatalogue(language).then((catalogue) => {
      queryClient.setQueryData(queryKeys.texts(language), catalogue);
      return catalogue;
    });
  provideMoreTexts({
    load: (language) => {
      const known = loading.get(language);
      if (known) return known;
      const more = frameTexts[language]().then(({ default: frame }) => {
        providePageTexts(language, { ...frame, ...loadedCatalogue(language) });
        arrived.add(language);
        const texts = loadedCatalogue(language);
        const missing = !texts || [...(missed.get(language) ?? [])].some((key) => !(key in texts));
        return missing ? whole(language) : texts;
      });
      more.catch(() => loading.delete(language));
      loading.set(language, more);
      return more;
    },
    missed: (language, key) => {
      // Asked for after the frame's texts came, and not among them: the whole catalogue after all.
      if (arrived.has(language)) whole(language).catch(() => undefined);
      else missed.set(language, (missed.get(language) ?? new Set<string>()).add(key));
    },
  });
}
