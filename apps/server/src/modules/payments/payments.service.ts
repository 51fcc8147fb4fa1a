import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { sendTogether, type Db, type DbOrTx, type Tx } from '../../db/database.js';
import {
  customerBilling,
  customerPaymentPreferences,
  orders,
  paymentEvents,
  payments,
  users,
} from '../../db/schema.js';
import { clientOf, reusableStatement } from '../../db/statements.js';
import { AppError } from '../../shared/app-error.js';
import {
  markOrderPaidQuery,
  sendPaidOrderItemsMove,
  type OrderEvents,
  type OrderPaidEvent,
} from '../order-records/index.js';
import { preferenceOf, rememberCardQuery, rememberMethodQuery } from './payment-preferences.js';
import { PAYMENT_CHANNEL } from './payment-notices.js';
import type { PaymentProvider, ProviderEvent, RequestHeaders } from './payment-provider.js';
import type { PaymentChange, PaymentWaiters } from './payment-waiters.js';

export type NotificationResult = { duplicate: boolean; outcome: string };

/**
 * Applies provider notifications exactly once: the event id is stored (unique) in the same transaction as the
 * state change, and the payment row is locked, so repeated, concurrent or out-of-order deliveries cannot pay an
 * order twice or undo a capture.
 */
export class PaymentsService {
  constructor(
    private readonly db: Db,
    private readonly providers: ReadonlyMap<string, PaymentProvider>,
    private readonly orderEvents: OrderEvents,
    /** The pages waiting on an order's payment: told of each change once it is committed (with its state). */
    private readonly waiters?: PaymentWaiters,
  ) {}

  provider(code: string): PaymentProvider | undefined {
    return this.providers.get(code);
  }

  async handleNotification(
    providerCode: string,
    rawBody: Buffer,
    headers: RequestHeaders,
  ): Promise<NotificationResult> {
    const provider = this.providers.get(providerCode);
    if (!provider) throw new AppError('NOT_FOUND', `provider ${providerCode}`);
    const verified = provider.verifyNotification(rawBody, headers, new Date());
    if (!verified.ok) throw new AppError('BAD_SIGNATURE', `${providerCode} notification: ${verified.reason}`);
    // Authentic but not actionable (e.g. Stripe's checkout.session.completed of a Multibanco voucher not yet paid).
    if (verified.event === null) return { duplicate: false, outcome: `ignored_${verified.ignored}` };
    const { event } = verified;
    // The order whose payment this transaction changes, once found: its waiters hear of it from here, not from the
    // NOTIFY the commit sends (which would have them read the state again).
    let applying: number | undefined;
    let told: { changed: boolean; change?: PaymentChange | undefined } = { changed: false };
    try {
      const result = await this.db.transaction(async (tx) => {
        // The payment and its order, both locked until commit (two deliveries for one payment, or two payments of one
        // order, go one after the other). NO KEY UPDATE: what an UPDATE of them takes; a payment row inserted for
        // the order meanwhile (its foreign key) is not blocked.
        // Found by the provider's ref, or by our payment id echoed in signed metadata (a Checkout Session's
        // PaymentIntent).
        const [found] =
          event.paymentId !== undefined
            ? await lockPaymentByRefOrId(tx, { provider: providerCode, ref: event.providerRef, id: event.paymentId })
            : await lockPaymentByRef(tx, { provider: providerCode, ref: event.providerRef });
        const payment = found?.payment;
        if (payment && this.waiters) {
          applying = payment.orderId;
          this.waiters.applying(applying);
        }
        // The event is recorded with its outcome (one statement), after the statements that apply it (apply sends it:
        // with the order's payment, together with them). A repeated event conflicts here on the unique
        // (provider, event_id), waiting for a concurrent first delivery to commit, and its whole transaction is rolled
        // back: whatever it did is undone, so a repeat never has an effect.
        const record = (outcome: string) =>
          insertPaymentEvent(tx, {
            provider: providerCode,
            eventId: event.eventId,
            type: event.type,
            paymentId: payment?.id ?? null,
            payload: verified.payload as object,
            outcome,
            changedOrder: outcome === 'applied' && payment ? payment.orderId : null,
          });
        const { outcome, paid, change, recorded } = await this.apply(tx, event, found, record);
        const inserted = await recorded;
        if (inserted.length === 0) throw new RepeatedEvent();
        // The paid order's listeners (e-mail, saved items, company reports, then the invoice) run last: the invoice
        // takes the locks every payment of its series and issuer shares (its number, the Veri*Factu chain), held from
        // there until the commit right after.
        if (paid) await this.orderEvents.paid(tx, paid);
        return { duplicate: false, outcome, change };
      });
      if (result.outcome === 'applied') told = { changed: true, change: result.change };
      return { duplicate: false, outcome: result.outcome };
    } catch (err) {
      if (err instanceof RepeatedEvent) return { duplicate: true, outcome: 'duplicate' };
      throw err;
    } finally {
      if (applying !== undefined) this.waiters?.applied(applying, told.changed, told.change);
    }
  }

