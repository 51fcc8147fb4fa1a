import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  cartOrderability,
  formatMoneyString,
  judgeCheckoutConsents,
  type CheckoutConsentField,
  type ConsentLine,
  orderTotals,
  type Cents,
  type Language,
  type Role,
} from '@ventanilla/domain';
import type { AppConfig } from '../../config/env.js';
import { sendTogether, transactionAfter, type Db, type DbOrTx, type Tx } from '../../db/database.js';
import { carts, orderItems, orders, payments, users } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/sql-state.js';
import { AppError } from '../../shared/app-error.js';
import { type CartService, refuseUnorderable } from '../cart/index.js';
import type { CatalogService, StoreInfo } from '../catalog/index.js';
import type { SessionState, SessionUser } from '../../shared/session-types.js';
import { allocateOrderNumber, insertOrder, type OrderEvents } from '../order-records/index.js';
import { attachAnswerUploads } from '../uploads/index.js';
import { placeLines } from './place-lines.js';
import { currentTermsVersion } from '../../shared/terms-version.js';
import { storeBaseUrl } from '../../shared/canonical-origin.js';
import { type BillingInput, checkBillingInput, type CheckedBilling, upsertBilling } from '../invoicing/index.js';
import { clientOf, reusableStatement } from '../../db/statements.js';
import type { PaymentChange, PaymentMethodCode, PaymentProvider } from '../payments/index.js';

/** Which provider serves which method (configuration; only the sandbox card flow exists for now). */
export interface PaymentRouting {
  methodsFor(storeId: number): Array<{ code: PaymentMethodCode; provider: string }>;
  providerFor(storeId: number, method: PaymentMethodCode): PaymentProvider | undefined;
}

export interface CheckoutResult {
  order_id: number;
  redirect_url: string;
}

/** The consents as sent (checked by the domain's rules: only a JSON `true` counts). */
export interface CheckoutConsents {
  accept_terms?: unknown;
  start_now?: unknown;
}

/** A full invoice asked for at checkout: its holder, checked by the billing page's rules; `save` copies it to the account. */
export interface InvoiceRequest extends BillingInput {
  save?: boolean;
}

/** What the customer accepted, as the order keeps it. */
interface Accepted {
  consents: CheckoutConsents;
  invoice: (CheckedBilling & { save: boolean }) | null;
}

/** 400 VALIDATION_ERROR naming each missing consent, in the store's language. */
function consentsRefused(missing: readonly CheckoutConsentField[]): AppError {
  return new AppError('VALIDATION_ERROR', `consents missing: ${missing.join(', ')}`, {
    fields: missing.map((field) => ({ field, key: `checkout.${field}_required` as const })),
  });
}

/**
 * Checks the consents against the lines bought (domain rules) and returns the order's columns that record them: the
 * version of the terms in the store's language and when each consent was given.
 */
export function acceptedConsents(
  consents: CheckoutConsents,
  lines: readonly ConsentLine[],
  language: Language,
  now: Date,
) {
  const verdict = judgeCheckoutConsents(consents, lines);
  if (!verdict.ok) throw consentsRefused(verdict.missing);
  const terms = currentTermsVersion(language);
  return {
    termsVersion: terms.version,
    termsHash: terms.hash,
    termsLanguage: terms.language,
    termsAcceptedAt: now,
    startNowAt: verdict.startNow ? now : null,
  };
}

/** Checks a full-invoice request by the billing rules (fields `invoice.name`, `invoice.tax_id`...). */
function checkedInvoice(request: InvoiceRequest | undefined): Accepted['invoice'] {
  return request ? { ...checkBillingInput(request, 'invoice.'), save: request.save === true } : null;
}

/** The order a quote link places has this key: a second payer (or a retry) finds it instead of placing another. */
export function quoteIdempotencyKey(quoteId: number): string {
  return `quote-link:${quoteId}`;
}

/** The customer an order is paid for, as the payment provider needs them (only the e-mail is sent). */
function toPaymentUser(row: typeof users.$inferSelect): SessionUser {
  return { id: row.id, email: row.email, firstname: row.firstname, lastname: row.lastname, role: row.role as Role };
}

