import type { Tx } from '../../db/database.js';
import type { Cents, ClientStatusKey } from '@ventanilla/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { SQL_STATE, sqlState } from '../../db/sql-state.js';
import { reusableStatement } from '../../db/statements.js';
import { orderItems, type customerBilling, type orders } from '../../db/schema.js';

/** What is known when an order becomes paid. */
export interface OrderPaidEvent {
  orderId: number;
  /** The payment that paid it (null when an agent confirms a payment made outside a provider, e.g. a transfer). */
  paymentId: number | null;
  /**
   * The order's row as it is once paid (the payer holds its lock until commit, and may write the update itself after
   * the listeners), when the payer has it: listeners use it instead of reading the order again.
   */
  order?: typeof orders.$inferSelect;
  /** The order's lines (item order) as the payer's transaction left them, when the payer has them. */
  items?: Array<typeof orderItems.$inferSelect>;
  /**
   * What the listeners need of the customer, when the payer read it with the order (saves a query each): whether they
   * asked for their orders' items to be saved, and their billing data (null: none given).
   */
  customer?: { saveItemsFromOrders: boolean; billing: typeof customerBilling.$inferSelect | null };
  /**
   * The order was unpaid until this transaction, which holds its row: nothing has been issued for its payment yet
   * (the invoice listener need not look for an earlier invoice; the unique index is the backstop).
   */
  firstPayment?: boolean;
}

type OrderItemRow = typeof orderItems.$inferSelect;
const paidItems = new WeakMap<OrderPaidEvent, Promise<OrderItemRow[]>>();

const orderLines = reusableStatement('order_lines', (db) =>
  db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, sql.placeholder('orderId')))
    .orderBy(asc(orderItems.itemId)),
);

/**
 * The lines of a paid order (item order), read once per event: the listeners of one payment (invoice, e-mail, saved
 * items) run one after the other in its transaction and share the read. Nothing in that transaction changes the
 * columns they use (names, quantities, amounts, answers) after the payment.
 */
export function paidOrderItems(tx: Tx, event: OrderPaidEvent): Promise<OrderItemRow[]> {
  let items = paidItems.get(event);
  if (!items) {
    items = event.items ? Promise.resolve(event.items) : orderLines(tx, { orderId: event.orderId });
    paidItems.set(event, items);
  }
  return items;
}

/** An order was created unpaid: at checkout, or by an agent for a customer (no payment yet: the customer pays by link). */
export interface OrderPlacedEvent {
  orderId: number;
  paymentId: number | null;
  method: string | null;
  /** The agent who created it for the customer (back office), if any. */
  agentId?: number;
  /** The order's row and its lines (name and total, in item order) as the placing transaction inserted them. */
  order?: typeof orders.$inferSelect;
  lines?: OrderLineSummary[];
}

/** An order line as the order e-mails list it. */
export interface OrderLineSummary {
  name: string;
  total: Cents;
}

/** A payment waits for the customer to pay elsewhere (Multibanco reference, bank transfer details, MB WAY). */
export interface PaymentInstructionsEvent {
  orderId: number;
  paymentId: number;
  method: string;
  /** Method-specific details shown to the customer, e.g. { entity, reference, amount, expires_at } or { iban, holder, concept }. */
  details: Record<string, string>;
}

/** An agent moved an item to another panel status (e.g. 110/120 ready, 60 incidence). */
export interface ItemStatusChangedEvent {
  orderId: number;
  itemId: number;
  oldStatus: number;
  newStatus: number;
  /** The change already sent the customer its own e-mail (an incidence template): no generic notice. */
  customerNotified?: boolean;
}

/** An agent set the status the customer sees (client_status_id) and what the customer sees changed. */
export interface ClientStatusChangedEvent {
  orderId: number;
  itemId: number;
  /** What the customer sees now. */
  status: ClientStatusKey;
  /** The history line of the change (the e-mail's dedupe key). */
  historyId: number;
}

/** A document was attached to an order line by the staff (its bytes, to read it for the customer). */
export interface FileAttachedEvent {
  orderId: number;
  itemId: number;
  productId: number;
  fileId: number;
  contentType: string;
  bytes: Uint8Array;
}

