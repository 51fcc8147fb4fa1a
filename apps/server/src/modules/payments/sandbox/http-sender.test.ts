// The sandbox provider's webhook client: a real HTTP POST to the shop, acknowledged by a 2xx.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpSender } from './sandbox-gateway.js';

let server: http.Server;
let base: string;
const received: Array<{ method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }> = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.statusCode = req.url === '/fails' ? 500 : req.url === '/redirects' ? 302 : 200;
      res.end('answer body');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('httpSender', () => {
  it('posts the body and headers as they are; a 2xx is an acknowledgement', async () => {
    const body = JSON.stringify({ id: 'evt_1', type: 'payment.succeeded', data: { name: 'Lucía' } });
    expect(await httpSender(`${base}/hook`, body, { 'content-type': 'application/json', 'x-sig': 't=1,v1=ab' })).toBe(
      true,
    );
    const last = received.at(-1)!;
    expect(last).toMatchObject({ method: 'POST', url: '/hook', body });
    expect(last.headers['x-sig']).toBe('t=1,v1=ab');
    expect(last.headers['content-length']).toBe(String(Buffer.byteLength(body)));
  });

  it('two deliveries in a row reuse the connection (keep-alive)', async () => {
    await httpSender(`${base}/a`, '{}', {});
    await httpSender(`${base}/b`, '{}', {});
    const [a, b] = received.slice(-2);
    expect(a?.headers.connection).toBe('keep-alive');
    expect(b?.headers.connection).toBe('keep-alive');
  });

  it.each([
    ['a 500', () => `${base}/fails`],
    ['a redirect (not followed)', () => `${base}/redirects`],
    ['a refused connection', () => 'http://127.0.0.1:1/hook'],
    ['a malformed address', () => 'not a url'],
    ['another scheme', () => 'ftp://127.0.0.1/hook'],
  ])('%s is not an acknowledgement', async (_what, url) => {
    expect(await httpSender(url(), '{}', {})).toBe(false);
  });
});
