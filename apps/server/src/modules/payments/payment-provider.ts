import type { Cents, Language, PaymentMethodCode } from '@ventanilla/domain';

/** Payment methods of the spec (defined in the domain package, shared with the browser). */
export type { PaymentMethodCode } from '@ventanilla/domain';

export interface CreatePaymentInput {
  paymentId: number;
  orderId: number;
  amount: Cents;
  currency: 'EUR';
  method: PaymentMethodCode;
  description: string;
  customerEmail: string;
  language: Language;
  /** Where the provider sends the browser after success / after failure or cancel. */
  returnUrl: string;
  cancelUrl: string;
  /** Where the browser lands after a 3-D Secure challenge (the shop checks the result there); returnUrl if absent. */
  threeDsReturnUrl?: string;
  /** Where the provider POSTs its signed notifications. */
  notifyUrl: string;
  /** Who is paid: the legal name of the order's seller (the hosted pages show it). */
  merchantName?: string;
  /** Sent to the provider so a retried create call cannot open a second payment. */
  idempotencyKey: string;
}

export interface CreatedPayment {
  providerRef: string;
  /** The provider-hosted page (card entry, 3-D Secure): card numbers never reach our server. */
  redirectUrl: string;
  /**
   * For methods paid later (Multibanco reference, bank transfer): what the customer needs to pay, shown in the shop
   * and sent by email (the shop emits `paymentInstructions`), e.g. { entity, reference } or { iban, holder, concept }.
   */
  instructions?: Record<string, string>;
  /** When an asynchronous payment stops being payable (a Multibanco reference, an MB WAY request). */
  expiresAt?: Date;
}

export type ProviderEventType = 'payment.succeeded' | 'payment.failed' | 'payment.canceled' | 'payment.expired';

export interface ProviderEvent {
  eventId: string;
  type: ProviderEventType;
  providerRef: string;
  amount: Cents;
  currency: string;
  failureCode?: string;
  card?: { brand: string; last4: string };
  /** A reusable token of the payment method (never a card number), remembered as the customer's preferred payment. */
  paymentMethod?: { token: string; brand?: string; last4?: string; expMonth?: number; expYear?: number };
  /**
   * Our payment id when the provider echoes it back (Stripe metadata), for events about another object than the
   * one whose ref we stored (a PaymentIntent of a Checkout Session). Trusted only because the event is signed.
   */
  paymentId?: number;
}

export type VerifyResult =
  | { ok: true; event: ProviderEvent; payload: unknown }
  /** Authentic, but nothing for the shop to do (an event type we do not act on, an async payment still open). */
  | { ok: true; event: null; ignored: string; payload: unknown }
  | { ok: false; reason: 'bad_signature' | 'stale' | 'malformed' };

export type RequestHeaders = Record<string, string | string[] | undefined>;

/** What the shop needs from a payment provider (sandbox now; Stripe and Redsys adapters follow the same shape). */
export interface PaymentProvider {
  readonly code: string;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Verifies a notification's signature and freshness over the raw body, then parses it. */
  verifyNotification(rawBody: Buffer, headers: RequestHeaders, now: Date): VerifyResult;
  /**
   * Returns `amount` of a captured payment (partial or total refunds; invoicing module). Optional: a provider without
   * it cannot refund through us. The idempotency key makes a retried call return the first refund, not a second one.
   * A declined refund is a value; transport errors throw.
   */
  refund?(paymentRef: string, amount: Cents, idempotencyKey: string): Promise<ProviderRefundResult>;
}

/** Outcome of a refund request ("pending" = accepted, money on its way, as Stripe reports some methods). */
export type ProviderRefundResult =
  { status: 'succeeded' | 'pending'; refundRef: string } | { status: 'failed'; failureCode: string };

export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}