/** The shop page the provider sends the browser back to: asynchronous methods wait on their own page. */
function returnPath(method: PaymentMethodCode, orderId: number): string {
  switch (method) {
    case 'multibanco':
      return `/payment/multibanco?order_id=${orderId}`;
    case 'sibsmb':
      return `/payment/sibs/mb?order_id=${orderId}`;
    case 'sibsmbway':
      return `/payment/sibs/mbway?order_id=${orderId}`;
    case 'bank':
      return `/payment/bank?order_id=${orderId}`;
    // Settled on the provider's page (or right after it): straight to the success page.
    case 'cc':
    case 'bizum':
    case 'paypal':
      return `/checkout/success/${orderId}`;
  }
}

/**
 * The payment state's one query (the success page polls it): the order with its latest payment, if any. Prepared once
 * per service: drizzle builds the SQL once, and the server parses it once per connection.
 */
function preparePaymentStatus(db: Db) {
  // The latest payment through a lateral subquery on payments_order_idx: a join on "id = (select max(id) ...)" was
  // planned as a hash join over every payment (a sequential scan of the whole table on every poll).
  const latest = db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orders.orderId))
    .orderBy(desc(payments.id))
    .limit(1)
    .as('latest');
  // Rows come as { orders, latest } (Drizzle names a join's parts after their sources).
  return db
    .select()
    .from(orders)
    .leftJoinLateral(latest, sql`true`)
    .where(and(eq(orders.orderId, sql.placeholder('orderId')), eq(orders.customerId, sql.placeholder('customerId'))))
    .prepare('order_payment_status');
}

/**
 * What the payment state shows of an order and its latest payment (none yet: null fields): read by paymentStatus, or
 * as a committed change left them (PaymentChange: the long poll's answer after a wake in this process).
 */
export function paymentState(order: PaymentChange['order'], latest: PaymentChange['latest'] | null | undefined) {
  return {
    order_id: order.orderId,
    paid: order.paidAt !== null,
    status: order.status,
    payment_status: latest?.status ?? null,
    failure_code: latest?.failureCode ?? null,
    // What the waiting pages show: the method, the amount and, for Multibanco or a transfer, how to pay.
    method: latest?.method ?? null,
    amount: formatMoneyString(latest?.amount ?? order.total),
    instructions: latest?.instructions ?? null,
    expires_at: latest?.expiresAt?.toISOString() ?? null,
  };
}

/** A payment the provider opened without instructions to send (a card's hosted page): pending, with its reference. */
const markOpened = reusableStatement('payment_mark_opened', (db) =>
  db
    .update(payments)
    .set({
      providerRef: sql`${sql.placeholder('providerRef')}::text`,
      status: 'pending',
      instructions: null,
      expiresAt: sql`${sql.placeholder('expiresAt')}::timestamptz`,
      updatedAt: sql`${sql.placeholder('now')}::timestamptz`,
    })
    .where(and(eq(payments.id, sql.placeholder('id')), eq(payments.status, 'created'))),
);

/** What the provider's page says is being paid, in the store's language ("Order 1000123" on an English store). */
export function paymentDescription(language: Language, orderId: number | string): string {
  const word = { es: 'Pedido', en: 'Order', pt: 'Encomenda' } satisfies Record<Language, string>;
  return `${word[language]} ${orderId}`;
}

