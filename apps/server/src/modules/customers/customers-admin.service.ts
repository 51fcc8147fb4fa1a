import {
  maskEmail,
  checkCustomerInput,
  formatMoneyString,
  isCurrentVersion,
  nextVersion,
  normalisePhone,
  type CustomerInput,
  type CustomerSearchKeys,
  type Role,
} from '@ventanilla/domain';
import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.js';
import { customerBilling, invoices, orderItems, orders, tickets, users } from '../../db/schema.js';
import { AppError, type FieldError } from '../../shared/app-error.js';
import { impersonationsOf } from './impersonation.service.js';
import { unusablePasswordHash } from './password.js';
import type { PasswordResetService } from './password-reset.service.js';
import type { EmailService } from '../email/index.js';
import { normaliseEmail, type UserRow } from './users.repository.js';

// The back office's customers (docs/backoffice.md, "Customers"): search, detail, edit, create, newsletter. Only
// accounts with the customer role: staff accounts are the agents admin's (an agent editing an admin's e-mail could
// take the admin's account over with a password reset).

/** `%`, `_` and `\` in a search text are literal. */
function likeContains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searchCondition(keys: CustomerSearchKeys): SQL {
  const text = likeContains(keys.text);
  const alternatives: SQL[] = [
    sql`lower(${users.email}) LIKE ${text}`,
    // Accents and case folded on both sides (search_fold, migration 0044): "gomez" finds "Gómez".
    sql`search_fold(${users.firstname} || ' ' || ${users.lastname}) LIKE search_fold(${text})`,
  ];
  if (keys.taxId !== null) {
    alternatives.push(
      sql`EXISTS (SELECT 1 FROM ${customerBilling} WHERE ${customerBilling.userId} = ${users.id}
        AND upper(regexp_replace(${customerBilling.taxId}, '[[:space:].-]', '', 'g')) LIKE ${likeContains(keys.taxId)})`,
    );
  }
  if (keys.phone !== null) {
    alternatives.push(
      sql`regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g') LIKE ${likeContains(keys.phone)}`,
    );
  }
  if (keys.number !== null) {
    alternatives.push(sql`${users.id} = ${keys.number}`);
    alternatives.push(
      sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.customerId} = ${users.id} AND ${orders.orderId} = ${keys.number})`,
    );
  }
  return sql`(${sql.join(alternatives, sql` OR `)})`;
}

export interface CustomerSummaryOut {
  customer_id: number;
  email: string;
  firstname: string;
  lastname: string;
  phone: string | null;
  tax_id: string | null;
  newsletter: boolean;
  active: boolean;
  orders_count: number;
  created_at: string;
}

export interface CustomerOut {
  customer_id: number;
  email: string;
  firstname: string;
  lastname: string;
  phone: string | null;
  newsletter: boolean;
  active: boolean;
  created_at: string;
  /** The version an edit is based on (updated_at). */
  version: string;
}

function customerOut(row: UserRow): CustomerOut {
  return {
    customer_id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    phone: row.phone,
    newsletter: row.newsletter,
    active: row.active,
    created_at: row.createdAt.toISOString(),
    version: row.updatedAt.toISOString(),
  };
}

function fieldErrors(input: CustomerInput): FieldError[] {
  return checkCustomerInput(input).map((p) => ({ field: p.field, message: p.message }));
}

export class CustomersAdminService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    /** Sends a new account's invitation to choose its password. */
    private readonly passwordReset: PasswordResetService,
    /** Tells the old address when an admin changes a customer's e-mail. */
    private readonly email?: EmailService,
  ) {}

  async search(keys: CustomerSearchKeys | null, page: number, size: number) {
    const where = and(eq(users.role, 'customer'), keys ? searchCondition(keys) : undefined);
    const [total] = await this.db.select({ n: count() }).from(users).where(where);
    const rows = await this.db
      .select({
        id: users.id,
        email: users.email,
        firstname: users.firstname,
        lastname: users.lastname,
        phone: users.phone,
        newsletter: users.newsletter,
        active: users.active,
        createdAt: users.createdAt,
        taxId: customerBilling.taxId,
        ordersCount: sql<number>`(SELECT count(*) FROM ${orders} WHERE ${orders.customerId} = ${users.id})`.mapWith(
          Number,
        ),
      })
      .from(users)
      .leftJoin(customerBilling, eq(customerBilling.userId, users.id))
      .where(where)
      .orderBy(desc(users.id))
      .limit(size)
      .offset((page - 1) * size);
    const items: CustomerSummaryOut[] = rows.map((r) => ({
      customer_id: r.id,
      email: r.email,
      firstname: r.firstname,
      lastname: r.lastname,
      phone: r.phone,
      tax_id: r.taxId,
      newsletter: r.newsletter,
      active: r.active,
      orders_count: r.ordersCount,
      created_at: r.createdAt.toISOString(),
    }));
    return { items, total: total?.n ?? 0, page, per_page: size };
  }

  /** A customer account (role customer), or 404: staff accounts are not customers here. */
  private async find(db: DbOrTx, customerId: number, forUpdate = false): Promise<UserRow> {
    const query = db
      .select()
      .from(users)
      .where(and(eq(users.id, customerId), eq(users.role, 'customer')))
      .limit(1);
    const [row] = forUpdate ? await query.for('update') : await query;
    if (!row) throw new AppError('NOT_FOUND', `customer ${customerId}`);
    return row;
  }

  async detail(customerId: number) {
    const row = await this.find(this.db, customerId);
    const [billing] = await this.db.select().from(customerBilling).where(eq(customerBilling.userId, customerId));
    const orderRows = await this.db
      .select({
        orderId: orders.orderId,
        storeId: orders.storeId,
        status: orders.status,
        total: orders.total,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        items:
          sql<number>`(SELECT count(*) FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.orderId})`.mapWith(
            Number,
          ),
      })
      .from(orders)
      .where(eq(orders.customerId, customerId))
      .orderBy(desc(orders.createdAt), desc(orders.orderId))
      .limit(100);
    const invoiceRows = await this.db
      .select({
        id: invoices.id,
        kind: invoices.kind,
        number: invoices.number,
        orderId: invoices.orderId,
        issueDate: invoices.issueDate,
        total: invoices.total,
      })
      .from(invoices)
      .where(eq(invoices.customerId, customerId))
      .orderBy(desc(invoices.id))
      .limit(100);
    // The customer's tickets: linked to the account, or written from its e-mail (tickets keep it lower-cased).
    const ticketRows = await this.db
      .select({
        id: tickets.id,
        status: tickets.status,
        subject: tickets.subject,
        createdAt: tickets.createdAt,
        updatedAt: tickets.updatedAt,
      })
      .from(tickets)
      .where(or(eq(tickets.customerId, customerId), eq(tickets.email, row.email)))
      .orderBy(desc(tickets.id))
      .limit(50);
    const audit = await impersonationsOf(this.db, customerId);
    return {
      customer: customerOut(row),
      billing: billing
        ? { name: billing.name, tax_id: billing.taxId, address: billing.address, country: billing.country }
        : null,
      orders: orderRows.map((o) => ({
        order_id: o.orderId,
        store_id: o.storeId,
        status: o.status,
        total: formatMoneyString(o.total),
        items: o.items,
        created_at: o.createdAt.toISOString(),
        paid_at: o.paidAt?.toISOString() ?? null,
      })),
      invoices: invoiceRows.map((i) => ({
        id: i.id,
        kind: i.kind,
        number: i.number,
        order_id: i.orderId,
        issue_date: i.issueDate,
        total: formatMoneyString(i.total),
      })),
      tickets: ticketRows.map((tk) => ({
        id: tk.id,
        status: tk.status,
        subject: tk.subject,
        created_at: tk.createdAt.toISOString(),
        updated_at: tk.updatedAt.toISOString(),
      })),
      impersonations: audit.map((a) => ({
        id: a.id,
        admin_id: a.adminId,
        admin_email: a.adminEmail,
        started_at: a.startedAt.toISOString(),
        expires_at: a.expiresAt.toISOString(),
        ended_at: a.endedAt?.toISOString() ?? null,
        end_reason: a.endReason,
        ip: a.ip,
      })),
    };
  }

  /** Edit: names, phone, newsletter; the e-mail (the login) only by an admin. Based on `version` (409 when stale). */
  async update(
    actor: { id: number; role: Role },
    customerId: number,
    input: CustomerInput & { newsletter?: boolean; version: string },
    /** The store of the back office's request: the notice's brand when the customer has no order yet. */
    storeId?: number,
  ): Promise<CustomerOut> {
    const fields = fieldErrors(input);
    if (fields.length > 0) throw new AppError('VALIDATION_ERROR', 'customer', { fields });
    return this.db.transaction(async (tx) => {
      const row = await this.find(tx, customerId, true);
      if (!isCurrentVersion(row.updatedAt, input.version))
        throw new AppError('CUSTOMER_CHANGED', `customer ${customerId} is at ${row.updatedAt.toISOString()}`);
      const email = normaliseEmail(input.email);
      if (email !== row.email && actor.role !== 'admin') {
        throw new AppError('FORBIDDEN', 'e-mail change by a non-admin', {
          fields: [{ field: 'email', key: 'customer.email_admin_only' }],
        });
      }
      if (email !== row.email) {
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
        if (taken) throw new AppError('EMAIL_TAKEN', 'customer edit');
      }
      const [updated] = await tx
        .update(users)
        .set({
          email,
          firstname: input.firstname.trim(),
          lastname: input.lastname.trim(),
          phone: normalisePhone(input.phone),
          ...(input.newsletter === undefined ? {} : { newsletter: input.newsletter }),
          updatedAt: nextVersion(row.updatedAt, this.now()),
        })
        .where(eq(users.id, customerId))
        .returning();
      if (!updated) throw new AppError('NOT_FOUND', `customer ${customerId}`);
      if (email !== row.email && this.email) {
        // The old address is told, in the store of the customer's latest order (or the back office's).
        const [latest] = await tx
          .select({ storeId: orders.storeId })
          .from(orders)
          .where(eq(orders.customerId, customerId))
          .orderBy(desc(orders.createdAt))
          .limit(1);
        const store = latest?.storeId ?? storeId;
        if (store !== undefined) {
          await this.email.enqueue(tx, {
            storeId: store,
            to: row.email,
            userId: customerId,
            message: {
              kind: 'email_changed_notice',
              firstname: updated.firstname,
              maskedNewEmail: maskEmail(email),
              byStaff: true,
              changedAt: this.now().toISOString(),
            },
          });
        }
      }
      return customerOut(updated);
    });
  }

  /** The newsletter switch (spec: newsletter 1 or 0). Idempotent, so it needs no version. */
  async setNewsletter(customerId: number, subscribed: boolean): Promise<CustomerOut> {
    return this.db.transaction(async (tx) => {
      const row = await this.find(tx, customerId, true);
      if (row.newsletter === subscribed) return customerOut(row);
      const [updated] = await tx
        .update(users)
        .set({ newsletter: subscribed, updatedAt: nextVersion(row.updatedAt, this.now()) })
        .where(eq(users.id, customerId))
        .returning();
      if (!updated) throw new AppError('NOT_FOUND', `customer ${customerId}`);
      return customerOut(updated);
    });
  }

  /**
   * Creates a customer account (admins). Nobody knows its password (the hash is of a random secret): the customer is
   * e-mailed an invitation, in the store's language, whose single-use, expiring link sets it.
   */
  async create(input: CustomerInput & { newsletter?: boolean }, storeId: number): Promise<CustomerOut> {
    const fields = fieldErrors(input);
    if (fields.length > 0) throw new AppError('VALIDATION_ERROR', 'customer', { fields });
    const passwordHash = await unusablePasswordHash();
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email: normaliseEmail(input.email),
          passwordHash,
          firstname: input.firstname.trim(),
          lastname: input.lastname.trim(),
          phone: normalisePhone(input.phone),
          newsletter: input.newsletter ?? false,
          role: 'customer',
        })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (!row) throw new AppError('EMAIL_TAKEN', 'customer create');
      await this.passwordReset.invite(tx, row, storeId, false);
      return customerOut(row);
    });
  }
}
