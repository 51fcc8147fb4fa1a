// GDPR: the export of everything the shop keeps about a customer (art. 15 and 20) and the deletion of the account
// (art. 17) by the rules of packages/domain/src/account/account-data.ts (docs/customer-panel.md, "Export and
// deletion"). The export never carries staff-only notes, other people's data, password hashes or tokens.
import {
  accountDeletionBlocker,
  categoriesWith,
  clientStatusFor,
  deletedAccountEmail,
  formatMoneyString,
  type ClientStatusKey,
} from '@ventanilla/domain';
import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import {
  accountActivities,
  accountDeletions,
  carts,
  customerBilling,
  customerPaymentPreferences,
  emailChangeRequests,
  emailOutbox,
  invoices,
  itemFiles,
  notifications,
  orderItems,
  orders,
  oauthTokens,
  passwordResetTokens,
  pushSubscriptions,
  rememberTokens,
  signInDevices,
  signInLinks,
  savedItems,
  sessions,
  ticketMessages,
  tickets,
  uploads,
  userIdentities,
  users,
  wizardDrafts,
} from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import { clearLoginThrottle, unusablePasswordHash, verifyPasswordThrottled } from '../customers/index.js';
import type { EmailService } from '../email/index.js';
import type { FileStorage } from '../files/index.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export interface DeletionResult {
  deleted: true;
  erased: string[];
  anonymised: string[];
  retained: string[];
}

export class AccountDataService {
  constructor(
    private readonly db: Db,
    private readonly files: FileStorage,
    private readonly log: { warn(obj: object, msg: string): void } = { warn: () => undefined },
    /** Confirms a deletion to the address the account had. */
    private readonly email?: EmailService,
  ) {}

