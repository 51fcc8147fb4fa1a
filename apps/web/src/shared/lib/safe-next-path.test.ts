import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next-path';

describe('safeNextPath', () => {
  it.each([
    ['/orders', '/orders'],
    ['/orders/100000001?tab=files#docs', '/orders/100000001?tab=files#docs'],
    ['/catalogo/nota-simple', '/catalogo/nota-simple'],
  ])('keeps the same-site path %j', (next, expected) => {
    expect(safeNextPath(next, '/fallback')).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['orders'],
    ['https://evil.example/'],
    ['//evil.example'],
    ['/\\evil.example'],
    // Regression: /customer/authenticate?next=/%09/evil.example broke the login page (a browser reads //evil.example).
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r/evil.example'],
    ['/\u0000/orders'],
    ['/\u007f/orders'],
    ['/orders\\..\\..\\evil'],
  ])('refuses %j', (next) => {
    expect(safeNextPath(next, '/fallback')).toBe('/fallback');
  });

  it('refuses what a browser would resolve to another origin', () => {
    for (const next of ['/\t/evil.example', '/\\evil.example', '/\n\n/evil.example']) {
      const fromBrowser = new URL(next, 'https://shop.example');
      // Guards the premise of the check: these really leave the site.
      expect(fromBrowser.origin).not.toBe('https://shop.example');
      expect(safeNextPath(next, '/fallback')).toBe('/fallback');
    }
  });
});
