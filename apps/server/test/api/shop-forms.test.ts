import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

// The purchase path as server-rendered forms (docs/decisions/0027-forms-without-javascript.md): urlencoded posts
// answered with a 303 to the next page, or the page again with the engine's messages and the answers kept; the
// session's token in a hidden field; odd input refused with a 400 and a message.

let t: TestApp;
let ip = 1;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A browser without JavaScript: cookies kept, forms posted as the browser would (no CSRF header). */
function browser() {
  const c = new TestClient(t.app);
  const request = c.request.bind(c);
  const address = `10.27.0.${ip++}`;
  c.request = (options) => request({ ...options, remoteAddress: address });
  return {
    c,
    get: (url: string) => c.get(url),
    post: (url: string, fields: Record<string, string | string[]>) => {
      const body = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
      return c.request({ method: 'POST', url, payload: body.toString(), headers: FORM });
    },
  };
}

const tokenIn = (page: string) => /name="_csrf" value="([^"]*)"/.exec(page)?.[1] ?? '';
const fieldsIn = (page: string) => [...page.matchAll(/name="(option-\d+)"/g)].map((m) => m[1]!);

const NOTA_SIMPLE: Record<string, string> = {
  'option-78': 'Madrid',
  'option-79': 'Madrid',
  'option-80': 'Calle Mayor 1, 2º B',
  'option-77': 'Juan Español',
  'option-411': '3781',
};

/** A commercial registry simple note: a line a customer may order several of (max_qty 50). */
const COMPANY_NOTE: Record<string, string> = { 'option-1201': 'Construcciones Pérez SL', 'option-1204': '120401' };

/** Answers every wizard page from `/html/.../step1` (or `from`) up to the check-answers page. */
async function throughWizard(
  b: ReturnType<typeof browser>,
  urlKey = 'nota-simple',
  answers = NOTA_SIMPLE,
  from = `/html/tienda/${urlKey}/step1`,
) {
  let at = from;
  for (let i = 0; i < 20 && !at.endsWith('/check'); i++) {
    const page = await b.get(at);
    expect(page.statusCode, page.body).toBe(200);
    const fields = Object.fromEntries(fieldsIn(page.body).map((f) => [f, answers[f] ?? '']));
    const posted = await b.post(at, { _csrf: tokenIn(page.body), ...fields });
    expect(posted.statusCode, posted.body).toBe(303);
    at = posted.headers.location as string;
  }
  expect(at).toBe(`/html/tienda/${urlKey}/check`);
}

/** A visitor whose no-JS cart holds one company note, added through the wizard's pages. */
async function withCompanyNote() {
  const b = browser();
  await throughWizard(b, 'nota-simple-registro-mercantil', COMPANY_NOTE);
  const check = await b.get('/html/tienda/nota-simple-registro-mercantil/check');
  const added = await b.post('/html/tienda/nota-simple-registro-mercantil/check', { _csrf: tokenIn(check.body) });
  expect(added.statusCode, added.body).toBe(303);
  const cart = await b.get('/html/cart');
  const line = /action="\/html\/cart\/(\d+)"/.exec(cart.body)![1]!;
  return { b, cart: cart.body, line };
}

const versionIn = (page: string) => /name="version" value="(\d+)"/.exec(page)![1]!;
const linesIn = (page: string) => [...page.matchAll(/<li class="cart-line">/g)].length;