  /** Everything about the customer, as one JSON document (the customer downloads it). */
  async export(userId: number): Promise<Record<string, unknown>> {
    const db = this.db;
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new AppError('NOT_FOUND', `user ${userId}`);
    const orderRows = await db
      .select()
      .from(orders)
      .where(eq(orders.customerId, userId))
      .orderBy(desc(orders.createdAt));
    const orderIds = orderRows.map((o) => o.orderId);
    const itemRows = orderIds.length
      ? await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.itemId))
      : [];
    const itemIds = itemRows.map((i) => i.itemId);
    // Only documents the customer can see (their uploads and what was delivered); staff-only files stay out.
    const fileRows = itemIds.length
      ? await db
          .select({
            itemId: itemFiles.itemId,
            filename: itemFiles.filename,
            contentType: itemFiles.contentType,
            size: itemFiles.size,
            createdAt: itemFiles.createdAt,
          })
          .from(itemFiles)
          .where(and(inArray(itemFiles.itemId, itemIds), eq(itemFiles.visibleToCustomer, true)))
      : [];
    const [
      billing,
      preference,
      invoiceRows,
      saved,
      drafts,
      ticketRows,
      notificationRows,
      activityRows,
      pushRows,
      emailChanges,
    ] = await Promise.all([
      db.select().from(customerBilling).where(eq(customerBilling.userId, userId)),
      db
        .select({
          method: customerPaymentPreferences.method,
          card_brand: customerPaymentPreferences.cardBrand,
          card_last4: customerPaymentPreferences.cardLast4,
        })
        .from(customerPaymentPreferences)
        .where(eq(customerPaymentPreferences.userId, userId)),
      db
        .select({
          number: invoices.number,
          kind: invoices.kind,
          order_id: invoices.orderId,
          issue_date: invoices.issueDate,
          total: invoices.total,
          recipient: invoices.recipient,
        })
        .from(invoices)
        .where(eq(invoices.customerId, userId))
        .orderBy(asc(invoices.id)),
      db.select().from(savedItems).where(eq(savedItems.userId, userId)).orderBy(asc(savedItems.id)),
      db
        .select({ store_id: wizardDrafts.storeId, form: wizardDrafts.urlKey, answers: wizardDrafts.answers })
        .from(wizardDrafts)
        .where(eq(wizardDrafts.userId, userId)),
      db
        .select({ id: tickets.id, subject: tickets.subject, status: tickets.status, created_at: tickets.createdAt })
        .from(tickets)
        .where(eq(tickets.customerId, userId))
        .orderBy(asc(tickets.id)),
      db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.id)),
      db
        .select()
        .from(accountActivities)
        .where(eq(accountActivities.userId, userId))
        .orderBy(asc(accountActivities.id)),
      db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
      db
        .select({
          new_email: emailChangeRequests.newEmail,
          created_at: emailChangeRequests.createdAt,
          confirmed_at: emailChangeRequests.confirmedAt,
        })
        .from(emailChangeRequests)
        .where(eq(emailChangeRequests.userId, userId)),
    ]);
    // Ticket messages: the conversation (the text each side wrote), never the staff's internal notes, never the
    // addresses of other people copied in.
    const ticketIds = ticketRows.map((t) => t.id);
    const messages = ticketIds.length
      ? await db
          .select({
            ticketId: ticketMessages.ticketId,
            direction: ticketMessages.direction,
            subject: ticketMessages.subject,
            text: ticketMessages.text,
            createdAt: ticketMessages.createdAt,
          })
          .from(ticketMessages)
          .where(inArray(ticketMessages.ticketId, ticketIds))
          .orderBy(asc(ticketMessages.id))
      : [];
    return {
      format: 'ventanilla-account-export',
      version: 1,
      exported_at: new Date().toISOString(),
      account: {
        id: user.id,
        email: user.email,
        firstname: user.firstname,
        lastname: user.lastname,
        phone: user.phone,
        created_at: iso(user.createdAt),
      },
      consents: {
        newsletter: user.newsletter,
        save_items_from_orders: user.saveItemsFromOrders,
        cookies: 'kept in your browser (localStorage ventanilla:consent), not on the server',
      },
      billing: billing[0]
        ? { name: billing[0].name, tax_id: billing[0].taxId, address: billing[0].address, country: billing[0].country }
        : null,
      payment_preference: preference[0] ?? null,
      orders: orderRows.map((o) => ({
        order_id: o.orderId,
        store_id: o.storeId,
        status: o.status,
        currency: o.currency,
        subtotal: formatMoneyString(o.subtotal),
        tax: formatMoneyString(o.taxAmount),
        fees: formatMoneyString(o.fees),
        total: formatMoneyString(o.total),
        contact: { email: o.customerEmail, firstname: o.customerFirstname, lastname: o.customerLastname },
        paid_at: iso(o.paidAt),
        created_at: iso(o.createdAt),
        items: itemRows
          .filter((i) => i.orderId === o.orderId)
          .map((i) => {
            const status = clientStatusFor({
              rawStatus: o.status,
              panelStatusId: i.panelStatusId,
              clientStatusId: i.clientStatusId,
            });
            return {
              item_id: i.itemId,
              product_id: i.productId,
              product_name: i.productName,
              qty: i.qty,
              total: formatMoneyString(i.total),
              status: status.ok ? status.status.key : 'unknown',
              answers: i.productOptions,
              incident: i.incidenciaText,
              documents: fileRows
                .filter((f) => f.itemId === i.itemId)
                .map((f) => ({
                  filename: f.filename,
                  content_type: f.contentType,
                  size: f.size,
                  created_at: iso(f.createdAt),
                })),
            };
          }),
      })),
      invoices: invoiceRows.map((i) => ({ ...i, total: formatMoneyString(i.total) })),
      saved_items: saved.map((s) => ({
        id: s.id,
        kind: s.kind,
        name: s.name,
        meta: s.meta,
        favourite: s.favourite,
        seguimiento: s.seguimiento,
        origin: s.origin,
        created_at: iso(s.createdAt),
      })),
      drafts,
      tickets: ticketRows.map((t) => ({
        id: t.id,
        subject: t.subject,
        status: t.status,
        created_at: iso(t.created_at),
        messages: messages
          .filter((m) => m.ticketId === t.id)
          .map((m) => ({ direction: m.direction, subject: m.subject, text: m.text, created_at: iso(m.createdAt) })),
      })),
      notifications: notificationRows.map((n) => ({
        kind: n.kind,
        order_id: n.orderId,
        product_name: n.productName,
        status: n.status,
        read: n.readAt !== null,
        created_at: iso(n.createdAt),
      })),
      activities: activityRows.map((a) => ({ kind: a.kind, details: a.details, created_at: iso(a.createdAt) })),
      push_subscriptions: pushRows.map((p) => ({
        push_service: new URL(p.endpoint).host,
        user_agent: p.userAgent,
        created_at: iso(p.createdAt),
      })),
      email_changes: emailChanges.map((e) => ({
        new_email: e.new_email,
        created_at: iso(e.created_at),
        confirmed_at: iso(e.confirmed_at),
      })),
    };
  }

  /**
   * Deletes the account: the password again (a borrowed session is not enough); refused for staff accounts and
   * while a paid order is being worked (409 ACCOUNT_HAS_OPEN_ORDERS). One transaction erases, anonymises and keeps
   * by ERASURE_RULES and ends every session; the stored bytes of erased documents go after the commit.
   */
  async delete(
    userId: number,
    password: string,
    /** Where the request came from (wrong passwords count against the login throttle) and the store it was made in. */
    origin: { ip: string; storeId?: number } = { ip: '' },
  ): Promise<DeletionResult> {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!user || !user.active) throw new AppError('NOT_FOUND', `user ${userId}`);
    if (user.role !== 'customer') throw new AppError('FORBIDDEN', 'staff accounts are closed by an admin');
    if (!(await verifyPasswordThrottled(this.db, user, password, origin.ip))) {
      throw new AppError('VALIDATION_ERROR', 'account deletion: password wrong', {
        fields: [{ field: 'password', message: { key: 'password.current_wrong' } }],
      });
    }
    const passwordHash = await unusablePasswordHash();
    const gone = deletedAccountEmail(userId);
    const storageKeys: string[] = [];
    const summary: Record<string, number> = {};
    await this.db.transaction(async (tx) => {
      // The account row is locked first: a concurrent deletion or e-mail change waits, then finds it changed.
      const [locked] = await tx
        .execute<{ email: string; active: boolean }>(
          sql`select email, active from users where id = ${userId} for update`,
        )
        .then((r) => r.rows);
      if (!locked?.active || locked.email !== user.email) throw new AppError('NOT_FOUND', `user ${userId} changed`);
      const orderRows = await tx
        .select({ orderId: orders.orderId, status: orders.status, paidAt: orders.paidAt })
        .from(orders)
        .where(eq(orders.customerId, userId))
        .for('update');
      const orderIds = orderRows.map((o) => o.orderId);
      const itemRows = orderIds.length
        ? await tx
            .select({
              itemId: orderItems.itemId,
              orderId: orderItems.orderId,
              panelStatusId: orderItems.panelStatusId,
              clientStatusId: orderItems.clientStatusId,
            })
            .from(orderItems)
            .where(inArray(orderItems.orderId, orderIds))
        : [];
      const blocker = accountDeletionBlocker(
        orderRows.map((o) => ({
          paid: o.paidAt !== null,
          lineStatuses: itemRows
            .filter((i) => i.orderId === o.orderId)
            .map((i) => {
              const s = clientStatusFor({
                rawStatus: o.status,
                panelStatusId: i.panelStatusId,
                clientStatusId: i.clientStatusId,
              });
              return s.ok ? s.status.key : ('processing' as ClientStatusKey);
            }),
        })),
      );
      if (blocker) throw new AppError('ACCOUNT_HAS_OPEN_ORDERS', `user ${userId}: ${blocker}`);
      const itemIds = itemRows.map((i) => i.itemId);
      const count = async (name: string, rows: Promise<unknown[]>) => {
        summary[name] = (await rows).length;
      };
      // identity_documents (the customer's uploads) and delivered_documents (what the customer could download).
      if (itemIds.length) {
        const files = await tx
          .delete(itemFiles)
          .where(
            and(
              inArray(itemFiles.itemId, itemIds),
              or(isNotNull(itemFiles.uploadId), eq(itemFiles.visibleToCustomer, true)),
            ),
          )
          .returning({ key: itemFiles.storageKey });
        storageKeys.push(...files.map((f) => f.key));
        summary.documents = files.length;
      }
      const pending = await tx.delete(uploads).where(eq(uploads.userId, userId)).returning({ key: uploads.storageKey });
      storageKeys.push(...pending.map((u) => u.key));
      summary.uploads = pending.length;
      await count(
        'sessions',
        tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.idHash }),
      );
      await count(
        'tokens',
        tx
          .delete(passwordResetTokens)
          .where(eq(passwordResetTokens.userId, userId))
          .returning({ id: passwordResetTokens.id }),
      );
      await tx.delete(emailChangeRequests).where(eq(emailChangeRequests.userId, userId));
      // Remember-me and known devices, sign-in links, OpenID identities and OAuth tokens: no way back in is left.
      await tx.delete(rememberTokens).where(eq(rememberTokens.userId, userId));
      await tx.delete(signInDevices).where(eq(signInDevices.userId, userId));
      await tx.delete(signInLinks).where(eq(signInLinks.userId, userId));
      await tx.delete(userIdentities).where(eq(userIdentities.userId, userId));
      await tx.delete(oauthTokens).where(eq(oauthTokens.userId, userId));
      await tx.delete(customerBilling).where(eq(customerBilling.userId, userId));
      await tx.delete(customerPaymentPreferences).where(eq(customerPaymentPreferences.userId, userId));
      await count(
        'saved_items',
        tx.delete(savedItems).where(eq(savedItems.userId, userId)).returning({ id: savedItems.id }),
      );
      await tx.delete(wizardDrafts).where(eq(wizardDrafts.userId, userId));
      await tx.delete(carts).where(and(eq(carts.userId, userId), eq(carts.status, 'active')));
      await tx.update(carts).set({ userId: null }).where(eq(carts.userId, userId));
      await tx.delete(notifications).where(eq(notifications.userId, userId));
      await tx.delete(accountActivities).where(eq(accountActivities.userId, userId));
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      // orders: kept (tax law) without the contact details; the lines' search copy is refilled by its trigger.
      if (orderIds.length) {
        await tx
          .update(orders)
          .set({ customerEmail: gone, customerFirstname: '', customerLastname: '', updatedAt: new Date() })
          .where(inArray(orders.orderId, orderIds));
        await tx.execute(sql`update order_items set updated_at = updated_at where order_id in ${orderIds}`);
      }
      summary.orders_anonymised = orderIds.length;
      await tx.execute(sql`delete from search_emails where email = ${user.email}`);
      // tickets and sent e-mails: the staff's record stays, without the customer's address and message bodies.
      await tx.update(tickets).set({ email: gone, name: null }).where(eq(tickets.customerId, userId));
      await tx
        .update(ticketMessages)
        .set({ fromEmail: gone })
        .where(
          and(
            eq(ticketMessages.fromEmail, user.email),
            inArray(
              ticketMessages.ticketId,
              tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.customerId, userId)),
            ),
          ),
        );
      await tx
        .update(emailOutbox)
        .set({ toAddress: gone, textBody: '', htmlBody: '' })
        .where(eq(emailOutbox.userId, userId));
      // profile: the row stays (orders and invoices point at it), nobody can sign in to it, its address is free.
      await tx
        .update(users)
        .set({
          email: gone,
          firstname: '',
          lastname: '',
          phone: null,
          newsletter: false,
          active: false,
          saveItemsFromOrders: false,
          passwordHash,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId));
      await tx.insert(accountDeletions).values({ userId, summary });
      await clearLoginThrottle(tx, user.email);
      // The confirmation goes to the address the account had, written after the outbox was anonymised above (it is
      // not tied to the account: nothing links the address back to it once sent).
      if (this.email && origin.storeId !== undefined) {
        await this.email.enqueue(tx, {
          storeId: origin.storeId,
          to: user.email,
          discardAfter: new Date(Date.now() + 7 * 86_400_000),
          message: {
            kind: 'account_deleted',
            firstname: user.firstname,
            deletedAt: new Date().toISOString(),
            ordersKept: orderIds.length,
          },
        });
      }
    });
    for (const key of storageKeys) {
      await this.files.remove(key).catch((err: unknown) => {
        this.log.warn({ key, err: (err as Error).message }, 'erased document bytes could not be removed');
      });
    }
    return {
      deleted: true,
      erased: categoriesWith('erase'),
      anonymised: categoriesWith('anonymise'),
      retained: categoriesWith('retain'),
    };
  }
}
