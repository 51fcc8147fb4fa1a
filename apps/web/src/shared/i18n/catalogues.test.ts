import { describe, expect, it } from 'vitest';
import { ORDER_HISTORY_ACTIONS, TICKET_HISTORY_ACTIONS } from '@ventanilla/domain';
import {
  BOOT_TEXTS,
  isCompleteCatalogue,
  loadCatalogue,
  loadedCatalogue,
  pageTextsMissed,
  providePageTexts,
} from './catalogues';
import { createTranslate, translateCode } from './i18n-provider';
import { en } from './en';
import { es } from './es';
import { pt } from './pt';
// eslint-disable-next-line import-x/no-restricted-paths -- a test holding the server's copy to the web's wording; shipped web code never imports the server
import { FORM_TEXTS } from '../../../../server/src/modules/shop-forms/form-texts';

const full = { es, en, pt } as const;

// Every feature's Spanish catalogue (shared/i18n/features/<feature>/es.ts), as the language catalogue spreads them.
const featureCatalogues = import.meta.glob<Record<string, Record<string, string>>>('./features/*/es.ts', {
  eager: true,
});

describe('catalogues per feature', () => {
  it('every text is in exactly one feature catalogue: a key written twice would silently hide one text', () => {
    const seen = new Map<string, string>();
    for (const [file, module] of Object.entries(featureCatalogues)) {
      for (const catalogue of Object.values(module)) {
        for (const key of Object.keys(catalogue)) {
          expect(seen.get(key), `${key} in ${file}`).toBeUndefined();
          seen.set(key, file);
        }
      }
    }
    expect(seen.size).toBe(Object.keys(es).length);
    expect(Object.keys(featureCatalogues).length).toBeGreaterThan(10);
  });
});

describe('the texts a server-rendered page carries', () => {
  it('translate the page until the whole catalogue arrives, which then answers instead', async () => {
    expect(loadedCatalogue('en')).toBeUndefined();
    providePageTexts('en', { 'nav.cart': en['nav.cart'] });
    const page = loadedCatalogue('en');
    expect(page && isCompleteCatalogue(page)).toBe(false);
    const t = createTranslate('en', page);
    expect(t('nav.cart')).toBe(en['nav.cart']);
    expect(t('common.retry')).toBe(en['common.retry']); // the boot texts too
    expect(pageTextsMissed('en')).toBe(false);
    expect(t('nav.login')).toBe('nav.login'); // not on the page: as before the catalogue, and noted
    expect(pageTextsMissed('en')).toBe(true);
    const whole = await loadCatalogue('en');
    expect(whole).toBe(en);
    expect(loadedCatalogue('en')).toBe(en);
    // The same translate function answers from the whole catalogue now (nothing on screen has to render again).
    expect(t('nav.login')).toBe(en['nav.login']);
    expect(isCompleteCatalogue(en)).toBe(true);
    providePageTexts('en', { 'nav.cart': 'stale' }); // a later page's texts never replace the whole catalogue
    expect(loadedCatalogue('en')).toBe(en);
  });
});

describe('language catalogues, one chunk per language', () => {
  it.each(['es', 'en', 'pt'] as const)('the boot texts of %s are the catalogue texts, word for word', (language) => {
    for (const [key, text] of Object.entries(BOOT_TEXTS[language])) {
      expect(text, key).toBe(full[language][key as keyof typeof es]);
    }
  });

  it('before its catalogue arrives only the boot texts translate; after, every key', async () => {
    expect(loadedCatalogue('pt')).toBeUndefined();
    const before = createTranslate('pt');
    expect(before('common.retry')).toBe(pt['common.retry']);
    expect(before('nav.cart')).toBe('nav.cart');
    expect(await loadCatalogue('pt')).toBe(pt);
    const after = createTranslate('pt');
    expect(after('nav.cart')).toBe(pt['nav.cart']);
    await expect(loadCatalogue('pt')).resolves.toBe(pt);
  });

  it.each([
    ['es', 1, '1 correo'],
    ['es', 2, '2 correos'],
    ['en', 1, '1 email'],
    ['en', 0, '0 emails'],
    ['pt', 1, '1 email'],
    ['pt', 3, '3 emails'],
  ] as const)('a loaded %s catalogue formats counts as plurals (%i)', async (language, count, expected) => {
    const t = createTranslate(language, await loadCatalogue(language));
    expect(t('mailbox.resultCount', { count })).toBe(expected);
  });

  it('translateCode: a known code in words, an unknown code as it is', async () => {
    const t = createTranslate('es', await loadCatalogue('es'));
    const [known] = Object.keys(es).filter((k) => k.startsWith('code.payment.'));
    expect(known).toBeDefined();
    const code = known!.slice('code.payment.'.length);
    expect(translateCode(t, 'code.payment', code)).toBe(es[known as keyof typeof es]);
    expect(translateCode(t, 'code.payment', 'no_such_code')).toBe('no_such_code');
  });
});

describe('history action codes', () => {
  // The server's history columns are typed with these lists, so every code it writes is here.
  const codes = [...ORDER_HISTORY_ACTIONS, ...TICKET_HISTORY_ACTIONS];
  it.each(['es', 'en', 'pt'] as const)('every code the server writes has a label in %s', (language) => {
    const catalogue: Record<string, string> = full[language];
    const unlabelled = codes.filter((code) => !catalogue[`code.action.${code}`]);
    expect(unlabelled).toEqual([]);
  });
});

describe('one word for the cart in each language', () => {
  // es "carrito" (the spec's "Añadir al carrito"), pt "carrinho", en "basket": never "cesta", "cesto" or "cart".
  const OTHER_WORDS = { es: /\bcestas?\b/i, pt: /\bcestos?\b/i, en: /\bcarts?\b/i } as const;
  it.each(['es', 'en', 'pt'] as const)('%s uses its word only', (language) => {
    const mixed = Object.entries(full[language]).filter(([, text]) => OTHER_WORDS[language].test(text));
    expect(mixed).toEqual([]);
  });
  // The pages the server renders without JavaScript (and their <noscript> links) say it the same way.
  it.each(['es', 'en', 'pt'] as const)('%s: the server-rendered forms use its word only', (language) => {
    const mixed = Object.entries(FORM_TEXTS[language]).filter(([, text]) => OTHER_WORDS[language].test(text));
    expect(mixed).toEqual([]);
  });
});
