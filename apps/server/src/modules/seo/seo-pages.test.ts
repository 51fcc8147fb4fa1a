import { describe, expect, it } from 'vitest';
import { headHtml, jsonForScript } from './seo-head.js';
import { parseAddress, parseShellTemplate, withoutAppScripts, wizardPageKey } from './seo-pages.js';
import { robotsTxt, sitemapXml } from './sitemap.js';
import { shortName, webManifest } from './web-manifest.js';

describe('parseAddress: what a path is, before any lookup', () => {
  it.each([
    ['/', { kind: 'home', path: '/' }],
    ['/tienda/servicios', { kind: 'home', path: '/tienda/servicios' }],
    ['/tienda/servicios/', { kind: 'home', path: '/tienda/servicios' }],
    ['/tienda/servicios/reset', { kind: 'home', path: '/tienda/servicios/reset' }],
    ['/tienda/servicios/registro-civil', { kind: 'category', urlKey: 'registro-civil' }],
    ['/tienda/nota-simple', { kind: 'product', urlKey: 'nota-simple' }],
    ['/tienda/nota-simple/', { kind: 'product', urlKey: 'nota-simple' }],
    ['/tienda/nota%2Dsimple', { kind: 'product', urlKey: 'nota-simple' }],
    ['/tienda/cart', { kind: 'other', path: '/tienda/cart' }],
    [
      '/tienda/nota-simple/step1',
      { kind: 'wizard', urlKey: 'nota-simple', step: 'step1', path: '/tienda/nota-simple/step1' },
    ],
    [
      '/tienda/nota-simple/confirmation',
      { kind: 'wizard', urlKey: 'nota-simple', step: 'confirmation', path: '/tienda/nota-simple/confirmation' },
    ],
    ['/tienda/product/step1', { kind: 'other', path: '/tienda/product/step1' }],
    ['/tienda/continuar/nota-simple', { kind: 'other', path: '/tienda/continuar/nota-simple' }],
    ['/tienda/nota-simple/step1/x', { kind: 'other', path: '/tienda/nota-simple/step1/x' }],
    ['/tienda/Nota-Simple/step1', { kind: 'invalid' }],
    ['/agentes/pedido/5', { kind: 'other', path: '/agentes/pedido/5' }],
    ['/tienda/Nota-Simple', { kind: 'invalid' }],
    ['/tienda/%00', { kind: 'invalid' }],
    ['/tienda/a%00b', { kind: 'invalid' }],
    ['/tienda/%E0%A4%A', { kind: 'invalid' }],
    ['/tienda/..%2F..%2Fetc%2Fpasswd', { kind: 'invalid' }],
    ['/tienda/%2e%2e', { kind: 'invalid' }],
    ['/tienda/a%5Cb', { kind: 'invalid' }],
    ['/tienda//x', { kind: 'invalid' }],
    ['/tienda/servicios/%3Cscript%3E', { kind: 'invalid' }],
    [`/tienda/${'a'.repeat(1100)}`, { kind: 'invalid' }],
    ['tienda', { kind: 'invalid' }],
    ['/legal/privacidad', { kind: 'legal', slug: 'privacidad' }],
    ['/legal/aviso-legal/', { kind: 'legal', slug: 'aviso-legal' }],
    ['/legal/cookies', { kind: 'legal', slug: 'cookies' }],
    ['/legal/condiciones', { kind: 'legal', slug: 'condiciones' }],
    ['/legal/privacy', { kind: 'invalid' }],
    ['/legal/cookies/x', { kind: 'other', path: '/legal/cookies/x' }],
    ['/legal', { kind: 'invalid' }],
    ['/legal/%00', { kind: 'invalid' }],
  ])('%s', (path, expected) => {
    expect(parseAddress(path)).toEqual(expected);
  });
});

describe('wizardPageKey: which wizard pages the server renders, under a bounded key', () => {
  it.each([
    ['copia-escritura-notarial', 'step1', 'step1'],
    ['copia-escritura-notarial', 'step99', 'step99'],
    ['copia-escritura-notarial', 'step01', null],
    ['copia-escritura-notarial', 'step0', null],
    ['copia-escritura-notarial', 'step100', null],
    ['copia-escritura-notarial', 'confirmation', null],
    ['nota-simple', 'step1', 'page0'],
    ['nota-simple', 'step51', 'page5'],
    ['nota-simple', 'step7', null],
    ['nota-simple', 'step9', null],
    ['nota-simple', 'confirmation', null],
  ])('%s/%s: %s', (urlKey, step, expected) => {
    expect(wizardPageKey(urlKey, step)).toBe(expected);
  });
});

