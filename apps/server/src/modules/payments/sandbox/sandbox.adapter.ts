import { cents, formatMoneyString, type Cents } from '@ventanilla/domain';
import type {
  CreatedPayment,
  CreatePaymentInput,
  PaymentProvider,
  ProviderEventType,
  ProviderRefundResult,
  RequestHeaders,
  VerifyResult,
} from '../payment-provider.js';
import type { SandboxGateway } from './sandbox-gateway.js';
import type { SandboxRefunds } from './sandbox-refunds.js';
import { checkSignature, SANDBOX_SIGNATURE_HEADER } from './sandbox-signature.js';

const TYPES: ReadonlySet<string> = new Set<ProviderEventType>([
  'payment.succeeded',
  'payment.failed',
  'payment.canceled',
  'payment.expired',
]);

interface SandboxEventBody {
  id?: unknown;
  type?: unknown;
  data?: {
    ref?: unknown;
    amount?: unknown;
    currency?: unknown;
    failure_code?: unknown;
    card?: { brand?: unknown; last4?: unknown } | null;
    payment_method?: {
      token?: unknown;
      brand?: unknown;
      last4?: unknown;
      exp_month?: unknown;
      exp_year?: unknown;
    } | null;
  };
}

/** Our side of the sandbox provider: creates hosted payment sessions and verifies its signed notifications. */
export class SandboxProvider implements PaymentProvider {
  readonly code = 'sandbox';

  constructor(
    private readonly gateway: SandboxGateway,
    private readonly secret: string,
    /** The sandbox's refund books (invoicing: refunds produce credit notes). */
    private readonly refunds?: SandboxRefunds,
  ) {}

  async refund(paymentRef: string, amount: Cents, idempotencyKey: string): Promise<ProviderRefundResult> {
    if (!this.refunds) return { status: 'failed', failureCode: 'refunds_not_configured' };
    return this.refunds.refund(paymentRef, amount, idempotencyKey);
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const session = await this.gateway.createSession(input);
    if (session.mbEntity && session.mbReference && session.expiresAt) {
      // Multibanco: nothing to do at the provider now; the shop shows the reference and the customer pays at an ATM.
      return {
        providerRef: session.ref,
        redirectUrl: input.returnUrl,
        instructions: {
          entity: session.mbEntity,
          reference: session.mbReference,
          amount: formatMoneyString(session.amount),
          expires_at: session.expiresAt.toISOString(),
        },
        expiresAt: session.expiresAt,
      };
    }
    return { providerRef: session.ref, redirectUrl: `/sandbox-pay/checkout/${session.ref}?lang=${input.language}` };
  }

  verifyNotification(rawBody: Buffer, headers: RequestHeaders, now: Date): VerifyResult {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    const check = checkSignature(this.secret, typeof header === 'string' ? header : undefined, rawBody, now);
    if (check !== 'ok') return { ok: false, reason: check };
    let body: SandboxEventBody;
    try {
      body = JSON.parse(rawBody.toString('utf8')) as SandboxEventBody;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    const d = body.data;
    if (typeof body.id !== 'string' || typeof body.type !== 'string' || !TYPES.has(body.type) || !d) {
      return { ok: false, reason: 'malformed' };
    }
    if (typeof d.ref !== 'string' || typeof d.amount !== 'number' || !Number.isSafeInteger(d.amount)) {
      return { ok: false, reason: 'malformed' };
    }
    return {
      ok: true,
      payload: body,
      event: {
        eventId: body.id,
        type: body.type as ProviderEventType,
        providerRef: d.ref,
        amount: cents(d.amount),
        currency: typeof d.currency === 'string' ? d.currency : 'EUR',
        ...(typeof d.failure_code === 'string' ? { failureCode: d.failure_code } : {}),
        ...(d.card && typeof d.card.last4 === 'string'
          ? { card: { brand: String(d.card.brand ?? 'card'), last4: d.card.last4 } }
          : {}),
        ...(d.payment_method && typeof d.payment_method.token === 'string'
          ? {
              paymentMethod: {
                token: d.payment_method.token,
                ...(typeof d.payment_method.brand === 'string' ? { brand: d.payment_method.brand } : {}),
                ...(typeof d.payment_method.last4 === 'string' ? { last4: d.payment_method.last4 } : {}),
                ...(typeof d.payment_method.exp_month === 'number' ? { expMonth: d.payment_method.exp_month } : {}),
                ...(typeof d.payment_method.exp_year === 'number' ? { expYear: d.payment_method.exp_year } : {}),
              },
            }
          : {}),
      },
    };
  }
}
