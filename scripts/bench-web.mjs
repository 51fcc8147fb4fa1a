// npm run bench:web: Lighthouse 12 (mobile, default simulated throttling) on Debian's Chromium against the built
// product (apps/server/dist/bundle/server.js, the same as npm start) on a free port with a fresh data directory and the demo
// data: the home, a product page, a wizard step, the cart and checkout (a signed-in customer with a product in the
// cart). Prints performance, accessibility, SEO and best practices per page beside the goals (>= 95, then 100 for the
// other three), LCP and TBT, each page's JavaScript before interaction (as bench:bundle measures the home's), the
// shop's entry JavaScript and the home page's (npm run bench:bundle). The full reports land in
// .bench/lighthouse/<page>.json (open them at https://googlechrome.github.io/lighthouse/viewer/).
//   BENCH_PAGES=home,product  only these pages      BENCH_RUNS=3  median of three runs per page (by performance)
//   CHROME_PATH=/usr/bin/chromium (the default)     BENCH_URL=http://host:port  measure a running server instead
//   BENCH_DIST=path/to/apps/web/dist  the web build that server serves (default this checkout's), for the JS figures
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { measureBundle, measureHome, measurePage, printBundle, printHome } from './bench-bundle.mjs';
import { startProduct } from './bench-product.mjs';
import { ROOT } from './build-state.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const CUSTOMER = { email: 'cliente@ventanilla.test', password: 'cliente-demo-2026' };
const NOTA_SIMPLE_ANSWERS = { 77: 'Juan Español', 78: '5028', 79: '28005', 80: 'Calle Mayor 1, 2º B', 411: '3781' };

/** The measured pages; `signedIn` pages get the cookie of a customer with a nota simple in the cart. */
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'product', path: '/tienda/nota-simple' },
  { name: 'wizard', path: '/tienda/nota-simple/step51' },
  // The payment step asks for the customer's preferred payment method; the sign-in form (no session) does not.
  { name: 'cart', path: '/tienda/cart', signedIn: true },
  { name: 'checkout', path: '/customer/checkout', signedIn: true, proof: '/api/customer/payment' },
];
const GOALS = { performance: 95, accessibility: 100, seo: 100, 'best-practices': 100 };

const only = process.env.BENCH_PAGES?.split(',').map((s) => s.trim());
const pages = only ? PAGES.filter((p) => only.includes(p.name)) : PAGES;
if (pages.length === 0) throw new Error(`BENCH_PAGES names none of ${PAGES.map((p) => p.name).join(', ')}`);

/** A session cookie of the demo customer, signed in, with a nota simple in the cart (through the public API). */
async function signedInCookie(baseUrl) {
  let cookie = '';
  let csrf = '';
  const call = async (method, url, body) => {
    const headers = { cookie, ...(body ? { 'content-type': 'application/json' } : {}) };
    if (method !== 'GET') headers['x-csrf-token'] = csrf;
    const res = await fetch(baseUrl + url, { method, headers, body: body ? JSON.stringify(body) : undefined });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('vt_sid='));
    if (set) cookie = set.split(';')[0];
    if (!res.ok) throw new Error(`${method} ${url}: HTTP ${res.status} ${await res.text()}`);
    return res.json();
  };
  csrf = (await call('GET', '/api/session')).csrf_token;
  await call('POST', '/api/auth/login', CUSTOMER);
  csrf = (await call('GET', '/api/session')).csrf_token;
  await call('POST', '/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: NOTA_SIMPLE_ANSWERS });
  return cookie;
}

const median = (runs) => [...runs].sort((a, b) => a.scores.performance - b.scores.performance)[(runs.length - 1) >> 1];
const load = () => loadavg()[0].toFixed(1);

const product = await startProduct();
const dist = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : undefined;
const bundle = measureBundle(dist);
let home;
const outDir = path.join(ROOT, '.bench/lighthouse');
mkdirSync(outDir, { recursive: true });
// A fresh browser (and profile) per page: Lighthouse keeps cookies between runs, and a guest session cookie left by
// an earlier page would win over the signed-in one passed to checkout (which then measured the sign-in form).
const launchChrome = () =>
  chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--disable-gpu', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
  });
