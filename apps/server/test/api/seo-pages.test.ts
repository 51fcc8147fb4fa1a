import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../../src/db/schema.js';
import { loadPageRenderer } from '../../src/modules/seo/page-renderer.js';
import { parseShellTemplate, SeoPages } from '../../src/modules/seo/seo-pages.js';
import { CONSENT_COOKIE, rejectAllConsent, serializeConsent } from '@ventanilla/domain';
import { STAND_IN_MANIFEST, standInWebBuild, WEB_SSR_SOURCE_ENTRY } from '../support/stand-in-web-build.js';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

// The server-rendered pages with the web app's real render module, loaded from its sources, around a
// stand-in index.html and manifest shaped like Vite's output.
const build = standInWebBuild('seo', { manifest: STAND_IN_MANIFEST });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: build.env });
});
afterAll(async () => {
  await t?.close();
  build.remove();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The page's <head> and body facts, read with plain patterns (the HTML is ours, its shape known). */
function pageFacts(body: string) {
  const attr = (re: RegExp) => re.exec(body)?.[1];
  const jsonLd = [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>,
  );
  return {
    lang: attr(/<html lang="([^"]*)"/),
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    robots: attr(/<meta name="robots" content="([^"]*)"/),
    alternates: [...body.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    ogTitle: attr(/<meta property="og:title" content="([^"]*)"/),
    jsonLd,
    // The root's markup; a page may carry a <noscript> pointer to the server's forms between it and its state.
    root:
      attr(/<div id="root">([\s\S]*?)<\/div>(?:<noscript>[\s\S]*?<\/noscript>)?<script type="application\/json"/) ?? '',
    state: attr(/<script type="application\/json" id="vt-ssr-state">([\s\S]*?)<\/script>/),
  };
}

const decode = (text: string | undefined) =>
  (text ?? '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('product pages answer full HTML in the store language', () => {
  for (const [storeId, key, lang, host] of [
    [1, 'nota-simple', 'es', 'ventanilla.es'],
    [16, 'certidao-permanente', 'pt', 'ventanilla.pt'],
    [17, 'folio-request', 'en', 'ventanilla.ie'],
  ] as const) {
    it(`store ${storeId}: ${key}`, async () => {
      const api = (await get(`/api/stores/${storeId}/products/${key}`)).json<{
        name: string;
        price: string;
        meta_title: string;
        meta_description: string;
      }>();
      const store = (await get(`/api/stores/${storeId}`)).json<{ name: string }>();
      const res = await get(`/tienda/${key}?store=${storeId}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      const page = pageFacts(res.body);
      expect(page.lang).toBe(lang);
      expect(api.meta_title).not.toBe('');
      expect(decode(page.title)).toBe(`${api.meta_title} - ${store.name}`);
      expect(decode(page.description)).toBe(api.meta_description);
      expect(page.canonical).toBe(`https://${host}/tienda/${key}`);
      expect(page.alternates).toContainEqual([expect.stringMatching(new RegExp(`^${lang}-`)), page.canonical]);
      const product = page.jsonLd.find((d) => d['@type'] === 'Product') as { offers: Record<string, unknown> };
      expect(product.offers).toMatchObject({ '@type': 'Offer', price: api.price, priceCurrency: 'EUR' });
      const crumbs = page.jsonLd.find((d) => d['@type'] === 'BreadcrumbList') as { itemListElement: unknown[] };
      expect(crumbs.itemListElement.at(-1)).toMatchObject({ name: api.name, item: page.canonical });
      // The content itself, not a spinner: the heading and the price as the page shows them.
      expect(page.root).toContain(`<h1 class="heading-xl" tabindex="-1">${api.name.replace(/'/g, '&#x27;')}</h1>`);
      expect(page.root).toMatch(new RegExp(api.price.replace('.', '[.,]')));
      expect(page.state).toBeDefined();
    });
  }

  it('hreflang: the same product in stores of other languages and countries, one address each', async () => {
    // nota-simple is sold in several Spanish stores: one es-ES alternate (the store asked for when it is one of them),
    // and one en-ES, the English registry site (store 9), which shows it in English.
    const res = await get('/tienda/nota-simple', { host: 'registry.ventanilla.es' });
    const page = pageFacts(res.body);
    expect(page.canonical).toBe('https://registry.ventanilla.es/tienda/nota-simple');
    expect(page.alternates).toEqual([
      ['en-ES', 'https://registry.ventanilla.es/tienda/nota-simple'],
      ['es-ES', 'https://ventanilla.es/tienda/nota-simple'],
    ]);
    const twelve = pageFacts((await get('/tienda/nota-simple', { host: 'registros.ventanilla.es' })).body);
    expect(twelve.alternates).toContainEqual(['es-ES', 'https://registros.ventanilla.es/tienda/nota-simple']);
    const home = pageFacts((await get('/', { host: 'ventanilla.pt' })).body);
    expect(home.alternates).toContainEqual(['pt-PT', 'https://ventanilla.pt/']);
    expect(home.alternates).toContainEqual(['es-ES', 'https://ventanilla.es/']);
    expect(home.alternates).toContainEqual(['en-IE', 'https://ventanilla.ie/']);
  });

  it('store 9, the English registry site: its product and category pages are in English', async () => {
    const page = pageFacts((await get('/tienda/nota-simple', { host: 'registry.ventanilla.es' })).body);
    expect(page.lang).toBe('en');
    expect(decode(page.title)).toBe('Land Registry extract (nota simple) online - Ventanilla Registry');
    expect(decode(page.description)).toBe(
      'Owners, description and charges of a property according to the Land Registry. Order online, step by step.',
    );
    expect(page.root).toContain('Land Registry extract (nota simple)</h1>');
    expect(page.root).toContain('Delivery time');
    expect(page.root).not.toContain('Nota simple del Registro de la Propiedad');
    const crumbs = page.jsonLd.find((d) => d['@type'] === 'BreadcrumbList') as { itemListElement: unknown[] };
    expect(crumbs.itemListElement[1]).toMatchObject({ name: 'Land Registry' });
    const category = pageFacts(
      (await get('/tienda/servicios/registro-civil', { host: 'registry.ventanilla.es' })).body,
    );
    expect(decode(category.title)).toBe('Civil Registry (Registro Civil): online services - Ventanilla Registry');
    expect(category.root).toContain('Birth certificate');
  });

  it('category and home pages: title, description, canonical, breadcrumbs, content', async () => {
    const category = pageFacts((await get('/tienda/servicios/registo-predial?store=16')).body);
    expect(category.lang).toBe('pt');
    expect(decode(category.title)).toBe('Registo Predial: pedidos online - Balcão Ventanilla');
    expect(category.canonical).toBe('https://ventanilla.pt/tienda/servicios/registo-predial');
    expect(category.root).toContain('Certidão Permanente do Registo Predial');
    // The CSP allows no inline script: every <script> is a data block or loads a file (the home is the largest page).
    for (const url of ['/?store=1', '/tienda/servicios/registro-civil?store=1', '/tienda/nota-simple?store=1', '/x']) {
      const scripts = (await get(url)).body.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, url).toBeGreaterThan(1);
      for (const tag of scripts) expect(tag, url).toMatch(/type="application\/(ld\+)?json"|\bsrc="/);
    }
    const home = pageFacts((await get('/tienda/servicios', { host: 'ventanilla.ie' })).body);
    expect(home.lang).toBe('en');
    expect(home.canonical).toBe('https://ventanilla.ie/');
    expect(home.root).toContain('Land Registry Folio Copy');
  });
});

