import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  ACTIVE_TICKET_STATUSES,
  canWrite,
  escapeHtml,
  isCurrentVersion,
  isShopAddress,
  keptAttachments,
  LOCK_LEASE_MS,
  missingValuesMessage,
  nextVersion,
  parseTicketToken,
  releaseLock,
  renderTemplate,
  resolveThread,
  subjectWithToken,
  takeLock,
  templateErrorMessage,
  threadingCandidates,
  ticketToken,
  TICKET_POSTPONE_MAX_DAYS,
  TICKET_STATUS_TEXT,
  TicketStatus,
  ticketTransition,
  validateEmail,
  type ItemLock,
  type TemplateValues,
  type TicketStatusAction,
  type TicketStatusId,
  type TicketHistoryAction,
} from '@ventanilla/domain';
import type { AppConfig } from '../../config/env.js';
import type { Db, Tx } from '../../db/database.js';
import {
  orderItems,
  orders,
  ticketAttachments,
  ticketHistory,
  ticketMessages,
  ticketNotes,
  tickets,
  users,
} from '../../db/schema.js';
import { AppError, type LockOut } from '../../shared/app-error.js';
import type { SessionUser } from '../../shared/session-types.js';
import { type EmailService, newMessageId } from '../email/index.js';
import type { FileStorage } from '../files/index.js';
import { cleanText, MAX_INBOUND_ATTACHMENTS, SUBJECT_MAX, type IncomingMail } from './inbound-mail.js';

type TicketRow = typeof tickets.$inferSelect;

/** The list's filters (already checked by parseTicketQuery). */
export interface TicketListFilters {
  email: string | null;
  /** The whole address, lower-case (stored addresses are lower-case): uses tickets_email_idx. */
  exactEmail?: string | null;
  status: TicketStatusId[];
  page: number;
  size: number;
}

/** A file sent with an agent's reply or new ticket. */
export interface OutgoingFile {
  filename: string;
  bytes: Buffer;
  contentType: string;
}

/** History entries of mail in: a reference to another's ticket refused; files of a message not kept. */
export const THREAD_REFUSED = 'hilo_rechazado';
export const ATTACHMENTS_DROPPED = 'adjuntos_no_guardados';

export const NOTE_MAX = 5000;
export const REPLY_MAX = 50_000;
export const MAX_REPLY_FILES = 10;
/** How many of the customer's other tickets and order items the ticket's side lists (the totals say the rest). */
const CUSTOMER_ACTIVITY_LIMIT = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

const holderName = sql<string | null>`(select ${users.firstname} || ' ' || ${users.lastname} from ${users}
  where ${users.id} = ${tickets.lockedBy})`;

function storedLock(row: Pick<TicketRow, 'lockedBy' | 'lockedAt' | 'lockExpiresAt'>): ItemLock | null {
  if (row.lockedBy === null || row.lockExpiresAt === null) return null;
  return { holderId: row.lockedBy, acquiredAt: row.lockedAt ?? row.lockExpiresAt, expiresAt: row.lockExpiresAt };
}

function lockedError(ticketId: number, holderId: number, name: string | null, expiresAt: Date): AppError {
  const lock: LockOut = {
    item_id: ticketId,
    locked_by: holderId,
    locked_by_name: name ?? String(holderId),
    expires_at: expiresAt.toISOString(),
  };
  return new AppError('ITEM_LOCKED', `ticket ${ticketId} locked by ${holderId}`, {
    params: { holder: lock.locked_by_name },
    lock,
    messageKey: 'ticket.ITEM_LOCKED',
  });
}

function refused(field: string, detail: string): AppError {
  return new AppError('ITEM_ACTION_REFUSED', detail, {
    fields: [{ field, key: 'ticket.ITEM_ACTION_REFUSED' }],
    messageKey: 'ticket.ITEM_ACTION_REFUSED',
  });
}

