import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { es } from '../src/shared/i18n/es.ts';
import { frameTextKeys } from './frame-texts.ts';

const ISLANDS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'islands.tsx');

describe('frameTextKeys', () => {
  const keys = frameTextKeys(ISLANDS);

  it('holds what the frame can show after the hydration: signed-in header, banners, cookie dialog, footer', () => {
    expect(keys).toEqual(
      expect.arrayContaining([
        'nav.orders',
        'nav.logout',
        'nav.cartWithCount',
        'notices.navWithCount',
        'impersonation.back',
        'impersonation.viewingAs',
        'consent.acceptAll',
        'pwa.updateAvailable',
        'footer.cookieSettings',
        'error.network',
        // t(`legal.${slug}`): every key the template can make
        'legal.cookies',
        'legal.privacidad',
      ]),
    );
  });

  it("leaves out the screens' texts: a small part of the catalogue", () => {
    expect(keys.some((key) => /^(checkout|wizard|catalogAdmin|tickets|saved)\./.test(key))).toBe(false);
    expect(keys.length).toBeLessThan(Object.keys(es).length / 10);
  });
});
