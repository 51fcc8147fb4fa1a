import type { Cents, Language } from '@ventanilla/domain';

/** Payment methods of the spec. */
export type PaymentMethodCode = 'cc' | 'paypal' | 'bizum' | 'multibanco' | 'sibsmbway' | 'sibsmb' | 'bank';

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
  /** Where the provider POSTs its signed notifications. */
  notifyUrl: string;
  /** Sent to the provider so a retried create call cannot open a second payment. */
  idempotencyKey: string;
}

export interface CreatedPayment {
  providerRef: string;
  /** The provider-hosted page (card entry, 3-D Secure): card numbers never reach our server. */
  redirectUrl: string;
}

export type ProviderEventType = 'payment.succeeded' | 'payment.failed' | 'payment.canceled';

export interface ProviderEvent {
  eventId: string;
  type: ProviderEventType;
  providerRef: string;
  amount: Cents;
  currency: string;
  failureCode?: string;
  card?: { brand: string; last4: string };
}

export type VerifyResult =
  | { ok: true; event: ProviderEvent; payload: unknown }
  | { ok: false; reason: 'bad_signature' | 'stale' | 'malformed' };

export type RequestHeaders = Record<string, string | string[] | undefined>;

/** What the shop needs from a payment provider (sandbox now; Stripe and Redsys adapters follow the same shape). */
export interface PaymentProvider {
  readonly code: string;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Verifies a notification's signature and freshness over the raw body, then parses it. */
  verifyNotification(rawBody: Buffer, headers: RequestHeaders, now: Date): VerifyResult;
}

export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}