export class CheckoutService {
  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly catalog: CatalogService,
    private readonly carts: CartService,
    private readonly routing: PaymentRouting,
    private readonly orderEvents: OrderEvents,
    /** Every built provider by code: a resumed payment goes back to the provider it was opened with. */
    private readonly providers: ReadonlyMap<string, PaymentProvider>,
  ) {}

  /** The legal name of a store's seller (set by the app once the legal entities are read). */
  sellerName: ((storeId: number) => string | undefined) | undefined;

  /**
   * Turns the session's cart into an order (items at panel status 0, prices recomputed by the server) and opens a
   * payment with the provider. The Idempotency-Key makes a double submit return the same order.
   */
  async checkout(
    session: SessionState,
    user: SessionUser,
    method: PaymentMethodCode,
    idempotencyKey: string,
    quoteId: number | undefined,
    consents: CheckoutConsents,
    invoiceRequest?: InvoiceRequest,
  ): Promise<CheckoutResult> {
    const storeId = session.storeId;
    const accepted: Accepted = { consents, invoice: checkedInvoice(invoiceRequest) };
    const store = this.catalog.getStore(storeId);
    if (!store) throw new AppError('NOT_FOUND', `store ${storeId}`);
    const provider = this.routing.providerFor(storeId, method);
    if (!provider) {
      // A resubmit after the routing changed still gets its order back (resumed with its payment's own provider).
      const placed = await this.findByKey(user.id, idempotencyKey);
      if (placed) return this.resume(placed, user);
      throw new AppError('PAYMENT_METHOD_UNAVAILABLE', `${method} in store ${storeId}`);
    }

    let orderId: number;
    let paymentId: number;
    let amount: Cents;
    try {
      // The number first, in a statement of its own (the store's counter is locked only for that one; a checkout
      // that fails leaves a gap in the order numbers), sent with the transaction's BEGIN and first statement.
      ({ orderId, paymentId, amount } = await transactionAfter(
        this.db,
        (outside) => allocateOrderNumber(outside, storeId),
        async (tx, number) => {
          // Found and locked in one statement: two checkouts of the same cart cannot both convert it (the second waits,
          // then the converted row no longer matches `status = 'active'`).
          const found = await this.carts.lockActiveWithLines(tx, session, storeId);
          if (!found) throw new AppError('CART_EMPTY');
          const { cart, lines } = found;
          // payment/quote/{quote_id}: only the caller's own active cart can be paid.
          if (quoteId !== undefined && cart.quoteId !== quoteId) throw new AppError('NOT_FOUND', `quote ${quoteId}`);
          return this.convert(tx, number, cart, store, user, method, provider, idempotencyKey, accepted, lines);
        },
      ));
    } catch (err) {
      // The same checkout submitted again (a double click, a retry after a lost answer), or a concurrent submit with
      // the same key that won the race: its order is found by the key and handed back, never a second one. Looked up
      // only here: a resubmit fails above (its cart is converted, or a newer cart's order hits the unique key, or the
      // newer cart is refused), so the first submit pays no query for it.
      if (isUniqueViolation(err) || err instanceof AppError) {
        const placed = await this.findByKey(user.id, idempotencyKey);
        if (placed) return this.resume(placed, user);
      }
      throw err;
    }
    return this.openPayment({
      storeId,
      orderId,
      paymentId,
      amount,
      method,
      provider,
      language: store.language,
      user,
      existing: false,
    });
  }

  /**
   * Turns a locked, active cart into an order of `customer` (as read in this request: the session's user or the
   * quote's owner; items at panel status 0, prices recomputed by the server) with a payment to open; the cart becomes
   * converted. Runs inside the caller's transaction.
   */
  private async convert(
    tx: Tx,
    /** The order's number (allocateOrderNumber, before this transaction; awaited where the order needs it). */
    orderNumber: number | Promise<number>,
    fresh: typeof carts.$inferSelect,
    store: StoreInfo,
    customer: SessionUser,
    method: PaymentMethodCode,
    provider: PaymentProvider,
    idempotencyKey: string,
    accepted: Accepted,
    /** The cart's lines, when the caller read them with the cart. */
    lines?: Parameters<CartService['price']>[2],
  ): Promise<{ orderId: number; paymentId: number; amount: Cents }> {
    const customerId = customer.id;
    const storeId = fresh.storeId;
    const priced = await this.carts.price(tx, fresh, lines);
    const verdict = cartOrderability(priced.lines.map((l) => l.evaluation));
    if (!verdict.orderable) {
      refuseUnorderable(verdict, store, (id) => this.catalog.findProductById(storeId, id), 'cart line no longer valid');
    }

    // Related fee lines are folded into each line's amounts (with VAT into subtotal and tax, without into fees).
    const totals = orderTotals(
      priced.lines.map((l) => ({ price: l.evaluation.price, qty: l.qty })),
      store.vatRate,
    );
    const grand = totals.total;
    const now = new Date();
    const consents = acceptedConsents(
      accepted.consents,
      priced.lines.map((l) => ({ kind: l.product.row.kind })),
      store.language,
      now,
    );
    const invoice = accepted.invoice;
    if (invoice?.save) await upsertBilling(tx, customerId, invoice);
    const orderNo = await orderNumber;
    const orderValues: Parameters<typeof insertOrder>[1] = {
      orderId: orderNo,
      storeId,
      customerId,
      status: 'pending',
      taxRateBp: store.vatRate,
      subtotal: totals.subtotal,
      taxAmount: totals.tax,
      fees: totals.fees,
      total: grand,
      customerEmail: customer.email,
      customerFirstname: customer.firstname,
      customerLastname: customer.lastname,
      idempotencyKey,
      ...consents,
      invoiceName: invoice?.name ?? null,
      invoiceTaxId: invoice?.taxId ?? null,
      invoiceAddress: invoice?.address ?? null,
      invoiceCountry: invoice?.country ?? null,
    };
    // The order, then the lines, their history, the cart's conversion and the payment in one statement (the order's
    // and the items' statistics triggers stay in two statements, in that order: migration 0026). Both are sent
    // together (the lines need nothing of the order's answer but its number, known already): one round trip. If the
    // order's insert fails (its idempotency key), the lines' fails too: the order's error is the one thrown.
    const [orderSent, linesSent] = sendTogether(
      clientOf(tx),
      () =>
        [
          insertOrder(tx, orderValues),
          placeLines(
            tx,
            priced.lines.map((l, k) => ({
              productId: l.product.row.productId,
              productName: l.product.row.name,
              qty: l.qty,
              answers: l.evaluation.answers,
              productOptions: l.described,
              basePrice: l.evaluation.price.base,
              optionsPrice: l.evaluation.price.options,
              subtotal: totals.lines[k]!.subtotal,
              taxAmount: totals.lines[k]!.tax,
              fees: totals.lines[k]!.fees,
              total: totals.lines[k]!.total,
            })),
            { orderId: orderNo, quoteId: fresh.quoteId, method, provider: provider.code, amount: grand, now },
          ),
        ] as const,
    );
    linesSent.catch(() => {});
    const order = await orderSent;
    const items = await linesSent;
    const paymentId = items[0]?.paymentId;
    if (paymentId === undefined) throw new Error('order lines insert returned nothing');
    // Documents answering file questions become the items' files.
    await attachAnswerUploads(
      tx,
      customerId,
      items.map((i, k) => ({ itemId: i.itemId, answers: priced.lines[k]!.evaluation.answers })),
    );
    const payment = { id: paymentId };
    await this.orderEvents.emit('placed', tx, {
      orderId: orderNo,
      paymentId: payment.id,
      method,
      order,
      lines: items.map((i) => ({ name: i.productName, total: i.total })),
    });
    return { orderId: orderNo, paymentId: payment.id, amount: grand };
  }

  /**
   * Starts a new payment attempt for an unpaid order of this customer (retry after a decline or cancel). An order the
   * customer has not accepted the terms for (one an agent made) needs the consents now, and keeps them.
   */
  async payExisting(
    user: SessionUser,
    orderId: number,
    method: PaymentMethodCode,
    consents: CheckoutConsents = {},
  ): Promise<CheckoutResult> {
    const [order] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.orderId, orderId), eq(orders.customerId, user.id)));
    if (!order) throw new AppError('NOT_FOUND', `order ${orderId}`);
    if (order.status === 'pending' && order.termsAcceptedAt === null) await this.recordConsents(order, consents);
    return this.newPayment(order, user, method);
  }

  /**
   * Checks the consents given for an order placed earlier (an agent's order paid by its customer, a pay link) against
   * its lines, and records them on the order unless it already has some (the first acceptance is the one kept).
   */
  private async recordConsents(order: typeof orders.$inferSelect, consents: CheckoutConsents): Promise<void> {
    const items = await this.db
      .select({ productId: orderItems.productId })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.orderId));
    // A product gone from the catalogue since is taken as a service that starts at once (the stricter rule).
    const lines = items.map((i) => ({
      kind: this.catalog.findProductById(order.storeId, i.productId)?.row.kind ?? 'service',
    }));
    const language = this.catalog.getStore(order.storeId)?.language ?? 'es';
    const values = acceptedConsents(consents, lines, language, new Date());
    if (order.termsAcceptedAt !== null) return;
    await this.db
      .update(orders)
      .set(values)
      .where(and(eq(orders.orderId, order.orderId), isNull(orders.termsAcceptedAt)));
  }

  /**
   * Pays an order by its pay link (an order an agent created): whoever holds a valid link pays this order, signed in
   * or not, as its customer (the payment carries the customer's e-mail). The caller has checked the link.
   */
  async payByLink(orderId: number, method: PaymentMethodCode, consents: CheckoutConsents): Promise<CheckoutResult> {
    const [row] = await this.db
      .select({ order: orders, customer: users })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.customerId))
      .where(eq(orders.orderId, orderId));
    if (!row) throw new AppError('NOT_FOUND', `order ${orderId}`);
    // Whoever pays by the link ticks the same boxes as at checkout; a paid order is refused below as before.
    if (row.order.status === 'pending') await this.recordConsents(row.order, consents);
    return this.newPayment(row.order, toPaymentUser(row.customer), method, true);
  }

  /**
   * Pays a cart by its quote link (the caller has checked the link): the owner's cart becomes the owner's order, once
   * (the idempotency key is the quote's, so two payers racing make one order), and the holder of the link pays it,
   * signed in or not. A link opened again after the order was placed pays that order while it is unpaid.
   */
  async payQuote(quoteId: number, method: PaymentMethodCode, consents: CheckoutConsents): Promise<CheckoutResult> {
    const [row] = await this.db
      .select({ cart: carts, owner: users })
      .from(carts)
      .innerJoin(users, eq(users.id, carts.userId))
      .where(eq(carts.quoteId, quoteId));
    if (!row) throw new AppError('NOT_FOUND', `quote ${quoteId}`);
    const owner = toPaymentUser(row.owner);
    const key = quoteIdempotencyKey(quoteId);
    const linkPath = `/payment/quote/${quoteId}`;
    const placed = async () => {
      const order = (await this.findByKey(owner.id, key)) ?? (await this.orderOfCart(row.cart));
      if (!order) return undefined;
      if (order.status === 'pending') await this.recordConsents(order, consents);
      return this.newPayment(order, owner, method, true, linkPath);
    };
    const before = await placed();
    if (before) return before;

    const store = this.catalog.getStore(row.cart.storeId);
    if (!store) throw new AppError('NOT_FOUND', `store ${row.cart.storeId}`);
    const provider = this.routing.providerFor(store.storeId, method);
    if (!provider) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', `${method} in store ${store.storeId}`);
    let created: { orderId: number; paymentId: number; amount: Cents };
    try {
      created = await transactionAfter(
        this.db,
        (outside) => allocateOrderNumber(outside, store.storeId),
        async (tx, number) => {
          const [fresh] = await tx.select().from(carts).where(eq(carts.quoteId, quoteId)).for('update');
          if (!fresh || fresh.status !== 'active') throw new AppError('CART_EMPTY', 'quote converted meanwhile');
          return this.convert(tx, number, fresh, store, owner, method, provider, key, { consents, invoice: null });
        },
      );
    } catch (err) {
      // Another payer (or the owner's own checkout) converted it first: pay that order.
      if (isUniqueViolation(err) || (err instanceof AppError && err.code === 'CART_EMPTY')) {
        const after = await placed();
        if (after) return after;
      }
      throw err;
    }
    return this.openPayment({
      storeId: store.storeId,
      ...created,
      method,
      provider,
      language: store.language,
      user: owner,
      existing: false,
      byLink: true,
      linkPath,
    });
  }

  /** The order a converted cart became (the owner's own checkout or a quote link), if any. */
  private async orderOfCart(cart: typeof carts.$inferSelect) {
    if (cart.status !== 'converted' || cart.orderId === null || cart.userId === null) return undefined;
    const [order] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.orderId, cart.orderId), eq(orders.customerId, cart.userId)));
    return order;
  }

  /** The state a quote link's page shows of the order its cart became: null while it is still a cart. */
  async quoteOrderState(cart: typeof carts.$inferSelect) {
    const order = (await this.orderOfCart(cart)) ?? undefined;
    if (!order) return null;
    const status = await this.linkStatus(order.orderId);
    return { ...status, order_id: order.orderId };
  }

  /** What the pay-link page shows: the amount and whether the order is paid (nothing about the customer). */
  async linkStatus(orderId: number) {
    const [order] = await this.db.select().from(orders).where(eq(orders.orderId, orderId));
    if (!order) throw new AppError('NOT_FOUND', `order ${orderId}`);
    const [latest] = await this.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(desc(payments.id))
      .limit(1);
    return {
      order_id: order.orderId,
      store_id: order.storeId,
      paid: order.paidAt !== null,
      status: order.status,
      payment_status: latest?.status ?? null,
      method: latest?.method ?? null,
      amount: formatMoneyString(order.total),
      /** How to pay a Multibanco reference or a transfer: the link's holder is the one paying. */
      instructions: order.paidAt === null ? (latest?.instructions ?? null) : null,
      expires_at: latest?.expiresAt?.toISOString() ?? null,
    };
  }

  private async newPayment(
    order: typeof orders.$inferSelect,
    user: SessionUser,
    method: PaymentMethodCode,
    byLink = false,
    linkPath?: string,
  ): Promise<CheckoutResult> {
    const orderId = order.orderId;
    if (order.status !== 'pending') throw new AppError('ORDER_ALREADY_PAID');
    const provider = this.routing.providerFor(order.storeId, method);
    if (!provider) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
    const [payment] = await this.db
      .insert(payments)
      .values({ orderId, method, provider: provider.code, amount: order.total, status: 'created' })
      .returning({ id: payments.id });
    if (!payment) throw new Error('payment insert returned nothing');
    const language = this.catalog.getStore(order.storeId)?.language ?? 'es';
    return this.openPayment({
      storeId: order.storeId,
      orderId,
      paymentId: payment.id,
      amount: order.total,
      method,
      provider,
      language,
      user,
      existing: true,
      byLink,
      ...(linkPath ? { linkPath } : {}),
    });
  }

  /** checkout/finalize/{item_id}: the order an item of this customer belongs to (someone else's: not found). */
  async finalizeItem(user: SessionUser, itemId: number) {
    const [row] = await this.db
      .select({ orderId: orders.orderId, paidAt: orders.paidAt })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .where(and(eq(orderItems.itemId, itemId), eq(orders.customerId, user.id)));
    if (!row) throw new AppError('NOT_FOUND', `item ${itemId}`);
    const [latest] = await this.db
      .select({ method: payments.method })
      .from(payments)
      .where(eq(payments.orderId, row.orderId))
      .orderBy(desc(payments.id))
      .limit(1);
    return { item_id: itemId, order_id: row.orderId, paid: row.paidAt !== null, last_method: latest?.method ?? null };
  }

  /** Payment state of one of the customer's orders (the success page polls it); someone else's order is not found. */
  async paymentStatus(user: SessionUser, orderId: number) {
    const [row] = await this.paymentStatusQuery.execute({ orderId, customerId: user.id });
    if (!row) throw new AppError('NOT_FOUND', `order ${orderId}`);
    return paymentState(row.orders, row.latest);
  }

  private preparedPaymentStatus: ReturnType<typeof preparePaymentStatus> | undefined;

  private get paymentStatusQuery() {
    this.preparedPaymentStatus ??= preparePaymentStatus(this.db);
    return this.preparedPaymentStatus;
  }

  private async findByKey(customerId: number, key: string) {
    const rows = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, key)));
    return rows[0];
  }

  /** The same checkout submitted again: hand back the order and its latest payment page, never a second order. */
  private async resume(order: typeof orders.$inferSelect, user: SessionUser): Promise<CheckoutResult> {
    if (order.status !== 'pending')
      return { order_id: order.orderId, redirect_url: `/checkout/success/${order.orderId}` };
    const [latest] = await this.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.orderId))
      .orderBy(desc(payments.id))
      .limit(1);
    // The payment's own provider, not today's routing: a routing change between two submits must not reopen it elsewhere.
    const provider = latest ? this.providers.get(latest.provider) : undefined;
    if (!latest || !provider) throw new AppError('PAYMENT_PROVIDER_ERROR', 'no payment to resume');
    const language = this.catalog.getStore(order.storeId)?.language ?? 'es';
    return this.openPayment({
      storeId: order.storeId,
      orderId: order.orderId,
      paymentId: latest.id,
      amount: latest.amount,
      method: latest.method as PaymentMethodCode,
      provider,
      language,
      user,
      existing: false,
    });
  }

  private async openPayment(input: {
    /** The order's store (its seller is who the provider's page says is paid). */
    storeId: number;
    orderId: number;
    paymentId: number;
    amount: Cents;
    method: PaymentMethodCode;
    provider: PaymentProvider;
    language: Language;
    user: SessionUser;
    /** Paying an order placed earlier (payment/order/{order_id}) rather than the cart at checkout. */
    existing: boolean;
    /** Paid by its pay link, perhaps signed out: the browser comes back to the link's page, which shows the outcome. */
    byLink?: boolean;
    /** The link's page when it is not the order's pay link (a quote link: /payment/quote/{quote_id}). */
    linkPath?: string;
  }): Promise<CheckoutResult> {
    // The store's canonical origin: the customer's session cookie is there, and so are the pages' forms.
    const base = storeBaseUrl(this.config, this.catalog.getStore(input.storeId)?.hosts);
    const order = input.orderId;
    let created;
    try {
      created = await input.provider.createPayment({
        paymentId: input.paymentId,
        orderId: input.orderId,
        amount: input.amount,
        currency: 'EUR',
        method: input.method,
        description: paymentDescription(input.language, input.orderId),
        customerEmail: input.user.email,
        language: input.language,
        returnUrl: input.byLink
          ? `${base}${input.linkPath ?? `/payment/order/${order}`}`
          : `${base}${returnPath(input.method, order)}`,
        cancelUrl: `${base}/customer/payment?order_id=${order}`,
        threeDsReturnUrl: input.existing
          ? `${base}/payment/3ds/order/${order}`
          : `${base}/checkout/3ds?order_id=${order}`,
        notifyUrl: `${this.config.notifyBaseUrl}/api/payments/${input.provider.code}/notifications`,
        idempotencyKey: `payment-${input.paymentId}`,
        ...(this.sellerName?.(input.storeId) ? { merchantName: this.sellerName(input.storeId) ?? '' } : {}),
      });
    } catch (err) {
      throw new AppError('PAYMENT_PROVIDER_ERROR', String(err), { cause: err });
    }
    const opened = created;
    const markPending = (db: DbOrTx) =>
      db
        .update(payments)
        .set({
          providerRef: opened.providerRef,
          status: 'pending',
          instructions: opened.instructions ?? null,
          expiresAt: opened.expiresAt ?? null,
          updatedAt: new Date(),
        })
        .where(and(eq(payments.id, input.paymentId), eq(payments.status, 'created')))
        .returning({ id: payments.id });
    // A card payment has nothing to send: one statement instead of a transaction of three (begin, update, commit).
    if (!opened.instructions) {
      await markOpened(this.db, {
        id: input.paymentId,
        providerRef: opened.providerRef,
        expiresAt: opened.expiresAt ?? null,
        now: new Date(),
      });
      return { order_id: input.orderId, redirect_url: created.redirectUrl };
    }
    await this.db.transaction(async (tx) => {
      const [changed] = await markPending(tx);
      // Once per payment (a resumed checkout finds it pending): the customer gets the reference or transfer details.
      if (changed && opened.instructions) {
        await this.orderEvents.emit('paymentInstructions', tx, {
          orderId: order,
          paymentId: input.paymentId,
          method: input.method,
          details: opened.instructions,
        });
      }
    });
    return { order_id: input.orderId, redirect_url: created.redirectUrl };
  }
}
