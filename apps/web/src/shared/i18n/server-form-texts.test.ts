// The server-rendered forms copy the web app's wording (form-texts.ts): a text changed in the web's catalogue and not
// here would make a page read differently with JavaScript off. Every key both have must say the same.
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line import-x/no-restricted-paths -- a test comparing the two copies; shipped web code never imports the server
import { FORM_TEXTS } from '../../../../server/src/modules/shop-forms/form-texts';
import { en } from './en';
import { es } from './es';
import { pt } from './pt';

const WEB: Record<'es' | 'en' | 'pt', Record<string, string>> = { es, en, pt };

describe('the server forms speak as the web app does', () => {
  it.each(['es', 'en', 'pt'] as const)('%s: every key the web also has reads the same', (language) => {
    const shared = Object.keys(FORM_TEXTS[language]).filter((key) => key in WEB[language]);
    expect(shared.length).toBeGreaterThan(20);
    for (const key of shared) {
      expect(FORM_TEXTS[language][key as keyof (typeof FORM_TEXTS)['es']], key).toBe(WEB[language][key]);
    }
  });

  it('texts only the server forms have are named forms.*', () => {
    const own = Object.keys(FORM_TEXTS.es).filter((key) => !(key in WEB.es));
    expect(own.filter((key) => !key.startsWith('forms.'))).toEqual([]);
  });
});