describe('the start page, the search and the group chips (server-rendered, for a browser without JavaScript)', () => {
  it('the start page: a search form, the most ordered services, the categories, a link to every service', async () => {
    const res = await get('/?store=1');
    expect(res.statusCode).toBe(200);
    const home = pageFacts(res.body);
    expect(home.canonical).toBe('https://ventanilla.es/');
    const form = /<form[^>]*role="search"[^>]*>/.exec(home.root)?.[0] ?? '';
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/tienda/buscar"');
    expect(home.root).toMatch(/<input[^>]*name="q"/);
    expect(home.root).toContain('Los trámites más pedidos');
    expect(home.root).toContain('href="/tienda/nota-simple"');
    expect(home.root).toContain('href="/tienda/servicios/registro-de-la-propiedad"');
    expect(home.root).toMatch(/href="\/tienda\/servicios">Ver todos los trámites \(\d+\)/);
    // No product cards: the full list is at /tienda/servicios.
    expect(home.root).not.toContain('product-card');
    expect((await get('/tienda/servicios?store=1')).body).toContain('product-card');
  });

  it('the search results page is rendered for its query (accents and case aside), never indexed', async () => {
    const res = await get('/tienda/buscar?store=1&q=VEHICULO+dgt');
    expect(res.statusCode).toBe(200);
    const page = pageFacts(res.body);
    expect(page.robots).toBe('noindex');
    expect(page.root).toContain('Resultados de «VEHICULO dgt»');
    expect(page.root).toContain('Informe de vehículo de la DGT por matrícula');
    expect(page.root).toMatch(/<input[^>]*value="VEHICULO dgt"/);
    const none = pageFacts((await get('/tienda/buscar?store=1&q=zzqxw')).body);
    expect(none.root).toContain('No hay trámites que coincidan con «zzqxw».');
    const empty = pageFacts((await get('/tienda/buscar?store=1')).body);
    expect(empty.root).toContain('Escribe una o varias palabras');
  });

  it('the group chips are links; ?grupo= narrows the list, an unknown value shows it all', async () => {
    const all = pageFacts((await get('/tienda/servicios?store=1')).body).root;
    expect(all).toContain('href="/tienda/servicios?grupo=marcas"');
    const marcas = pageFacts((await get('/tienda/servicios?store=1&grupo=marcas')).body).root;
    expect(marcas).toMatch(/aria-current="page"[^>]*>Marcas|>Marcas<\/a>/);
    expect(marcas).toContain('Registro de marcas');
    expect(marcas).not.toContain('Nota simple del Registro de la Propiedad');
    const unknown = pageFacts((await get('/tienda/servicios?store=1&grupo=nada')).body).root;
    expect(unknown).toContain('Nota simple del Registro de la Propiedad');
    // A category of two groups has its own chips.
    const vehicles = pageFacts((await get('/tienda/servicios/informes-de-vehiculos?store=1&grupo=otros')).body).root;
    expect(vehicles).toContain('href="/tienda/servicios/informes-de-vehiculos?grupo=registro-mercantil"');
    expect(vehicles).toContain('Informe de vehículo de la DGT por matrícula');
    expect(vehicles).not.toContain('Nota simple de buque o embarcación');
  });

  it('the cart add addresses are the cart page for search engines and browsers without JavaScript', async () => {
    for (const kind of ['ns', 'qpropiedades', 'certidao', 'ipredial', 'product']) {
      const res = await get(`/tienda/cart/add/${kind}?store=1`);
      expect(res.statusCode, kind).toBe(200);
      expect(pageFacts(res.body).canonical, kind).toBe('https://ventanilla.es/tienda/cart');
      expect(res.body, kind).toContain('href="/html/cart"');
    }
    expect((await get('/tienda/cart/add/other?store=1')).statusCode).toBe(404);
  });
});

