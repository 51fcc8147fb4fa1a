// Regression: the sandbox's finish() saved the final status, then queued its notification in a second statement; a
// failure between the two left a finished payment whose notification would never reach the shop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cents } from '@ventanilla/domain';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ deliverWebhooks: false });
});
afterAll(async () => t?.close());

const sql = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.app.ctx.database.pool.query<T>(text, params).then((r) => r.rows);

/** A card payment open on the sandbox; returns its session ref. */
async function openPayment(): Promise<string> {
  const c = new TestClient(t.app);
  await c.start(1);
  expect(
    (await c.post('/api/cart/items', { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() })).statusCode,
  ).toBe(201);
  await c.register(`finish-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`);
  const res = await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true });
  expect(res.statusCode, res.body).toBe(201);
  return new URL(res.json<{ redirect_url: string }>().redirect_url, 'http://x').pathname.split('/').at(-1)!;
}

describe('sandbox finish()', () => {
  it('a failure while queueing the notification leaves neither the final status nor the notification', async () => {
    const ref = await openPayment();
    // The database refuses to queue events (as a crash or a lost connection between the two writes would).
    await sql(`create or replace function refuse_sandbox_events() returns trigger language plpgsql as $$
      begin
        if new.pending_events is distinct from old.pending_events then raise exception 'queue refused'; end if;
        return new;
      end $$`);
    await sql(`create trigger refuse_sandbox_events before update on sandbox_payments
      for each row execute function refuse_sandbox_events()`);
    try {
      await expect(t.app.ctx.sandbox.cancel(ref)).rejects.toThrow();
    } finally {
      await sql('drop trigger refuse_sandbox_events on sandbox_payments');
    }
    const [row] = await sql<{ status: string; pending_events: unknown[] }>(
      'select status, pending_events from sandbox_payments where ref = $1',
      [ref],
    );
    expect(row).toEqual({ status: 'requires_payment_method', pending_events: [] });

    // Once the database is back the same action completes: status and notification together.
    expect((await t.app.ctx.sandbox.cancel(ref)).kind).toBe('redirect');
    const [after] = await sql<{ status: string; pending_events: Array<{ body: string }> }>(
      'select status, pending_events from sandbox_payments where ref = $1',
      [ref],
    );
    expect(after!.status).toBe('canceled');
    expect(after!.pending_events.map((e) => JSON.parse(e.body).type)).toEqual(['payment.canceled']);
  });

  // The card form's route hands submitCard() the session it read; the final status and the notification are then
  // written by one UPDATE that only applies while the session is still as it was read.
  const card = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Ana' };
  const events = async (ref: string) => {
    const [row] = await sql<{ status: string; pending_events: Array<{ body: string }> }>(
      'select status, pending_events from sandbox_payments where ref = $1',
      [ref],
    );
    return { status: row!.status, events: row!.pending_events.map((e) => JSON.parse(e.body)) };
  };

  it('a card paid with the session as read: paid once, its notification built from the card', async () => {
    const ref = await openPayment();
    const seen = (await t.app.ctx.sandbox.get(ref))!;
    expect((await t.app.ctx.sandbox.submitCard(ref, card, new Date(), seen)).kind).toBe('redirect');
    const after = await events(ref);
    expect(after.status).toBe('succeeded');
    expect(after.events).toHaveLength(1);
    expect(after.events[0].type).toBe('payment.succeeded');
    expect(after.events[0].data).toMatchObject({
      ref,
      amount: seen.amount,
      currency: seen.currency,
      merchant_reference: seen.merchantReference,
      card: { brand: 'visa', last4: '4242' },
      payment_method: { last4: '4242', exp_month: 12, exp_year: 2039 },
    });
  });

  it('a session cancelled after it was read is not paid by the stale read', async () => {
    const ref = await openPayment();
    const seen = (await t.app.ctx.sandbox.get(ref))!;
    expect((await t.app.ctx.sandbox.cancel(ref)).kind).toBe('redirect');
    expect((await t.app.ctx.sandbox.submitCard(ref, card, new Date(), seen)).kind).toBe('gone');
    const after = await events(ref);
    expect(after.status).toBe('canceled');
    expect(after.events.map((e) => e.type)).toEqual(['payment.canceled']);
  });

  it('a session whose notified fields changed since it was read is notified from what it holds now', async () => {
    const ref = await openPayment();
    const seen = (await t.app.ctx.sandbox.get(ref))!;
    await sql('update sandbox_payments set merchant_reference = $2 where ref = $1', [ref, 'changed-reference']);
    expect((await t.app.ctx.sandbox.submitCard(ref, card, new Date(), seen)).kind).toBe('redirect');
    const after = await events(ref);
    expect(after.status).toBe('succeeded');
    expect(after.events.map((e) => e.data.merchant_reference)).toEqual(['changed-reference']);
  });

  // The card page remembers the session it showed; the form's answer then pays with one conditional UPDATE, and
  // anything the page did not show (a change since) sends it the usual way, as if the session were read now.
  it('a card paid on the page this instance showed: one statement, paid once, notified from the card', async () => {
    const ref = await openPayment();
    t.app.ctx.sandbox.rememberShown((await t.app.ctx.sandbox.get(ref))!);
    const outcome = await t.app.ctx.sandbox.payShownCard(ref, card);
    expect(outcome?.kind).toBe('redirect');
    const after = await events(ref);
    expect(after.status).toBe('succeeded');
    expect(after.events.map((e) => [e.type, e.data.card])).toEqual([
      ['payment.succeeded', { brand: 'visa', last4: '4242' }],
    ]);
    // Taken once: a second answer of the same form is not paid again from memory.
    expect(await t.app.ctx.sandbox.payShownCard(ref, card)).toBeUndefined();
  });

  it('a shown session that moved on since (a challenge started) is left for the usual way, untouched', async () => {
    const ref = await openPayment();
    t.app.ctx.sandbox.rememberShown((await t.app.ctx.sandbox.get(ref))!);
    await sql(`update sandbox_payments set status = 'requires_action', three_ds = 'challenge' where ref = $1`, [ref]);
    expect(await t.app.ctx.sandbox.payShownCard(ref, card)).toBeUndefined();
    expect(await events(ref)).toEqual({ status: 'requires_action', events: [] });
    // The usual way reads it now and refuses a card form for a session waiting for its challenge.
    expect((await t.app.ctx.sandbox.submitCard(ref, card, new Date(), await t.app.ctx.sandbox.get(ref))).kind).toBe(
      'gone',
    );
  });

  it('a shown session is not paid from memory by invalid fields or a challenge card', async () => {
    const ref = await openPayment();
    const shown = (await t.app.ctx.sandbox.get(ref))!;
    t.app.ctx.sandbox.rememberShown(shown);
    expect(await t.app.ctx.sandbox.payShownCard(ref, { ...card, number: '4242 4242 4242 4241' })).toBeUndefined();
    t.app.ctx.sandbox.rememberShown(shown);
    expect(await t.app.ctx.sandbox.payShownCard(ref, { ...card, number: '4000 0000 0000 3220' })).toBeUndefined();
    expect(await events(ref)).toEqual({ status: 'requires_payment_method', events: [] });
  });

  it('opening a session twice with one idempotency key (also concurrently) gives one session', async () => {
    const input = {
      paymentId: 1,
      orderId: 900001,
      amount: 1234 as Cents,
      currency: 'EUR' as const,
      method: 'cc' as const,
      description: 'test',
      customerEmail: 'a@example.com',
      language: 'es' as const,
      returnUrl: 'http://shop.test/ok',
      cancelUrl: 'http://shop.test/ko',
      notifyUrl: 'http://shop.test/notify',
      idempotencyKey: `idem-${Math.random().toString(36).slice(2)}`,
    };
    const opened = await Promise.all([1, 2, 3].map(() => t.app.ctx.sandbox.createSession(input)));
    const again = await t.app.ctx.sandbox.createSession({ ...input, amount: 999 as Cents });
    expect(new Set([...opened, again].map((row) => row.ref)).size).toBe(1);
    expect(again.amount).toBe(1234);
    const [n] = await sql<{ n: string }>('select count(*) as n from sandbox_payments where idempotency_key = $1', [
      input.idempotencyKey,
    ]);
    expect(n!.n).toBe('1');
  });
});
