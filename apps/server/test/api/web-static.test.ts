import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

// A stand-in build of the web app, so this test does not depend on `npm run build`.
const dist = mkdtempSync(path.join(tmpdir(), 'ventanilla-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="es"><title>Ventanilla</title><script type="module" src="/assets/app-abc123.js"></script></html>',
);
writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

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

  it('hashed assets are cached for a year', async () => {
    const res = await t.app.inject('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a missing file (an asset of an older build) is a 404, never the app page in its place', async () => {
    expect((await t.app.inject('/assets/index-doesnotexist.js')).statusCode).toBe(404);
    expect((await t.app.inject('/missing-icon.png')).statusCode).toBe(404);
  });
});
