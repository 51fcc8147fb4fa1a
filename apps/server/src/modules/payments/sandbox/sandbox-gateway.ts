import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { multibancoReference, validateBizumPhone, validateMbWayPhone, type Cents } from '@ventanilla/domain';
import type { Db } from '../../../db/database.js';
import { OutageBackoff } from '../../../db/outage-backoff.js';
import { sandboxPayments } from '../../../db/schema.js';
import { reusableSql, reusableStatement, rowOf } from '../../../db/statements.js';
import type { CreatePaymentInput } from '../payment-provider.js';
import { SANDBOX_SIGNATURE_HEADER, signatureHeader } from './sandbox-signature.js';
import {
  BIZUM_CODE_TTL_S,
  BIZUM_MAX_ATTEMPTS,
  BIZUM_TEST_CODE,
  isSandboxMethod,
  MULTIBANCO_ENTITIES,
} from './sandbox-methods.js';
import { behaviourOf, cardBrand, CHALLENGE_CODE, validateCard, type CardField, type CardForm } from './test-cards.js';

export type SandboxRow = typeof sandboxPayments.$inferSelect;

/** Sends one notification; true when the merchant acknowledged it with a 2xx. */
export type NotificationSender = (url: string, body: string, headers: Record<string, string>) => Promise<boolean>;

// Kept-alive connections to the shop, as a provider's webhook client keeps them (fetch cost ~0.5 ms of CPU a call).
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

/** Default sender: an HTTP POST, as a real provider does (10 s to answer; a 2xx acknowledges it). */
export const httpSender: NotificationSender = (url, body, headers) =>
  new Promise<boolean>((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve(false);
      return;
    }
    const client = target.protocol === 'https:' ? https : target.protocol === 'http:' ? http : undefined;
    if (!client) {
      resolve(false);
      return;
    }
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: agents[target.protocol as 'http:' | 'https:'],
        timeout: 10_000,
      },
      (response) => {
        response.resume(); // the answer's body is not read
        response.on('end', () => resolve((response.statusCode ?? 0) >= 200 && (response.statusCode ?? 0) < 300));
        response.on('error', () => resolve(false));
      },
    );
    request.on('timeout', () => request.destroy(new Error('notification timed out')));
    request.on('error', () => resolve(false));
    request.end(body);
  });

/** Retry schedule after a failed delivery, in seconds (then the event is dropped, as providers eventually do). */
const BACKOFF_S = [2, 10, 30, 120, 600, 3600];

export type CardOutcome =
  | { kind: 'redirect'; url: string }
  | { kind: 'invalid'; fields: Array<CardField | 'phone' | 'code'> }
  | { kind: 'gone' };

export type FinalStatus = 'succeeded' | 'failed' | 'canceled' | 'expired';

/** What the sandbox's ATM and phone-app simulators report (they are not the customer's browser in the shop). */
export type DeviceOutcome =
  { kind: 'done'; status: FinalStatus; row: SandboxRow } | { kind: 'unknown' } | { kind: 'expired' } | { kind: 'gone' };

export interface SandboxOptions {
  /** How long an MB WAY request waits for approval in the app. */
  mbWayTimeoutS: number;
  /** How long a Multibanco reference can be paid. */
  multibancoExpiryHours: number;
}

const withoutSpaces = (value: string) => value.replace(/\s+/g, '');

const OPEN_STATUSES = ['requires_payment_method', 'requires_action', 'pending'];
/** Card sessions remembered as shown (payShownCard); beyond this the oldest is forgotten (its form reads it again). */
const SHOWN_LIMIT = 5_000;

const sessionByRef = reusableStatement('sandbox_session_by_ref', (db) =>
  db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.ref, sql.placeholder('ref'))),
);