let chrome = null;
const results = [];
let cookie = '';
const lighthouseHeaders = (page) => (page.signedIn ? { Cookie: cookie } : {});
try {
  home = await measureHome(product.baseUrl, dist);
  cookie = pages.some((p) => p.signedIn) ? await signedInCookie(product.baseUrl) : '';
  for (const page of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      await chrome?.kill();
      chrome = await launchChrome();
      const loadBefore = load();
      const measure = () =>
        lighthouse(`${product.baseUrl}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.keys(GOALS),
          ...(page.signedIn ? { extraHeaders: lighthouseHeaders(page) } : {}),
        });
      let { lhr, report } = await measure();
      // A trace Chromium failed to record on a busy machine (NO_NAVSTART and the like): measure again, twice at most.
      for (let retry = 0; lhr.runtimeError && retry < 2; retry++) {
        console.error(`${page.name}: ${lhr.runtimeError.code}, measuring again`);
        ({ lhr, report } = await measure());
      }
      const scores = Object.fromEntries(
        Object.keys(GOALS).map((k) => [k, Math.round((lhr.categories[k]?.score ?? 0) * 100)]),
      );
      runs.push({
        scores,
        report,
        lcp: lhr.audits['largest-contentful-paint']?.numericValue,
        tbt: lhr.audits['total-blocking-time']?.numericValue,
        fcp: lhr.audits['first-contentful-paint']?.numericValue,
        finalUrl: lhr.finalDisplayedUrl,
        failed: Object.values(lhr.audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 1 &&
              a.scoreDisplayMode !== 'informative' &&
              a.scoreDisplayMode !== 'manual',
          )
          .filter((a) => a.scoreDisplayMode !== 'metricSavings' || a.score < 0.9)
          .map((a) => a.id),
        load: `${loadBefore}-${load()}`,
        // The page measured is the one meant (checkout: the signed-in payment step, not the sign-in form).
        wrongView:
          !!page.proof &&
          !(lhr.audits['network-requests']?.details?.items ?? []).some((r) => r.url.includes(page.proof)),
      });
    }
    const chosen = median(runs);
    writeFileSync(path.join(outDir, `${page.name}.json`), chosen.report);
    // Its JavaScript before interaction, as bench:bundle measures the home's: the HTML Lighthouse was given (the same
    // cookie), its module script and modulepreloads and their static imports.
    const html = await (await fetch(`${product.baseUrl}${page.path}`, { headers: lighthouseHeaders(page) })).text();
    results.push({ page, ...chosen, js: measurePage(html, dist) });
  }
} finally {
  await chrome?.kill();
  await product.stop();
}

console.log(
  `\nLighthouse ${'12'} mobile (simulated throttling), ${RUNS} run(s) per page${RUNS > 1 ? ', median' : ''}:`,
);
console.log(
  `${'page'.padEnd(9)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'seo'.padStart(5)} ${'bp'.padStart(5)} ${'FCP'.padStart(7)} ${'LCP'.padStart(7)} ${'TBT'.padStart(7)}  load avg  final URL`,
);
let allMet = true;
for (const r of results) {
  const cell = (k) => {
    const met = r.scores[k] >= GOALS[k];
    allMet &&= met;
    return `${r.scores[k]}${met ? ' ' : '!'}`.padStart(5);
  };
  const ms = (v) => (v === undefined ? '-' : `${Math.round(v)}ms`).padStart(7);
  console.log(
    `${r.page.name.padEnd(9)} ${cell('performance')} ${cell('accessibility')} ${cell('seo')} ${cell('best-practices')} ${ms(r.fcp)} ${ms(r.lcp)} ${ms(r.tbt)}  ${r.load.padEnd(8)}  ${r.finalUrl.replace(product.baseUrl, '')}`,
  );
  if (r.failed.length) console.log(`          audits below 1: ${r.failed.join(', ')}`);
  if (r.wrongView) {
    allMet = false;
    console.log(`          NOT the page meant: no request for ${r.page.proof} (signed out?)`);
  }
}
console.log(
  `goals: performance >= 95, accessibility, SEO and best practices 100 ('!' = not met): ${allMet ? 'MET' : 'NOT MET'}`,
);
console.log(
  `(load avg: the machine's 1-minute load before-after each measured page, ${product.external ? 'external server' : 'fresh server with demo data'})\n`,
);
console.log(
  `Each page's JavaScript before interaction (gzip): ${results.map((r) => `${r.page.name} ${(r.js.gzip / 1000).toFixed(1)} KB (${r.js.files.length} files)`).join(', ')}`,
);
const bundleMet = printBundle(bundle);
console.log('');
const homeMet = printHome(home);
process.exitCode = allMet && bundleMet && homeMet ? 0 : 1;
