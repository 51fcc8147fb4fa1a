import { describe, expect, it } from 'vitest';
import { canonicalRedirect, storeBaseUrl } from './canonical-origin.js';

const config = (canonicalHost: 'store-host' | 'public-url' | 'off', trustProxy = true) => ({
  canonicalHost,
  publicUrl: 'http://localhost:3000',
  storeHosts: { 'staging.ventanilla.test': 1 },
  trustProxy,
});
const at = (protocol: string, host: string, url = '/customer/checkout?x=1') => ({
  protocol,
  host,
  hostname: host.replace(/:\d+$/, ''),
  url,
});
const STORE_1 = ['ventanilla.es', 'www.ventanilla.es'];

describe('canonicalRedirect', () => {
  it.each([
    // mode, arrived at, the store's hosts, redirect to
    ['off', at('http', '127.0.0.1:3000'), STORE_1, null],
    ['public-url', at('http', 'localhost:3000'), STORE_1, null],
    ['public-url', at('http', '127.0.0.1:3000'), STORE_1, 'http://localhost:3000/customer/checkout?x=1'],
    ['public-url', at('http', 'localhost:8080'), undefined, 'http://localhost:3000/customer/checkout?x=1'],
    ['public-url', at('https', 'localhost:3000'), undefined, 'http://localhost:3000/customer/checkout?x=1'],
    ['store-host', at('https', 'ventanilla.es'), STORE_1, null],
    ['store-host', at('https', 'www.ventanilla.es'), STORE_1, 'https://ventanilla.es/customer/checkout?x=1'],
    ['store-host', at('http', 'ventanilla.es'), STORE_1, 'https://ventanilla.es/customer/checkout?x=1'],
    [
      'store-host',
      at('https', 'www.ventanilla.es', '//evil.example/x'),
      STORE_1,
      'https://ventanilla.es//evil.example/x',
    ],
    // A host the operator mapped (STORE_HOSTS) is its own canonical host.
    ['store-host', at('http', 'staging.ventanilla.test'), STORE_1, null],
    // A host no store has (an IP address): PUBLIC_URL.
    ['store-host', at('http', '10.0.0.7:3000'), undefined, 'http://localhost:3000/customer/checkout?x=1'],
    ['store-host', at('http', 'localhost:3000'), undefined, null],
  ] as const)('%s: %o for hosts %o -> %s', (mode, arrived, hosts, expected) => {
    expect(canonicalRedirect(config(mode), arrived, hosts)).toBe(expected);
  });

  it('without a trusted proxy the scheme is unknown: only the host counts (no loop behind a TLS proxy)', () => {
    expect(canonicalRedirect(config('store-host', false), at('http', 'ventanilla.es'), STORE_1)).toBeNull();
    expect(canonicalRedirect(config('store-host', false), at('http', 'www.ventanilla.es'), STORE_1)).toBe(
      'https://ventanilla.es/customer/checkout?x=1',
    );
    expect(canonicalRedirect(config('public-url', false), at('https', 'localhost:3000'), STORE_1)).toBeNull();
    expect(canonicalRedirect(config('public-url', false), at('http', '127.0.0.1:3000'), STORE_1)).toBe(
      'http://localhost:3000/customer/checkout?x=1',
    );
  });
});

describe('storeBaseUrl (where payment providers send the customer back)', () => {
  it('is the store’s first host with store hosts, PUBLIC_URL otherwise', () => {
    expect(storeBaseUrl(config('store-host'), STORE_1)).toBe('https://ventanilla.es');
    expect(storeBaseUrl(config('store-host'), [])).toBe('http://localhost:3000');
    expect(storeBaseUrl(config('public-url'), STORE_1)).toBe('http://localhost:3000');
    expect(storeBaseUrl(config('off'), STORE_1)).toBe('http://localhost:3000');
  });
});
