import { cents, type Cents, type Language } from '@ventanilla/domain';
import type { StripeConfig } from '../../../config/payments-config.js';
import {
  PaymentProviderError,
  type CreatedPayment,
  type CreatePaymentInput,
  type PaymentMethodCode,
  type PaymentProvider,
  type ProviderEvent,
  type RequestHeaders,
  type VerifyResult,
} from '../payment-provider.js';
import { StripeApiError, StripeClient, type FetchFn, type FormValue } from './stripe-client.js';
import { STRIPE_SIGNATURE_HEADER, verifyStripeSignature } from './stripe-signature.js';

/** Our methods as Stripe payment method types (`bank` is SEPA Direct Debit: Stripe has no plain transfer here). */
export const STRIPE_METHOD_TYPES: Partial<Record<PaymentMethodCode, string>> = {
  cc: 'card',
  paypal: 'paypal',
  multibanco: 'multibanco',
  sibsmb: 'multibanco',
  sibsmbway: 'mb_way',
  bank: 'sepa_debit',
};

const LOCALES: Record<Language, string> = { es: 'es', en: 'en', pt: 'pt' };

/** The fields of a Checkout Session we read. */
interface StripeSession {
  id?: unknown;
  object?: unknown;
  url?: unknown;
  amount_total?: unknown;
  currency?: unknown;
  payment_status?: unknown;
  metadata?: Record<string, unknown> | null;
}

/** The fields of a PaymentIntent we read. */
interface StripePaymentIntent {
  id?: unknown;
  object?: unknown;
  amount?: unknown;
  amount_received?: unknown;
  currency?: unknown;
  metadata?: Record<string, unknown> | null;
  cancellation_reason?: unknown;
  last_payment_error?: { code?: unknown; decline_code?: unknown } | null;
}

interface StripeEvent {
  id?: unknown;
  object?: unknown;
  type?: unknown;
  data?: { object?: unknown };
}