/** A new session, unless its idempotency key opened one already (then nothing: the caller reads that one). */
const openSession = reusableStatement('sandbox_session_open', (db) =>
  db
    .insert(sandboxPayments)
    .values({
      method: sql.placeholder('method'),
      threeDsReturnUrl: sql.placeholder('threeDsReturnUrl'),
      merchantName: sql.placeholder('merchantName'),
      mbEntity: sql.placeholder('mbEntity'),
      mbReference: sql.placeholder('mbReference'),
      status: sql.placeholder('status'),
      expiresAt: sql.placeholder('expiresAt'),
      ref: sql.placeholder('ref'),
      merchantReference: sql.placeholder('merchantReference'),
      amount: sql.placeholder('amount'),
      currency: sql.placeholder('currency'),
      description: sql.placeholder('description'),
      returnUrl: sql.placeholder('returnUrl'),
      cancelUrl: sql.placeholder('cancelUrl'),
      notifyUrl: sql.placeholder('notifyUrl'),
      idempotencyKey: sql.placeholder('idempotencyKey'),
    })
    .onConflictDoNothing({ target: sandboxPayments.idempotencyKey })
    .returning(),
);

/** Delivered notifications leave their sessions' queues: events `ids` (eventIdOf) of sessions `refs`, in one statement. */
const removeDelivered = reusableSql('sandbox_remove_delivered', () => {
  const kept = sql`coalesce((select jsonb_agg(e order by n) from jsonb_array_elements(${sandboxPayments.pendingEvents})
    with ordinality as queued(e, n) where not (md5(e->>'body') = any(${sql.placeholder('ids')}::text[]))),
    '[]'::jsonb)`;
  return sql`update ${sandboxPayments} set ${sql.identifier(sandboxPayments.pendingEvents.name)} = ${kept}
    where ${sandboxPayments.ref} = any(${sql.placeholder('refs')}::text[])`;
});

/**
 * A session moved to its final state as seen (finishAsSeen) with its notification queued, in one statement: only while it
 * still has the status it was seen in (every change of its card fields changes the status too), and the method and order
 * fields the notification is built from. The card fields and failure code are written as the notification tells them.
 */
const finishSeenSession = reusableSql('sandbox_finish_as_seen', () => {
  const p = (name: string) => sql.placeholder(name);
  const column = (c: { name: string }) => sql.identifier(c.name);
  const t = sandboxPayments;
  return sql`update ${t} set ${column(t.status)} = ${p('status')}, ${column(t.failureCode)} = ${p('failureCode')}::text,
    ${column(t.cardBrand)} = ${p('cardBrand')}::text, ${column(t.cardLast4)} = ${p('cardLast4')}::text,
    ${column(t.cardExp)} = ${p('cardExp')}::text, ${column(t.threeDs)} = ${p('threeDs')}::text,
    ${column(t.updatedAt)} = ${p('now')}::timestamptz,
    ${column(t.pendingEvents)} = ${t.pendingEvents} || ${p('events')}::jsonb
    where ${t.ref} = ${p('ref')} and ${t.status} = ${p('seenStatus')} and ${t.method} = ${p('method')}
      and ${t.merchantReference} = ${p('merchantReference')} and ${t.amount} = ${p('amount')}
      and ${t.currency} = ${p('currency')}
    returning *`;
});

/**
 * What identifies a queued notification in the batch that removes it: the MD5 of its body (an identifier, not a
 * signature; the body is the signed event, unique by its random id). SQL computes the same (removeDelivered), without
 * parsing the body.
 */
function eventIdOf(body: string): string {
  return createHash('md5').update(body).digest('hex');
}

/** Delivered events are removed from their queues at most this much later, or once this many sessions wait. */
const FLUSH_DELAY_MS = 200;
const FLUSH_BATCH = 128;

const setPendingEvents = reusableStatement('sandbox_pending_events', (db) =>
  db
    .update(sandboxPayments)
    // An update's set takes no placeholder: the JSON text, cast (set by the caller with JSON.stringify).
    .set({ pendingEvents: sql`${sql.placeholder('pendingEvents')}::jsonb` })
    .where(eq(sandboxPayments.ref, sql.placeholder('ref'))),
);

function appendQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

export interface SandboxLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * The sandbox payment provider's own back end: it keeps its payment sessions, decides outcomes by test card,
 * runs the 3-D Secure challenge and notifies the merchant asynchronously with signed, retried webhooks.
 * It plays a separate company: the shop only talks to it through the PaymentProvider adapter and webhooks.
 */