  /**
   * Applies an authentic event to its (locked) payment: returns the outcome to record, when it paid the order the
   * event for the order's "paid" listeners (the caller runs them once the event is recorded) and, when it changed the
   * order's latest payment, the state it leaves (the waiting pages answer from it: nothing after this changes the
   * order's status or its payments in this transaction). `record` sends the event's row with its outcome, after the
   * statements that apply it (`recorded`: its answer).
   */
  private async apply(
    tx: Tx,
    event: ProviderEvent,
    found: LockedPayment | undefined,
    record: (outcome: string) => Promise<unknown[]>,
  ): Promise<{ outcome: string; paid?: OrderPaidEvent; change?: PaymentChange; recorded: Promise<unknown[]> }> {
    const payment = found?.payment;
    let outcome: string;
    if (!payment) outcome = 'ignored_unknown_payment';
    else if (event.type === 'payment.succeeded') {
      if (payment.status === 'captured') outcome = 'ignored_already_captured';
      else if (event.amount !== payment.amount || event.currency !== payment.currency) outcome = 'amount_mismatch';
      else {
        // Captured, and how the customer paid remembered (the spec's preferred_payment), in one statement; with the
        // order marked paid in it too when the order (locked) is unpaid.
        const preference = preferenceOf(payment, event, found.order.customerId);
        const now = new Date();
        const values = {
          ...preference.values,
          id: payment.id,
          capturedBrand: event.card?.brand ?? null,
          capturedLast4: event.card?.last4 ?? null,
          now,
        };
        // Money taken for an order that another payment already paid is kept as captured (never lost) for a refund.
        outcome = found.order.status === 'pending' ? 'applied' : 'captured_order_already_paid';
        if (outcome !== 'applied') {
          await (preference.card ? captureRememberingCard : captureRememberingMethod)(tx, values);
        } else {
          // The order is locked and unpaid: it is paid now, and its listeners get its row as updated. Its items' move
          // and the event's row go with it, in this order, in one round trip (they need nothing of its answer; if it
          // fails, they fail too and its error is the one thrown; if it finds the order not payable, the throw below
          // rolls them back).
          const [capturing, moving, recorded] = sendTogether(
            clientOf(tx),
            () =>
              [
                (preference.card ? captureRememberingCardPaying : captureRememberingMethodPaying)(tx, {
                  ...values,
                  orderId: payment.orderId,
                  at: now,
                }),
                sendPaidOrderItemsMove(tx, payment.orderId, now),
                record(outcome),
              ] as const,
          );
          moving.catch(() => {});
          recorded.catch(() => {});
          const [order] = await capturing;
          if (!order) throw new Error(`order ${payment.orderId} not payable`);
          const paid = { order, items: await moving };
          return {
            outcome,
            recorded,
            ...changeOf(found, paid.order, { status: 'captured', failureCode: null }),
            paid: {
              orderId: payment.orderId,
              paymentId: payment.id,
              order: paid.order,
              items: paid.items,
              customer: { saveItemsFromOrders: found.saveItemsFromOrders, billing: found.billing },
              firstPayment: true,
            },
          };
        }
      }
    } else {
      // A failure or cancel never undoes a capture that arrived first (out-of-order delivery).
      const [changed] = await tx
        .update(payments)
        .set({
          status:
            event.type === 'payment.failed' ? 'failed' : event.type === 'payment.expired' ? 'expired' : 'canceled',
          failureCode: event.failureCode ?? null,
          cardBrand: event.card?.brand ?? payment.cardBrand,
          cardLast4: event.card?.last4 ?? payment.cardLast4,
          updatedAt: new Date(),
        })
        .where(and(eq(payments.id, payment.id), inArray(payments.status, ['created', 'pending'])))
        .returning({ id: payments.id, status: payments.status, failureCode: payments.failureCode });
      outcome = changed ? 'applied' : 'ignored_final_state';
      if (changed) return { outcome, ...changeOf(found, found.order, changed), recorded: record(outcome) };
    }
    return { outcome, recorded: record(outcome) };
  }
}

