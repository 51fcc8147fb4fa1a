import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

// The installable app's files (`/manifest.webmanifest` and `/sw.js` are served, `/version.json` holds the
// app version): the manifest, made per store by the server (modules/seo/web-manifest.ts), and the files the web build
// leaves in dist/: the real worker, offline page and icons from apps/web/public, a version.json of the shape build/app-version.ts writes, and a secret beside the served directory.
const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/public');
const root = mkdtempSync(path.join(tmpdir(), 'ventanilla-pwa-'));
const dist = path.join(root, 'dist');
mkdirSync(path.join(dist, 'icons'), { recursive: true });
mkdirSync(path.join(dist, 'assets'), { recursive: true });
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="es"><title>Ventanilla</title></html>');
for (const file of ['sw.js', 'offline.html', 'offline.css', 'favicon.ico', 'icons/app-192.png', 'icons/app-512.png']) {
  copyFileSync(path.join(publicDir, file), path.join(dist, file));
}
const VERSION = { version: '0.1.0', build: '20261124T230000-abc123', built_at: '2026-11-24T23:00:00.000Z' };
writeFileSync(path.join(dist, 'version.json'), JSON.stringify(VERSION));
writeFileSync(path.join(root, 'secret.json'), '{"secret":"outside the served directory"}');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the installable app: manifest, service worker, version', () => {
  it('the manifest is JSON of its own type, revalidated, opening the orders list standalone', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = JSON.parse(res.payload) as Record<string, unknown>;
    expect(manifest).toMatchObject({ start_url: '/orders', display: 'standalone', scope: '/', lang: 'es' });
    expect(manifest['name']).toEqual(expect.any(String));
    expect(String(manifest['short_name']).length).toBeLessThanOrEqual(12);
    expect(manifest['theme_color']).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it("each store's manifest carries its own brand and language", async () => {
    const stores = new Map<string, string>();
    for (const id of [1, 16, 17]) {
      const store = JSON.parse((await get(`/api/stores/${id}`)).payload) as { name: string; language: string };
      const manifest = JSON.parse((await get(`/manifest.webmanifest?store=${id}`)).payload) as Record<string, string>;
      expect(manifest['name']).toBe(store.name);
      expect(manifest['lang']).toBe(store.language);
      stores.set(manifest['lang']!, manifest['name']!);
    }
    expect([...stores.keys()].sort()).toEqual(['en', 'es', 'pt']);
  });

  it('every icon of the manifest is served as a PNG of the size it claims', async () => {
    const manifest = JSON.parse((await get('/manifest.webmanifest')).payload) as {
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const res = await get(icon.src);
      expect(res.statusCode, icon.src).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const png = res.rawPayload;
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
      const [w, h] = icon.sizes.split('x').map(Number);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([w, h]);
    }
  });

  it('/favicon.ico (what browsers ask for without being told) is an icon, the app icon inside it', async () => {
    const res = await get('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    const ico = res.rawPayload;
    // ICONDIR: reserved 0, type 1 (icon), one image; its entry points at a PNG.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 1]);
    const offset = ico.readUInt32LE(18);
    expect(ico.subarray(offset + 1, offset + 4).toString('ascii')).toBe('PNG');
    expect(ico.readUInt32LE(14)).toBe(ico.length - offset);
  });

  it('the service worker is a script at the root (its scope is the whole site), never cached without asking', async () => {
    const res = await get('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['etag']).toBeTruthy();
    expect(res.payload).toBe(readFileSync(path.join(publicDir, 'sw.js'), 'utf8'));
    // The pages' CSP allows it (script-src 'self'; no worker-src that would refuse it).
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(res.headers['content-security-policy'])).not.toContain('worker-src');
  });

  it('the offline page is served, and /version.json holds the version, revalidated on every poll', async () => {
    const offline = await get('/offline.html');
    expect(offline.statusCode).toBe(200);
    expect(offline.headers['content-type']).toBe('text/html; charset=utf-8');
    const res = await get('/version.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(res.payload)).toEqual(VERSION);
  });

  it.each([
    '/../secret.json',
    '/%2e%2e/secret.json',
    '/icons/..%2f..%2fsecret.json',
    '/icons/%2e%2e/%2e%2e/secret.json',
    '/sw.js/../../secret.json',
    '/sw.js%00',
    '/manifest.webmanifest%00.json',
    '//secret.json',
  ])('a path that tries to leave the directory (%s) reaches no file and no 5xx', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.payload).not.toContain('outside the served directory');
  });
});