function invalid(field: string, detail: string): AppError {
  return new AppError('VALIDATION_ERROR', detail, { fields: [{ field, key: 'field.invalid' }] });
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A text an agent typed: no control characters, within `max`, not blank. */
export function agentText(field: string, value: string, max: number): string {
  if (CONTROL.test(value)) throw invalid(field, `${field}: control characters`);
  const trimmed = value.trim();
  if (trimmed === '' || [...trimmed].length > max) throw invalid(field, `${field}: empty or too long`);
  return trimmed;
}

/** A comma-separated address list (cc): each a plain address, at most 10. */
export function emailList(field: string, raw: string | undefined): string[] {
  const list = (raw ?? '')
    .split(/[,;]/)
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  if (list.length > 10 || list.some((e) => !validateEmail(e).ok)) {
    throw invalid(field, `${field}: bad address list`);
  }
  return [...new Set(list)];
}

/** What an action may use inside its transaction. */
interface TicketWrite {
  tx: Tx;
  ticket: TicketRow;
  agent: SessionUser;
  now: Date;
  history(
    accion: TicketHistoryAction,
    details?: Record<string, unknown> | null,
    status?: { from: number; to: number },
  ): Promise<void>;
  /** Moves the ticket by a domain transition (refused: 409 ITEM_ACTION_REFUSED). */
  move(
    action: TicketStatusAction,
    accion: TicketHistoryAction,
    details?: Record<string, unknown>,
  ): Promise<TicketStatusId>;
}

/**
 * Tickets (docs/backoffice.md, "Tickets"): mail in (SMTP, the provider webhook, the contact form) threads into
 * tickets; agents read, lock, answer and act on them. Every action runs in one transaction under the ticket's row
 * lock: the lease is checked again, the version the screen loaded must still be current (409 VERSION_CONFLICT), the
 * domain decides the transition, and the write moves the version (`updated_at`) forward.
 */
export class TicketsService {
  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly email: EmailService,
    private readonly files: FileStorage,
    private readonly now: () => Date,
  ) {}

  /** The store a message to `to` belongs to: the one sending from that domain, else the default store. */
  private storeFor(to: readonly string[]): number {
    const domains = to.map((a) => a.split('@')[1]?.toLowerCase());
    for (const [id, address] of Object.entries(this.config.mail.fromByStore)) {
      if (domains.includes(address.split('@')[1]?.toLowerCase())) return Number(id);
    }
    return this.config.defaultStoreId;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Mail in
  // ---------------------------------------------------------------------------------------------------------------

  /**
   * The addresses on each of these tickets (lower-case): the one it was opened from or written to, its customer
   * account's, and every sender of its incoming messages. Mail threads into a ticket only from one of them.
   */
  private async addressesOn(tx: Tx, ticketIds: readonly number[]): Promise<Map<number, Set<string>>> {
    const out = new Map<number, Set<string>>();
    if (ticketIds.length === 0) return out;
    const owners = await tx
      .select({ id: tickets.id, email: tickets.email, account: users.email })
      .from(tickets)
      .leftJoin(users, eq(users.id, tickets.customerId))
      .where(inArray(tickets.id, [...ticketIds]));
    const senders = await tx
      .selectDistinct({ ticketId: ticketMessages.ticketId, email: ticketMessages.fromEmail })
      .from(ticketMessages)
      .where(and(inArray(ticketMessages.ticketId, [...ticketIds]), eq(ticketMessages.direction, 'in')));
    for (const o of owners) {
      out.set(o.id, new Set([o.email, ...(o.account ? [o.account] : [])].map((e) => e.toLowerCase())));
    }
    for (const s of senders) out.get(s.ticketId)?.add(s.email.toLowerCase());
    return out;
  }

  /**
   * Files an incoming message: into the ticket it answers (Message-ID / In-Reply-To / References, else the subject's
   * token) when the sender is on that ticket (its customer, the address it was opened from, or one that already
   * wrote in it), which reopens it (2 Abierto); else a new ticket (2 Abierto), whose history notes a reference that
   * was refused. A Message-ID seen before is not stored twice (a resent or redelivered mail). Files over the limits
   * are not kept; the history says how many and why. Returns the ticket and message ids.
   */
  async ingest(
    mail: IncomingMail,
  ): Promise<{ ticketId: number; messageId: number; created: boolean; duplicate: boolean }> {
    const limits = { maxFiles: MAX_INBOUND_ATTACHMENTS, maxBytes: this.config.inboundMail.attachmentMaxBytes };
    const { kept, dropped } = keptAttachments(
      mail.attachments.map((a) => a.content.length),
      limits,
    );
    // Files are written first (storage is not transactional); a failed transaction leaves unreferenced files only.
    const stored = await Promise.all(
      kept.map(async (i) => {
        const a = mail.attachments[i]!;
        return { ...a, ...(await this.files.put(a.content)), size: a.content.length };
      }),
    );
    const candidates = threadingCandidates({ inReplyTo: mail.inReplyTo, references: mail.references, subject: '' });
    return this.db.transaction(async (tx) => {
      if (mail.messageId) {
        // The same mail again; or one of our own messages come back from a shop address (a cc to the shop).
        const ours = isShopAddress(mail.from.email, this.config.inboundMail.domains);
        const [seen] = await tx
          .select({ id: ticketMessages.id, ticketId: ticketMessages.ticketId })
          .from(ticketMessages)
          .where(
            and(eq(ticketMessages.messageId, mail.messageId), ours ? undefined : eq(ticketMessages.direction, 'in')),
          )
          .limit(1);
        if (seen) return { ticketId: seen.ticketId, messageId: seen.id, created: false, duplicate: true };
      }
      const known = new Map<string, number>();
      if (candidates.length > 0) {
        const rows = await tx
          .select({
            messageId: ticketMessages.messageId,
            ticketId: ticketMessages.ticketId,
            direction: ticketMessages.direction,
          })
          .from(ticketMessages)
          .where(inArray(ticketMessages.messageId, candidates));
        // Our own messages' ids first: an incoming message may carry the same id (planted), ours are the real ones.
        for (const r of rows.sort((a, b) => (a.direction === 'out' ? 0 : 1) - (b.direction === 'out' ? 0 : 1))) {
          if (r.messageId && !known.has(r.messageId)) known.set(r.messageId, r.ticketId);
        }
      }
      const tokenId = parseTicketToken(mail.subject);
      const ticketIds = [...new Set([...known.values(), ...(tokenId === null ? [] : [tokenId])])];
      const addresses = await this.addressesOn(tx, ticketIds);
      // The contact form's address is whatever the visitor typed: it never writes into an existing ticket (a token in
      // its subject opens a new ticket that notes it), or anyone could answer in a customer's name.
      if (mail.source === 'contact') for (const on of addresses.values()) on.clear();
      const token =
        tokenId !== null && addresses.has(tokenId) ? { ticketId: tokenId, reference: ticketToken(tokenId) } : null;
      const choice = resolveThread(candidates, known, token, mail.from.email, addresses);
      const threadId = choice.ticketId;
      const now = this.now();
      let ticketId: number;
      let created = false;
      if (threadId !== null) {
        const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, threadId)).for('update');
        if (!ticket) throw new Error(`ticket ${threadId} vanished`);
        ticketId = ticket.id;
        const move = ticketTransition(ticket.status, 'customer_reply');
        const to = move.ok ? move.to : ticket.status;
        await tx
          .update(tickets)
          .set({
            status: to,
            dueAt: to === TicketStatus.Scheduled ? ticket.dueAt : null,
            completedAt: null,
            updatedAt: nextVersion(ticket.updatedAt, now),
          })
          .where(eq(tickets.id, ticketId));
        await tx.insert(ticketHistory).values({
          ticketId,
          accion: 'respuesta_cliente',
          oldStatus: ticket.status,
          newStatus: to,
          details: { source: mail.source },
        });
      } else {
        const [customer] = await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = ${mail.from.email}`);
        const [ticket] = await tx
          .insert(tickets)
          .values({
            status: TicketStatus.Open,
            email: mail.from.email,
            name: mail.from.name,
            subject: mail.subject || '(sin asunto)',
            toEmails: mail.to,
            ccEmails: mail.cc,
            storeId: this.storeFor(mail.to),
            source: mail.source,
            customerId: customer?.id ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: tickets.id });
        ticketId = ticket!.id;
        created = true;
        await tx
          .insert(ticketHistory)
          .values({ ticketId, accion: 'creado', newStatus: TicketStatus.Open, details: { source: mail.source } });
        if (choice.refused) {
          // The reference named someone else's ticket: agents see which one, and can merge by hand if it was theirs.
          await tx.insert(ticketHistory).values({
            ticketId,
            accion: THREAD_REFUSED,
            details: { reference: choice.refused.reference, ticket_id: choice.refused.ticketId, from: mail.from.email },
          });
        }
      }
      const [message] = await tx
        .insert(ticketMessages)
        .values({
          ticketId,
          direction: 'in',
          messageId: mail.messageId,
          inReplyTo: mail.inReplyTo[0] ?? null,
          fromEmail: mail.from.email,
          toEmails: mail.to,
          ccEmails: mail.cc,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          createdAt: now,
        })
        .returning({ id: ticketMessages.id });
      if (stored.length > 0) {
        await tx.insert(ticketAttachments).values(
          stored.map((a) => ({
            ticketId,
            messageId: message!.id,
            filename: a.filename,
            contentType: a.contentType,
            size: a.size,
            sha256: a.sha256,
            storageKey: a.key,
          })),
        );
      }
      if (dropped.tooMany > 0 || dropped.tooLarge > 0) {
        await tx.insert(ticketHistory).values({
          ticketId,
          accion: ATTACHMENTS_DROPPED,
          details: {
            message_id: message!.id,
            too_many: dropped.tooMany,
            too_large: dropped.tooLarge,
            max_files: limits.maxFiles,
            max_bytes: limits.maxBytes,
          },
        });
      }
      return { ticketId, messageId: message!.id, created, duplicate: false };
    });
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Reading
  // ---------------------------------------------------------------------------------------------------------------

  /** The tickets list: newest activity first, one statement for the page and one for the count. */
  async list(filters: TicketListFilters) {
    const conditions: SQL[] = [];
    if (filters.email) {
      const pattern = `%${filters.email.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(sql`${tickets.email} LIKE ${pattern}`);
    }
    if (filters.exactEmail) conditions.push(eq(tickets.email, filters.exactEmail));
    if (filters.status.length > 0) conditions.push(inArray(tickets.status, filters.status));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const now = this.now();
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          ticket: tickets,
          holderName,
          asigneeName: sql<
            string | null
          >`(select ${users.firstname} || ' ' || ${users.lastname} from ${users} where ${users.id} = ${tickets.asigneeId})`,
          messages: sql<number>`(select count(*)::int from ${ticketMessages} where ${ticketMessages.ticketId} = ${tickets.id})`,
        })
        .from(tickets)
        .where(where)
        .orderBy(desc(tickets.updatedAt), desc(tickets.id))
        .limit(filters.size)
        .offset((filters.page - 1) * filters.size),
      this.db.select({ n: count() }).from(tickets).where(where),
    ]);
    return {
      items: rows.map((r) => ({
        ...this.summary(r.ticket, r.holderName, now),
        asignee_name: r.asigneeName,
        messages_count: Number(r.messages),
      })),
      total: total?.n ?? 0,
      page: filters.page,
      per_page: filters.size,
    };
  }

  private summary(t: TicketRow, holder: string | null, now: Date) {
    const live = t.lockedBy !== null && t.lockExpiresAt !== null && t.lockExpiresAt.getTime() > now.getTime();
    return {
      id: t.id,
      status: t.status,
      status_text: TICKET_STATUS_TEXT[t.status] ?? String(t.status),
      active: (ACTIVE_TICKET_STATUSES as readonly number[]).includes(t.status),
      email: t.email,
      name: t.name,
      subject: t.subject,
      source: t.source,
      store_id: t.storeId,
      customer_id: t.customerId,
      asignee_id: t.asigneeId,
      related_item_id: t.relatedItemId,
      due_at: t.dueAt?.toISOString() ?? null,
      completed_at: t.completedAt?.toISOString() ?? null,
      created_at: t.createdAt.toISOString(),
      updated_at: t.updatedAt.toISOString(),
      lock: live
        ? {
            locked_by: t.lockedBy!,
            locked_by_name: holder ?? String(t.lockedBy),
            expires_at: t.lockExpiresAt!.toISOString(),
          }
        : null,
    };
  }

  /** A ticket with its thread, attachments, notes (fixed first), history and related order item. */
  async detail(ticketId: number) {
    const [row] = await this.db
      .select({
        ticket: tickets,
        holderName,
        asigneeName: sql<
          string | null
        >`(select ${users.firstname} || ' ' || ${users.lastname} from ${users} where ${users.id} = ${tickets.asigneeId})`,
      })
      .from(tickets)
      .where(eq(tickets.id, ticketId));
    if (!row) throw new AppError('NOT_FOUND', `ticket ${ticketId}`);
    const t = row.ticket;
    const staffName = sql<
      string | null
    >`(select ${users.firstname} || ' ' || ${users.lastname} from ${users} where ${users.id} = admin_user_id)`;
    const [messages, files, notes, history, related] = await Promise.all([
      this.db
        .select()
        .from(ticketMessages)
        .where(eq(ticketMessages.ticketId, ticketId))
        .orderBy(asc(ticketMessages.id)),
      this.db
        .select()
        .from(ticketAttachments)
        .where(eq(ticketAttachments.ticketId, ticketId))
        .orderBy(asc(ticketAttachments.id)),
      this.db
        .select({ note: ticketNotes, name: staffName })
        .from(ticketNotes)
        .where(eq(ticketNotes.ticketId, ticketId))
        .orderBy(desc(ticketNotes.fixed), desc(ticketNotes.id)),
      this.db
        .select({ h: ticketHistory, name: staffName })
        .from(ticketHistory)
        .where(eq(ticketHistory.ticketId, ticketId))
        .orderBy(asc(ticketHistory.id)),
      t.relatedItemId === null
        ? Promise.resolve([])
        : this.db
            .select({
              itemId: orderItems.itemId,
              orderId: orderItems.orderId,
              productName: orderItems.productName,
              status: orderItems.panelStatusId,
            })
            .from(orderItems)
            .where(eq(orderItems.itemId, t.relatedItemId)),
    ]);
    const attachment = (a: typeof ticketAttachments.$inferSelect) => ({
      id: a.id,
      message_id: a.messageId,
      filename: a.filename,
      content_type: a.contentType,
      size: a.size,
    });
    const rel = related[0];
    return {
      ...this.summary(t, row.holderName, this.now()),
      asignee_name: row.asigneeName,
      to_emails: t.toEmails,
      cc_emails: t.ccEmails,
      version: t.updatedAt.toISOString(),
      messages: messages.map((m) => ({
        id: m.id,
        direction: m.direction,
        message_id: m.messageId,
        in_reply_to: m.inReplyTo,
        from_email: m.fromEmail,
        to_emails: m.toEmails,
        cc_emails: m.ccEmails,
        subject: m.subject,
        text: m.text,
        html: m.html,
        admin_user_id: m.adminUserId,
        created_at: m.createdAt.toISOString(),
        attachments: files.filter((f) => f.messageId === m.id).map(attachment),
      })),
      attachments: files.map(attachment),
      notes: notes.map(({ note, name }) => ({
        id: note.id,
        text: note.text,
        fixed: note.fixed,
        admin_user_id: note.adminUserId,
        admin_name: name ?? String(note.adminUserId),
        created_at: note.createdAt.toISOString(),
      })),
      history: history.map(({ h, name }) => ({
        id: h.id,
        accion: h.accion,
        old_status: h.oldStatus,
        new_status: h.newStatus,
        admin_user_id: h.adminUserId,
        admin_name: h.adminUserId === null ? null : (name ?? String(h.adminUserId)),
        details: h.details,
        created_at: h.createdAt.toISOString(),
      })),
      related_item: rel
        ? { item_id: rel.itemId, order_id: rel.orderId, product_name: rel.productName, panel_status_id: rel.status }
        : null,
    };
  }

  /** One attachment of a ticket (404 when it is another ticket's). */
  async attachment(ticketId: number, attachmentId: number) {
    const [file] = await this.db
      .select()
      .from(ticketAttachments)
      .where(and(eq(ticketAttachments.id, attachmentId), eq(ticketAttachments.ticketId, ticketId)));
    if (!file) throw new AppError('NOT_FOUND', `attachment ${attachmentId} of ticket ${ticketId}`);
    return file;
  }

  /**
   * What the ticket's side shows about its customer: their other tickets (the same address, this one left out) and
   * the items of their orders (the ticket's account, or the accounts of its address when it has none), newest first,
   * up to `limit` of each with the totals.
   */
  async customerActivity(ticketId: number, limit = CUSTOMER_ACTIVITY_LIMIT) {
    const [t] = await this.db
      .select({ email: tickets.email, customerId: tickets.customerId })
      .from(tickets)
      .where(eq(tickets.id, ticketId));
    if (!t) throw new AppError('NOT_FOUND', `ticket ${ticketId}`);
    const others = and(eq(tickets.email, t.email), ne(tickets.id, ticketId));
    const customers =
      t.customerId !== null
        ? [t.customerId]
        : (
            await this.db
              .select({ id: users.id })
              .from(users)
              .where(eq(sql`lower(${users.email})`, t.email.toLowerCase()))
          ).map((u) => u.id);
    const ofCustomers = customers.length > 0 ? inArray(orders.customerId, customers) : sql`false`;
    const [ticketRows, [ticketTotal], itemRows, [itemTotal]] = await Promise.all([
      this.db
        .select({ id: tickets.id, status: tickets.status, subject: tickets.subject, updatedAt: tickets.updatedAt })
        .from(tickets)
        .where(others)
        .orderBy(desc(tickets.updatedAt), desc(tickets.id))
        .limit(limit),
      this.db.select({ n: count() }).from(tickets).where(others),
      this.db
        .select({
          itemId: orderItems.itemId,
          orderId: orderItems.orderId,
          productName: orderItems.productName,
          status: orderItems.panelStatusId,
          createdAt: orderItems.createdAt,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
        .where(ofCustomers)
        .orderBy(desc(orderItems.createdAt), desc(orderItems.itemId))
        .limit(limit),
      this.db
        .select({ n: count() })
        .from(orderItems)
        .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
        .where(ofCustomers),
    ]);
    return {
      tickets: {
        items: ticketRows.map((r) => ({
          id: r.id,
          status: r.status,
          subject: r.subject,
          active: (ACTIVE_TICKET_STATUSES as readonly number[]).includes(r.status),
          updated_at: r.updatedAt.toISOString(),
        })),
        total: ticketTotal?.n ?? 0,
      },
      orders: {
        items: itemRows.map((r) => ({
          item_id: r.itemId,
          order_id: r.orderId,
          product_name: r.productName,
          panel_status_id: r.status,
          created_at: r.createdAt.toISOString(),
        })),
        total: itemTotal?.n ?? 0,
      },
    };
  }

  /** The tickets linked to an order item (its detail shows them). */
  async relatedTo(itemId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.relatedItemId, itemId))
      .orderBy(asc(tickets.id));
    return rows.map((r) => r.id);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // The lock (a lease, as on orders)
  // ---------------------------------------------------------------------------------------------------------------

  /** Takes or renews the agent's lease on the ticket; 423 ITEM_LOCKED while another agent holds it. */
  async lock(agent: SessionUser, ticketId: number) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ ticket: tickets, holderName })
        .from(tickets)
        .where(eq(tickets.id, ticketId))
        .for('update', { of: tickets });
      if (!row) throw new AppError('NOT_FOUND', `ticket ${ticketId}`);
      const result = takeLock(agent.id, storedLock(row.ticket), this.now());
      if (!result.ok) throw lockedError(ticketId, result.holderId, row.holderName, result.expiresAt);
      await tx
        .update(tickets)
        .set({ lockedBy: agent.id, lockedAt: result.lock.acquiredAt, lockExpiresAt: result.lock.expiresAt })
        .where(eq(tickets.id, ticketId));
      if (result.outcome === 'taken_over') {
        await tx.insert(ticketHistory).values({
          ticketId,
          accion: 'bloqueo_caducado_tomado',
          adminUserId: agent.id,
          details: { previous_holder_id: result.previousHolderId },
        });
      }
      return {
        ticket_id: ticketId,
        locked_by: agent.id,
        locked_by_name: `${agent.firstname} ${agent.lastname}`,
        expires_at: result.lock.expiresAt.toISOString(),
        outcome: result.outcome,
      };
    });
  }

  /** The spec's unlock_lock: releases one's own lease; `force` breaks another agent's (recorded in the history). */
  async unlock(agent: SessionUser, ticketId: number, force: boolean) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ ticket: tickets, holderName })
        .from(tickets)
        .where(eq(tickets.id, ticketId))
        .for('update', { of: tickets });
      if (!row) throw new AppError('NOT_FOUND', `ticket ${ticketId}`);
      if (agent.role === 'customer') throw new AppError('FORBIDDEN');
      const result = releaseLock({ id: agent.id, role: agent.role }, storedLock(row.ticket), this.now(), { force });
      if (!result.ok) {
        if (result.reason === 'force_not_allowed') throw new AppError('FORBIDDEN', `role ${agent.role} may not force`);
        throw lockedError(ticketId, result.holderId, row.holderName, result.expiresAt);
      }
      if (result.outcome !== 'not_locked') {
        await tx
          .update(tickets)
          .set({ lockedBy: null, lockedAt: null, lockExpiresAt: null })
          .where(eq(tickets.id, ticketId));
      }
      if (result.outcome === 'forced') {
        await tx.insert(ticketHistory).values({
          ticketId,
          accion: 'unlock_lock',
          adminUserId: agent.id,
          details: { previous_holder_id: result.previousHolderId },
        });
      }
      return { ticket_id: ticketId, outcome: result.outcome };
    });
  }

  /**
   * The "Tickets" queue: the oldest active ticket (2 Abierto or 3 Pendiente; 6 only once its date has come) that
   * nobody holds and is not delegated to someone else, locked to the agent in one conditional statement
   * (`FOR UPDATE SKIP LOCKED` plus a re-check of the lock, as the order queue). Null when nothing is waiting.
   */
  async next(agent: SessionUser) {
    const now = this.now();
    const expiresAt = new Date(now.getTime() + LOCK_LEASE_MS);
    const free = (alias: string) =>
      sql`(${sql.raw(alias)}lock_expires_at IS NULL OR ${sql.raw(alias)}lock_expires_at <= ${now})`;
    const waiting = sql`(t.status IN (${TicketStatus.Open}, ${TicketStatus.Pending})
      OR (t.status = ${TicketStatus.Scheduled} AND t.due_at <= ${now}))
      AND ${free('t.')} AND (t.asignee_id IS NULL OR t.asignee_id = ${agent.id})`;
    for (let attempt = 0; attempt < 5; attempt++) {
      const result = await this.db.execute<{ id: number }>(sql`
        UPDATE tickets SET locked_by = ${agent.id}, locked_at = ${now}, lock_expires_at = ${expiresAt}
        WHERE id = (
          SELECT t.id FROM tickets t WHERE ${waiting}
          ORDER BY t.updated_at ASC, t.id ASC
          LIMIT 1
          FOR UPDATE OF t SKIP LOCKED
        ) AND ${free('')}
        RETURNING id`);
      const id = result.rows[0]?.id;
      if (id !== undefined) {
        return {
          ticket_id: Number(id),
          locked_by: agent.id,
          locked_by_name: `${agent.firstname} ${agent.lastname}`,
          expires_at: expiresAt.toISOString(),
          queue: 'tickets' as const,
          // The ticket as GET .../tickets/{id} shows it, now locked: its tab shows it without asking again.
          ticket: await this.detail(Number(id)),
        };
      }
      const any = await this.db.execute(sql`SELECT 1 FROM tickets t WHERE ${waiting} LIMIT 1`);
      if (any.rows.length === 0) return null;
    }
    return null;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Actions
  // ---------------------------------------------------------------------------------------------------------------

  private async write<T>(
    agent: SessionUser,
    ticketId: number,
    version: string,
    action: (w: TicketWrite) => Promise<T>,
  ): Promise<{ result: T; version: string }> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ ticket: tickets, holderName })
        .from(tickets)
        .where(eq(tickets.id, ticketId))
        .for('update', { of: tickets });
      if (!row) throw new AppError('NOT_FOUND', `ticket ${ticketId}`);
      const now = this.now();
      const check = canWrite(agent.id, storedLock(row.ticket), now);
      if (!check.ok) {
        if (check.reason === 'locked_by_other') {
          throw lockedError(ticketId, check.holderId, row.holderName, check.expiresAt);
        }
        throw new AppError('LOCK_EXPIRED', `ticket ${ticketId}: lease of ${agent.id} expired`, {
          messageKey: 'ticket.LOCK_EXPIRED',
        });
      }
      const ticket = row.ticket;
      if (!isCurrentVersion(ticket.updatedAt, version)) {
        throw new AppError('VERSION_CONFLICT', `ticket ${ticketId} is at ${ticket.updatedAt.toISOString()}`, {
          messageKey: 'ticket.VERSION_CONFLICT',
        });
      }
      const history: TicketWrite['history'] = async (accion, details, status) => {
        await tx.insert(ticketHistory).values({
          ticketId,
          accion,
          adminUserId: agent.id,
          oldStatus: status?.from ?? null,
          newStatus: status?.to ?? null,
          details: details ?? null,
          createdAt: now,
        });
      };
      const w: TicketWrite = {
        tx,
        ticket,
        agent,
        now,
        history,
        move: async (statusAction, accion, details) => {
          const move = ticketTransition(ticket.status, statusAction);
          if (!move.ok) throw refused('status', `ticket ${ticketId}: ${statusAction} from ${ticket.status}`);
          const closing = move.to === TicketStatus.Closed || move.to === TicketStatus.LeadConverted;
          await tx
            .update(tickets)
            .set({
              status: move.to,
              completedAt: closing ? now : null,
              ...(move.to === TicketStatus.Scheduled ? {} : { dueAt: null }),
            })
            .where(eq(tickets.id, ticketId));
          await history(accion, details ?? null, { from: ticket.status, to: move.to });
          return move.to;
        },
      };
      const result = await action(w);
      const updatedAt = nextVersion(ticket.updatedAt, now);
      await tx.update(tickets).set({ updatedAt }).where(eq(tickets.id, ticketId));
      return { result, version: updatedAt.toISOString() };
    });
  }

  private async simple(
    agent: SessionUser,
    ticketId: number,
    version: string,
    action: (w: TicketWrite) => Promise<void>,
  ) {
    const { version: next } = await this.write(agent, ticketId, version, action);
    return { ticket_id: ticketId, version: next };
  }

  /** The values a reply's placeholders take: the customer's name, the site, and the linked order item's data. */
  private async placeholderValues(tx: Tx, ticket: TicketRow): Promise<TemplateValues> {
    const brand = this.email.brand(ticket.storeId);
    const values: TemplateValues = {
      nombre: ticket.name ?? ticket.email.split('@')[0] ?? null,
      nombre_web: brand.name,
      url: brand.link(''),
    };
    if (ticket.relatedItemId !== null) {
      const [item] = await tx
        .select({
          itemId: orderItems.itemId,
          orderId: orderItems.orderId,
          productName: orderItems.productName,
          referencia: orderItems.referencia,
          firstname: orders.customerFirstname,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
        .where(eq(orderItems.itemId, ticket.relatedItemId));
      if (item) {
        Object.assign(values, {
          id: item.itemId,
          order_id: item.orderId,
          numero_pedido: item.orderId,
          nombre_producto: item.productName,
          referencia: item.referencia,
          nombre: item.firstname || values.nombre,
        });
      }
    }
    return values;
  }

  /** Renders an agent's text with placeholders: refused with the missing or unknown ones named. */
  private render(body: string, values: TemplateValues) {
    const text = renderTemplate(body, values, 'text');
    if (!text.ok) {
      const message = 'errors' in text ? templateErrorMessage(text.errors[0]!) : missingValuesMessage(text.missing);
      throw new AppError('VALIDATION_ERROR', 'reply placeholders', { fields: [{ field: 'body', message }] });
    }
    // The HTML version: the rendered text escaped, paragraphs kept.
    const html = `<div>${escapeHtml(text.output).replace(/\r?\n/g, '<br>')}</div>`;
    return { text: text.output, html };
  }

  /** Sends an agent's message on a ticket through the outbox with the threading headers, and records it. */
  private async sendOut(w: TicketWrite, body: string, cc: string[], files: OutgoingFile[], subject?: string) {
    const { tx, ticket, agent, now } = w;
    const rendered = this.render(body, await this.placeholderValues(tx, ticket));
    const previous = await tx
      .select({ messageId: ticketMessages.messageId })
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticket.id))
      .orderBy(asc(ticketMessages.id));
    const ids = previous.map((m) => m.messageId).filter((m): m is string => !!m);
    const references = ids.slice(-20);
    const inReplyTo = ids.at(-1);
    const stored = await Promise.all(
      files.map(async (f) => ({ ...f, ...(await this.files.put(f.bytes)), size: f.bytes.length })),
    );
    const from = this.email.fromAddress(ticket.storeId);
    const messageId = newMessageId(from);
    const base = subject ?? ticket.subject;
    const fullSubject = subjectWithToken(/^re:/i.test(base) || subject ? base : `Re: ${base}`, ticket.id);
    const outboxId = await this.email.enqueue(tx, {
      message: {
        kind: 'ticket_reply',
        subject: fullSubject,
        header: '',
        bodyHtml: rendered.html,
        bodyText: rendered.text,
        button: null,
      },
      storeId: ticket.storeId,
      to: ticket.email,
      cc,
      replyHeaders: inReplyTo ? { inReplyTo, references } : {},
      attachments: stored.map((f) => ({ filename: f.filename, contentType: f.contentType, storageKey: f.key })),
      messageId,
    });
    const [message] = await tx
      .insert(ticketMessages)
      .values({
        ticketId: ticket.id,
        direction: 'out',
        messageId: outboxId === null ? null : messageId,
        inReplyTo: inReplyTo ?? null,
        fromEmail: from,
        toEmails: [ticket.email],
        ccEmails: cc,
        subject: fullSubject,
        text: rendered.text,
        html: rendered.html,
        adminUserId: agent.id,
        outboxId,
        createdAt: now,
      })
      .returning({ id: ticketMessages.id });
    if (stored.length > 0) {
      await tx.insert(ticketAttachments).values(
        stored.map((f) => ({
          ticketId: ticket.id,
          messageId: message!.id,
          filename: f.filename,
          contentType: f.contentType,
          size: f.size,
          sha256: f.sha256,
          storageKey: f.key,
        })),
      );
    }
    return { message_id: message!.id, outbox_id: outboxId };
  }

  /** reply: an agent's answer (cc, attachments, placeholders), sent with the threading headers; 3 Pendiente. */
  async reply(
    agent: SessionUser,
    ticketId: number,
    input: { version: string; body: string; cc?: string; files: OutgoingFile[] },
  ) {
    const body = agentText('body', input.body, REPLY_MAX);
    const cc = emailList('cc', input.cc);
    if (input.files.length > MAX_REPLY_FILES) throw invalid('files', 'too many files');
    const { result, version } = await this.write(agent, ticketId, input.version, async (w) => {
      const sent = await this.sendOut(w, body, cc, input.files);
      await w.move('reply', 'reply', { message_id: sent.message_id, cc });
      return sent;
    });
    return { ticket_id: ticketId, version, ...result };
  }

  /** new-ticket: the agent writes first, to a customer's address (3 Pendiente: the customer's answer reopens it). */
  async create(
    agent: SessionUser,
    input: {
      email: string;
      subject: string;
      body: string;
      cc?: string;
      related_item_id?: number | null;
      files: OutgoingFile[];
    },
  ) {
    const email = input.email.trim().toLowerCase();
    if (!validateEmail(email).ok) throw invalid('email', 'bad address');
    const subject = cleanText(agentText('subject', input.subject, SUBJECT_MAX), SUBJECT_MAX);
    const body = agentText('body', input.body, REPLY_MAX);
    const cc = emailList('cc', input.cc);
    if (input.files.length > MAX_REPLY_FILES) throw invalid('files', 'too many files');
    const relatedItemId = input.related_item_id ?? null;
    const now = this.now();
    const ticketId = await this.db.transaction(async (tx) => {
      if (relatedItemId !== null) {
        const [item] = await tx
          .select({ id: orderItems.itemId })
          .from(orderItems)
          .where(eq(orderItems.itemId, relatedItemId));
        if (!item) throw invalid('related_item_id', 'no such item');
      }
      const [customer] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`);
      const [row] = await tx
        .insert(tickets)
        .values({
          status: TicketStatus.Initial,
          email,
          subject,
          toEmails: [email],
          ccEmails: cc,
          storeId: this.config.defaultStoreId,
          source: 'agent',
          customerId: customer?.id ?? null,
          relatedItemId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: tickets.id });
      await tx.insert(ticketHistory).values({
        ticketId: row!.id,
        accion: 'new-ticket',
        adminUserId: agent.id,
        newStatus: TicketStatus.Initial,
        createdAt: now,
      });
      return row!.id;
    });
    const [fresh] = await this.db
      .select({ updatedAt: tickets.updatedAt })
      .from(tickets)
      .where(eq(tickets.id, ticketId));
    const { result, version } = await this.write(agent, ticketId, fresh!.updatedAt.toISOString(), async (w) => {
      const sent = await this.sendOut(w, body, cc, input.files, subject);
      await w.move('reply', 'reply', { message_id: sent.message_id, cc });
      return sent;
    });
    return { ticket_id: ticketId, version, ...result };
  }

  /** close: 5 Cerrado. */
  close(agent: SessionUser, ticketId: number, version: string) {
    return this.simple(agent, ticketId, version, async (w) => {
      await w.move('close', 'close');
    });
  }

  /** delegate: give the ticket to an agent (the queue gives it to nobody else), or null to take it back. */
  delegate(agent: SessionUser, ticketId: number, version: string, agentId: number | null) {
    return this.simple(agent, ticketId, version, async (w) => {
      if (agentId !== null) {
        const [target] = await w.tx.select({ role: users.role }).from(users).where(eq(users.id, agentId));
        if (!target || (target.role !== 'agent' && target.role !== 'admin')) {
          throw invalid('agent_id', `user ${agentId} works no tickets`);
        }
      }
      await w.tx.update(tickets).set({ asigneeId: agentId }).where(eq(tickets.id, ticketId));
      await w.history('delegate', { from: w.ticket.asigneeId, to: agentId });
    });
  }

  /** rel_pedido: link the ticket to an order item (both show the link), or null to unlink. */
  relateItem(agent: SessionUser, ticketId: number, version: string, itemId: number | null) {
    return this.simple(agent, ticketId, version, async (w) => {
      if (itemId !== null) {
        const [item] = await w.tx
          .select({ id: orderItems.itemId })
          .from(orderItems)
          .where(eq(orderItems.itemId, itemId));
        if (!item) throw invalid('item_id', `no item ${itemId}`);
      }
      await w.tx.update(tickets).set({ relatedItemId: itemId }).where(eq(tickets.id, ticketId));
      await w.history('rel_pedido', { from: w.ticket.relatedItemId, to: itemId });
    });
  }

  /** save_note / save_note_fixed. */
  saveNote(agent: SessionUser, ticketId: number, version: string, text: string, fixed: boolean) {
    const clean = agentText('text', text, NOTE_MAX);
    return this.simple(agent, ticketId, version, async (w) => {
      const [note] = await w.tx
        .insert(ticketNotes)
        .values({ ticketId, text: clean, fixed, adminUserId: agent.id, createdAt: w.now })
        .returning({ id: ticketNotes.id });
      await w.history(fixed ? 'save_note_fixed' : 'save_note', { note_id: note!.id });
    });
  }

  /** del_note, fix_note, unfix_note: on a note of this ticket (another ticket's note is 404). */
  noteAction(
    agent: SessionUser,
    ticketId: number,
    version: string,
    noteId: number,
    action: 'del_note' | 'fix_note' | 'unfix_note',
  ) {
    return this.simple(agent, ticketId, version, async (w) => {
      const where = and(eq(ticketNotes.id, noteId), eq(ticketNotes.ticketId, ticketId));
      const [note] = await w.tx.select({ id: ticketNotes.id }).from(ticketNotes).where(where);
      if (!note) throw new AppError('NOT_FOUND', `note ${noteId} of ticket ${ticketId}`);
      if (action === 'del_note') await w.tx.delete(ticketNotes).where(where);
      else
        await w.tx
          .update(ticketNotes)
          .set({ fixed: action === 'fix_note' })
          .where(where);
      await w.history(action, { note_id: noteId });
    });
  }

  /** postponer: 6 Programado until `until` (strictly future, at most a year); the sweep reopens it then. */
  postpone(agent: SessionUser, ticketId: number, version: string, until: string) {
    return this.simple(agent, ticketId, version, async (w) => {
      const date = new Date(until);
      if (Number.isNaN(date.getTime())) throw invalid('until', 'bad date');
      if (date.getTime() <= w.now.getTime() || date.getTime() > w.now.getTime() + TICKET_POSTPONE_MAX_DAYS * DAY_MS) {
        throw invalid('until', 'not in the next year');
      }
      // Old and new moment, as order items keep them (the history shows both); null: it was not scheduled.
      await w.move('postponer', 'postponer', { from: w.ticket.dueAt?.toISOString() ?? null, to: date.toISOString() });
      await w.tx.update(tickets).set({ dueAt: date }).where(eq(tickets.id, ticketId));
    });
  }

  /**
   * convert_lead: 8 Lead convertido; the request becomes an order draft of the customer's (the customer finishes it
   * in the shop). Needs a customer account with the ticket's e-mail and a product.
   */
  convertLead(
    agent: SessionUser,
    ticketId: number,
    version: string,
    productId: number,
    createDraft: (tx: Tx, customerId: number, storeId: number, productId: number) => Promise<number>,
  ) {
    return this.write(agent, ticketId, version, async (w) => {
      if (w.ticket.customerId === null) throw refused('customer_id', `ticket ${ticketId} has no customer account`);
      const draftId = await createDraft(w.tx, w.ticket.customerId, w.ticket.storeId, productId);
      await w.move('convert_lead', 'convert_lead', { product_id: productId, draft_id: draftId });
      return draftId;
    }).then(({ result, version: next }) => ({ ticket_id: ticketId, version: next, draft_id: result }));
  }

  /**
   * Releases every ticket lease the agent holds: signing out, being deactivated, an admin logging in as a customer
   * (as with the orders' locks). The version (updated_at) is not moved: nothing about the ticket changed.
   */
  async releaseAllOf(agentId: number): Promise<void> {
    await this.db
      .update(tickets)
      .set({ lockedBy: null, lockedAt: null, lockExpiresAt: null })
      .where(eq(tickets.lockedBy, agentId));
  }

  /** The sweep: scheduled tickets whose date has come go back to 2 Abierto. Returns how many. */
  async wakeDue(): Promise<number> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: tickets.id, updatedAt: tickets.updatedAt })
        .from(tickets)
        .where(and(eq(tickets.status, TicketStatus.Scheduled), sql`${tickets.dueAt} <= ${now}`))
        .for('update', { skipLocked: true });
      for (const t of due) {
        await tx
          .update(tickets)
          .set({ status: TicketStatus.Open, dueAt: null, updatedAt: nextVersion(t.updatedAt, now) })
          .where(eq(tickets.id, t.id));
        await tx.insert(ticketHistory).values({
          ticketId: t.id,
          accion: 'fin_programado',
          oldStatus: TicketStatus.Scheduled,
          newStatus: TicketStatus.Open,
          createdAt: now,
        });
      }
      return due.length;
    });
  }
}