describe('other addresses', () => {
  it('an unknown address is a 404 with a helpful page in the store language, not indexed', async () => {
    for (const url of ['/no/such/page', '/tienda/no-such-product', '/tienda/servicios/no-such-category']) {
      const res = await get(url, { host: 'ventanilla.pt' });
      expect(res.statusCode, url).toBe(404);
      const page = pageFacts(res.body);
      expect(page.lang).toBe('pt');
      expect(page.robots).toBe('noindex');
      expect(page.canonical).toBeUndefined();
      // The way on: the catalogue, and the store's own categories.
      expect(page.root).toContain('href="/tienda/servicios"');
    }
    const unknown = pageFacts((await get('/no/such/page', { host: 'ventanilla.pt' })).body);
    expect(unknown.root).toContain('Página não encontrada');
    expect(unknown.root).toContain('href="/tienda/servicios/registo-predial"');
    // A product of another store is not found here either.
    expect((await get('/tienda/nota-simple', { host: 'ventanilla.pt' })).statusCode).toBe(404);
  });

  it('private client-only pages keep the shell with the store language and title, not indexed', async () => {
    for (const url of ['/orders', '/agentes', '/customer/authenticate', '/payment/multibanco']) {
      const res = await get(url, { host: 'ventanilla.pt' });
      expect(res.statusCode, url).toBe(200);
      const page = pageFacts(res.body);
      expect(page.lang).toBe('pt');
      expect(decode(page.title)).toBe('Balcão Ventanilla');
      expect(page.robots).toBe('noindex');
      expect(page.canonical).toBeUndefined();
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it("the cart and the checkout are the shop's own steps: titled, described, indexable, canonical to themselves", async () => {
    for (const [url, title] of [
      ['/tienda/cart', 'Carrinho'],
      ['/customer/checkout', 'Finalizar o pedido'],
    ] as const) {
      const res = await get(url, { host: 'ventanilla.pt' });
      expect(res.statusCode, url).toBe(200);
      const page = pageFacts(res.body);
      expect(page.lang).toBe('pt');
      expect(decode(page.title)).toBe(`${title} - Balcão Ventanilla`);
      expect(decode(page.description)).toContain('Balcão Ventanilla');
      expect(page.robots).toBeUndefined();
      expect(page.canonical).toBe(`https://ventanilla.pt${url}`);
      expect(res.body).toContain('<div id="root"></div>');
    }
    const es = pageFacts((await get('/customer/checkout')).body);
    expect(decode(es.title)).toMatch(/^Finalizar el pedido - /);
  });

  it("a wizard step carries its product's title and description, canonical to the product page", async () => {
    const product = (await get('/tienda/certidao-permanente', { host: 'ventanilla.pt' })).body;
    const step = await get('/tienda/certidao-permanente/step1', { host: 'ventanilla.pt' });
    expect(step.statusCode).toBe(200);
    const page = pageFacts(step.body);
    expect(page.title).toBe(pageFacts(product).title);
    expect(page.description).toBe(pageFacts(product).description);
    expect(page.canonical).toBe('https://ventanilla.pt/tienda/certidao-permanente');
    expect(page.robots).toBeUndefined();
    // A product the catalogue pages do not list here keeps the plain shell (the browser's wizard decides), not indexed.
    for (const url of ['/tienda/nota-simple/step1', '/tienda/no-such-product/step1']) {
      const res = await get(url, { host: 'ventanilla.pt' });
      const facts = pageFacts(res.body);
      expect([res.statusCode, facts.robots, facts.canonical], url).toEqual([200, 'noindex', undefined]);
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it("a wizard question page arrives rendered, as a visitor without a draft sees it, with the wizard's styles", async () => {
    const res = await get('/tienda/certidao-permanente/step1', { host: 'ventanilla.pt' });
    expect(res.statusCode).toBe(200);
    const page = pageFacts(res.body);
    // The first question, its empty field and the price: the page's content before any script runs.
    expect(page.root).toContain(
      '<h1 class="heading-xl" tabindex="-1">Distrito ou região autónoma, Concelho e Freguesia</h1>',
    );
    expect(page.root).toMatch(/<input id="option-3909"[^>]* value=""/);
    expect(page.root).toContain('<button type="submit" class="button button--primary">Continuar</button>');
    expect(page.root).toContain('class="price-panel"');
    // The same page for every visitor (cached): no user, and every field empty.
    expect(page.root).not.toMatch(/value="[^"]+"/);
    // A flow's named page too (the nota simple's first page is step51).
    const nota = pageFacts((await get('/tienda/nota-simple/step51')).body);
    expect(nota.root).toContain('Continuar</button>');
    expect(nota.title).toBe(pageFacts((await get('/tienda/nota-simple')).body).title);
  });

  it('the check-answers page and non-canonical step names keep the shell with the data (their content is the draft)', async () => {
    for (const url of [
      '/tienda/certidao-permanente/confirmation',
      '/tienda/certidao-permanente/step01',
      '/tienda/certidao-permanente/step0',
      '/tienda/nota-simple/step7?store=1',
      '/tienda/nota-simple/step9?store=1',
    ]) {
      const res = await get(url, { host: 'ventanilla.pt' });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toMatch(
        /<div id="root"><\/div><noscript>[\s\S]*?href="\/html\/tienda\/[^"]+"[\s\S]*?<\/noscript><script type="application\/json" id="vt-ssr-state">/,
      );
    }
  });

  it("the data a wizard page carries: the API's own product and evaluation, a public session, not the texts", async () => {
    const res = await get('/tienda/certidao-permanente/confirmation', { host: 'ventanilla.pt' });
    expect(res.statusCode).toBe(200);
    const state = JSON.parse(pageFacts(res.body).state ?? '{}') as {
      notFound: boolean;
      queries: { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> };
    };
    expect(state.notFound).toBe(false);
    const data = (key: unknown[]) =>
      state.queries.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(key))?.state.data;
    const product = await get('/api/stores/16/products/certidao-permanente');
    expect(data(['catalog', 16, 'product', 'certidao-permanente'])).toEqual(product.json());
    const evaluation = await t.app.inject({
      method: 'POST',
      url: '/api/stores/16/products/certidao-permanente/evaluate',
      payload: { answers: {} },
    });
    expect(evaluation.statusCode).toBe(200);
    expect(data(['catalog', 16, 'evaluate', 'certidao-permanente', {}])).toEqual(evaluation.json());
    expect(data(['store', 16])).toEqual((await get('/api/stores/16')).json());
    // The same page for every visitor: the session is the public stand-in (no user, no CSRF token).
    expect(data(['session'])).toEqual({ store_id: 16, language: 'pt', csrf_token: '', user: null, remembered: false });
    expect(state.queries.queries).toHaveLength(4);
  });

  it('the cart and the checkout name the answers their first render waits for; private pages do not', async () => {
    for (const url of ['/tienda/cart', '/customer/checkout']) {
      const body = (await get(url)).body;
      expect(body, url).toContain('<link rel="preload" as="fetch" crossorigin href="/api/session">');
      expect(body, url).toContain('<link rel="preload" as="fetch" crossorigin href="/api/cart">');
    }
    for (const url of ['/orders', '/tienda/nota-simple', '/tienda/nota-simple/step51']) {
      expect((await get(url)).body, url).not.toContain('as="fetch"');
    }
  });

  it("a server-rendered page fetches its code after its content; a page the browser renders doesn't wait", async () => {
    for (const url of ['/tienda/nota-simple/step51', '/tienda/nota-simple/step1']) {
      const body = (await get(url)).body;
      expect(body, url).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js">');
    }
    // A page hydrated as islands: its own entry, after its content too.
    const islands = (await get('/tienda/nota-simple')).body;
    expect(islands).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/islands-i1.js">');
    for (const url of ['/tienda/cart', '/orders']) {
      expect((await get(url)).body, url).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    }
  });

  it("pages whose content is plain HTML are hydrated as islands: they name the islands' entry, not the app's", async () => {
    // docs/decisions/0028-home-page-islands.md: links and GET forms, the frame around them the only thing hydrated.
    const islandPages = [
      '/',
      '/tienda/servicios',
      '/tienda/servicios/reset',
      '/tienda/servicios?grupo=marcas',
      '/tienda/servicios/registro-civil',
      '/tienda/servicios/informes-de-vehiculos?grupo=otros',
      '/tienda/nota-simple',
      '/tienda/buscar?q=nota',
      '/legal/privacidad',
      '/legal/aviso-legal',
    ];
    for (const url of islandPages) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(head, url).toContain('src="/assets/islands-i1.js"');
      expect(head, url).toContain(
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/frame-f1.js">',
      );
      // The catalogue's styles for its markup; neither the app's entry nor the screens' code.
      expect(head, url).toContain('<link rel="stylesheet" crossorigin href="/assets/catalog-c2.css">');
      expect(head, url).not.toContain('index-abc.js');
      expect(head, url).not.toContain('catalog-c1.js');
      // Its content is the server's markup, which the islands keep as it is; its state, what the frame reads (the
      // session, the store), not the answers the content was rendered from.
      const page = pageFacts(res.body);
      expect(page.root, url).toContain('<main id="main"');
      const state = JSON.parse(page.state ?? '{}') as { queries: { queries: Array<{ queryKey: unknown[] }> } };
      expect(state.queries.queries.map((q) => q.queryKey[0]).sort(), url).toEqual(['session', 'store']);
    }
    // Pages with forms or state of their own keep the whole app: a wizard step, the public cart (no session: the
    // browser renders it), the checkout, a 404 page. A visitor's own cart has an island: the next describe.
    for (const url of ['/tienda/nota-simple/step1', '/tienda/cart', '/customer/checkout', '/tienda/no-such-product']) {
      const body = (await get(url)).body;
      expect(body, url).toContain('src="/assets/index-abc.js"');
      expect(body, url).not.toContain('islands-i1.js');
    }
  });

  it('robots.txt and sitemap.xml per store, from its own host', async () => {
    const robots = await get('/robots.txt', { host: 'ventanilla.ie' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: https://ventanilla.ie/sitemap.xml');
    expect(robots.body).toMatch(/^Disallow: \/agentes$/m);
    expect(robots.body).toMatch(/^Disallow: \/customer\/$/m);
    expect(robots.body).toMatch(/^Allow: \/customer\/checkout\$$/m);
    expect(robots.body).not.toContain('Disallow: /tienda/cart');
    const sitemap = await get('/sitemap.xml', { host: 'ventanilla.pt' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/xml/);
    const locs = [...sitemap.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('https://ventanilla.pt/');
    expect(locs).toContain('https://ventanilla.pt/tienda/certidao-permanente');
    expect(locs).toContain('https://ventanilla.pt/tienda/servicios/registo-predial');
    expect(locs.every((l) => l?.startsWith('https://ventanilla.pt/'))).toBe(true);
    expect(locs).not.toContain('https://ventanilla.pt/tienda/nota-simple');
  });
});

describe('the cookie banner in the first paint (the consent cookie)', () => {
  const consentCookie = (choice = serializeConsent(rejectAllConsent(new Date()))) =>
    `${CONSENT_COOKIE}=${encodeURIComponent(choice)}`;

  it('a page without a choice carries the banner at the top of its markup and says it asks; with one, neither', async () => {
    for (const url of ['/', '/tienda/nota-simple', '/tienda/nota-simple/step51', '/no/such/page']) {
      const first = await get(url);
      expect(first.body, url).toContain('<html lang="es" data-consent="ask"');
      const root = pageFacts(first.body).root ?? '';
      // A banner in the page's flow, first after the skip link and before the header: no dialog, nothing covered.
      expect(root, url).toMatch(/<section class="cookie-consent"[^>]*>/);
      expect(root.indexOf('class="cookie-consent"'), url).toBeGreaterThan(root.indexOf('skip-link'));
      expect(root.indexOf('class="cookie-consent"'), url).toBeLessThan(root.indexOf('site-header'));
      expect(root, url).not.toContain('<dialog');
      expect(pageFacts(first.body).root, url).toContain('Rechazar todas');
      const chosen = await get(url, { cookie: consentCookie() });
      expect(chosen.body, url).toContain('<html lang="es" data-consent="given"');
      expect(chosen.body, url).not.toContain('cookie-consent');
      // Two pages, cached apart: neither answer leaks into the other.
      expect((await get(url)).body, url).toBe(first.body);
      if (first.statusCode === 200) expect(first.headers['etag'], url).not.toBe(chosen.headers['etag']);
    }
  });

  it('a client-only page only says whether it asks (the browser renders the banner)', async () => {
    const ask = await get('/orders');
    expect(ask.body).toContain('data-consent="ask"');
    expect(ask.body).toContain('<div id="root"></div>');
    expect((await get('/orders', { cookie: consentCookie() })).body).toContain('data-consent="given"');
  });

  it('a malformed, expired or other-version cookie is no choice: the page asks', async () => {
    const old = { ...rejectAllConsent(new Date(Date.now() - 400 * 86_400_000)) };
    for (const value of [
      'yes',
      serializeConsent(old),
      JSON.stringify({ ...rejectAllConsent(new Date()), version: 0 }),
    ]) {
      expect((await get('/tienda/nota-simple', { cookie: consentCookie(value) })).body).toContain('data-consent="ask"');
    }
  });

  it('the page state carries the texts the page shows, not the whole catalogue (the browser loads its chunk after)', async () => {
    const state = pageFacts((await get('/tienda/nota-simple')).body).state ?? '';
    expect(state).toContain('"queryKey":["session"]');
    expect(state).not.toContain('i18n-catalogue');
    const { texts } = JSON.parse(state) as { texts: { language: string; messages: Record<string, string> } };
    expect(texts.language).toBe('es');
    // The header's and the cookie banner's texts (the page asks for a choice), as the Spanish catalogue words them.
    expect(texts.messages['nav.cart']).toBe('Carrito');
    expect(texts.messages['consent.title']).toBe('Cookies en este sitio');
    // Nothing the page does not show: no back office, no sign-in form.
    expect(Object.keys(texts.messages).some((key) => key.startsWith('backoffice.'))).toBe(false);
    expect(Object.keys(texts.messages).length).toBeLessThan(150);
  });
});

describe("a visitor's own cart and a signed-in customer's checkout", () => {
  async function customerWithCart(email: string): Promise<{ client: TestClient; cookie: string }> {
    const client = new TestClient(t.app);
    expect((await client.register(email)).statusCode).toBe(201);
    const added = await client.post('/api/cart/items', {
      store_id: 1,
      url_key: 'nota-simple',
      answers: notaSimpleAnswers(),
    });
    expect(added.statusCode).toBe(201);
    const cookie = client.cookieHeader;
    expect(cookie).toMatch(/^vt_sid=/);
    return { client, cookie: cookie ?? '' };
  }

  it('arrives rendered with their cart and the payment methods, private and never stored', async () => {
    const { cookie } = await customerWithCart('ssr-checkout-1@example.com');
    const res = await get('/customer/checkout', { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['etag']).toBeUndefined();
    const page = pageFacts(res.body);
    expect(decode(page.title)).toMatch(/^Finalizar el pedido - /);
    expect(page.root).toContain('Nota simple');
    expect(page.root).toContain('Método de pago');
    expect(page.root).toContain('Cerrar sesión');
    const state = JSON.parse(page.state ?? '{}') as {
      queries: { queries: Array<{ queryKey: unknown[]; state: { data: Record<string, unknown> } }> };
    };
    const session = state.queries.queries.find((q) => q.queryKey[0] === 'session')?.state.data;
    expect(session?.['user']).toMatchObject({ email: 'ssr-checkout-1@example.com' });
    // The CSRF token stays out of the HTML: the browser asks for its session.
    expect(session?.['csrf_token']).toBe('');
    expect(res.body).not.toMatch(/"csrf_token":"[^"]/);
  });

  it('no one else ever gets it: another customer gets theirs, a visitor the public page', async () => {
    const first = await customerWithCart('ssr-checkout-2@example.com');
    const second = await customerWithCart('ssr-checkout-3@example.com');
    const mine = (await get('/customer/checkout', { cookie: first.cookie })).body;
    const theirs = (await get('/customer/checkout', { cookie: second.cookie })).body;
    expect(mine).toContain('ssr-checkout-2@example.com');
    expect(theirs).toContain('ssr-checkout-3@example.com');
    expect(theirs).not.toContain('ssr-checkout-2@example.com');
    const visitor = await get('/customer/checkout');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(visitor.body).toContain('<div id="root"></div>');
    expect(visitor.body).not.toContain('ssr-checkout-');
    // A guest session (no user) gets the public page too.
    const guest = new TestClient(t.app);
    await guest.start();
    const guestPage = await guest.get('/customer/checkout');
    expect(guestPage.body).toContain('<div id="root"></div>');
    expect(guestPage.headers['cache-control']).toBe('no-cache');
  });

  it("a visitor's cart arrives rendered with its lines, private, still leading to the forms without JavaScript", async () => {
    const { cookie } = await customerWithCart('ssr-cart-1@example.com');
    const res = await get('/tienda/cart', { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const page = pageFacts(res.body);
    expect(decode(page.title)).toMatch(/^Carrito - /);
    expect(page.root).toContain('Nota simple');
    expect(page.root).toContain('Finalizar compra');
    expect(res.body).toContain('<noscript><main class="page-container"><p class="body"><a href="/html/cart">');
    expect(res.body).not.toMatch(/"csrf_token":"[^"]/);
    // No payment methods: the cart page does not ask for them.
    expect(res.body).not.toContain('payment-methods');
    // Hydrated as islands (docs/decisions/0028-home-page-islands.md): the islands' entry with the cart's island, its
    // chunks (after the content) and the stylesheets its markup needs; neither the app's entry nor the screens'.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/islands-i1.js">');
    for (const chunk of ['frame-f1.js', 'cart-island-k1.js', 'cart-lines-k3.js']) {
      expect(head).toContain(`<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/${chunk}">`);
    }
    for (const sheet of ['frame-f2.css', 'cart-island-k2.css', 'cart-lines-k4.css']) {
      expect(head).toContain(`<link rel="stylesheet" crossorigin href="/assets/${sheet}">`);
    }
    expect(head).not.toContain('index-abc.js');
    expect(head).not.toContain('catalog-c');
    // Its state is what the frame and the island read: the session, the store, the cart.
    const state = JSON.parse(page.state ?? '{}') as { queries: { queries: Array<{ queryKey: unknown[] }> } };
    expect(state.queries.queries.map((q) => q.queryKey[0]).sort()).toEqual(['cart', 'session', 'store']);
    // The checkout keeps the whole app.
    const checkout = (await get('/customer/checkout', { cookie })).body;
    expect(checkout).toContain('src="/assets/index-abc.js"');
    expect(checkout).not.toContain('islands-i1.js');

    // A guest's cart is its session's: rendered for that guest alone.
    const guest = new TestClient(t.app);
    await guest.start();
    const added = await guest.post('/api/cart/items', {
      store_id: 1,
      url_key: 'nota-simple',
      answers: notaSimpleAnswers(),
    });
    expect(added.statusCode).toBe(201);
    const guestCart = await guest.get('/tienda/cart');
    expect(guestCart.headers['cache-control']).toBe('private, no-store');
    expect(pageFacts(guestCart.body).root).toContain('Nota simple');
    // Someone else's session, or none: not that cart (an empty cart, or the public page).
    const other = new TestClient(t.app);
    await other.start();
    const otherCart = await other.get('/tienda/cart');
    expect(pageFacts(otherCart.body).root).not.toContain('Nota simple');
    const visitor = await get('/tienda/cart');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(visitor.body).toContain('<div id="root"></div>');
    // The cart's other addresses (what was just added) stay the public page.
    expect((await get('/tienda/cart/add/product', { cookie })).body).toContain('<div id="root"></div>');
  });

  it('with a query, or an ended session, the public page (nothing rendered for anyone)', async () => {
    const { client, cookie } = await customerWithCart('ssr-checkout-4@example.com');
    expect((await get('/customer/checkout?x=1', { cookie })).body).toContain('<div id="root"></div>');
    expect((await client.post('/api/auth/logout')).statusCode).toBeLessThan(300);
    const after = await get('/customer/checkout', { cookie });
    expect(after.body).toContain('<div id="root"></div>');
    expect(after.body).not.toContain('ssr-checkout-4@example.com');
  });

  it('is not kept in the page cache', async () => {
    const template = parseShellTemplate(
      '<!doctype html><html lang="es"><head><title>V</title></head><body><div id="root"></div></body></html>',
    );
    const pages = new SeoPages(
      t.app.ctx.catalog,
      template,
      await loadPageRenderer(WEB_SSR_SOURCE_ENTRY),
      'http://shop.test',
      null,
    );
    await pages.page(1, '/tienda/nota-simple');
    const before = pages.cacheStats();
    const session = { store_id: 1, language: 'es', csrf_token: 'secret', user: { id: 1 }, remembered: false };
    const cart = { quote_id: '1', store_id: 1, items: [], totals: { subtotal: '0', tax: '0', fees: '0', total: '0' } };
    const page = await pages.customerPage(
      'checkout',
      1,
      { consentAsked: false },
      { session, cart, paymentMethods: [] },
    );
    expect(page?.personal).toBe(true);
    expect(page?.body.toString()).not.toContain('secret');
    expect(pages.cacheStats()).toEqual(before);
  });
});

describe('an attacker', () => {
  it('cannot break out of JSON-LD, the state or an attribute with a product or category name', async () => {
    const hostile = `Nota </script><script>alert(1)</script> "x" 'y' <!-- & \u2028`;
    await t.app.ctx.db
      .update(products)
      .set({
        name: hostile,
        metaTitle: `${hostile} title`,
        metaDescription: `"><img src=x onerror=alert(1)> ${hostile}`,
      })
      .where(eq(products.urlKey, 'nota-simple'));
    await t.app.ctx.db
      .update(categories)
      .set({ name: `${hostile} cat` })
      .where(eq(categories.urlKey, 'registro-de-la-propiedad'));
    await t.app.ctx.catalog.load();
    const res = await get('/tienda/nota-simple?store=1');
    expect(res.statusCode).toBe(200);
    // Exactly the page's own scripts: the module script, three JSON-LD blocks (product, breadcrumbs, the seller's
    // Organization) and the state.
    expect(res.body.match(/<script\b/g)).toHaveLength(5);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<img src=x');
    const page = pageFacts(res.body);
    const product = page.jsonLd.find((d) => d['@type'] === 'Product');
    expect(product?.name).toBe(hostile);
    expect(decode(page.title)).toBe(`${hostile} title - Ventanilla`);
    expect(decode(page.description)).toBe(`"><img src=x onerror=alert(1)> ${hostile}`);
    expect(decode(page.ogTitle)).toBe(decode(page.title));
    // A page hydrated as islands carries no catalogue answer in its state (a wizard step's does: the next test).
    const state = JSON.parse(page.state ?? '{}') as { queries: { queries: Array<{ state: { data: unknown } }> } };
    expect(JSON.stringify(state.queries.queries.map((q) => q.state.data))).not.toContain(JSON.stringify(hostile));
  });

  it("cannot break out of a wizard step's inlined state with a product's texts", async () => {
    const hostile = `Paso </script><script>alert(2)</script> "x" <!-- & \u2028`;
    await t.app.ctx.db
      .update(products)
      .set({ name: hostile, shortDescription: `</script>${hostile}` })
      .where(eq(products.urlKey, 'nota-simple'));
    await t.app.ctx.catalog.load();
    const res = await get('/tienda/nota-simple/step51?store=1');
    expect(res.statusCode).toBe(200);
    // Exactly the module script and the state (a data block, never run).
    expect(res.body.match(/<script\b/g)).toHaveLength(2);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('</script><script>');
    const state = JSON.parse(pageFacts(res.body).state ?? '{}') as {
      queries: { queries: Array<{ queryKey: unknown[]; state: { data: { name?: string } } }> };
    };
    const product = state.queries.queries.find((q) => q.queryKey[2] === 'product')?.state.data;
    expect(product?.name).toBe(hostile);
  });

  it('a catalogue change reaches the cached page', async () => {
    const before = pageFacts((await get('/tienda/folio-request?store=17')).body);
    await t.app.ctx.db
      .update(products)
      .set({ metaTitle: 'Folio copies, fast' })
      .where(eq(products.urlKey, 'folio-request'));
    await t.app.ctx.catalog.load();
    const after = pageFacts((await get('/tienda/folio-request?store=17')).body);
    expect(before.title).not.toBe(after.title);
    expect(after.title).toBe('Folio copies, fast - Ventanilla Ireland');
  });

  it('made-up addresses share one cached 404 page per kind and store (no render, no memory per address)', async () => {
    for (const [a, b] of [
      ['/tienda/made-up-1', '/tienda/made-up-2'],
      ['/tienda/servicios/made-up-1', '/tienda/servicios/made-up-2'],
      ['/made/up/1', '/made/up/2'],
    ]) {
      const first = await get(`${a}?store=16`);
      const second = await get(`${b}?store=16`);
      expect(first.statusCode).toBe(404);
      expect(second.body).toBe(first.body);
    }
  });

  it('a crawler walking every page cannot hold more than the cache budget in memory', async () => {
    const template = parseShellTemplate(
      '<!doctype html><html lang="es"><head><title>V</title></head><body><div id="root"></div></body></html>',
    );
    const pages = new SeoPages(
      t.app.ctx.catalog,
      template,
      await loadPageRenderer(WEB_SSR_SOURCE_ENTRY),
      'http://shop.test',
      null,
      150_000,
    );
    const keys = t.app.ctx.catalog.offeredProducts(1).map((p) => p.row.urlKey);
    expect(keys.length).toBeGreaterThan(20);
    let rendered = 0;
    for (const key of keys) {
      const page = await pages.page(1, `/tienda/${key}`);
      expect(page?.status).toBe(200);
      rendered += page?.body.length ?? 0;
      expect(pages.cacheStats().bytes).toBeLessThanOrEqual(150_000);
    }
    expect(rendered).toBeGreaterThan(300_000);
    // The most recent pages are still served from the cache: the same object, no render.
    const last = keys.at(-1) ?? '';
    expect(await pages.page(1, `/tienda/${last}`)).toBe(await pages.page(1, `/tienda/${last}`));
  });

  it('the Host header picks a store or the default, and never reaches the page', async () => {
    for (const host of ['evil.example', 'evil.example:443', 'ventanilla.pt.evil.example']) {
      for (const url of ['/', '/robots.txt', '/sitemap.xml', '/tienda/folio-request']) {
        const res = await get(url, { host });
        expect(res.statusCode).toBeLessThan(500);
        expect(res.body).not.toContain('evil');
      }
    }
  });

  it('odd paths are 4xx, never a 5xx, a file, or a lookup outside the catalogue', async () => {
    for (const url of [
      '/tienda/%00',
      '/tienda/nota-simple%00',
      '/%00',
      '/tienda/..%2F..%2Fetc%2Fpasswd',
      '/..%2f..%2f..%2fetc%2fpasswd',
      '/tienda/servicios/%E0%A4%A',
      '/tienda/%ff',
      `/tienda/${'a'.repeat(3000)}`,
      '/tienda/servicios/%3Cscript%3E',
      '//evil.example/x',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body).not.toContain('root:x:');
      expect(res.body).not.toContain('<script>');
    }
  });
});

describe('pages go compressed to browsers that take it (text compression)', () => {
  it('brotli or gzip, the same HTML, Vary, and an ETag per copy', async () => {
    const plain = await get('/tienda/nota-simple');
    const br = await get('/tienda/nota-simple', { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get('/tienda/nota-simple', { 'accept-encoding': 'gzip' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    for (const res of [plain, br, gz]) expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const tags = [plain, br, gz].map((r) => String(r.headers['etag']));
    expect(new Set(tags).size).toBe(3);
    const again = await get('/tienda/nota-simple', { 'accept-encoding': 'br', 'if-none-match': tags[1]! });
    expect(again.statusCode).toBe(304);
    expect((await get('/tienda/nota-simple', { 'if-none-match': tags[1]! })).statusCode).toBe(200);
  });

  it('the 404 page too', async () => {
    const res = await get('/tienda/no-such-product', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<html');
  });
});