describe('wizard pages', () => {
  it('a first answer without a session opens one and moves on with a 303; place names are matched', async () => {
    const b = browser();
    const first = await b.post('/html/tienda/nota-simple/step1', { 'option-78': 'madrid', 'option-79': 'Madrid' });
    expect(first.statusCode, first.body).toBe(303);
    expect(first.headers.location).toBe('/html/tienda/nota-simple/step2');
    expect(first.cookies.some((c) => c.name === 'vt_sid')).toBe(true);
    // Back on the first page: the province chosen in the list, the municipality by its name.
    const back = await b.get('/html/tienda/nota-simple/step1');
    expect(back.body).toMatch(/<option value="5028" selected>Madrid<\/option>/);
    expect(back.body).toMatch(/id="option-79" name="option-79" value="Madrid"/);
  });

  it('an invalid page comes back with the engine message in the error summary and the typed answers kept', async () => {
    const b = browser();
    const unknown = await b.post('/html/tienda/nota-simple/step1', {
      'option-78': 'Madrid',
      'option-79': 'Villanomás',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body).toContain('class="error-summary"');
    // The summary names the question, as the browser's wizard does; the message by the field is the bare one.
    expect(unknown.body).toMatch(/<a href="#option-79">Municipio: No encontramos «Villanomás»/);
    expect(unknown.body).toContain('value="Villanomás"');
    expect(unknown.body).toMatch(/<option value="5028" selected>/);
    const empty = await b.post('/html/tienda/nota-simple/step1', {
      _csrf: tokenIn(unknown.body),
      'option-78': 'Madrid',
      'option-79': '',
    });
    expect(empty.statusCode).toBe(422);
    // The engine's own required message, as the API's evaluate endpoint gives it.
    const evaluated = await b.c.post('/api/stores/1/products/nota-simple/evaluate', { answers: { '78': '5028' } });
    const message = (evaluated.json() as { errors: Array<{ option_id: number; message: string }> }).errors.find(
      (e) => e.option_id === 79,
    )!.message;
    expect(empty.body).toContain(`<a href="#option-79">Municipio: ${message}</a>`);
    expect(empty.body).toContain(`<span class="visually-hidden">Error:</span> ${message}</p>`);
  });

  it.each([
    [9, 'nota-simple', /^Province: /],
    [16, 'certidao-permanente', /^Distrito ou região autónoma: Por favor/],
  ] as const)(
    'store %i, %s: each summary line names its question in the store language',
    async (store, key, firstLine) => {
      const b = browser();
      const first = await b.get(`/html/tienda/${key}/step1?store=${store}`);
      expect(first.statusCode, first.body).toBe(200);
      const empty = await b.post(`/html/tienda/${key}/step1`, {
        _csrf: tokenIn(first.body),
        ...Object.fromEntries(fieldsIn(first.body).map((f) => [f, ''])),
      });
      expect(empty.statusCode, empty.body).toBe(422);
      const titles = new Map(
        (await b.c.get(`/api/stores/${store}/products/${key}`))
          .json<{ options: Array<{ option_id: number; title: string }> }>()
          .options.map((o) => [`option-${o.option_id}`, o.title]),
      );
      const lines = [...empty.body.matchAll(/<li><a href="#(option-\d+)">([^<]*)<\/a><\/li>/g)];
      expect(lines[0]?.[2]).toMatch(firstLine);
      for (const [, field, text] of lines) {
        // The field's own message, named by its question: "Province: ..." ("Como quer ...? ..." keeps its "?").
        const message = new RegExp(`id="${field}-error"><span class="visually-hidden">[^<]*</span> ([^<]*)</p>`).exec(
          empty.body,
        )![1]!;
        const title = titles.get(field!)!.trim();
        expect(text).toBe(`${/[?:!.…]$/.test(title) ? title : `${title}:`} ${message}`);
      }
    },
  );

  it('refuses a post with another token (nothing kept) and shows the page again to be sent on purpose', async () => {
    const b = browser();
    await b.post('/html/tienda/nota-simple/step1', { 'option-78': 'Madrid', 'option-79': 'Madrid' });
    const forged = await b.post('/html/tienda/nota-simple/step1', {
      _csrf: 'not-the-token',
      'option-78': 'Sevilla',
      'option-79': 'Sevilla',
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toMatch(/<option value="5041" selected>/);
    const page = await b.get('/html/tienda/nota-simple/step1');
    expect(page.body).toMatch(/<option value="5028" selected>/);
  });

  it('a question a post reveals on its own page is asked there, not skipped nor refused (copia autorizada: PDF too)', async () => {
    const b = browser();
    // Page 4 asks the kind of copy; the optional "PDF too" (1305) shows only for the authorised copy, on the same page.
    const first = await b.get('/html/tienda/copia-escritura-notarial/step4');
    const asked = (page: string) => [...new Set(fieldsIn(page))];
    expect(asked(first.body)).toEqual(['option-1304']);
    const simple = await b.post('/html/tienda/copia-escritura-notarial/step4', { 'option-1304': '130401' });
    expect(simple.headers.location).toBe('/html/tienda/copia-escritura-notarial/step5');
    const authorised = await b.post('/html/tienda/copia-escritura-notarial/step4', {
      _csrf: tokenIn((await b.get('/html/tienda/copia-escritura-notarial/step4')).body),
      'option-1304': '130402',
    });
    expect(authorised.statusCode, authorised.body).toBe(303);
    expect(authorised.headers.location).toBe('/html/tienda/copia-escritura-notarial/step4');
    const again = await b.get('/html/tienda/copia-escritura-notarial/step4');
    expect(asked(again.body)).toEqual(['option-1304', 'option-1305']);
    expect(again.body).not.toContain('class="error-summary"');
    const answered = await b.post('/html/tienda/copia-escritura-notarial/step4', {
      _csrf: tokenIn(again.body),
      'option-1304': '130402',
      'option-1305': '130501',
    });
    expect(answered.headers.location).toBe('/html/tienda/copia-escritura-notarial/step5');
  });

  it('answers odd input with a 400 and a message: NUL bytes, repeated fields, over-long values', async () => {
    const b = browser();
    // A NUL never reaches a route: the app's input guard answers for every route (security.ts).
    const nul = await b.post('/html/tienda/nota-simple/step1', { 'option-80': 'Calle\u0000Mayor' });
    expect(nul.statusCode).toBe(400);
    expect(nul.body).toContain('El dato contiene caracteres no válidos');
    for (const fields of <Array<Record<string, string | string[]>>>[
      { 'option-78': ['Madrid', 'Sevilla'] },
      { 'option-80': 'x'.repeat(5000) },
      { 'option-80': 'Calle\u0007Mayor' },
      { 'bad name': 'x' },
    ]) {
      const res = await b.post('/html/tienda/nota-simple/step1', fields);
      expect(res.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(res.body).toContain('Los datos enviados no son válidos');
    }
    const cart = await b.post('/html/cart/99999999999999999999', { action: 'remove' });
    expect(cart.statusCode).toBe(400);
  });
});

describe('cart, sign-in and checkout', () => {
  it('adds the line, changes its quantity, registers and hands off to the payment provider', async () => {
    const b = browser();
    await throughWizard(b);
    const check = await b.get('/html/tienda/nota-simple/check');
    expect(check.body).toContain('Comprueba tus respuestas');
    expect(check.body).toContain('Juan Español');
    const forged = await b.post('/html/tienda/nota-simple/check', { _csrf: 'x' });
    expect(forged.statusCode).toBe(403);
    const added = await b.post('/html/tienda/nota-simple/check', { _csrf: tokenIn(check.body) });
    expect(added.statusCode, added.body).toBe(303);
    expect(added.headers.location).toMatch(/^\/html\/cart\?added=\d+$/);

    // The cart says what was added, with the browser's notice (CartAddedNotice): same texts, same markup.
    const cart = await b.get(added.headers.location as string);
    const line = /action="\/html\/cart\/(\d+)"/.exec(cart.body)![1]!;
    expect(added.headers.location).toBe(`/html/cart?added=${line}`);
    expect(cart.body).toContain(
      '<div class="alert alert--success" role="status"><p class="alert__title">Añadido a tu carrito</p><div class="alert__body"><p>Se ha añadido «Nota simple del Registro de la Propiedad» a tu carrito.</p><p><a href="/">Seguir comprando</a></p></div></div>',
    );
    // Only right after adding: the cart opened later says nothing of it.
    expect((await b.get('/html/cart')).body).not.toContain('Añadido a tu carrito');
    // Another visitor naming this line, or an odd value, learns nothing of it: the line is read from their own cart.
    const other = browser();
    for (const query of [`added=${line}`, 'added=%00', 'added=99999999999999999999', 'added=-1', 'added=1e3']) {
      const res = await other.get(`/html/cart?${query}`);
      expect(res.statusCode, query).toBeLessThan(500);
      expect(res.body, query).not.toContain('Nota simple del Registro de la Propiedad');
    }
    const version = /name="version" value="(\d+)"/.exec(cart.body)![1]!;
    const token = tokenIn(cart.body);
    // One property, one unit: the quantity is said, not asked.
    expect(cart.body).not.toContain('name="qty"');
    expect(cart.body).toContain(`<p class="body" id="qty-${line}">Cantidad: 1</p>`);
    const huge = await b.post(`/html/cart/${line}`, {
      _csrf: token,
      version,
      qty: '99999999999999999999',
      action: 'qty',
    });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    expect(huge.body).toContain(`<a href="#qty-${line}">`);
    const noToken = await b.post(`/html/cart/${line}`, { version, qty: '2', action: 'qty' });
    expect(noToken.statusCode).toBe(403);
    // A nota simple is for one property: a second unit is refused by the cart's own rule, shown on the page.
    const two = await b.post(`/html/cart/${line}`, { _csrf: token, version, qty: '2', action: 'qty' });
    expect(two.statusCode, two.body).toBeGreaterThanOrEqual(400);
    expect(two.statusCode).toBeLessThan(500);
    expect(two.body).toContain(`<a href="#qty-${line}">`);
    expect((await b.get('/html/cart')).body).not.toMatch(/name="qty" value="2"/);

    expect((await b.get('/html/checkout')).headers.location).toBe('/html/sign-in');
    const signIn = await b.get('/html/sign-in');
    const registered = await b.post('/html/register', {
      _csrf: tokenIn(signIn.body),
      firstname: 'Lucía',
      lastname: 'Sin Script',
      email: `sin-script-${Date.now()}@example.com`,
      password: 'clave-segura-sin-js-2026',
    });
    expect(registered.statusCode, registered.body).toBe(303);
    expect(registered.headers.location).toBe('/html/checkout');

    const checkout = await b.get('/html/checkout');
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.body).toContain('Quién te vende');
    const key = /name="idempotency_key" value="([^"]+)"/.exec(checkout.body)![1]!;
    const without = await b.post('/html/checkout', {
      _csrf: tokenIn(checkout.body),
      idempotency_key: key,
      payment_method: 'cc',
    });
    expect(without.statusCode).toBe(400);
    expect(without.body).toContain('<a href="#accept_terms">Debes aceptar las condiciones de contratación</a>');
    const paid = await b.post('/html/checkout', {
      _csrf: tokenIn(checkout.body),
      idempotency_key: key,
      payment_method: 'cc',
      accept_terms: 'true',
      start_now: 'true',
    });
    expect(paid.statusCode, paid.body).toBe(303);
    expect(paid.headers.location).toMatch(/\/sandbox-pay\/checkout\/[^/?]+/);
  });

  it('signing in with a wrong password shows the API message in the summary, the e-mail kept', async () => {
    const b = browser();
    const page = await b.get('/html/sign-in');
    const wrong = await b.post('/html/sign-in', {
      _csrf: tokenIn(page.body),
      email: 'nadie@example.com',
      password: 'no-es-esta',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('<a href="#login-email">Error de acceso</a>');
    expect(wrong.body).toContain('value="nadie@example.com"');
  });
});

describe('the cart without JavaScript: quantity, change and remove', () => {
  it('changes the quantity of a line that may have several units; the total follows', async () => {
    const { b, cart, line } = await withCompanyNote();
    expect(cart).toContain(`id="qty-${line}" name="qty" value="1"`);
    expect(cart).toContain('<strong>Total:</strong> 25,12');
    const three = await b.post(`/html/cart/${line}`, {
      _csrf: tokenIn(cart),
      version: versionIn(cart),
      qty: '3',
      action: 'qty',
    });
    expect(three.statusCode, three.body).toBe(303);
    expect(three.headers.location).toBe('/html/cart');
    const after = (await b.get('/html/cart')).body;
    expect(after).toContain(`id="qty-${line}" name="qty" value="3"`);
    expect(after).toContain('<strong>Total:</strong> 75,36');
    expect(versionIn(after)).not.toBe(versionIn(cart));
    // A post from the page before (its version) is refused, the quantity kept: two tabs do not overwrite each other.
    const stale = await b.post(`/html/cart/${line}`, {
      _csrf: tokenIn(cart),
      version: versionIn(cart),
      qty: '5',
      action: 'qty',
    });
    expect(stale.statusCode).toBeGreaterThanOrEqual(400);
    expect(stale.statusCode).toBeLessThan(500);
    expect(stale.body).toContain('class="error-summary"');
    expect(stale.body).toContain(`id="qty-${line}" name="qty" value="3"`);
  });

  it('"Cambiar" loads the line into the check-answers page, which then updates that line instead of adding one', async () => {
    const { b, cart, line } = await withCompanyNote();
    await b.post(`/html/cart/${line}`, { _csrf: tokenIn(cart), version: versionIn(cart), qty: '2', action: 'qty' });
    const before = (await b.get('/html/cart')).body;
    const edit = await b.post(`/html/cart/${line}`, {
      _csrf: tokenIn(before),
      version: versionIn(before),
      action: 'edit',
    });
    expect(edit.statusCode, edit.body).toBe(303);
    // As the browser's cart does: the check-answers page, every answer of the line loaded (the choice too).
    expect(edit.headers.location).toBe('/html/tienda/nota-simple-registro-mercantil/check');
    const check = await b.get(edit.headers.location as string);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.body).toContain('Construcciones Pérez SL');
    expect(check.body).toContain('Estás editando las respuestas de la línea 1 del carrito.');
    expect(check.body).toContain('>Guardar cambios</button>');
    expect(check.body).not.toContain('Añadir al carrito');
    // "Cambiar" on a row leads to the page with that answer, filled in; the company's name is changed there.
    const at = '/html/tienda/nota-simple-registro-mercantil/step1';
    expect(check.body).toContain(
      `<a href="${at}">Cambiar<span class="visually-hidden"> Denominación social de la empresa</span></a>`,
    );
    const page = await b.get(at);
    expect(page.body).toContain('value="Construcciones Pérez SL"');
    await throughWizard(
      b,
      'nota-simple-registro-mercantil',
      { ...COMPANY_NOTE, 'option-1201': 'Talleres Gómez SA' },
      at,
    );
    const again = await b.get('/html/tienda/nota-simple-registro-mercantil/check');
    expect(again.body).toContain('Talleres Gómez SA');
    expect(again.body).toContain('>Guardar cambios</button>');
    const saved = await b.post('/html/tienda/nota-simple-registro-mercantil/check', { _csrf: tokenIn(again.body) });
    expect(saved.statusCode, saved.body).toBe(303);
    expect(saved.headers.location).toBe('/html/cart');
    const after = (await b.get('/html/cart')).body;
    expect(linesIn(after)).toBe(1);
    expect(after).toContain(`action="/html/cart/${line}"`);
    expect(after).toContain('Talleres Gómez SA');
    expect(after).not.toContain('Construcciones Pérez SL');
    expect(after).toContain(`id="qty-${line}" name="qty" value="2"`);
    // The edit is over: the product's next check-answers page adds a line again.
    await throughWizard(b, 'nota-simple-registro-mercantil', COMPANY_NOTE);
    const next = await b.get('/html/tienda/nota-simple-registro-mercantil/check');
    expect(next.body).toContain('Añadir al carrito');
    expect(next.body).not.toContain('Estás editando');
  });

  it('removes a line; the cart then says it is empty', async () => {
    const { b, cart, line } = await withCompanyNote();
    const removed = await b.post(`/html/cart/${line}`, {
      _csrf: tokenIn(cart),
      version: versionIn(cart),
      action: 'remove',
    });
    expect(removed.statusCode, removed.body).toBe(303);
    expect(removed.headers.location).toBe('/html/cart');
    const after = (await b.get('/html/cart')).body;
    expect(linesIn(after)).toBe(0);
    expect(after).toContain('Tu carrito está vacío.');
    expect((await b.c.get('/api/cart')).json<{ items: unknown[] }>().items).toEqual([]);
    // A line removed while it was being changed: its check-answers page adds a line again, not a change of nothing.
    const { b: editor, cart: page, line: gone } = await withCompanyNote();
    await editor.post(`/html/cart/${gone}`, { _csrf: tokenIn(page), version: versionIn(page), action: 'edit' });
    await editor.post(`/html/cart/${gone}`, { _csrf: tokenIn(page), version: versionIn(page), action: 'remove' });
    const check = await editor.get('/html/tienda/nota-simple-registro-mercantil/check');
    expect(check.body).toContain('>Añadir al carrito</button>');
    expect(check.body).not.toContain('Estás editando');
    const readded = await editor.post('/html/tienda/nota-simple-registro-mercantil/check', {
      _csrf: tokenIn(check.body),
    });
    expect(readded.headers.location).toMatch(/^\/html\/cart\?added=\d+$/);
    expect(linesIn((await editor.get('/html/cart')).body)).toBe(1);
    // Without the token nothing is removed.
    const other = await withCompanyNote();
    const refused = await other.b.post(`/html/cart/${other.line}`, { version: '1', action: 'remove' });
    expect(refused.statusCode).toBe(403);
    expect(linesIn((await other.b.get('/html/cart')).body)).toBe(1);
  });
});
