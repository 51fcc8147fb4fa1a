import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payOnSandbox, waitFor } from '../support/sandbox-browser.js';
import { sendSandboxNotification } from '../support/payment-state.js';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

// The checkout and the payment send fewer statements (docs/performance.md, "Checkout", 2026-11-25): the idempotency
// key is looked up only when the checkout fails, the order counter and the order are one statement, the payment's
// listeners share one read of the lines, the payment event is written once, last. These are the cases each shortcut
// must still get right.
let t: TestApp;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const rows = async (sql: string, params: unknown[] = []) => (await t.app.ctx.database.pool.query(sql, params)).rows;

/** Adds a nota simple (the alternative answers when `alt`) to the client's cart. */
const addNotaSimple = (c: TestClient, alt = false) =>
  c.post('/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers(alt) });

/** A new customer (e-mail starting with `prefix`) signed in with one nota simple in the cart. */
async function signedInWithLine(prefix: string) {
  const email = `${prefix}-${++seq}-${Date.now()}@example.com`;
  const client = new TestClient(t.app);
  await client.register(email);
  const added = await addNotaSimple(client);
  expect(added.statusCode).toBe(201);
  return { email, client, added };
}

async function customerWithCart() {
  const c = new TestClient(t.app);
  await c.start(1);
  const add = await addNotaSimple(c);
  expect(add.statusCode).toBe(201);
  await c.register(`round-trips-${++seq}-${Date.now()}@example.com`);
  return c;
}

async function checkout(c: TestClient, key: string) {
  const res = await c.post(
    '/api/checkout',
    { payment_method: 'cc', accept_terms: true, start_now: true },
    { 'idempotency-key': key },
  );
  expect(res.statusCode).toBe(201);
  return res.json<{ order_id: number; redirect_url: string }>();
}

async function pay(c: TestClient, placed: { order_id: number; redirect_url: string }) {
  const res = await payOnSandbox(t.app, placed.redirect_url, { number: '4242 4242 4242 4242' });
  expect(res.status).toBe(303);
  await waitFor(async () => (await c.get(`/api/orders/${placed.order_id}/payment`)).json<{ paid: boolean }>().paid);
}

describe('checkout', () => {
  it('adding to the cart answers with the cart, its new line included and priced', async () => {
    const c = new TestClient(t.app);
    await c.start(1);
    const first = await addNotaSimple(c);
    const second = await addNotaSimple(c, true);
    expect(first.json().items).toHaveLength(1);
    const cart = second.json();
    expect(cart.items).toHaveLength(2);
    expect(cart.quote_id).toBe(first.json().quote_id);
    expect(cart).toEqual((await c.get('/api/cart')).json());
    // The line and the cart's touch are one statement: both happened (the links given before no longer pay it).
    const [row] = await rows('select link_generation from carts where quote_id = $1', [cart.quote_id]);
    expect(row.link_generation).toBeGreaterThanOrEqual(2);
  });

  it('the first line makes the cart; after checkout the next line goes into a new cart (one statement each)', async () => {
    const c = await customerWithCart();
    const before = (await c.get('/api/cart')).json();
    expect(before.items).toHaveLength(1);
    const [made] = await rows('select link_generation, user_id from carts where quote_id = $1', [before.quote_id]);
    // Made by the add (a change to its lines: generation 1), adopted by the user at registration.
    expect(made).toEqual({ link_generation: 1, user_id: expect.any(Number) });
    const placed = await checkout(c, `key-round-trips-next-cart-${Date.now()}`);
    const add = await addNotaSimple(c, true);
    expect(add.statusCode).toBe(201);
    const next = add.json();
    expect(next.quote_id).not.toBe(before.quote_id);
    expect(next.items).toHaveLength(1);
    expect(next).toEqual((await c.get('/api/cart')).json());
    const carts = await rows('select quote_id, status, order_id from carts where user_id = $1 order by quote_id', [
      made.user_id,
    ]);
    expect(carts).toEqual([
      { quote_id: before.quote_id, status: 'converted', order_id: String(placed.order_id) },
      { quote_id: next.quote_id, status: 'active', order_id: null },
    ]);
  });

  it('first adds at the same moment (no cart yet) all land in one cart, anonymous or signed in (migration 0035)', async () => {
    const activeCarts = (column: 'session_hash' | 'user_id', owner: unknown) =>
      rows(`select quote_id from carts where ${column} = $1 and store_id = 1 and status = 'active'`, [owner]);
    for (let round = 0; round < 4; round++) {
      const anonymous = new TestClient(t.app);
      await anonymous.start(1);
      const signedIn = new TestClient(t.app);
      await signedIn.register(`first-adds-${round}-${++seq}-${Date.now()}@example.com`);
      for (const c of [anonymous, signedIn]) {
        const adds = await Promise.all([false, true, false, true].map((alt) => addNotaSimple(c, alt)));
        expect(adds.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
        const cart = (await c.get('/api/cart')).json();
        expect(cart.items).toHaveLength(4);
        expect(new Set(adds.map((a) => a.json().quote_id))).toEqual(new Set([cart.quote_id]));
      }
      const [session] = await rows(`select session_hash from carts where quote_id = $1`, [
        (await anonymous.get('/api/cart')).json().quote_id,
      ]);
      expect(await activeCarts('session_hash', session.session_hash)).toHaveLength(1);
      const [user] = await rows(`select user_id from carts where quote_id = $1`, [
        (await signedIn.get('/api/cart')).json().quote_id,
      ]);
      expect(await activeCarts('user_id', user.user_id)).toHaveLength(1);
    }
  });

  it('the database keeps one active cart per owner and store; another store or a converted cart is no conflict', async () => {
    const c = await customerWithCart();
    const [cart] = await rows('select user_id, session_hash from carts where quote_id = $1', [
      (await c.get('/api/cart')).json().quote_id,
    ]);
    await expect(rows('insert into carts (user_id, store_id) values ($1, 1)', [cart.user_id])).rejects.toMatchObject({
      code: '23505',
      constraint: 'carts_one_active_per_user',
    });
    await expect(
      rows('insert into carts (session_hash, store_id) values ($1, 1), ($1, 1)', [`anonymous-${seq}`]),
    ).rejects.toMatchObject({ code: '23505', constraint: 'carts_one_active_per_session' });
    await rows(`insert into carts (user_id, store_id) values ($1, 2)`, [cart.user_id]);
    await rows(`insert into carts (user_id, store_id, status) values ($1, 1, 'converted')`, [cart.user_id]);
  });

  it('migration 0035 folds the duplicates a database already has into the newest cart, then adds its indexes', async () => {
    const migration = readFileSync(new URL('../../drizzle/0035_one_active_cart.sql', import.meta.url), 'utf8');
    const client = await t.app.ctx.database.pool.connect();
    const q = async (text: string, params: unknown[] = []) => (await client.query(text, params)).rows;
    try {
      await q('begin');
      await q('drop index carts_one_active_per_user; drop index carts_one_active_per_session');
      const [{ id: user }] = await q(`select id from users order by id limit 1`);
      const cart = async (owner: string, value: unknown, store: number, age: string, status = 'active') =>
        (
          await q(
            `insert into carts (${owner}, store_id, status, updated_at) values ($1, $2, $3, now() - $4::interval)
             returning quote_id`,
            [value, store, status, age],
          )
        )[0].quote_id as number;
      const line = (quoteId: number) =>
        q(`insert into cart_items (quote_id, product_id, answers) select $1, product_id, '{}' from products limit 1`, [
          quoteId,
        ]);
      await q(`update carts set status = 'merged' where user_id = $1 and status = 'active'`, [user]);
      const userOld = await cart('user_id', user, 1, '2 days');
      const userNew = await cart('user_id', user, 1, '1 day');
      const userOtherStore = await cart('user_id', user, 2, '3 days');
      const userConverted = await cart('user_id', user, 1, '0 days', 'converted');
      const hash = `fold-${Date.now()}`;
      const sessionOld = await cart('session_hash', hash, 1, '2 hours');
      const sessionNew = await cart('session_hash', hash, 1, '1 hour');
      for (const id of [userOld, userOld, userNew, userOtherStore, userConverted, sessionOld, sessionNew])
        await line(id);
      for (const statement of migration.split('--> statement-breakpoint')) await q(statement);
      const state = await q(
        `select c.quote_id, c.status, (select count(*)::int from cart_items i where i.quote_id = c.quote_id) as lines
         from carts c where c.quote_id = any($1) order by c.quote_id`,
        [[userOld, userNew, userOtherStore, userConverted, sessionOld, sessionNew]],
      );
      expect(state).toEqual([
        { quote_id: userOld, status: 'merged', lines: 0 },
        { quote_id: userNew, status: 'active', lines: 3 },
        { quote_id: userOtherStore, status: 'active', lines: 1 },
        { quote_id: userConverted, status: 'converted', lines: 1 },
        { quote_id: sessionOld, status: 'merged', lines: 0 },
        { quote_id: sessionNew, status: 'active', lines: 2 },
      ]);
    } finally {
      await q('rollback');
      client.release();
    }
  });

  it('a line added while a sign-in folds the cart into another waits for it and goes into the cart that stays', async () => {
    const c = await customerWithCart();
    const folded = (await c.get('/api/cart')).json().quote_id as number;
    const client = await t.app.ctx.database.pool.connect();
    let released = false;
    try {
      // What adoptSessionCart does, held open: the cart becomes 'merged' and another is the user's active one.
      await client.query('begin');
      await client.query(`update carts set status = 'merged' where quote_id = $1`, [folded]);
      const kept = (
        await client.query(
          `insert into carts (user_id, store_id) select user_id, store_id from carts where quote_id = $1
           returning quote_id`,
          [folded],
        )
      ).rows[0].quote_id as number;
      const add = addNotaSimple(c, true);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await client.query('commit');
      // Released before the add is awaited: the embedded database's pool may have this one connection only.
      client.release();
      released = true;
      const added = await add;
      expect(added.statusCode).toBe(201);
      expect(added.json().quote_id).toBe(kept);
      expect(added.json().items).toHaveLength(1);
      expect(await rows('select count(*)::int as n from cart_items where quote_id = $1', [folded])).toEqual([{ n: 1 }]);
    } finally {
      if (!released) client.release();
    }
  });

  it('signing in with a cart folds the older cart of the user into it: one active cart with every line', async () => {
    const { email, client: owner, added: older } = await signedInWithLine('fold');
    const device = new TestClient(t.app);
    await device.start(1);
    const anonymous = await addNotaSimple(device, true);
    expect(anonymous.statusCode).toBe(201);
    await device.login(email, 'correct-horse-battery');
    const cart = (await device.get('/api/cart')).json();
    expect(cart.quote_id).toBe(anonymous.json().quote_id);
    expect(cart.items).toHaveLength(2);
    expect(await rows('select status from carts where quote_id = $1', [older.json().quote_id])).toEqual([
      { status: 'merged' },
    ]);
    expect((await owner.get('/api/cart')).json()).toEqual(cart);
  });

  it('signing in again as the same customer keeps the cart as it was', async () => {
    const { email, client: c, added } = await signedInWithLine('again');
    await c.login(email, 'correct-horse-battery');
    const cart = (await c.get('/api/cart')).json();
    expect(cart.quote_id).toBe(added.json().quote_id);
    expect(cart.items).toHaveLength(1);
    expect(await rows('select status from carts where quote_id = $1', [cart.quote_id])).toEqual([{ status: 'active' }]);
  });

  it('two lines added at once to an existing cart both land in it, and each answer shows the lines it knew of', async () => {
    const c = await customerWithCart();
    const before = (await c.get('/api/cart')).json();
    const adds = await Promise.all([false, true, false].map((alt) => addNotaSimple(c, alt)));
    expect(adds.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const after = (await c.get('/api/cart')).json();
    expect(after.quote_id).toBe(before.quote_id);
    expect(after.items).toHaveLength(4);
    for (const add of adds) {
      expect(add.json().quote_id).toBe(before.quote_id);
      expect(add.json().items.length).toBeGreaterThanOrEqual(2);
    }
    const [row] = await rows('select link_generation from carts where quote_id = $1', [before.quote_id]);
    expect(row.link_generation).toBe(4);
  });

  it('the same key after the customer filled a new cart returns the first order and leaves the new cart alone', async () => {
    const c = await customerWithCart();
    const placed = await checkout(c, 'key-round-trips-new-cart');
    const add = await addNotaSimple(c);
    expect(add.statusCode).toBe(201);
    const again = await checkout(c, 'key-round-trips-new-cart');
    expect(again.order_id).toBe(placed.order_id);
    expect((await c.get('/api/me/orders')).json().total).toBe(1);
    // The new cart was not converted: its transaction was rolled back with the refused order.
    expect((await c.get('/api/cart')).json().items).toHaveLength(1);
  });

  it('the same key after the order was paid returns it, paid (no second order, no second payment)', async () => {
    const c = await customerWithCart();
    const placed = await checkout(c, 'key-round-trips-paid');
    await pay(c, placed);
    const again = await checkout(c, 'key-round-trips-paid');
    expect(again).toEqual({ order_id: placed.order_id, redirect_url: `/checkout/success/${placed.order_id}` });
    expect(await rows('select status from payments where order_id = $1', [placed.order_id])).toEqual([
      { status: 'captured' },
    ]);
  });

  it("order numbers follow the store's counter: concurrent checkouts get distinct, consecutive numbers", async () => {
    const customers = await Promise.all([customerWithCart(), customerWithCart(), customerWithCart()]);
    const [counter] = await rows('select last_value from order_counters where store_id = 1');
    const placed = await Promise.all(customers.map((c, i) => checkout(c, `key-round-trips-counter-${i}`)));
    const numbers = placed.map((p) => p.order_id).sort((a, b) => a - b);
    const first = Number(`10${String(Number(counter?.last_value ?? 0) + 1).padStart(7, '0')}`);
    expect(numbers).toEqual([first, first + 1, first + 2]);
    // Each order has its line (with its history), its payment, and its cart converted to it.
    for (const p of placed) {
      const [order] = await rows(
        `select (select count(*)::int from order_items i where i.order_id = o.order_id) as items,
                (select count(*)::int from item_history h join order_items i on i.item_id = h.item_id
                  where i.order_id = o.order_id and h.accion = 'pedido_creado') as history,
                (select count(*)::int from payments p where p.order_id = o.order_id) as payments,
                (select count(*)::int from carts c where c.order_id = o.order_id and c.status = 'converted') as carts
           from orders o where o.order_id = $1`,
        [p.order_id],
      );
      expect(order).toEqual({ items: 1, history: 1, payments: 1, carts: 1 });
    }
  });
});

describe('order numbers', () => {
  // The number is allocated in a statement of its own before the checkout's transaction (the counter is locked for
  // that statement only): a checkout that fails after it leaves a gap, and numbers are never reused.
  it('a checkout that fails leaves a gap; the next order takes the number after it', async () => {
    const empty = new TestClient(t.app);
    await empty.register(`round-trips-gap-${Date.now()}@example.com`);
    const [before] = await rows('select last_value from order_counters where store_id = 1');
    expect(
      (await empty.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true })).statusCode,
    ).toBe(409);
    const [after] = await rows('select last_value from order_counters where store_id = 1');
    expect(Number(after?.last_value)).toBe(Number(before?.last_value ?? 0) + 1);
    const placed = await checkout(await customerWithCart(), `key-round-trips-gap-${Date.now()}`);
    expect(placed.order_id).toBe(Number(`10${String(Number(after?.last_value) + 1).padStart(7, '0')}`));
    expect(await rows('select order_id from orders where order_id = $1', [placed.order_id - 1])).toEqual([]);
  });
});

describe('checkout of carts of several lines', () => {
  // Statements are built once per line count up to 8 lines (place-lines.ts); longer carts are built per checkout.
  it.each([2, 8, 9])(
    '%i lines: every line is an item with its history, in line order, and one payment',
    async (count) => {
      const c = new TestClient(t.app);
      await c.start(1);
      for (let k = 0; k < count; k++) {
        const add = await addNotaSimple(c, k % 2 === 1);
        expect(add.statusCode).toBe(201);
      }
      await c.register(`round-trips-lines-${count}-${Date.now()}@example.com`);
      const cart = (await c.get('/api/cart')).json<{ items: Array<{ id: number; price: { total: string } }> }>();
      expect(cart.items).toHaveLength(count);
      const placed = await checkout(c, `several-lines-${count}-${Date.now()}`);
      const items = await rows(
        'select item_id, total, panel_status_id from order_items where order_id = $1 order by item_id',
        [placed.order_id],
      );
      expect(items.map((i) => (Number(i.total) / 100).toFixed(2))).toEqual(cart.items.map((i) => i.price.total));
      expect(items.every((i) => i.panel_status_id === 0)).toBe(true);
      const history = await rows(
        "select count(*)::int as n from item_history where accion = 'pedido_creado' and item_id = any($1::bigint[])",
        [items.map((i) => i.item_id)],
      );
      expect(history[0].n).toBe(count);
      const paymentRows = await rows('select status from payments where order_id = $1', [placed.order_id]);
      expect(paymentRows).toEqual([{ status: 'pending' }]);
      expect((await c.get('/api/cart')).json().items).toEqual([]);
    },
  );
});

describe('payment notification', () => {
  it('an order paid with a line no longer awaiting payment: the invoice has all its lines, in order; only the awaiting one moves', async () => {
    const c = new TestClient(t.app);
    await c.start(1);
    for (const alt of [false, true]) {
      const add = await addNotaSimple(c, alt);
      expect(add.statusCode).toBe(201);
    }
    await c.register(`round-trips-kept-line-${Date.now()}@example.com`);
    const placed = await checkout(c, `key-round-trips-kept-line-${Date.now()}`);
    const items = await rows('select item_id from order_items where order_id = $1 order by item_id', [placed.order_id]);
    expect(items).toHaveLength(2);
    // The first line was moved on before the payment arrived (as an agent may): the payment does not move it.
    await rows('update order_items set panel_status_id = 60 where item_id = $1', [items[0].item_id]);
    await pay(c, placed);
    const [invoice] = await rows("select lines from invoices where order_id = $1 and kind = 'invoice'", [
      placed.order_id,
    ]);
    expect(invoice.lines.map((l: { itemId: number }) => String(l.itemId))).toEqual(items.map((i) => String(i.item_id)));
    expect(
      await rows(
        `select i.item_id, i.panel_status_id, h.accion from order_items i
           left join item_history h on h.item_id = i.item_id and h.accion = 'pago_confirmado'
          where i.order_id = $1 order by i.item_id`,
        [placed.order_id],
      ),
    ).toEqual([
      { item_id: items[0].item_id, panel_status_id: 60, accion: null },
      { item_id: items[1].item_id, panel_status_id: 40, accion: 'pago_confirmado' },
    ]);
  });

  it('paid once: invoice, Veri*Factu record, e-mail and history from one read of the lines; the event has its outcome', async () => {
    const c = await customerWithCart();
    const placed = await checkout(c, 'key-round-trips-pay');
    const sent: string[] = [];
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
      const config = args[0] as string | { text?: string };
      sent.push(typeof config === 'string' ? config : (config?.text ?? ''));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      await pay(c, placed);
    } finally {
      pg.Client.prototype.query = original;
    }
    expect(sent.filter((s) => /from "order_items" where "order_items"\."order_id"/.test(s))).toHaveLength(1);

    const [invoice] = await rows(
      `select i.lines, (select count(*)::int from verifactu_records r where r.invoice_id = i.id) as records
         from invoices i where i.order_id = $1 and i.kind = 'invoice'`,
      [placed.order_id],
    );
    expect(invoice.lines).toHaveLength(1);
    expect(invoice.records).toBe(1);
    const [chain] = await rows(
      `select c.last_record_id = r.id as at_head from verifactu_chains c
         join verifactu_records r on r.issuer_tax_id = c.issuer_tax_id
         join invoices i on i.id = r.invoice_id where i.order_id = $1`,
      [placed.order_id],
    );
    expect(chain.at_head).toBe(true);
    expect(
      await rows("select kind from email_outbox where order_id = $1 and kind = 'payment_confirmed'", [placed.order_id]),
    ).toHaveLength(1);
    expect(
      await rows(
        `select i.panel_status_id, h.accion from order_items i join item_history h on h.item_id = i.item_id
          where i.order_id = $1 and h.accion = 'pago_confirmado'`,
        [placed.order_id],
      ),
    ).toEqual([{ panel_status_id: 40, accion: 'pago_confirmado' }]);
    expect(
      await rows(
        'select e.outcome from payment_events e join payments p on p.id = e.payment_id where p.order_id = $1',
        [placed.order_id],
      ),
    ).toEqual([{ outcome: 'applied' }]);
  });

  it('a repeated event is a duplicate and leaves no trace, not even a second event row', async () => {
    const c = await customerWithCart();
    const placed = await checkout(c, 'key-round-trips-repeat');
    await pay(c, placed);
    const [event] = await rows(
      'select e.payload from payment_events e join payments p on p.id = e.payment_id where p.order_id = $1',
      [placed.order_id],
    );
    const res = await sendSandboxNotification(t.app, JSON.stringify(event.payload));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: true });
    const [counts] = await rows(
      `select (select count(*)::int from payment_events e join payments p on p.id = e.payment_id
                where p.order_id = $1) as events,
              (select count(*)::int from invoices where order_id = $1) as invoices,
              (select count(*)::int from email_outbox where order_id = $1 and kind = 'payment_confirmed') as emails`,
      [placed.order_id],
    );
    expect(counts).toEqual({ events: 1, invoices: 1, emails: 1 });
  });
});

