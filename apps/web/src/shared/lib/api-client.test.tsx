// The client bound to the contract keeps what the hand-written one did: the CSRF header and its one retry with a fresh
// token, ApiError for every failure (with the 423's lock, status 0 offline), and query strings without empty values.
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, handler, server } from '../testing';
import { api, ApiError, NETWORK_ERROR, setCsrfToken } from './api-client';

const emptyCart = { quote_id: null, store_id: 1, items: [], totals: { subtotal: '0.00', tax: '0.00', total: '0.00' } };

afterEach(() => setCsrfToken(null));

describe('the API client', () => {
  it('sends the CSRF token, and once more with a fresh one when the server refused it', async () => {
    setCsrfToken('old');
    const sent: (string | null)[] = [];
    server.use(
      http.get('/api/session', () => HttpResponse.json({ csrf_token: 'fresh' })),
      http.post('/api/me/notifications/read-all', async ({ request }) => {
        sent.push(request.headers.get('x-csrf-token'));
        if (sent.length === 1) return HttpResponse.json({ code: 'CSRF_INVALID', message: 'x' }, { status: 403 });
        return HttpResponse.json({ updated: 1 });
      }),
    );
    await api.POST('/api/me/notifications/read-all');
    expect(sent).toEqual(['old', 'fresh']);
  });

  it('reports a second CSRF refusal, and sends no token on a GET', async () => {
    setCsrfToken('old');
    let tokenOnGet: string | null = 'unset';
    server.use(
      http.get('/api/session', () => HttpResponse.json({ csrf_token: 'fresh' })),
      http.post('/api/me/notifications/read-all', () =>
        HttpResponse.json({ code: 'CSRF_INVALID', message: 'x' }, { status: 403 }),
      ),
      http.get('/api/cart', ({ request }) => {
        tokenOnGet = request.headers.get('x-csrf-token');
        return HttpResponse.json(emptyCart);
      }),
    );
    const error = await api.POST('/api/me/notifications/read-all').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'CSRF_INVALID', idempotent: false });
    await api.GET('/api/cart');
    expect(tokenOnGet).toBeNull();
  });

  it('answers the body; a failure is an ApiError with the body the server sent', async () => {
    server.use(
      http.get('/api/cart', () => HttpResponse.json(emptyCart)),
      handler('post', '/api/backoffice/items/{itemId}/lock', () =>
        HttpResponse.json(
          {
            code: 'ITEM_LOCKED',
            message: 'Lo tiene Ana',
            lock: { item_id: 7, locked_by: 2, locked_by_name: 'Ana', expires_at: '2026-01-01T00:00:00Z' },
          },
          { status: 423 },
        ),
      ),
      handler('put', '/api/me/account', () => apiError(400, { code: 'VALIDATION_ERROR', message: 'No' })),
    );
    expect(await api.GET('/api/cart')).toEqual(emptyCart);
    const locked = await api
      .POST('/api/backoffice/items/{itemId}/lock', { params: { path: { itemId: 7 } } })
      .catch((e: unknown) => e);
    expect(locked).toMatchObject({ status: 423, code: 'ITEM_LOCKED', lock: { locked_by_name: 'Ana' } });
    const refused = await api
      .PUT('/api/me/account', { body: { firstname: 'A', lastname: 'B' } })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'No', idempotent: true });
  });

  it('is status 0 when no answer came, and keeps an abort an abort', async () => {
    server.use(http.get('/api/cart', () => HttpResponse.error()));
    const offline = await api.GET('/api/cart').catch((e: unknown) => e);
    expect(offline).toMatchObject({ status: 0, code: NETWORK_ERROR, idempotent: true });
    const controller = new AbortController();
    controller.abort();
    const aborted = await api.GET('/api/cart', { signal: controller.signal }).catch((e: unknown) => e);
    expect(aborted).not.toBeInstanceOf(ApiError);
    expect((aborted as Error).name).toBe('AbortError');
  });

  it('fills path parameters and leaves empty query values out', async () => {
    let url = '';
    server.use(
      http.get('/api/backoffice/customers', ({ request }) => {
        url = request.url;
        return HttpResponse.json({ items: [], total: 0, page: 1, per_page: 20 });
      }),
    );
    await api.GET('/api/backoffice/customers', { params: { query: { search: '', page: 2 } } }).catch(() => undefined);
    expect(new URL(url).search).toBe('?page=2');
  });
});