/** An agent asked to remind the customer of an unpaid item ("resend lead"): an e-mail with a fresh pay link. */
export interface LeadResentEvent {
  orderId: number;
  itemId: number;
  /** How many reminders this item had before this one (the e-mail's dedupe key: one reminder per request). */
  sequence: number;
}

/** A refund succeeded and its credit note was issued (a staff refund, or a withdrawal's). */
export interface OrderRefundedEvent {
  orderId: number;
  refundId: number;
  creditNote: { id: number; number: string };
  /** What the customer gets back, and what was kept of the amount cancelled. */
  amount: Cents;
  penalty: Cents;
  /** Returned by hand (a bank transfer), not through the payment provider. */
  manual: boolean;
  /** The refund of a withdrawal: the withdrawal's own e-mail tells the customer (no separate refund message). */
  withdrawal?: boolean;
}

/** The customer withdrew from the order from its page (docs/withdrawal.md): cancelled, and refunded if it was paid. */
export interface OrderWithdrawnEvent {
  orderId: number;
  withdrawnAt: Date;
  refund: { amount: Cents; creditNote: { id: number; number: string }; manual: boolean } | null;
}

/**
 * Hands `emit` a statement a listener has sent and does not wait for: the listeners after it send theirs behind it on
 * the same connection (pipelined: no round trip between them), and `emit` awaits it after the last listener.
 */
type AwaitLater = (sent: Promise<unknown>) => void;

type Listener<E> = (tx: Tx, event: E, awaitLater: AwaitLater) => Promise<void>;

interface EventMap {
  placed: OrderPlacedEvent;
  paid: OrderPaidEvent;
  paymentInstructions: PaymentInstructionsEvent;
  itemStatusChanged: ItemStatusChangedEvent;
  clientStatusChanged: ClientStatusChangedEvent;
  fileAttached: FileAttachedEvent;
  leadResent: LeadResentEvent;
  refunded: OrderRefundedEvent;
  withdrawn: OrderWithdrawnEvent;
}

/** One empty listener list per event. */
function noListeners(): { [K in keyof EventMap]: Listener<EventMap[K]>[] } {
  return {
    placed: [],
    paid: [],
    paymentInstructions: [],
    itemStatusChanged: [],
    clientStatusChanged: [],
    fileAttached: [],
    leadResent: [],
    refunded: [],
    withdrawn: [],
  };
}

/**
 * In-process domain events of orders. Listeners run inside the transaction that changed the order, so what they
 * write (an invoice, an outbox email) commits or rolls back with the state change: exactly once, never lost.
 */
export class OrderEvents {
  private readonly listeners = noListeners();

  private readonly lateListeners = noListeners();

  /**
   * `late`: runs after the other listeners. For a listener that takes a lock every order shares (the invoice series,
   * the Veri*Factu chain): it is held from there until commit, so it should be taken as late as possible.
   */
  on<K extends keyof EventMap>(name: K, listener: Listener<EventMap[K]>, options?: { late?: boolean }): void {
    (options?.late ? this.lateListeners : this.listeners)[name].push(listener);
  }

  onPaid(listener: Listener<OrderPaidEvent>, options?: { late?: boolean }): void {
    this.on('paid', listener, options);
  }

  async emit<K extends keyof EventMap>(name: K, tx: Tx, event: EventMap[K]): Promise<void> {
    const sent: Promise<unknown>[] = [];
    const awaitLater: AwaitLater = (statement) => {
      statement.catch(() => {});
      sent.push(statement);
    };
    try {
      for (const listener of this.listeners[name]) await listener(tx, event, awaitLater);
      for (const listener of this.lateListeners[name]) await listener(tx, event, awaitLater);
    } catch (err) {
      // Failed only because a statement sent before it (and not awaited) failed: that one's error is the one thrown.
      if (sqlState(err) === SQL_STATE.inFailedTransaction) {
        for (const statement of sent) {
          const cause = await statement.then(
            () => undefined,
            (e: unknown) => e,
          );
          if (cause !== undefined && sqlState(cause) !== SQL_STATE.inFailedTransaction) throw cause;
        }
      }
      throw err;
    }
    for (const statement of sent) await statement;
  }

  async paid(tx: Tx, event: OrderPaidEvent): Promise<void> {
    await this.emit('paid', tx, event);
  }
}
