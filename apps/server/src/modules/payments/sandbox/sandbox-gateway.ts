import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { sandboxPayments } from '../../../db/schema.js';
import type { CreatePaymentInput } from '../payment-provider.js';
import { SANDBOX_SIGNATURE_HEADER, signatureHeader } from './sandbox-signature.js';
import { behaviourOf, cardBrand, CHALLENGE_CODE, validateCard, type CardField, type CardForm } from './test-cards.js';

export type SandboxRow = typeof sandboxPayments.$inferSelect;

/** Sends one notification; true when the merchant acknowledged it with a 2xx. */
export type NotificationSender = (url: string, body: string, headers: Record<string, string>) => Promise<boolean>;

/** Default sender: an HTTP POST, as a real provider does. */
export const httpSender: NotificationSender = async (url, body, headers) => {
  try {
    const res = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(10_000) });
    return res.ok;
  } catch {
    return false;
  }
};

/** Retry schedule after a failed delivery, in seconds (then the event is dropped, as providers eventually do). */
const BACKOFF_S = [2, 10, 30, 120, 600, 3600];

export type CardOutcome =
  | { kind: 'redirect'; url: string }
  | { kind: 'invalid'; fields: CardField[] }
  | { kind: 'gone' };

function appendQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/**
 * The sandbox payment provider's own back end: it keeps its payment sessions, decides outcomes by test card,
 * runs the 3-D Secure challenge and notifies the merchant asynchronously with signed, retried webhooks.
 * It plays a separate company: the shop only talks to it through the PaymentProvider adapter and webhooks.
 */
export class SandboxGateway {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly sender: NotificationSender = httpSender,
  ) {}

  async createSession(input: CreatePaymentInput): Promise<SandboxRow> {
    const existing = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.idempotencyKey, input.idempotencyKey));
    if (existing[0]) return existing[0];
    const [row] = await this.db
      .insert(sandboxPayments)
      .values({
        ref: `sbx_${randomBytes(12).toString('hex')}`,
        merchantReference: String(input.orderId),
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        returnUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
        notifyUrl: input.notifyUrl,
        idempotencyKey: input.idempotencyKey,
      })
      .onConflictDoNothing({ target: sandboxPayments.idempotencyKey })
      .returning();
    if (row) return row;
    const [raced] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.idempotencyKey, input.idempotencyKey));
    if (!raced) throw new Error('sandbox session vanished');
    return raced;
  }

  async get(ref: string): Promise<SandboxRow | undefined> {
    const rows = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.ref, ref));
    return rows[0];
  }

  /** A token bound to the payment, for the hosted forms (no cookies: the provider's pages are stateless). */
  formToken(ref: string): string {
    return createHmac('sha256', this.secret).update(`form:${ref}`).digest('base64url');
  }

  checkFormToken(ref: string, token: string | undefined): boolean {
    const expected = Buffer.from(this.formToken(ref));
    const given = Buffer.from(token ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Handles the card form: invalid fields, a decline, a 3-D Secure challenge, or an approval. */
  async submitCard(ref: string, form: CardForm, now = new Date()): Promise<CardOutcome> {
    const row = await this.get(ref);
    if (!row || row.status !== 'requires_payment_method') return { kind: 'gone' };
    const fields = validateCard(form, now);
    if (fields.length > 0) return { kind: 'invalid', fields };
    const digits = form.number.replace(/[\s-]/g, '');
    const card = { cardBrand: cardBrand(digits), cardLast4: digits.slice(-4) };
    const behaviour = behaviourOf(digits);
    if (behaviour.kind === 'challenge') {
      await this.db.update(sandboxPayments).set({ ...card, status: 'requires_action', threeDs: 'challenge', updatedAt: new Date() }).where(eq(sandboxPayments.ref, ref));
      return { kind: 'redirect', url: `/sandbox-pay/3ds/${ref}` };
    }
    if (behaviour.kind === 'decline') return this.finish(ref, 'failed', { ...card, failureCode: behaviour.code });
    return this.finish(ref, 'succeeded', { ...card, threeDs: behaviour.threeDs });
  }

  async submitChallenge(ref: string, code: string): Promise<CardOutcome> {
    const row = await this.get(ref);
    if (!row || row.status !== 'requires_action') return { kind: 'gone' };
    if (code.trim() === CHALLENGE_CODE) return this.finish(ref, 'succeeded', { threeDs: 'challenge_passed' });
    return this.finish(ref, 'failed', { failureCode: 'authentication_failed', threeDs: 'challenge_failed' });
  }

  async cancel(ref: string): Promise<CardOutcome> {
    return this.finish(ref, 'canceled', { failureCode: 'canceled' });
  }

  /** Moves a session to a final state once (a second submit finds it final), queues the webhook, redirects. */
  private async finish(
    ref: string,
    status: 'succeeded' | 'failed' | 'canceled',
    extra: Partial<Pick<SandboxRow, 'cardBrand' | 'cardLast4' | 'failureCode' | 'threeDs'>>,
  ): Promise<CardOutcome> {
    const [row] = await this.db
      .update(sandboxPayments)
      .set({ ...extra, status, updatedAt: new Date() })
      .where(and(eq(sandboxPayments.ref, ref), sql`${sandboxPayments.status} in ('requires_payment_method', 'requires_action')`))
      .returning();
    if (!row) return { kind: 'gone' };
    const body = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      type: `payment.${status}`,
      created: Math.floor(Date.now() / 1000),
      data: {
        ref: row.ref,
        merchant_reference: row.merchantReference,
        amount: row.amount,
        currency: row.currency,
        failure_code: row.failureCode,
        card: row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
      },
    });
    await this.db
      .update(sandboxPayments)
      .set({ pendingEvents: sql`${sandboxPayments.pendingEvents} || ${JSON.stringify([{ body, attempts: 0, next_at: new Date().toISOString() }])}::jsonb` })
      .where(eq(sandboxPayments.ref, ref));
    void this.deliver(ref);
    const url = status === 'succeeded' ? row.returnUrl : appendQuery(row.cancelUrl, { error: row.failureCode ?? status });
    return { kind: 'redirect', url };
  }

  /** Tries to deliver the due notifications of one session; failures are rescheduled with backoff. */
  async deliver(ref: string): Promise<void> {
    const row = await this.get(ref);
    if (!row || row.pendingEvents.length === 0) return;
    const now = Date.now();
    const remaining: SandboxRow['pendingEvents'] = [];
    for (const event of row.pendingEvents) {
      if (new Date(event.next_at).getTime() > now) {
        remaining.push(event);
        continue;
      }
      const timestamp = Math.floor(Date.now() / 1000);
      const ok = await this.sender(row.notifyUrl, event.body, {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signatureHeader(this.secret, timestamp, event.body),
      });
      if (ok) continue;
      const delay = BACKOFF_S[event.attempts];
      if (delay !== undefined) {
        remaining.push({ body: event.body, attempts: event.attempts + 1, next_at: new Date(now + delay * 1000).toISOString() });
      }
    }
    await this.db.update(sandboxPayments).set({ pendingEvents: remaining }).where(eq(sandboxPayments.ref, ref));
  }

  /** Periodically retries undelivered notifications (also those left by a restart). */
  startRetryLoop(intervalMs = 5000): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      void this.db
        .select({ ref: sandboxPayments.ref })
        .from(sandboxPayments)
        .where(sql`jsonb_array_length(${sandboxPayments.pendingEvents}) > 0`)
        .then(async (rows) => {
          for (const r of rows) await this.deliver(r.ref);
        })
        .catch(() => undefined);
    }, intervalMs);
    this.timer.unref();
  }

  stopRetryLoop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