export class SandboxGateway {
  private timer: NodeJS.Timeout | null = null;
  /** The retry loop's pauses while the database is unreachable: its interval, doubling up to a minute. */
  private backoff: OutageBackoff | null = null;
  /** Delivered events (by session ref) not yet removed from their queue: see deliver. */
  private readonly delivered = new Map<string, Set<string>>();
  /** The batch being written by flushDelivered: still skipped until its statement has committed. */
  private flushing = new Map<string, Set<string>>();
  private flushed: Promise<void> = Promise.resolve();
  private flushTimer: NodeJS.Timeout | null = null;
  /** Deliveries, flushes and retry rounds running in the background: stopRetryLoop waits for them. */
  private readonly background = new Set<Promise<void>>();
  /** Where background failures are said (the app's logger, set once it exists). */
  log: SandboxLog = { warn() {}, info() {} };
  /**
   * Card sessions as this instance's card page last showed them (by ref, oldest first, at most SHOWN_LIMIT): the
   * form's answer pays with one conditional statement instead of reading the session again (payShownCard).
   */
  private readonly shown = new Map<string, SandboxRow>();

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly sender: NotificationSender = httpSender,
    private readonly options: SandboxOptions = { mbWayTimeoutS: 240, multibancoExpiryHours: 72 },
  ) {}

  async createSession(input: CreatePaymentInput, now = new Date()): Promise<SandboxRow> {
    // The same idempotency key gives back the session it opened: the insert below does nothing then, and it is read.
    if (!isSandboxMethod(input.method)) {
      const [existing] = await this.db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.idempotencyKey, input.idempotencyKey));
      if (existing) return existing;
      throw new Error(`the sandbox does not offer ${input.method}`);
    }
    // Multibanco: the reference is issued at once (like SIBS's service-reference/generate) and paid later at an ATM.
    const voucher =
      input.method === 'multibanco' || input.method === 'sibsmb'
        ? (() => {
            const { entity, subEntity } = MULTIBANCO_ENTITIES[input.method];
            const mb = multibancoReference(entity, subEntity, input.orderId, input.amount);
            return {
              mbEntity: mb.entity,
              mbReference: mb.reference,
              status: 'pending',
              expiresAt: new Date(now.getTime() + this.options.multibancoExpiryHours * 3_600_000),
            };
          })()
        : {};
    const [row] = await openSession(this.db, {
      method: input.method,
      threeDsReturnUrl: input.threeDsReturnUrl ?? null,
      merchantName: input.merchantName ?? null,
      mbEntity: null,
      mbReference: null,
      status: 'requires_payment_method',
      expiresAt: null,
      ...voucher,
      ref: `sbx_${randomBytes(12).toString('hex')}`,
      merchantReference: String(input.orderId),
      amount: input.amount,
      currency: input.currency,
      description: input.description,
      returnUrl: input.returnUrl,
      cancelUrl: input.cancelUrl,
      notifyUrl: input.notifyUrl,
      idempotencyKey: input.idempotencyKey,
    });
    if (row) return row;
    const [raced] = await this.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.idempotencyKey, input.idempotencyKey));
    if (!raced) throw new Error('sandbox session vanished');
    return raced;
  }

  async get(ref: string): Promise<SandboxRow | undefined> {
    const rows = await sessionByRef(this.db, { ref });
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

  /** Remembers a card session as its page was just shown, for the form's answer (payShownCard). */
  rememberShown(row: SandboxRow): void {
    if (row.method !== 'cc' || row.status !== 'requires_payment_method') return;
    this.shown.delete(row.ref);
    this.shown.set(row.ref, row);
    if (this.shown.size > SHOWN_LIMIT) this.shown.delete(this.shown.keys().next().value!);
  }

  /**
   * The card form's common case in one statement: a session this instance's page showed, valid card fields and a card
   * that is approved or declined without a challenge. The final state applies only if the session is still exactly as
   * the page showed it (finishAsSeen). Anything else (not shown here, invalid fields, a challenge card, the session
   * changed since) returns undefined having written nothing: the caller then reads the session and goes the usual way
   * (submitCard), so the outcome is the same as if the session had been read now.
   */
  async payShownCard(ref: string, form: CardForm, now = new Date()): Promise<CardOutcome | undefined> {
    const seen = this.shown.get(ref);
    if (!seen) return undefined;
    this.shown.delete(ref);
    if (validateCard(form, now).length > 0) return undefined;
    const digits = form.number.replace(/[\s-]/g, '');
    const card = { cardBrand: cardBrand(digits), cardLast4: digits.slice(-4), cardExp: form.expiry.replace(/\s/g, '') };
    const behaviour = behaviourOf(digits);
    if (behaviour.kind === 'challenge') return undefined;
    const status: FinalStatus = behaviour.kind === 'decline' ? 'failed' : 'succeeded';
    const extra =
      behaviour.kind === 'decline' ? { ...card, failureCode: behaviour.code } : { ...card, threeDs: behaviour.threeDs };
    const row = await this.finishAsSeen(seen, status, extra);
    return row && this.finished(ref, row, status);
  }

  /**
   * Handles the card form: invalid fields, a decline, a 3-D Secure challenge, or an approval. `seen` is the session as
   * the caller just read it (saves reading it again); the final update only applies if it is still as seen.
   */
  async submitCard(ref: string, form: CardForm, now = new Date(), seen?: SandboxRow): Promise<CardOutcome> {
    const row = seen?.ref === ref ? seen : await this.get(ref);
    if (!row || row.method !== 'cc' || row.status !== 'requires_payment_method') return { kind: 'gone' };
    const fields = validateCard(form, now);
    if (fields.length > 0) return { kind: 'invalid', fields };
    const digits = form.number.replace(/[\s-]/g, '');
    const card = { cardBrand: cardBrand(digits), cardLast4: digits.slice(-4), cardExp: form.expiry.replace(/\s/g, '') };
    const behaviour = behaviourOf(digits);
    if (behaviour.kind === 'challenge') {
      await this.db
        .update(sandboxPayments)
        .set({ ...card, status: 'requires_action', threeDs: 'challenge', updatedAt: new Date() })
        .where(eq(sandboxPayments.ref, ref));
      return { kind: 'redirect', url: `/sandbox-pay/3ds/${ref}` };
    }
    if (behaviour.kind === 'decline') return this.finish(ref, 'failed', { ...card, failureCode: behaviour.code }, row);
    return this.finish(ref, 'succeeded', { ...card, threeDs: behaviour.threeDs }, row);
  }

  async submitChallenge(ref: string, code: string): Promise<CardOutcome> {
    const row = await this.get(ref);
    if (!row || row.method !== 'cc' || row.status !== 'requires_action') return { kind: 'gone' };
    if (code.trim() === CHALLENGE_CODE) return this.finish(ref, 'succeeded', { threeDs: 'challenge_passed' });
    return this.finish(ref, 'failed', { failureCode: 'authentication_failed', threeDs: 'challenge_failed' });
  }

  async cancel(ref: string): Promise<CardOutcome> {
    const row = await this.get(ref);
    // A pending MB WAY request or Multibanco reference is no longer the browser's to cancel.
    if (!row || row.status === 'pending') return { kind: 'gone' };
    return this.finish(ref, 'canceled', { failureCode: 'canceled' });
  }

  /** PayPal-like approval: the buyer logged in at the wallet and approved the payment. */
  async approveWallet(ref: string): Promise<CardOutcome> {
    const row = await this.get(ref);
    if (!row || row.method !== 'paypal' || row.status !== 'requires_payment_method') return { kind: 'gone' };
    return this.finish(ref, 'succeeded', {});
  }

  /** Bizum, step 1: the customer's Spanish mobile; the bank sends a one-time code to it. */
  async submitBizumPhone(ref: string, phone: string, now = new Date()): Promise<CardOutcome> {
    const row = await this.get(ref);
    if (!row || row.method !== 'bizum' || row.status !== 'requires_payment_method') return { kind: 'gone' };
    const checked = validateBizumPhone(phone);
    if (!checked.ok) return { kind: 'invalid', fields: ['phone'] };
    const [updated] = await this.db
      .update(sandboxPayments)
      .set({
        phone: checked.normalised,
        otpCode: BIZUM_TEST_CODE,
        otpAttempts: 0,
        otpExpiresAt: new Date(now.getTime() + BIZUM_CODE_TTL_S * 1000),
        status: 'requires_action',
        updatedAt: new Date(),
      })
      .where(and(eq(sandboxPayments.ref, ref), eq(sandboxPayments.status, 'requires_payment_method')))
      .returning();
    return updated ? { kind: 'redirect', url: `/sandbox-pay/bizum/${ref}` } : { kind: 'gone' };
  }

  /** Bizum, step 2: the one-time code. Wrong: try again (3 at most); late: the request expired. */
  async submitBizumCode(ref: string, code: string, now = new Date()): Promise<CardOutcome> {
    const row = await this.get(ref);
    if (!row || row.method !== 'bizum' || row.status !== 'requires_action') return { kind: 'gone' };
    if (row.otpExpiresAt && row.otpExpiresAt.getTime() < now.getTime())
      return this.finish(ref, 'expired', { failureCode: 'expired' });
    if (withoutSpaces(code) === row.otpCode) return this.finish(ref, 'succeeded', {});
    const [counted] = await this.db
      .update(sandboxPayments)
      .set({ otpAttempts: sql`${sandboxPayments.otpAttempts} + 1`, updatedAt: new Date() })
      .where(and(eq(sandboxPayments.ref, ref), eq(sandboxPayments.status, 'requires_action')))
      .returning({ attempts: sandboxPayments.otpAttempts });
    if (!counted) return { kind: 'gone' };
    if (counted.attempts >= BIZUM_MAX_ATTEMPTS)
      return this.finish(ref, 'failed', { failureCode: 'authentication_failed' });
    return { kind: 'invalid', fields: ['code'] };
  }

  /** MB WAY: the customer's Portuguese mobile; the request then waits for approval in the app, or expires. */
  async submitMbWayPhone(ref: string, phone: string, now = new Date()): Promise<CardOutcome> {
    const row = await this.get(ref);
    if (!row || row.method !== 'sibsmbway' || row.status !== 'requires_payment_method') return { kind: 'gone' };
    const checked = validateMbWayPhone(phone);
    if (!checked.ok) return { kind: 'invalid', fields: ['phone'] };
    const [updated] = await this.db
      .update(sandboxPayments)
      .set({
        phone: checked.normalised,
        status: 'pending',
        expiresAt: new Date(now.getTime() + this.options.mbWayTimeoutS * 1000),
        updatedAt: new Date(),
      })
      .where(and(eq(sandboxPayments.ref, ref), eq(sandboxPayments.status, 'requires_payment_method')))
      .returning();
    return updated ? { kind: 'redirect', url: updated.returnUrl } : { kind: 'gone' };
  }

  /** The MB WAY requests waiting in the app of a phone, oldest first. */
  async mbWayRequests(phone: string): Promise<SandboxRow[]> {
    const checked = validateMbWayPhone(phone);
    if (!checked.ok) return [];
    return this.db
      .select()
      .from(sandboxPayments)
      .where(
        and(
          eq(sandboxPayments.method, 'sibsmbway'),
          eq(sandboxPayments.phone, checked.normalised),
          eq(sandboxPayments.status, 'pending'),
        ),
      )
      .orderBy(asc(sandboxPayments.createdAt));
  }

  /** The customer answers in the MB WAY app (or the sandbox's control lets the request expire now). */
  async resolveMbWay(ref: string, action: 'approve' | 'reject' | 'expire', now = new Date()): Promise<DeviceOutcome> {
    const row = await this.get(ref);
    if (!row || row.method !== 'sibsmbway') return { kind: 'unknown' };
    if (row.status !== 'pending') return { kind: 'gone' };
    if (action !== 'expire' && row.expiresAt && row.expiresAt.getTime() < now.getTime()) {
      await this.finish(ref, 'expired', { failureCode: 'expired' });
      return { kind: 'expired' };
    }
    const status: FinalStatus = action === 'approve' ? 'succeeded' : action === 'reject' ? 'failed' : 'expired';
    const failureCode = action === 'reject' ? 'rejected' : action === 'expire' ? 'expired' : null;
    return this.finishOnDevice(ref, status, failureCode);
  }

  /** The ATM: entity, reference and amount typed by the customer; pays the matching reference, or lets it expire. */
  async atm(
    entity: string,
    reference: string,
    amount: Cents,
    action: 'pay' | 'expire',
    now = new Date(),
  ): Promise<DeviceOutcome> {
    const [row] = await this.db
      .select()
      .from(sandboxPayments)
      .where(
        and(
          inArray(sandboxPayments.method, ['multibanco', 'sibsmb']),
          eq(sandboxPayments.mbEntity, withoutSpaces(entity)),
          eq(sandboxPayments.mbReference, withoutSpaces(reference)),
          eq(sandboxPayments.amount, amount),
        ),
      )
      .orderBy(sql`${sandboxPayments.status} = 'pending' desc`, asc(sandboxPayments.createdAt))
      .limit(1);
    if (!row) return { kind: 'unknown' };
    if (row.status !== 'pending') return row.status === 'expired' ? { kind: 'expired' } : { kind: 'gone' };
    if (action === 'pay' && row.expiresAt && row.expiresAt.getTime() < now.getTime()) {
      await this.finish(row.ref, 'expired', { failureCode: 'expired' });
      return { kind: 'expired' };
    }
    return action === 'pay'
      ? this.finishOnDevice(row.ref, 'succeeded', null)
      : this.finishOnDevice(row.ref, 'expired', 'expired');
  }

  /** Expires what is past its time: MB WAY requests, Multibanco references, abandoned Bizum codes. */
  async expireDue(now = new Date()): Promise<number> {
    const due = await this.db
      .select({ ref: sandboxPayments.ref })
      .from(sandboxPayments)
      .where(
        and(
          inArray(sandboxPayments.status, ['pending', 'requires_action']),
          or(lt(sandboxPayments.expiresAt, now), lt(sandboxPayments.otpExpiresAt, now)),
        ),
      );
    let expired = 0;
    for (const { ref } of due)
      if ((await this.finish(ref, 'expired', { failureCode: 'expired' })).kind === 'redirect') expired++;
    return expired;
  }

  private async finishOnDevice(ref: string, status: FinalStatus, failureCode: string | null): Promise<DeviceOutcome> {
    const outcome = await this.finish(ref, status, { failureCode });
    const row = await this.get(ref);
    return outcome.kind === 'redirect' && row ? { kind: 'done', status, row } : { kind: 'gone' };
  }

  /**
   * Moves a session to a final state once (a second submit finds it final) and queues its webhook, in one statement or
   * one transaction (a final state without its notification would never reach the shop), then delivers and redirects.
   * With `seen` (the session as the caller read it) one UPDATE does both, on the condition that the session is still
   * in the status and has the notification's fields it was seen with; otherwise (or without `seen`) the transaction
   * reads the updated row and queues the notification from it.
   */
  private async finish(
    ref: string,
    status: FinalStatus,
    extra: Partial<Pick<SandboxRow, 'cardBrand' | 'cardLast4' | 'cardExp' | 'failureCode' | 'threeDs'>>,
    seen?: SandboxRow,
  ): Promise<CardOutcome> {
    const row =
      (seen && (await this.finishAsSeen(seen, status, extra))) ?? (await this.finishInTransaction(ref, status, extra));
    if (!row) return { kind: 'gone' };
    return this.finished(ref, row, status);
  }

  /** After a final state was written: its notification goes out, and the browser goes back to the shop. */
  private finished(ref: string, row: SandboxRow, status: FinalStatus): CardOutcome {
    // Delivered after the redirect, as a provider does; a delivery that cannot be written (the database went away)
    // stays queued for the retry loop.
    this.inBackground(this.deliver(ref, row), 'sandbox notification delivery failed');
    const success = row.threeDs === 'challenge_passed' && row.threeDsReturnUrl ? row.threeDsReturnUrl : row.returnUrl;
    const url = status === 'succeeded' ? success : appendQuery(row.cancelUrl, { error: row.failureCode ?? status });
    return { kind: 'redirect', url };
  }

  private async finishAsSeen(
    seen: SandboxRow,
    status: FinalStatus,
    extra: Partial<Pick<SandboxRow, 'cardBrand' | 'cardLast4' | 'cardExp' | 'failureCode' | 'threeDs'>>,
  ): Promise<SandboxRow | undefined> {
    if (!OPEN_STATUSES.includes(seen.status)) return undefined;
    const expected: SandboxRow = { ...seen, ...extra, status };
    const { rows } = await finishSeenSession(this.db, {
      ref: seen.ref,
      seenStatus: seen.status,
      method: seen.method,
      merchantReference: seen.merchantReference,
      amount: seen.amount,
      currency: seen.currency,
      status,
      failureCode: expected.failureCode,
      cardBrand: expected.cardBrand,
      cardLast4: expected.cardLast4,
      cardExp: expected.cardExp,
      threeDs: expected.threeDs,
      now: new Date().toISOString(),
      events: this.eventJson(expected, status),
    });
    return rows[0] && rowOf(sandboxPayments, rows[0]);
  }

  private async finishInTransaction(
    ref: string,
    status: FinalStatus,
    extra: Partial<Pick<SandboxRow, 'cardBrand' | 'cardLast4' | 'cardExp' | 'failureCode' | 'threeDs'>>,
  ): Promise<SandboxRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(sandboxPayments)
        .set({ ...extra, status, updatedAt: new Date() })
        .where(and(eq(sandboxPayments.ref, ref), inArray(sandboxPayments.status, OPEN_STATUSES)))
        .returning();
      if (!updated) return undefined;
      const [queued] = await tx
        .update(sandboxPayments)
        .set({ pendingEvents: sql`${sandboxPayments.pendingEvents} || ${this.eventJson(updated, status)}::jsonb` })
        .where(eq(sandboxPayments.ref, updated.ref))
        .returning();
      return queued;
    });
  }

  /** The signed notification of a session's final state, as the JSON array appended to its pending events. */
  private eventJson(row: SandboxRow, status: FinalStatus): string {
    const exp = /^(\d{2})\/(\d{2})$/.exec(row.cardExp ?? '');
    const body = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      type: `payment.${status}`,
      created: Math.floor(Date.now() / 1000),
      data: {
        ref: row.ref,
        method: row.method,
        merchant_reference: row.merchantReference,
        amount: row.amount,
        currency: row.currency,
        failure_code: row.failureCode,
        card: row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
        // A reusable token of the card, as providers return for saved payment methods (never the number).
        payment_method:
          status === 'succeeded' && row.method === 'cc' && row.cardLast4
            ? {
                token: `pm_${createHmac('sha256', this.secret).update(`pm:${row.ref}`).digest('hex').slice(0, 24)}`,
                brand: row.cardBrand,
                last4: row.cardLast4,
                exp_month: exp ? Number(exp[1]) : null,
                exp_year: exp ? 2000 + Number(exp[2]) : null,
              }
            : null,
      },
    });
    return JSON.stringify([{ body, attempts: 0, next_at: new Date().toISOString() }]);
  }

  /**
   * Tries to deliver the due notifications of one session; failures are rescheduled with backoff. `current` is the row
   * as the caller's own update just returned it (saves reading it again).
   *
   * Delivered events leave the session's queue in batches (flushDelivered, at most FLUSH_DELAY_MS later, one statement
   * for all sessions): a provider's bookkeeping, not a round trip of every payment. Until then this instance skips
   * them; another instance's retry loop may deliver one again, which the shop's notification endpoint answers as a
   * duplicate (providers deliver at least once). A failed delivery is written at once, with its backoff.
   */
  async deliver(ref: string, current?: SandboxRow): Promise<void> {
    const row = current?.ref === ref ? current : await this.get(ref);
    if (!row || row.pendingEvents.length === 0) return;
    const now = Date.now();
    const remaining: SandboxRow['pendingEvents'] = [];
    const delivered: string[] = [];
    let rescheduled = false;
    for (const event of row.pendingEvents) {
      const id = eventIdOf(event.body);
      if (this.delivered.get(ref)?.has(id) || this.flushing.get(ref)?.has(id)) continue;
      if (new Date(event.next_at).getTime() > now) {
        remaining.push(event);
        continue;
      }
      const timestamp = Math.floor(Date.now() / 1000);
      // A sender that throws failed to deliver, as one that answers false.
      const ok = await this.sender(row.notifyUrl, event.body, {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signatureHeader(this.secret, timestamp, event.body),
      }).catch(() => false);
      if (ok) {
        delivered.push(id);
        continue;
      }
      rescheduled = true;
      const delay = BACKOFF_S[event.attempts];
      if (delay !== undefined) {
        remaining.push({
          body: event.body,
          attempts: event.attempts + 1,
          next_at: new Date(now + delay * 1000).toISOString(),
        });
      }
    }
    if (rescheduled) await setPendingEvents(this.db, { ref, pendingEvents: JSON.stringify(remaining) });
    else if (delivered.length > 0) this.markDelivered(ref, delivered);
  }

  private markDelivered(ref: string, ids: readonly string[]): void {
    let set = this.delivered.get(ref);
    if (!set) this.delivered.set(ref, (set = new Set()));
    for (const id of ids) set.add(id);
    if (this.delivered.size >= FLUSH_BATCH) this.flushInBackground();
    else this.flushTimer ??= setTimeout(() => this.flushInBackground(), FLUSH_DELAY_MS);
  }

  /**
   * Removes the delivered events from their sessions' queues (one statement; events queued meanwhile stay). On failure
   * they are kept for the next flush.
   */
  async flushDelivered(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    // One batch at a time: a flush asked for while one is written waits for it, then writes what came since.
    while (this.flushing.size > 0) await this.flushed;
    if (this.delivered.size === 0) return;
    const batch = new Map(this.delivered);
    this.delivered.clear();
    this.flushing = batch;
    const write = removeDelivered(this.db, {
      refs: [...batch.keys()],
      ids: [...batch.values()].flatMap((ids) => [...ids]),
    });
    this.flushed = write.then(
      () => undefined,
      () => undefined,
    );
    try {
      await write;
    } catch (err) {
      for (const [ref, ids] of batch) {
        const set = this.delivered.get(ref);
        if (set) for (const id of ids) set.add(id);
        else this.delivered.set(ref, ids);
      }
      this.flushTimer ??= setTimeout(() => this.flushInBackground(), FLUSH_DELAY_MS);
      throw err;
    } finally {
      this.flushing = new Map();
    }
  }

  /**
   * Periodically retries undelivered notifications (also those left by a restart) and expires what is due. While the
   * database cannot be reached, the pauses grow from `intervalMs` (doubling, jitter) up to a minute, and go back to
   * `intervalMs` at the first pass that works.
   */
  startRetryLoop(intervalMs = 5000): void {
    if (this.timer) return;
    const backoff = new OutageBackoff({
      firstDelayMs: intervalMs,
      maxDelayMs: Math.max(intervalMs, 60_000),
      onChange: ({ down, failures, err }) => {
        if (down) this.log.warn({ err }, 'sandbox provider: database unreachable, notifications wait');
        else this.log.info({ failures }, 'sandbox provider: database reachable again, notifications resume');
      },
    });
    this.backoff = backoff;
    const pass = async () => {
      try {
        await this.expireDue();
        const rows = await this.db
          .select({ ref: sandboxPayments.ref })
          .from(sandboxPayments)
          .where(sql`jsonb_array_length(${sandboxPayments.pendingEvents}) > 0`);
        for (const r of rows) {
          if (this.backoff !== backoff) return; // stopping: the rest waits for the next start
          await this.deliver(r.ref);
        }
        backoff.succeeded();
      } catch (err) {
        if (!backoff.failed(err)) this.log.warn({ err }, 'sandbox provider: retrying notifications failed');
      }
      if (this.backoff !== backoff) return; // stopped meanwhile
      schedule(backoff.down ? Math.max(0, backoff.retryInMs) : intervalMs);
    };
    const schedule = (delay: number) => {
      this.timer = setTimeout(() => this.inBackground(pass(), 'sandbox notification retry round failed'), delay);
      this.timer.unref();
    };
    schedule(intervalMs);
  }

  /**
   * Stops the retry loop, waits for the deliveries and rounds still running, and writes what was delivered (on close,
   * before the database goes).
   */
  async stopRetryLoop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.backoff?.close();
    this.backoff = null;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    await this.flushDelivered();
  }

  /** Runs work nobody awaits: tracked for stopRetryLoop, and its failure logged (the loop retries what it left). */
  private inBackground(work: Promise<void>, failure: string): void {
    const tracked: Promise<void> = work
      .catch((err: unknown) => {
        // An outage is counted (and reported once) by the retry loop's backoff; the loop delivers what was left.
        if (!this.backoff?.failed(err)) this.log.warn({ err }, failure);
      })
      .then(() => {
        this.background.delete(tracked);
      });
    this.background.add(tracked);
  }

  private flushInBackground(): void {
    this.inBackground(
      this.flushDelivered(),
      'delivered sandbox notifications not removed yet; kept for the next flush',
    );
  }
}
