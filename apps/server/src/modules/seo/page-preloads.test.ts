import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataPreloads, readPagePreloads } from './page-preloads.js';

const dist = mkdtempSync(path.join(tmpdir(), 'ventanilla-preloads-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

// A manifest shaped like Vite's: the entry imports a shared chunk; the catalogue screens import it too, and one more.
mkdirSync(path.join(dist, '.vite'));
writeFileSync(
  path.join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': {
      file: 'assets/index-a1.js',
      isEntry: true,
      imports: ['_session-b2.js'],
      css: ['assets/index-c3.css'],
    },
    '_session-b2.js': { file: 'assets/session-b2.js' },
    'src/shared/i18n/pt.ts': { file: 'assets/pt-d4.js', isDynamicEntry: true },
    'src/app/screens/catalog.ts': {
      file: 'assets/catalog-e5.js',
      imports: ['_session-b2.js', '_back-link-f6.js'],
      css: ['assets/catalog-g7.css'],
    },
    '_back-link-f6.js': { file: 'assets/back-link-f6.js', css: ['assets/back-link-h8.css'] },
    'src/features/consent/cookie-consent.tsx': {
      file: 'assets/cookie-consent-k1.js',
      imports: ['index.html'],
      css: ['assets/cookie-consent-l2.css'],
    },
    'src/app/screens/wizard.ts': {
      file: 'assets/wizard-i9.js',
      imports: ['_back-link-f6.js'],
      css: ['assets/wizard-j0.css'],
    },
    'src/shared/i18n/xx.ts': { file: 'https://evil.example/x.js' },
    // The islands' entry (docs/decisions/0028-home-page-islands.md), listed after the app's: it shares the session.
    'src/islands.tsx': {
      file: 'assets/islands-m3.js',
      isEntry: true,
      imports: ['_session-b2.js'],
      css: ['assets/islands-n4.css'],
    },
    // The cart's island: a chunk the islands' entry loads, sharing the session and the back link.
    'src/app/screens/cart-island.ts': {
      file: 'assets/cart-island-o5.js',
      isDynamicEntry: true,
      imports: ['_session-b2.js', '_back-link-f6.js'],
      css: ['assets/cart-island-p6.css'],
    },
  }),
);

describe('readPagePreloads: the chunks a page names in its head', () => {
  const preloads = readPagePreloads(dist);

  it("the store's language chunk", () => {
    expect(preloads.language('pt', 'client')).toBe('<link rel="modulepreload" crossorigin href="/assets/pt-d4.js">');
  });

  it("the catalogue screens' chunks and styles, without what the entry loads already", () => {
    const links = preloads.catalogue();
    expect(links).toContain('<link rel="stylesheet" crossorigin href="/assets/catalog-g7.css">');
    expect(links).toContain('<link rel="stylesheet" crossorigin href="/assets/back-link-h8.css">');
    // The page shows without them: fetched after its content.
    expect(links).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/catalog-e5.js">');
    expect(links).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/back-link-f6.js">',
    );
    expect(links).not.toContain('session-b2');
    expect(links).not.toContain('index-');
  });

  it("a wizard step's screens; nothing for other names", () => {
    const links = preloads.screens('wizard', 'client');
    // Fetched early, applied when the chunk loads: the page's frame paints without waiting for them.
    expect(links).toContain('<link rel="preload" as="style" crossorigin href="/assets/wizard-j0.css">');
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/wizard-i9.js">');
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/back-link-f6.js">');
    expect(preloads.screens('checkout', 'client')).toBe('');
    expect(preloads.screens('../catalog' as 'wizard', 'client')).toBe('');
  });

  it("a server-rendered wizard step's screens: their styles hold the first paint, their code comes after", () => {
    const links = preloads.screens('wizard', 'markup');
    expect(links).toContain('<link rel="stylesheet" crossorigin href="/assets/wizard-j0.css">');
    expect(links).toContain('<link rel="stylesheet" crossorigin href="/assets/back-link-h8.css">');
    expect(links).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/wizard-i9.js">');
    expect(links).not.toContain('as="style"');
    expect(preloads.language('pt', 'markup')).toBe(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/pt-d4.js">',
    );
  });

  it("the cookie dialog's chunk and style, without the entry it imports", () => {
    // In the markup of a server-rendered page that asks: its style holds the first paint.
    expect(preloads.consent('markup')).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/cookie-consent-l2.css">' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/cookie-consent-k1.js">',
    );
    // A page the browser renders: the dialog comes with the code.
    expect(preloads.consent('client')).toBe(
      '<link rel="preload" as="style" crossorigin href="/assets/cookie-consent-l2.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/cookie-consent-k1.js">',
    );
  });

  it('API answers only from a fixed list, with the attributes that let the app reuse them', () => {
    expect(dataPreloads(['/api/session', '/api/cart', '/api/me', '"><script>'])).toBe(
      '<link rel="preload" as="fetch" crossorigin href="/api/session">' +
        '<link rel="preload" as="fetch" crossorigin href="/api/cart">',
    );
  });

  it('nothing for an unknown or odd language, nor for a file outside assets/', () => {
    expect(preloads.language('en', 'client')).toBe('');
    expect(preloads.language('../pt', 'client')).toBe('');
    expect(preloads.language('xx', 'markup')).toBe('');
  });

  it("the islands' entry: its script after the page's content, its chunks (the entry's shared ones too), its styles", () => {
    expect(preloads.islands()).toBe(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/islands-m3.js"></script>' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/session-b2.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/islands-n4.css">',
    );
  });

  it("a visitor's cart: the islands' entry with the cart's island, its chunks after the content, its styles", () => {
    expect(preloads.islands('cart')).toBe(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/islands-m3.js"></script>' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/session-b2.js">' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/cart-island-o5.js">' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/back-link-f6.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/islands-n4.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/cart-island-p6.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/back-link-h8.css">',
    );
  });

  it("the catalogue's styles alone for a page hydrated as islands (its markup, none of its code)", () => {
    expect(preloads.catalogueStyles()).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/catalog-g7.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/back-link-h8.css">',
    );
  });

  it('nothing without a manifest', () => {
    const none = readPagePreloads(path.join(dist, 'missing'));
    expect(none.language('pt', 'client')).toBe('');
    expect(none.catalogue()).toBe('');
    expect(none.catalogueStyles()).toBe('');
    expect(none.islands()).toBeNull();
    expect(none.islands('cart')).toBeNull();
  });
});
