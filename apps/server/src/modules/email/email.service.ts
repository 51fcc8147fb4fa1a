import {
  isAsynchronousMethod,
  isLanguage,
  isPaymentMethodCode,
  PanelStatus,
  TERMS_DOCUMENT_TEXTS,
  WITHDRAWAL_FORM_TEXTS,
  withdrawalFormVariant,
} from '@ventanilla/domain';
import { and, count, desc, eq, gte, isNull, lt, notExists, notInArray, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config/env.js';
import { sendTogether, type Db, type DbOrTx, type Tx } from '../../db/database.js';
import { clientOf, runNamed } from '../../db/statements.js';
import { emailOutbox, orderItems, orders, type OutboxAttachment } from '../../db/schema.js';
import type { CatalogService } from '../catalog/index.js';
import { type OrderEvents, type OrderLineSummary, paidOrderItems } from '../order-records/index.js';
import type { PayLinks } from '../payments/index.js';
import { renderEmail, type EmailBrand, type EmailKind, type EmailMessage } from './email-templates.js';
import { newMessageId } from './message-id.js';

export type OutboxRow = typeof emailOutbox.$inferSelect;

export interface EnqueueInput {
  message: EmailMessage;
  storeId: number;
  to: string;
  orderId?: number;
  userId?: number;
  /** One message per cause: a second enqueue with the same key does nothing. */
  dedupeKey?: string;
  /** Give up sending after this moment. */
  discardAfter?: Date;
  /** A ticket reply's threading headers. */
  replyHeaders?: { inReplyTo?: string; references?: string[] };
  /** Stored files, or documents made as it is sent, sent with it. */
  attachments?: OutboxAttachment[];
  /** Extra recipients (a ticket reply's cc). */
  cc?: string[];
  /** Its Message-ID (a ticket records it to thread the answer back); a new random one when not given. */
  messageId?: string;
}

/** A credit note (or invoice) as a PDF made when the message is sent. */
function creditNoteAttachment(note: { id: number; number: string }): OutboxAttachment {
  return {
    filename: `abono-${note.number}.pdf`,
    contentType: 'application/pdf',
    document: { type: 'invoice', invoiceId: note.id },
  };
}

/** The language of the terms an order's customer accepted (their PDF goes with the confirmation), or null. */
function acceptedTermsLanguage(order: typeof orders.$inferSelect) {
  return order.termsVersion && isLanguage(order.termsLanguage) ? order.termsLanguage : null;
}

/**
 * A message into the outbox, unless its dedupe key was used (then nothing, and no id). Plain SQL with numbered
 * parameters: the job queue writes the message's job in the same statement (EmailService.insertWithJob).
 */
const OUTBOX_INSERT = {
  name: 'email_outbox_insert',
  text: `insert into email_outbox (kind, store_id, language, from_address, to_address, subject, text_body, html_body,
    order_id, user_id, dedupe_key, discard_after, reply_headers, attachments, message_id)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::timestamptz, $13::jsonb, $14::jsonb, $15)
  on conflict (dedupe_key) do nothing returning id`,
};

/** Account-secret links are asked for again by their owner, never re-sent by staff. */
const NOT_RETRIED: EmailKind[] = ['password_reset', 'sign_in_link', 'email_change_confirm'];

const READY = new Set<number>([PanelStatus.Delivered, PanelStatus.Closed]);
/** "Not processing" (70 Denegado): staff cancelled the line; the customer is told (docs/withdrawal.md). */
const CANCELLED_BY_STAFF = 70;

/**
 * Composes transactional emails (brand, language, sender and links of the order's store) and writes them to the
 * outbox inside the caller's transaction; the dispatcher sends them after the commit.
 */
export class EmailService {
  /**
   * Called with each message written (in the same transaction) and each one put back in the queue: the app enqueues
   * its "email-send" job here, so the message and its job commit together.
   */
  onQueued: ((tx: DbOrTx, outboxId: number) => Promise<void>) | undefined;
  /**
   * Runs a message's insert (numbered parameters, `returning id`) together with its "email-send" job, in one
   * statement; set by the app with the job queue (email.jobs.ts). Without it, the insert, then onQueued.
   */
  insertWithJob:
    ((tx: DbOrTx, insert: { name: string; text: string; values: unknown[] }) => Promise<number[]>) | undefined;
  /** The store's seller, named in every footer (set by the app once the legal entities are read). */
  sellerOf: ((storeId: number) => EmailBrand['seller'] | null) | undefined;

  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly catalog: CatalogService,
    /** Signs the pay link of an order an agent created (the customer pays it without signing in). */
    private readonly payLinks?: PayLinks,
  ) {}

  /** The store's brand: its name, language, and where links in its emails point. */
  brand(storeId: number): EmailBrand {
    const store = this.catalog.getStore(storeId) ?? this.catalog.getStore(this.config.defaultStoreId);
    const id = store?.storeId ?? storeId;
    const host = store?.hosts[0];
    const useHost = this.config.mail.links === 'store-host' && host;
    const seller = this.sellerOf?.(id);
    const base = useHost ? `https://${host}` : this.config.publicUrl;
    return {
      storeId: id,
      name: store?.name ?? 'Ventanilla',
      language: store && isLanguage(store.language) ? store.language : 'es',
      country: store?.country ?? 'ES',
      ...(seller ? { seller } : {}),
      link(path, fragment) {
        const query = useHost ? '' : `?store=${id}`;
        return `${base}/${path}${query}${fragment ? `#${fragment}` : ''}`;
      },
    };
  }

  /** "Brand <address>" of a store: its own address (MAIL_FROM_STORES) or MAIL_FROM. */
  fromAddress(storeId: number): string {
    const brand = this.brand(storeId);
    const address = this.config.mail.fromByStore[storeId] ?? this.config.mail.from;
    return `"${brand.name.replace(/["\\\r\n]/g, '')}" <${address}>`;
  }

  /** Renders and stores one message; returns its outbox id, or null when the dedupe key was already used. */
  async enqueue(tx: DbOrTx, input: EnqueueInput): Promise<number | null> {
    const brand = this.brand(input.storeId);
    const rendered = renderEmail(input.message, brand);
    const fromAddress = this.fromAddress(brand.storeId);
    const replyHeaders = input.replyHeaders || input.cc?.length ? { ...input.replyHeaders, cc: input.cc } : null;
    const insert = {
      ...OUTBOX_INSERT,
      values: [
        input.message.kind,
        brand.storeId,
        brand.language,
        fromAddress,
        input.to,
        rendered.subject.replace(/[\r\n]+/g, ' '),
        rendered.text,
        rendered.html,
        input.orderId ?? null,
        input.userId ?? null,
        input.dedupeKey ?? null,
        input.discardAfter?.toISOString() ?? null,
        replyHeaders ? JSON.stringify(replyHeaders) : null,
        input.attachments?.length ? JSON.stringify(input.attachments) : null,
        input.messageId ?? newMessageId(fromAddress),
      ],
    };
    // With the job queue: the message and its job in one statement.
    if (this.insertWithJob) return (await this.insertWithJob(tx, insert))[0] ?? null;
    const id = (await runNamed<{ id: number }>(tx, insert.name, insert.text, insert.values)).rows[0]?.id ?? null;
    if (id !== null) await this.onQueued?.(tx, id);
    return id;
  }

  /** Order emails, written by listeners that run inside the transaction that changed the order. */
  listen(events: OrderEvents): void {
    events.on('placed', async (tx, e) => {
      // A customer paying at the provider's page right now (card, PayPal, Bizum) gets the payment's confirmation in
      // a moment: "order received" would be noise then. It goes only if the order is still unpaid after a while
      // (remindUnpaidOrders: the customer left the payment half-way), as shops do with payments made at a gateway.
      const paidAtProvider = e.method !== null && isPaymentMethodCode(e.method) && !isAsynchronousMethod(e.method);
      if (e.agentId === undefined && paidAtProvider) return;
      await this.orderReceived(tx, e.orderId, e.order, e.lines, e.agentId !== undefined);
    });
    events.on('leadResent', async (tx, e) => {
      const order = await this.loadOrder(tx, e.orderId);
      if (!order) return;
      await this.enqueue(tx, {
        ...order.envelope,
        dedupeKey: `payment_reminder:${e.itemId}:${e.sequence}`,
        message: {
          kind: 'payment_reminder',
          firstname: order.row.customerFirstname,
          orderId: e.orderId,
          lines: order.lines,
          total: order.row.total,
          ...(this.payLinks ? { payKey: this.payLinks.sign(e.orderId) } : {}),
        },
      });
    });
    events.on('paymentInstructions', async (tx, e) => {
      const order = await this.loadOrder(tx, e.orderId);
      if (!order) return;
      await this.enqueue(tx, {
        ...order.envelope,
        dedupeKey: `payment_instructions:${e.paymentId}`,
        message: {
          kind: 'payment_instructions',
          firstname: order.row.customerFirstname,
          orderId: e.orderId,
          method: e.method,
          details: e.details,
          total: order.row.total,
        },
      });
    });
    events.on('paid', async (tx, e, awaitLater) => {
      const order = await this.loadOrder(
        tx,
        e.orderId,
        e.order,
        (await paidOrderItems(tx, e)).map((i) => ({ name: i.productName, total: i.total })),
      );
      if (!order) return;
      // Not waited for: the paid order's next listeners (the invoice) send their statements behind it, in the same
      // round trip (and write, when they send before the tick ends); emit awaits it before the transaction commits.
      awaitLater(
        sendTogether(clientOf(tx), () =>
          this.enqueue(tx, {
            ...order.envelope,
            dedupeKey: `payment_confirmed:${e.orderId}`,
            message: {
              kind: 'payment_confirmed',
              firstname: order.row.customerFirstname,
              orderId: e.orderId,
              lines: order.lines,
              total: order.row.total,
              withdrawalForm: true,
              termsAttached: acceptedTermsLanguage(order.row) !== null,
            },
            attachments: this.confirmationAttachments(order.row),
          }),
        ),
      );
    });
    events.on('itemStatusChanged', async (tx, e) => {
      // Ready: only when the item becomes ready (110 Entregado -> 120 Cerrado is not news). Incident: on entering 60.
      const becameReady = READY.has(e.newStatus) && !READY.has(e.oldStatus);
      const becameIncident = e.newStatus === PanelStatus.Incident && e.oldStatus !== PanelStatus.Incident;
      const becameCancelled = e.newStatus === CANCELLED_BY_STAFF && e.oldStatus !== CANCELLED_BY_STAFF;
      if (e.customerNotified) return;
      if (becameCancelled) {
        await this.orderCancelled(tx, e.orderId, e.itemId);
        return;
      }
      if (!becameReady && !becameIncident) return;
      const order = await this.loadOrder(tx, e.orderId);
      const [item] = await tx
        .select({ productName: orderItems.productName, incidenciaText: orderItems.incidenciaText })
        .from(orderItems)
        .where(and(eq(orderItems.itemId, e.itemId), eq(orderItems.orderId, e.orderId)));
      if (!order || !item) return;
      const common = { firstname: order.row.customerFirstname, orderId: e.orderId, productName: item.productName };
      await this.enqueue(tx, {
        ...order.envelope,
        message: becameReady
          ? { kind: 'document_ready', ...common }
          : { kind: 'incident_action', ...common, incidentText: item.incidenciaText },
      });
    });
    events.on('clientStatusChanged', async (tx, e) => {
      const order = await this.loadOrder(tx, e.orderId);
      const [item] = await tx
        .select({ productName: orderItems.productName })
        .from(orderItems)
        .where(and(eq(orderItems.itemId, e.itemId), eq(orderItems.orderId, e.orderId)));
      if (!order || !item) return;
      await this.enqueue(tx, {
        ...order.envelope,
        dedupeKey: `client_status:${e.historyId}`,
        message: {
          kind: 'client_status_changed',
          firstname: order.row.customerFirstname,
          orderId: e.orderId,
          productName: item.productName,
          status: e.status,
        },
      });
    });
    this.listenToRefunds(events);
  }

  /**
   * What the order's confirmation carries (docs/withdrawal.md): the terms of sale the customer accepted, in the
   * language they accepted them, and the model withdrawal form filled with the seller's data, in the store's language.
   */
  private confirmationAttachments(order: typeof orders.$inferSelect): OutboxAttachment[] {
    const brand = this.brand(order.storeId);
    const form = WITHDRAWAL_FORM_TEXTS[withdrawalFormVariant(brand.language, brand.country)];
    const termsLanguage = acceptedTermsLanguage(order);
    return [
      ...(termsLanguage
        ? [
            {
              filename: TERMS_DOCUMENT_TEXTS[termsLanguage].filename,
              contentType: 'application/pdf',
              // What the customer accepted, read in this transaction: the message needs no read of the order.
              document: {
                type: 'terms',
                orderId: order.orderId,
                storeId: order.storeId,
                version: order.termsVersion!,
                hash: order.termsHash!,
                language: termsLanguage,
              } as const,
            },
          ]
        : []),
      {
        filename: form.filename,
        contentType: 'application/pdf',
        document: { type: 'withdrawal_form', orderId: order.orderId, storeId: order.storeId },
      },
    ];
  }

  /** Refunds and withdrawals (docs/withdrawal.md): written in the transaction that issues the credit note. */
  private listenToRefunds(events: OrderEvents): void {
    events.on('refunded', async (tx, e) => {
      // A withdrawal's refund is told by the withdrawal's own e-mail.
      if (e.withdrawal) return;
      const order = await this.loadOrder(tx, e.orderId);
      if (!order) return;
      await this.enqueue(tx, {
        ...order.envelope,
        dedupeKey: `refund_issued:${e.refundId}`,
        message: {
          kind: 'refund_issued',
          firstname: order.row.customerFirstname,
          orderId: e.orderId,
          amount: e.amount,
          penalty: e.penalty,
          creditNoteNumber: e.creditNote.number,
          manual: e.manual,
        },
        attachments: [creditNoteAttachment(e.creditNote)],
      });
    });
    events.on('withdrawn', async (tx, e) => {
      const order = await this.loadOrder(tx, e.orderId);
      if (!order) return;
      const refund = e.refund;
      await this.enqueue(tx, {
        ...order.envelope,
        dedupeKey: `order_withdrawn:${e.orderId}`,
        message: {
          kind: 'order_withdrawn',
          firstname: order.row.customerFirstname,
          orderId: e.orderId,
          lines: order.lines,
          withdrawnAt: e.withdrawnAt.toISOString(),
          refund: refund
            ? { amount: refund.amount, creditNoteNumber: refund.creditNote.number, manual: refund.manual }
            : null,
        },
        ...(refund ? { attachments: [creditNoteAttachment(refund.creditNote)] } : {}),
      });
    });
  }

  /** "Your service was cancelled": staff moved a line to 70 (not processing). */
  private async orderCancelled(tx: Tx, orderId: number, itemId: number): Promise<void> {
    const order = await this.loadOrder(tx, orderId);
    const [item] = await tx
      .select({ productName: orderItems.productName })
      .from(orderItems)
      .where(and(eq(orderItems.itemId, itemId), eq(orderItems.orderId, orderId)));
    if (!order || !item) return;
    await this.enqueue(tx, {
      ...order.envelope,
      message: {
        kind: 'order_cancelled',
        firstname: order.row.customerFirstname,
        orderId,
        productName: item.productName,
      },
    });
  }

  /** "Order received", with the order's pay link (signed for an order an agent created): once per order. */
  private async orderReceived(
    tx: Tx,
    orderId: number,
    known?: typeof orders.$inferSelect,
    knownLines?: readonly OrderLineSummary[],
    byAgent = false,
  ): Promise<number | null> {
    const order = await this.loadOrder(tx, orderId, known, knownLines);
    if (!order) return null;
    return this.enqueue(tx, {
      ...order.envelope,
      dedupeKey: `order_received:${orderId}`,
      message: {
        kind: 'order_received',
        firstname: order.row.customerFirstname,
        orderId,
        lines: order.lines,
        total: order.row.total,
        ...(byAgent && this.payLinks ? { payKey: this.payLinks.sign(orderId) } : {}),
        // The contract is made once the customer accepted the terms (an agent's order: when they pay it).
        ...(order.row.termsAcceptedAt
          ? { withdrawalForm: true, termsAttached: acceptedTermsLanguage(order.row) !== null }
          : {}),
      },
      ...(order.row.termsAcceptedAt ? { attachments: this.confirmationAttachments(order.row) } : {}),
    });
  }

  /**
   * "Order received" for the orders placed at checkout (between `from` and `to`, ~30 minutes ago) that are still
   * unpaid and have had none: the customer left the provider's page half-way, and the message's link lets them pay.
   * Safe on several instances at once (one message per order: its dedupe key). Returns how many were written.
   */
  async remindUnpaidOrders(from: Date, to: Date, limit = 500): Promise<number> {
    const due = await this.db
      .select({ orderId: orders.orderId })
      .from(orders)
      .where(
        and(
          gte(orders.createdAt, from),
          lt(orders.createdAt, to),
          isNull(orders.paidAt),
          eq(orders.status, 'pending'),
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(emailOutbox)
              .where(eq(emailOutbox.dedupeKey, sql`'order_received:' || ${orders.orderId}`)),
          ),
        ),
      )
      .orderBy(orders.createdAt)
      .limit(limit);
    let written = 0;
    for (const { orderId } of due) {
      const id = await this.db.transaction((tx) => this.orderReceived(tx, orderId));
      if (id !== null) written++;
    }
    return written;
  }

  private async loadOrder(
    tx: Tx,
    orderId: number,
    known?: typeof orders.$inferSelect,
    knownLines?: readonly OrderLineSummary[],
  ) {
    const [row] =
      known?.orderId === orderId ? [known] : await tx.select().from(orders).where(eq(orders.orderId, orderId));
    if (!row) return null;
    const lines =
      knownLines ??
      (await tx
        .select({ name: orderItems.productName, total: orderItems.total })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(orderItems.itemId));
    return {
      row,
      lines: lines.map((i) => ({ name: i.name, total: i.total })),
      envelope: { storeId: row.storeId, to: row.customerEmail, orderId, userId: row.customerId },
    };
  }

  /** The back office's "Correo enviado": newest first. */
  async list(filter: {
    page: number;
    perPage: number;
    status?: OutboxRow['status'];
    kind?: EmailKind;
  }): Promise<{ items: OutboxRow[]; total: number }> {
    const where = and(
      filter.status ? eq(emailOutbox.status, filter.status) : undefined,
      filter.kind ? eq(emailOutbox.kind, filter.kind) : undefined,
    );
    const [items, totals] = await Promise.all([
      this.db
        .select()
        .from(emailOutbox)
        .where(where)
        .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
        .limit(filter.perPage)
        .offset((filter.page - 1) * filter.perPage),
      this.db.select({ n: count() }).from(emailOutbox).where(where),
    ]);
    return { items, total: totals[0]?.n ?? 0 };
  }

  async get(id: number): Promise<OutboxRow | undefined> {
    const [row] = await this.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    return row;
  }

  /** Puts a failed message back in the queue (an agent fixed the address or the mail server is back). */
  async retry(id: number): Promise<boolean> {
    const rows = await this.db
      .update(emailOutbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), lastError: null })
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed'), notInArray(emailOutbox.kind, NOT_RETRIED)))
      .returning({ id: emailOutbox.id });
    for (const row of rows) await this.onQueued?.(this.db, row.id);
    return rows.length > 0;
  }
}