describe('jsonForScript: JSON that cannot end its <script> element', () => {
  it.each([
    ['</script><script>alert(1)</script>'],
    ['<!-- <script>'],
    ['a & b > c'],
    ['line\u2028separator\u2029'],
    ['"quotes" and \'apostrophes\' and \\ backslash'],
  ])('%s', (text) => {
    const out = jsonForScript({ name: text }).value;
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual({ name: text });
  });
});

describe('headHtml', () => {
  it('escapes every text into attributes and the title', () => {
    const evil = `"><script>alert(1)</script>'`;
    const head = headHtml({
      title: evil,
      description: evil,
      canonical: `https://ventanilla.es/tienda/x?a="b"`,
      alternates: [{ hreflang: 'es-ES', href: `https://ventanilla.es/"x` }],
      noindex: false,
      og: { type: 'product', siteName: evil, locale: 'es_ES', image: `https://ventanilla.es/"i.png` },
      jsonLd: [{ name: evil }],
    }).value;
    expect(head).not.toContain('<script>alert');
    expect(head).not.toContain('"><');
    expect(head.match(/<script\b/g)).toHaveLength(1);
  });
});

describe('parseShellTemplate', () => {
  it("cuts Vite's index.html where the language, head and body go", () => {
    const t = parseShellTemplate(
      '<!doctype html><html lang="es"><head><title>Ventanilla</title><script type="module" src="/a.js"></script></head><body><div id="root"></div></body></html>',
    );
    expect(t).not.toBeNull();
    expect(`${t?.beforeLang}pt${t?.beforeHead}<title>T</title>${t?.beforeBody}X</div>${t?.afterBody}`).toBe(
      '<!doctype html><html lang="pt"><head><title>T</title><script type="module" src="/a.js"></script></head><body><div id="root">X</div></body></html>',
    );
  });

  it('refuses a file without the marks (the page would be the bare shell)', () => {
    expect(parseShellTemplate('<html><title>x</title><div id="root"></div></html>')).toBeNull();
    expect(parseShellTemplate('<html lang="es"><title>x</title></html>')).toBeNull();
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots names the sitemap on the same origin and closes the private areas', () => {
    const robots = robotsTxt('https://ventanilla.pt');
    expect(robots).toContain('Sitemap: https://ventanilla.pt/sitemap.xml');
    for (const path of ['/agentes', '/api/', '/customer/', '/orders', '/payment/']) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
    // The cart and the checkout are the shop's own steps (decision 0015): crawlable.
    expect(robots).not.toContain('Disallow: /tienda/cart');
    expect(robots).toContain('Allow: /customer/checkout$\n');
  });

  it('sitemap escapes what it writes', () => {
    const xml = sitemapXml('https://ventanilla.es', [{ path: '/tienda/a&b<c>' }, { path: '/', lastmod: '2026-11-24' }]);
    expect(xml).toContain('<loc>https://ventanilla.es/tienda/a&amp;b&lt;c&gt;</loc>');
    expect(xml).toContain('<lastmod>2026-11-24</lastmod>');
  });
});

describe('the web app manifest', () => {
  it('the short name fits under an icon, cut at a word', () => {
    expect(shortName('Ventanilla')).toBe('Ventanilla');
    expect(shortName('Registro Propiedad Online')).toBe('Registro');
    expect(shortName('Supercalifragilistic')).toBe('Supercalifra');
    expect(shortName('  Ventanilla  ')).toBe('Ventanilla');
  });

  it("the store's name and language, opening /orders", () => {
    expect(webManifest({ name: 'Ventanilla Portugal', language: 'pt' })).toMatchObject({
      name: 'Ventanilla Portugal',
      short_name: 'Ventanilla',
      lang: 'pt',
      start_url: '/orders',
      display: 'standalone',
    });
  });
});

describe('withoutAppScripts', () => {
  it("takes the app's module script and modulepreloads out of the head, keeping its styles", () => {
    const head =
      '<title>x</title><script type="module" crossorigin src="/assets/index-a1.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/frame-b2.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/frame-c3.css"></head>';
    expect(withoutAppScripts(head)).toBe(
      '<title>x</title><link rel="stylesheet" crossorigin href="/assets/frame-c3.css"></head>',
    );
  });
});
