import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { beforeEach, describe, expect, it } from 'vitest';

// public/sw.js run as the browser runs it, against an in-memory Cache Storage and a scripted network: what it
// answers from, and what it stores, for each kind of request.
const source = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public/sw.js'),
  'utf8',
);
const ORIGIN = 'https://ventanilla.test';

type Handler = (event: unknown) => void;

function harness(network: (url: string) => Response | Promise<Response>) {
  const stores = new Map<string, Map<string, Response>>();
  const fetched: string[] = [];
  const keyOf = (r: Request | string) => new URL(typeof r === 'string' ? r : r.url, ORIGIN).href;
  const openCache = (name: string) => {
    const entries = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, entries);
    return {
      put: async (r: Request | string, res: Response) => void entries.set(keyOf(r), res),
      match: async (r: Request | string) => entries.get(keyOf(r))?.clone(),
      keys: async () => [...entries.keys()].map((u) => new Request(u)),
      delete: async (r: Request | string) => entries.delete(keyOf(r)),
      addAll: async (urls: string[]) => {
        for (const u of urls) entries.set(keyOf(u), await doFetch(new Request(keyOf(u))));
      },
    };
  };
  const doFetch = async (r: Request) => {
    fetched.push(new URL(r.url).pathname);
    return network(r.url);
  };
  const caches = {
    open: async (name: string) => openCache(name),
    has: async (name: string) => stores.has(name),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    match: async (r: Request | string, options?: { cacheName?: string }) => {
      const names = options?.cacheName ? [options.cacheName] : [...stores.keys()];
      for (const n of names) {
        const hit = stores.get(n)?.get(keyOf(r));
        if (hit) return hit.clone();
      }
      return undefined;
    },
  };
  const handlers: Record<string, Handler> = {};
  const shown: Array<{ title: string; options: { body: string; tag?: string; data: { url: string } } }> = [];
  const opened: string[] = [];
  const windows: Array<{ url: string; focus: () => Promise<unknown>; navigate: (u: string) => Promise<unknown> }> = [];
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, handler: Handler) => (handlers[type] = handler),
    skipWaiting: async () => undefined,
    registration: {
      showNotification: async (title: string, options: (typeof shown)[number]['options']) =>
        void shown.push({ title, options }),
    },
    clients: {
      claim: async () => undefined,
      matchAll: async () => windows,
      openWindow: async (url: string) => void opened.push(url),
    },
  };
  vm.runInNewContext(source, { self, caches, fetch: doFetch, URL, Response, Request, Promise, Math });

  async function lifecycle(type: 'install' | 'activate') {
    const waits: Promise<unknown>[] = [];
    handlers[type]!({ waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  }
  /** A fetch event: the worker's answer, or null when it let the browser go to the network itself. */
  async function request(pathname: string, init: { mode?: 'navigate' | 'no-cors'; method?: string } = {}) {
    const req = new Request(`${ORIGIN}${pathname}`, { method: init.method ?? 'GET' });
    Object.defineProperty(req, 'mode', { value: init.mode ?? 'no-cors' });
    let answer = null as Promise<Response> | null;
    const waits: Promise<unknown>[] = [];
    handlers['fetch']!({
      request: req,
      respondWith: (p: Promise<Response>) => (answer = p),
      waitUntil: (p: Promise<unknown>) => waits.push(p),
    });
    const res = answer ? await answer : null;
    await Promise.all(waits);
    return res;
  }
  async function dispatch(type: 'push' | 'notificationclick', event: object) {
    const waits: Promise<unknown>[] = [];
    handlers[type]!({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  }
  const push = (body: string) => dispatch('push', { data: { json: () => JSON.parse(body), text: () => body } });
  const click = (url: unknown) => dispatch('notificationclick', { notification: { data: { url }, close: () => {} } });
  return { stores, fetched, lifecycle, request, push, click, shown, opened, windows };
}

const ok = (body: string) => new Response(body, { status: 200 });

describe('the service worker (public/sw.js)', () => {
  let online = true;
  let h: ReturnType<typeof harness>;
  beforeEach(async () => {
    online = true;
    h = harness((url) => {
      if (!online) throw new TypeError('Failed to fetch');
      return ok(`network ${new URL(url).pathname}`);
    });
    await h.lifecycle('install');
    await h.lifecycle('activate');
  });

  it('installs with the offline page only: no page, no API answer stored', () => {
    expect([...h.stores.keys()]).toEqual(['ventanilla-offline-v1']);
    expect([...h.stores.get('ventanilla-offline-v1')!.keys()].map((u) => new URL(u).pathname).sort()).toEqual([
      '/favicon.svg',
      '/offline.css',
      '/offline.html',
    ]);
  });

  it('pages come from the network and are never stored; offline, the offline page', async () => {
    expect(await (await h.request('/orders', { mode: 'navigate' }))!.text()).toBe('network /orders');
    expect(h.stores.has('ventanilla-assets-v1')).toBe(false);
    online = false;
    expect(await (await h.request('/orders', { mode: 'navigate' }))!.text()).toBe('network /offline.html');
  });

  it('the API is never answered by the worker, whatever the method', async () => {
    expect(await h.request('/api/session')).toBeNull();
    expect(await h.request('/api/me/orders', { mode: 'navigate' })).toBeNull();
    expect(await h.request('/api/cart', { method: 'POST' })).toBeNull();
    expect(h.fetched.filter((p) => p.startsWith('/api'))).toEqual([]);
  });

  it('hashed assets: cache first, so offline they still load', async () => {
    expect(await (await h.request('/assets/index-abc123.js'))!.text()).toBe('network /assets/index-abc123.js');
    online = false;
    expect(await (await h.request('/assets/index-abc123.js'))!.text()).toBe('network /assets/index-abc123.js');
    expect(h.fetched.filter((p) => p === '/assets/index-abc123.js')).toHaveLength(1);
  });

  it('other files (version.json, the manifest) are left to the network', async () => {
    expect(await h.request('/version.json')).toBeNull();
    expect(await h.request('/manifest.webmanifest')).toBeNull();
  });

  it('emptied caches (a chunk-load error) get the offline page back on the next page load', async () => {
    for (const name of [...h.stores.keys()]) h.stores.delete(name);
    await h.request('/', { mode: 'navigate' });
    expect(h.stores.get('ventanilla-offline-v1')?.size).toBe(3);
  });

  it('an old version of its caches is deleted on activation; other caches are not its business', async () => {
    h.stores.set('ventanilla-assets-v0', new Map());
    h.stores.set('someone-else', new Map());
    await h.lifecycle('activate');
    expect(h.stores.has('ventanilla-assets-v0')).toBe(false);
    expect(h.stores.has('someone-else')).toBe(true);
  });
});

describe('web push in the service worker', () => {
  let h: ReturnType<typeof harness>;
  beforeEach(() => {
    h = harness((url) => ok(`network ${new URL(url).pathname}`));
  });

  it('shows the pushed notice and opens its order on click', async () => {
    await h.push(
      JSON.stringify({
        title: 'Tu pedido 1: Listo',
        body: '«Nota simple» está ahora: Listo.',
        url: '/orders/detail/1',
        tag: 'order-1',
      }),
    );
    expect(h.shown).toEqual([
      {
        title: 'Tu pedido 1: Listo',
        options: expect.objectContaining({
          body: '«Nota simple» está ahora: Listo.',
          tag: 'order-1',
          data: { url: '/orders/detail/1' },
        }),
      },
    ]);
    await h.click(h.shown[0]!.options.data.url);
    expect(h.opened).toEqual([`${ORIGIN}/orders/detail/1`]);
  });

  it('a window already open navigates to the order instead of a new one', async () => {
    const navigated: string[] = [];
    h.windows.push({
      url: `${ORIGIN}/cuenta`,
      focus: async () => h.windows[0],
      navigate: async (u: string) => navigated.push(u),
    });
    await h.click('/orders/detail/7');
    expect(navigated).toEqual([`${ORIGIN}/orders/detail/7`]);
    expect(h.opened).toEqual([]);
  });

  it.each([
    'https://evil.test/phish',
    '//evil.test/x',
    '/\\evil.test/x',
    '/\t/evil.test/x',
    'javascript:alert(1)',
    42,
    null,
  ])('a push cannot send the app elsewhere (%s opens /orders)', async (url) => {
    await h.click(url);
    expect(h.opened).toEqual([`${ORIGIN}/orders`]);
  });

  it('a payload that is not JSON still shows a notice', async () => {
    await h.push('texto');
    expect(h.shown[0]?.title).toBe('Ventanilla');
  });
});
