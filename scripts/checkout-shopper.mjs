// One shopper of the checkout journey through the real HTTP API: shared by npm run bench:checkout and
// npm run test:chaos, which drive the same paid orders (cart, checkout, the sandbox provider's page, the wait for
// the payment's notification).
import http from 'node:http';

/** Answers of the nota simple's form (store 1) that make a valid cart line. */
export const NOTA_SIMPLE = { 78: '5028', 79: '28005', 80: 'Calle Mayor 1, 2º B', 77: 'Juan Español', 411: '3781' };

/**
 * One shopper: a session cookie, its CSRF token, its own client address and its own keep-alive connection, as a
 * browser keeps one. node:http rather than fetch: the customers' client runs on the same two cores as the server, and
 * fetch's streams cost it about three times the CPU per request (measured: 10 ms per paid order with fetch).
 */
export class Shopper {
  constructor(base, index) {
    this.base = base;
    this.ip = `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;
    this.cookie = undefined;
    this.csrf = undefined;
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  }

  async request(method, url, { json, form, record, timeoutMs } = {}) {
    const headers = { 'x-forwarded-for': this.ip };
    if (this.cookie) headers.cookie = this.cookie;
    if (method !== 'GET' && this.csrf && !form) headers['x-csrf-token'] = this.csrf;
    let body;
    if (json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(form).toString();
    }
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const started = performance.now();
    const res = await new Promise((resolve, reject) => {
      const req = http.request(`${this.base}${url}`, { method, headers, agent: this.agent }, (response) => {
        const chunks = [];
        response.on('data', (c) => chunks.push(c));
        response.on('end', () => resolve({ response, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      });
      req.on('error', reject);
      if (timeoutMs) req.setTimeout(timeoutMs, () => req.destroy(new Error('request timed out')));
      req.end(body);
    });
    const ms = performance.now() - started;
    record?.(ms);
    const { response, text } = res;
    const setCookie = (response.headers['set-cookie'] ?? []).find((c) => c.startsWith('vt_sid='));
    if (setCookie && !form) this.cookie = setCookie.split(';')[0];
    return {
      status: response.statusCode,
      text,
      headers: response.headers,
      location: response.headers.location ?? null,
      json: () => JSON.parse(text),
    };
  }

  async signUp(email) {
    this.csrf = (await this.request('GET', '/api/session?store=1')).json().csrf_token;
    const res = await this.request('POST', '/api/auth/register', {
      json: { email, password: 'correct-horse-battery-staple', firstname: 'Lucía', lastname: 'Pérez' },
    });
    if (res.status >= 300) throw new Error(`register ${res.status}: ${res.text}`);
    this.csrf = (await this.request('GET', '/api/session?store=1')).json().csrf_token;
  }

  /**
   * Steps 1-4 of a paid order: adds a nota simple, checks out by card, opens the sandbox provider's page and pays
   * with the test card (the sandbox then notifies the shop). Returns `{ orderId }` once the provider accepted the
   * payment (its 303), or `{ failed }` naming the step that did not answer as expected. `onOrder` sees the order id as
   * soon as the checkout created it.
   */
  async payOneOrder({ record = () => () => undefined, onOrder, timeoutMs } = {}) {
    const add = await this.request('POST', '/api/cart/items', {
      json: { store_id: 1, url_key: 'nota-simple', answers: NOTA_SIMPLE },
      record: record('cart'),
      timeoutMs,
    });
    if (add.status !== 201) return { failed: `cart ${add.status}` };
    const checkout = await this.request('POST', '/api/checkout', {
      json: { payment_method: 'cc', accept_terms: true, start_now: true },
      record: record('checkout'),
      timeoutMs,
    });
    if (checkout.status !== 201) return { failed: `checkout ${checkout.status} ${checkout.text.slice(0, 80)}` };
    const { order_id: orderId, redirect_url: redirectUrl } = checkout.json();
    onOrder?.(orderId);
    const page = await this.request('GET', redirectUrl, { record: record('sandbox page'), timeoutMs });
    const token = /name="token" value="([^"]+)"/.exec(page.text)?.[1];
    if (!token) return { failed: `sandbox page ${page.status}`, orderId };
    const pay = await this.request('POST', new URL(redirectUrl, this.base).pathname, {
      form: { token, number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Lucía Pérez' },
      record: record('sandbox pay'),
      timeoutMs,
    });
    if (pay.status !== 303) return { failed: `sandbox pay ${pay.status}`, orderId };
    return { orderId };
  }
}