/** The outcome of a refund (same shape as the provider interface's refund result). */
export type StripeRefundResult =
  { status: 'succeeded' | 'pending'; refundRef: string } | { status: 'failed'; failureCode: string };

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Our payment id from the metadata we set at creation; undefined when the object is not one of ours. */
function paymentIdOf(metadata: Record<string, unknown> | null | undefined): number | undefined {
  const raw = metadata?.payment_id;
  const id = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * Stripe through hosted Checkout Sessions (mode payment): Stripe's page collects the card and runs 3-D Secure
 * (card numbers never reach us), or sends the customer to PayPal, shows the Multibanco voucher, asks the MB WAY phone
 * or the SEPA mandate. The session's PaymentIntent carries our order and payment ids in its metadata.
 */
export class StripeProvider implements PaymentProvider {
  readonly code = 'stripe';
  private readonly client: StripeClient;

  constructor(
    private readonly config: StripeConfig,
    fetchFn: FetchFn,
  ) {
    this.client = new StripeClient({ secretKey: config.secretKey, apiBase: config.apiBase, fetch: fetchFn });
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const type = STRIPE_METHOD_TYPES[input.method];
    if (!type) throw new PaymentProviderError(`Stripe does not serve ${input.method}`);
    if (input.currency !== 'EUR')
      throw new PaymentProviderError(`Stripe adapter charges EUR only, got ${input.currency}`);
    const metadata = { order_id: String(input.orderId), payment_id: String(input.paymentId) };
    const params: Record<string, FormValue> = {
      mode: 'payment',
      payment_method_types: [type],
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'eur', unit_amount: input.amount, product_data: { name: input.description } },
        },
      ],
      success_url: input.returnUrl,
      cancel_url: input.cancelUrl,
      customer_email: input.customerEmail,
      locale: LOCALES[input.language],
      client_reference_id: String(input.paymentId),
      metadata,
      payment_intent_data: { description: input.description, metadata },
      // 3-D Secure whenever the issuer or SCA asks for it (nearly always in the EEA), on Stripe's page.
      ...(type === 'card' ? { payment_method_options: { card: { request_three_d_secure: 'automatic' } } } : {}),
    };
    // Derived from our payment's key: a retried or resumed checkout gets the same session back, never a second one.
    const session = await this.client.create<StripeSession>(
      '/checkout/sessions',
      params,
      `${input.idempotencyKey}:checkout-session`,
    );
    const id = str(session.id);
    const url = str(session.url);
    if (!id || !id.startsWith('cs_') || !url)
      throw new PaymentProviderError('Stripe answered without a session id and url');
    if (session.amount_total !== undefined && session.amount_total !== input.amount) {
      throw new PaymentProviderError(
        `Stripe session ${id} is for ${String(session.amount_total)}, expected ${input.amount}`,
      );
    }
    return { providerRef: id, redirectUrl: url };
  }

  /**
   * Refunds `amount` of a captured payment: finds the session's PaymentIntent, then POST /v1/refunds with an
   * Idempotency-Key derived from the refund's own key (a retried refund returns the first one). A refusal by Stripe
   * (already refunded, more than was paid) is a value; an unreachable Stripe or a rejected key throws.
   */
  async refund(paymentRef: string, amount: Cents, idempotencyKey: string): Promise<StripeRefundResult> {
    try {
      let intent = paymentRef.startsWith('pi_') ? paymentRef : undefined;
      if (!intent) {
        const session = await this.client.retrieve<{ payment_intent?: unknown }>(
          `/checkout/sessions/${encodeURIComponent(paymentRef)}`,
        );
        intent = str(session.payment_intent);
        if (!intent) return { status: 'failed', failureCode: 'no_payment_intent' };
      }
      const refund = await this.client.create<{ id?: unknown; status?: unknown; failure_reason?: unknown }>(
        '/refunds',
        { payment_intent: intent, amount },
        `${idempotencyKey}:refund`,
      );
      const id = str(refund.id);
      if (!id) throw new PaymentProviderError('Stripe answered a refund without an id');
      if (refund.status === 'succeeded') return { status: 'succeeded', refundRef: id };
      if (refund.status === 'pending' || refund.status === 'requires_action')
        return { status: 'pending', refundRef: id };
      return { status: 'failed', failureCode: str(refund.failure_reason) ?? `refund_${String(refund.status)}` };
    } catch (err) {
      const refused =
        err instanceof StripeApiError && err.status >= 400 && err.status < 500 && ![401, 403, 429].includes(err.status);
      if (refused) return { status: 'failed', failureCode: err.code ?? err.type ?? 'refund_refused' };
      throw err;
    }
  }

  verifyNotification(rawBody: Buffer, headers: RequestHeaders, now: Date): VerifyResult {
    const header = headers[STRIPE_SIGNATURE_HEADER];
    const check = verifyStripeSignature(
      this.config.webhookSecret,
      typeof header === 'string' ? header : undefined,
      rawBody,
      now,
    );
    if (check !== 'ok') return { ok: false, reason: check };
    let body: StripeEvent;
    try {
      body = JSON.parse(rawBody.toString('utf8')) as StripeEvent;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    const eventId = str(body?.id);
    const type = str(body?.type);
    const object = body?.data?.object;
    if (!eventId || !type || !object || typeof object !== 'object') return { ok: false, reason: 'malformed' };
    const ignored = (why: string): VerifyResult => ({ ok: true, event: null, ignored: why, payload: body });
    /** Our event for one Stripe object (a Checkout Session or a PaymentIntent) of one payment. */
    const eventOf =
      (ref: string, paymentId: number, base: { amount: Cents; currency: string }) =>
      (kind: ProviderEvent['type'], failureCode?: string): VerifyResult => ({
        ok: true,
        payload: body,
        event: { eventId, type: kind, providerRef: ref, paymentId, ...base, ...(failureCode ? { failureCode } : {}) },
      });

    if (type.startsWith('checkout.session.')) {
      const session = object as StripeSession;
      const paymentId = paymentIdOf(session.metadata);
      const ref = str(session.id);
      if (!ref || paymentId === undefined) return ignored('not_ours');
      const base = this.amountOf(session.amount_total, session.currency);
      if (!base) return { ok: false, reason: 'malformed' };
      const event = eventOf(ref, paymentId, base);
      switch (type) {
        case 'checkout.session.completed':
          // Cards and PayPal are paid on completion; Multibanco and SEPA complete unpaid and report later.
          return session.payment_status === 'paid' ? event('payment.succeeded') : ignored('awaiting_async_payment');
        case 'checkout.session.async_payment_succeeded':
          return event('payment.succeeded');
        case 'checkout.session.async_payment_failed':
          return event('payment.failed', 'async_payment_failed');
        case 'checkout.session.expired':
          return event('payment.expired', 'expired');
        default:
          return ignored('event_type');
      }
    }

    if (type.startsWith('payment_intent.')) {
      const intent = object as StripePaymentIntent;
      const paymentId = paymentIdOf(intent.metadata);
      const ref = str(intent.id);
      if (!ref || paymentId === undefined) return ignored('not_ours');
      const received =
        type === 'payment_intent.succeeded' && typeof intent.amount_received === 'number'
          ? intent.amount_received
          : intent.amount;
      const base = this.amountOf(received, intent.currency);
      if (!base) return { ok: false, reason: 'malformed' };
      const event = eventOf(ref, paymentId, base);
      switch (type) {
        case 'payment_intent.succeeded':
          return event('payment.succeeded');
        case 'payment_intent.payment_failed': {
          const error = intent.last_payment_error;
          return event('payment.failed', str(error?.decline_code) ?? str(error?.code) ?? 'payment_failed');
        }
        case 'payment_intent.canceled':
          return event('payment.canceled', str(intent.cancellation_reason) ?? 'canceled');
        default:
          return ignored('event_type');
      }
    }
    return ignored('event_type');
  }

  private amountOf(amount: unknown, currency: unknown) {
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0 || typeof currency !== 'string')
      return undefined;
    return { amount: cents(amount), currency: currency.toUpperCase() };
  }
}
