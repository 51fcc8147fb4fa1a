import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

// A stand-in build of the web app, so this test does not depend on `npm run build`: a hashed script with the
// brotli and gzip copies the build writes beside it, its source map (which must never be served), a dotfile and a
// file outside the served directory.
const root = mkdtempSync(path.join(tmpdir(), 'ventanilla-dist-'));
const dist = path.join(root, 'dist');
mkdirSync(path.join(dist, 'assets'), { recursive: true });
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="es"><title>Ventanilla</title><script type="module" src="/assets/app-abc123.js"></script></html>',
);
const SCRIPT = `console.log(${JSON.stringify('Ventanilla '.repeat(400))});`;
const script = path.join(dist, 'assets', 'app-abc123.js');
writeFileSync(script, SCRIPT);
writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
writeFileSync(`${script}.map`, '{"version":3,"sources":["secret-source.ts"]}');
writeFileSync(path.join(dist, 'assets', 'plain-def456.css'), 'body{margin:0}');
writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(path.join(dist, '.env'), 'SECRET=1');
writeFileSync(path.join(root, 'outside.txt'), 'outside the served directory');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the web app is served by the API server', () => {
  it('client-side routes get index.html, not cached, with the page CSP', async () => {
    for (const url of ['/', '/tienda/nota-simple/step1', '/orders/detail/100000001', '/agentes']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('hashed assets are cached for a year, other files revalidated', async () => {
    const res = await get('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.headers['content-type']).toBe('image/svg+xml');
  });

  it('the sign-in page’s second step is a page although its address ends like a file name (".com")', async () => {
    for (const url of [
      '/customer/authenticate/ana%40example.com',
      '/customer/authenticate/ana@example.com?next=%2Forders',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it('a missing file (an asset of an older build) is a 404, never the app page in its place', async () => {
    expect((await get('/assets/index-doesnotexist.js')).statusCode).toBe(404);
    expect((await get('/missing-icon.png')).statusCode).toBe(404);
  });
});

describe('precompressed copies, chosen by Accept-Encoding', () => {
  it('brotli when the browser takes it, with Vary and the length of the copy', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('gzip when brotli is not accepted (absent or q=0)', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
      const res = await get('/assets/app-abc123.js', { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
    }
  });

  it('the file as it is without an accepted encoding, still with Vary', async () => {
    const variants: Array<Record<string, string>> = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'gzip;q=0, br;q=0' },
    ];
    for (const headers of variants) {
      const res = await get('/assets/app-abc123.js', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.payload).toBe(SCRIPT);
    }
  });

  it('a file without copies has no Vary and no encoding', async () => {
    const res = await get('/assets/plain-def456.css', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.payload).toBe('body{margin:0}');
  });

  it('each copy has its own ETag; If-None-Match answers 304 for that copy only', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    const plain = await get('/assets/app-abc123.js');
    const tags = [br, gz, plain].map((r) => String(r.headers['etag']));
    expect(new Set(tags).size).toBe(3);
    const again = await get('/assets/app-abc123.js', { 'accept-encoding': 'br', 'if-none-match': tags[0]! });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const other = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip', 'if-none-match': tags[0]! });
    expect(other.statusCode).toBe(200);
  });

  it('HEAD answers the headers without a body', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBe(0);
  });

  it('the compressed copies have no address of their own', async () => {
    expect((await get('/assets/app-abc123.js.br')).statusCode).toBe(404);
    expect((await get('/assets/app-abc123.js.gz')).statusCode).toBe(404);
  });
});

describe('nothing else leaves the directory', () => {
  it('no source map is served, whatever the encoding asked', async () => {
    for (const accept of [undefined, 'br, gzip']) {
      const res = await get('/assets/app-abc123.js.map', accept ? { 'accept-encoding': accept } : {});
      expect(res.statusCode).toBe(404);
      expect(res.payload).not.toContain('secret-source');
    }
  });

  it('no dotfile', async () => {
    const res = await get('/.env');
    expect(res.statusCode).toBe(404);
    expect(res.payload).not.toContain('SECRET');
  });

  it.each([
    '/../outside.txt',
    '/assets/../../outside.txt',
    '/assets/%2e%2e/%2e%2e/outside.txt',
    '/%2e%2e/outside.txt',
    '/assets/..%2f..%2foutside.txt',
    '/assets/..%5c..%5coutside.txt',
    '//outside.txt',
    '/assets//app-abc123.js.map',
  ])('a path that tries to leave it (%s) reaches no file', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.payload).not.toContain('outside the served directory');
    expect(res.payload).not.toContain('secret-source');
  });

  it.each(['/assets/app-abc123.js%00', '/assets/app-abc123.js%00.map', '/%00', '/assets/%00../../outside.txt'])(
    'a NUL byte in the path (%s) is refused, never a 5xx nor a file',
    async (url) => {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.payload).not.toContain('outside the served directory');
    },
  );
});
