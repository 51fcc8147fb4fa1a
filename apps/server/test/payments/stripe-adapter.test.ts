import { describe, expect, it } from 'vitest';
import { cents } from '@ventanilla/domain';
import { loadPaymentsConfig } from '../../src/config/payments-config.js';
import type { CreatePaymentInput } from '../../src/modules/payments/payment-provider.js';
import { encodeForm, StripeApiError } from '../../src/modules/payments/stripe/stripe-client.js';
import { stripeSignatureHeader } from '../../src/modules/payments/stripe/stripe-signature.js';
import { StripeProvider } from '../../src/modules/payments/stripe/stripe.adapter.js';
import { fixture, recordingFetch, STRIPE_TEST_ENV } from '../support/provider-fixtures.js';

const config = loadPaymentsConfig(STRIPE_TEST_ENV).stripe!;
const recorded = fixture('stripe/create-checkout-session.json');
const input = (over: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  ...recorded.input,
  amount: cents(recorded.input.amount),
  ...over,
});

describe('Stripe: creating the payment (recorded request and answer)', () => {
  it('sends exactly the recorded request: URL, form body, Bearer key, Idempotency-Key', async () => {
    const { fetchFn, requests } = recordingFetch([recorded.response]);
    const created = await new StripeProvider(config, fetchFn).createPayment(input());
    expect(requests).toHaveLength(1);
    const [req] = requests;
    expect(req!.method).toBe(recorded.request.method);
    expect(req!.url).toBe(recorded.request.url);
    expect(req!.headers).toEqual(recorded.request.headers);
    expect(req!.body).toBe(recorded.request.body);
    expect([...new URLSearchParams(req!.body)]).toEqual(recorded.request.form);
    // The answer: the session is the provider ref, its hosted page the redirect (card data goes there, not to us).
    expect(created).toEqual({ providerRef: recorded.response.body.id, redirectUrl: recorded.response.body.url });
  });

  it.each([
    ['paypal', 'paypal'],
    ['multibanco', 'multibanco'],
    ['sibsmb', 'multibanco'],
    ['sibsmbway', 'mb_way'],
    ['bank', 'sepa_debit'],
  ] as const)('%s is Stripe payment method type %s, without card options', async (method, type) => {
    const { fetchFn, requests } = recordingFetch([recorded.response]);
    await new StripeProvider(config, fetchFn).createPayment(input({ method, language: 'pt' }));
    const form = new URLSearchParams(requests[0]!.body);
    expect(form.getAll('payment_method_types[0]')).toEqual([type]);
    expect(form.has('payment_method_types[1]')).toBe(false);
    expect(form.get('locale')).toBe('pt');
    expect(form.has('payment_method_options[card][request_three_d_secure]')).toBe(false);
  });

  it('refuses Bizum (not offered by Stripe here) before calling Stripe', async () => {
    const { fetchFn, requests } = recordingFetch([recorded.response]);
    await expect(new StripeProvider(config, fetchFn).createPayment(input({ method: 'bizum' }))).rejects.toThrow(
      /does not serve bizum/,
    );
    expect(requests).toHaveLength(0);
  });

  it('retries a 5xx and a network error with the same Idempotency-Key, so Stripe cannot open two sessions', async () => {
    const overloaded = fixture('stripe/create-checkout-session-overloaded.json').response;
    const { fetchFn, requests } = recordingFetch([overloaded, recorded.response]);
    const created = await new StripeProvider(config, fetchFn).createPayment(input());
    expect(created.providerRef).toBe(recorded.response.body.id);
    expect(requests.map((r) => r.headers['idempotency-key'])).toEqual([
      'payment-42:checkout-session',
      'payment-42:checkout-session',
    ]);
    expect(requests[0]!.body).toBe(requests[1]!.body);

    const flaky = recordingFetch([new TypeError('fetch failed'), recorded.response]);
    await new StripeProvider(config, flaky.fetchFn).createPayment(input());
    expect(flaky.requests).toHaveLength(2);
  });

  it('maps an error answer to a provider error (no retry of a 4xx) naming type, code and request id', async () => {
    const error = fixture('stripe/create-checkout-session-error.json').response;
    const { fetchFn, requests } = recordingFetch([error]);
    const attempt = new StripeProvider(config, fetchFn).createPayment(input({ method: 'sibsmbway' }));
    await expect(attempt).rejects.toBeInstanceOf(StripeApiError);
    await expect(attempt).rejects.toThrow('Stripe 400 invalid_request_error/payment_method_unactivated');
    await expect(attempt).rejects.toThrow('req_Zx9YwVu8Ts7R');
    expect(requests).toHaveLength(1);
  });

  it('refuses an answer without a session or for another amount', async () => {
    const noUrl = recordingFetch([{ status: 200, body: { ...recorded.response.body, url: null } }]);
    await expect(new StripeProvider(config, noUrl.fetchFn).createPayment(input())).rejects.toThrow(
      /without a session id and url/,
    );
    const other = recordingFetch([{ status: 200, body: { ...recorded.response.body, amount_total: 1 } }]);
    await expect(new StripeProvider(config, other.fetchFn).createPayment(input())).rejects.toThrow(/expected 2512/);
  });

  it('encodes nested parameters as Stripe expects', () => {
    expect(encodeForm({ a: [{ b: { c: 'x y' } }, 'z'], skip: undefined, n: null, t: true, e: 'a&b=c' })).toBe(
      'a%5B0%5D%5Bb%5D%5Bc%5D=x%20y&a%5B1%5D=z&t=true&e=a%26b%3Dc',
    );
  });
});

