import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LookupFetch } from '../../src/modules/lookups/cadastre.adapter.js';

const FIXTURES = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../fixtures');

/** A recorded answer (test/fixtures/<service>/<name>.json), as the service sends it. */
export function fixture(service: 'catastro' | 'nominatim', name: string): string {
  return readFileSync(path.join(FIXTURES, service, `${name}.json`), 'utf8');
}

/** A fetch that records every request and answers with `answer(url)` (a body, or a status and body). */
export function recordedFetch(answer: (url: URL) => string | { status: number; body: string }) {
  const requests: Array<{ url: URL; headers: Headers }> = [];
  const fetch: LookupFetch = async (url, init) => {
    const parsed = new URL(url);
    requests.push({ url: parsed, headers: new Headers(init?.headers) });
    const out = answer(parsed);
    const { status, body } = typeof out === 'string' ? { status: 200, body: out } : out;
    return new Response(body, { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
  };
  return { fetch, requests };
}

/**
 * A local HTTP server standing in for an outside service: the adapters reach it with the real fetch (timeouts,
 * status codes, bodies as bytes). `delayMs` makes it slow.
 */
export async function localService(
  answer: (url: URL) => { status: number; body: string; delayMs?: number },
): Promise<{ url: string; requests: URL[]; close(): Promise<void> }> {
  const requests: URL[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    requests.push(url);
    const out = answer(url);
    setTimeout(() => {
      res.writeHead(out.status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(out.body);
    }, out.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