describe('statements sent together (the pool is pipelined: docs/performance.md, "Checkout", 2026-11-29)', () => {
  /**
   * Runs `act` noting, for each statement whose text matches one of `watched`, whether it was sent while an earlier
   * statement on its connection was still unanswered (it then costs no round trip of its own).
   */
  async function sentWhileInFlight(watched: Record<string, RegExp>, act: () => Promise<void>) {
    const seen: Record<string, boolean[]> = {};
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const config = args[0] as string | { text?: string };
      const text = typeof config === 'string' ? config : (config?.text ?? '');
      const internals = this as unknown as { _activeQuery: unknown; _sentQueryQueue?: unknown[] };
      const inFlight = Boolean(internals._activeQuery) || (internals._sentQueryQueue?.length ?? 0) > 0;
      for (const [name, pattern] of Object.entries(watched)) if (pattern.test(text)) (seen[name] ??= []).push(inFlight);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      await act();
    } finally {
      pg.Client.prototype.query = query;
    }
    return seen;
  }

  it("a checkout's first statement goes with BEGIN, the lines with the order; the payment's writes go together", async () => {
    const c = await customerWithCart();
    let placed: { order_id: number; redirect_url: string } | undefined;
    const atCheckout = await sentWhileInFlight(
      {
        counter: /^insert into "order_counters"/,
        begin: /^BEGIN$/,
        lock: /^select "quote_id".*for update/s,
        order: /^insert into "orders"/,
        lines: /"inserted_items"/,
      },
      async () => {
        placed = await checkout(c, `key-round-trips-pipelined-${Date.now()}`);
      },
    );
    // The order's number, then BEGIN and the cart's lock behind it (2026-11-30: one round trip for the three).
    expect(atCheckout).toEqual({ counter: [false], begin: [true], lock: [true], order: [false], lines: [true] });
    const atPayment = await sentWhileInFlight(
      {
        capture: /^with "captured"/,
        move: /with moved as/,
        event: /^insert into "payment_events"/,
        email: /^WITH inserted AS \(insert into email_outbox/,
        invoice: /^with "counter" as \(insert into "invoice_counters"/,
      },
      () => pay(c, placed!),
    );
    // The confirmation e-mail's row is not waited for: the invoice's statement goes behind it (2026-11-30).
    expect(atPayment).toEqual({ capture: [false], move: [true], event: [true], email: [false], invoice: [true] });
    const [order] = await rows('select status from orders where order_id = $1', [placed!.order_id]);
    expect(order.status).toBe('complete');
  });
});