describe('Stripe: webhook events (recorded payloads)', () => {
  const provider = new StripeProvider(config, recordingFetch([]).fetchFn);
  const deliver = (name: string, options: { secret?: string; at?: number; now?: number; body?: string } = {}) => {
    const body = options.body ?? JSON.stringify(fixture(`stripe/${name}`));
    const at = options.at ?? 1_763_773_300;
    const header = stripeSignatureHeader(options.secret ?? config.webhookSecret, at, body);
    return provider.verifyNotification(
      Buffer.from(body),
      { 'stripe-signature': header },
      new Date((options.now ?? at) * 1000),
    );
  };
  const session = 'cs_test_a1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvWxYz0123456789abcdEF';
  const intent = 'pi_3QfK2aLkdIwHu7ix0Xy7AbCd';

  it.each([
    [
      'event-checkout-session-completed.json',
      { eventId: 'evt_1QfK3bLkdIwHu7ixCsCompl', type: 'payment.succeeded', providerRef: session },
    ],
    [
      'event-checkout-session-async-payment-succeeded.json',
      { eventId: 'evt_1QfK9zLkdIwHu7ixAsyncOk', type: 'payment.succeeded', providerRef: session },
    ],
    [
      'event-checkout-session-async-payment-failed.json',
      { type: 'payment.failed', providerRef: session, failureCode: 'async_payment_failed' },
    ],
    ['event-checkout-session-expired.json', { type: 'payment.expired', providerRef: session, failureCode: 'expired' }],
    [
      'event-payment-intent-succeeded.json',
      { eventId: 'evt_3QfK2aLkdIwHu7ix0PiOk', type: 'payment.succeeded', providerRef: intent },
    ],
    [
      'event-payment-intent-payment-failed.json',
      { type: 'payment.failed', providerRef: intent, failureCode: 'insufficient_funds' },
    ],
    ['event-payment-intent-canceled.json', { type: 'payment.canceled', providerRef: intent, failureCode: 'abandoned' }],
  ])('%s', (name, expected) => {
    const result = deliver(name);
    if (!result.ok || !result.event) throw new Error(`expected an event, got ${JSON.stringify(result)}`);
    expect(result.event).toMatchObject({ ...expected, amount: 2512, currency: 'EUR', paymentId: 42 });
  });

  it.each([
    ['event-checkout-session-completed-unpaid.json', 'awaiting_async_payment'],
    ['event-charge-refunded.json', 'event_type'],
    ['event-payment-intent-succeeded-foreign.json', 'not_ours'],
  ])('%s is acknowledged without an event (%s)', (name, ignored) => {
    expect(deliver(name)).toMatchObject({ ok: true, event: null, ignored });
  });

  it('refuses bad signatures, stale and future timestamps, and malformed bodies', () => {
    const name = 'event-checkout-session-completed.json';
    expect(deliver(name, { secret: 'whsec_other' })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(deliver(name, { now: 1_763_773_300 + 301 })).toEqual({ ok: false, reason: 'stale' });
    expect(deliver(name, { now: 1_763_773_300 - 301 })).toEqual({ ok: false, reason: 'stale' });
    expect(provider.verifyNotification(Buffer.from('{}'), {}, new Date())).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(deliver(name, { body: 'not json' })).toEqual({ ok: false, reason: 'malformed' });
    expect(deliver(name, { body: '{"id":"evt_x","type":"checkout.session.completed"}' })).toEqual({
      ok: false,
      reason: 'malformed',
    });
    const noAmount = fixture(`stripe/${name}`);
    delete noAmount.data.object.amount_total;
    expect(deliver(name, { body: JSON.stringify(noAmount) })).toEqual({ ok: false, reason: 'malformed' });
  });

  it('a tampered body fails even when its signature header is a real one', () => {
    const body = JSON.stringify(fixture('stripe/event-checkout-session-completed.json'));
    const header = stripeSignatureHeader(config.webhookSecret, 1_763_773_300, body);
    const tampered = body.replace('"amount_total":2512', '"amount_total":1');
    expect(tampered).not.toBe(body);
    expect(
      provider.verifyNotification(Buffer.from(tampered), { 'stripe-signature': header }, new Date(1_763_773_300_000)),
    ).toEqual({ ok: false, reason: 'bad_signature' });
  });
});

describe('Stripe: refunds (recorded requests and answers)', () => {
  const session = fixture('stripe/retrieve-checkout-session.json');
  const refund = fixture('stripe/create-refund.json');

  it("finds the session's PaymentIntent, then refunds with the refund's Idempotency-Key", async () => {
    const { fetchFn, requests } = recordingFetch([session.response, refund.response]);
    const result = await new StripeProvider(config, fetchFn).refund(session.response.body.id, cents(1000), 'refund-7');
    expect(result).toEqual({ status: 'succeeded', refundRef: 're_3QfK2aLkdIwHu7ix0R3fUnD1' });
    expect(requests.map((r) => [r.method, r.url])).toEqual([
      [session.request.method, session.request.url],
      [refund.request.method, refund.request.url],
    ]);
    expect(requests[0]!.headers).toEqual(session.request.headers);
    expect(requests[0]!.body).toBeUndefined();
    expect(requests[1]!.headers).toEqual(refund.request.headers);
    expect(requests[1]!.body).toBe(refund.request.body);
  });

  it('a refusal is a value; a pending refund is pending; an unreachable Stripe throws', async () => {
    const refused = recordingFetch([fixture('stripe/create-refund-error.json').response]);
    expect(
      await new StripeProvider(config, refused.fetchFn).refund('pi_3QfK2aLkdIwHu7ix0Xy7AbCd', cents(1000), 'refund-8'),
    ).toEqual({
      status: 'failed',
      failureCode: 'charge_already_refunded',
    });
    expect(refused.requests).toHaveLength(1);
    const pending = recordingFetch([{ status: 200, body: { ...refund.response.body, status: 'pending' } }]);
    expect(
      await new StripeProvider(config, pending.fetchFn).refund('pi_3QfK2aLkdIwHu7ix0Xy7AbCd', cents(1000), 'refund-9'),
    ).toMatchObject({ status: 'pending' });
    const down = recordingFetch([new TypeError('fetch failed')]);
    await expect(
      new StripeProvider(config, down.fetchFn).refund('pi_3QfK2aLkdIwHu7ix0Xy7AbCd', cents(1000), 'refund-10'),
    ).rejects.toThrow(/unreachable/);
    expect(down.requests.map((r) => r.headers['idempotency-key'])).toEqual(['refund-10:refund', 'refund-10:refund']);
  });
});