/** The state a change of the order's latest payment leaves (nothing when a newer payment of the order exists). */
function changeOf(
  found: LockedPayment,
  order: PaymentChange['order'],
  payment: Pick<PaymentChange['latest'], 'status' | 'failureCode'>,
): { change?: PaymentChange } {
  if (!found.latest) return {};
  const { method, amount, instructions, expiresAt } = found.payment;
  return {
    change: {
      order: { orderId: order.orderId, paidAt: order.paidAt, status: order.status, total: order.total },
      latest: { status: payment.status, failureCode: payment.failureCode, method, amount, instructions, expiresAt },
    },
  };
}

/** The payment a notification is about, with its order, both locked until commit (see handleNotification). */
const lockPayment = (name: string, byId: boolean) =>
  reusableStatement(name, (db) =>
    db
      .select({
        payment: payments,
        order: orders,
        saveItemsFromOrders: users.saveItemsFromOrders,
        billing: customerBilling,
        // Whether it is the order's latest payment (the one the payment state shows).
        latest: sql<boolean>`not exists (select 1 from ${payments} as newer
          where newer.order_id = ${payments.orderId} and newer.id > ${payments.id})`,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.orderId, payments.orderId))
      .innerJoin(users, eq(users.id, orders.customerId))
      .leftJoin(customerBilling, eq(customerBilling.userId, orders.customerId))
      .where(
        and(
          eq(payments.provider, sql.placeholder('provider')),
          byId
            ? or(eq(payments.providerRef, sql.placeholder('ref')), eq(payments.id, sql.placeholder('id')))
            : eq(payments.providerRef, sql.placeholder('ref')),
        ),
      )
      .for('no key update', { of: [payments, orders] }),
  );
const lockPaymentByRef = lockPayment('payment_lock_by_ref', false);
type LockedPayment = Awaited<ReturnType<typeof lockPaymentByRef>>[number];
const lockPaymentByRefOrId = lockPayment('payment_lock_by_ref_or_id', true);

/** The payment captured, as a CTE (placeholders `id`, `capturedBrand`, `capturedLast4`, `now`). */
const capturedCte = (db: DbOrTx) =>
  db.$with('captured').as(
    db
      .update(payments)
      .set({
        status: 'captured',
        failureCode: null,
        cardBrand: sql`${sql.placeholder('capturedBrand')}::text`,
        cardLast4: sql`${sql.placeholder('capturedLast4')}::text`,
        updatedAt: sql`${sql.placeholder('now')}::timestamptz`,
      })
      .where(eq(payments.id, sql.placeholder('id')))
      .returning({ id: payments.id }),
  );

/** The payment captured and the customer's preferred payment remembered, in one statement. */
const captureRemembering = (card: boolean) =>
  reusableStatement(`payment_capture_remember_${card ? 'card' : 'method'}`, (db) =>
    (card ? rememberCardQuery : rememberMethodQuery)(db.with(capturedCte(db))),
  );
const captureRememberingCard = captureRemembering(true);
const captureRememberingMethod = captureRemembering(false);

/**
 * The same, and the order marked paid (markOrderPaidQuery: placeholders `orderId` and `at`), in one statement that
 * answers the order's row as updated. Its only statistics triggers are the order's (migration 0026).
 */
const captureRememberingPaying = (card: boolean) =>
  reusableStatement(`payment_capture_remember_${card ? 'card' : 'method'}_paying`, (db) => {
    const remembered = db
      .$with('remembered')
      .as(
        (card ? rememberCardQuery : rememberMethodQuery)(db).returning({ userId: customerPaymentPreferences.userId }),
      );
    const paid = db.$with('paid').as(markOrderPaidQuery(db));
    return db.with(capturedCte(db), remembered, paid).select().from(paid);
  });
const captureRememberingCardPaying = captureRememberingPaying(true);
const captureRememberingMethodPaying = captureRememberingPaying(false);

const insertPaymentEvent = reusableStatement('payment_event_insert', (db) =>
  db
    .insert(paymentEvents)
    .values({
      provider: sql.placeholder('provider'),
      eventId: sql.placeholder('eventId'),
      type: sql.placeholder('type'),
      paymentId: sql.placeholder('paymentId'),
      payload: sql.placeholder('payload'),
      outcome: sql.placeholder('outcome'),
    })
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({
      id: paymentEvents.id,
      // An event that changed an order's payment announces it (to the pages waiting on it in other instances:
      // payment-notices.ts) in the same statement; PostgreSQL delivers it at the commit, never for a rollback.
      announced: sql<
        number | null
      >`(select 1 from (select pg_notify(${sql.raw(`'${PAYMENT_CHANNEL}'`)}, ${sql.placeholder('changedOrder')}::text)) n
        where ${sql.placeholder('changedOrder')}::text is not null)`,
    }),
);

/** Thrown to roll back the transaction of an event already recorded. */
class RepeatedEvent extends Error {}
