import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import {
  checkCustomerPayment,
  checkOwnSettings,
  EMPTY_OWN_SETTINGS,
  isOnlineAgent,
  maskIban,
  ONLINE_WINDOW_MINUTES,
  STAFF_ROLES,
  type CustomerPaymentInput,
  type OwnSettings,
} from '@ventanilla/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { customerHistory, customerPaymentPreferences, sessions, users } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import type { SessionUser } from '../../shared/session-types.js';

type Preferences = typeof customerPaymentPreferences.$inferSelect;

/** The payment data staff see: the method, the saved card's brand and last four only, the IBAN masked. */
function paymentOut(row: Preferences | undefined) {
  return {
    preferred_payment: row?.method ?? null,
    saved_card:
      row?.cardLast4 != null
        ? {
            brand: row.cardBrand,
            last4: row.cardLast4,
            exp_month: row.cardExpMonth,
            exp_year: row.cardExpYear,
          }
        : null,
    bank_account: maskIban(row?.iban ?? null),
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/**
 * What staff edit of accounts outside the item page (docs/backoffice.md, "Staff edits"): a customer's payment data
 * (never a card number) with its history, the agent's own settings ("Mis ajustes") and who is online.
 */
export class StaffEditsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** A customer account, locked for update when asked; 404 for staff accounts and unknown ids. */
  private async customer(db: DbOrTx, customerId: number, forUpdate: boolean) {
    const query = db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, customerId), eq(users.role, 'customer')));
    const [row] = forUpdate ? await query.for('update') : await query;
    if (!row) throw new AppError('NOT_FOUND', `customer ${customerId}`);
  }

  async payment(customerId: number) {
    await this.customer(this.db, customerId, false);
    const [row] = await this.db
      .select()
      .from(customerPaymentPreferences)
      .where(eq(customerPaymentPreferences.userId, customerId));
    return paymentOut(row);
  }

  /**
   * Staff change a customer's preferred payment method and bank account (IBAN checked by the domain), or forget the
   * saved card. Under the customer's row lock, so two edits at once are applied one after the other and each history
   * line's old value is the value the edit replaced. The IBAN is kept whole, the history masks it.
   */
  async setPayment(staff: SessionUser, customerId: number, input: CustomerPaymentInput) {
    return this.db.transaction(async (tx) => {
      await this.customer(tx, customerId, true);
      const [stored] = await tx
        .select()
        .from(customerPaymentPreferences)
        .where(eq(customerPaymentPreferences.userId, customerId));
      const check = checkCustomerPayment(input, { iban: stored?.iban ?? null });
      if (!check.ok) {
        throw new AppError('VALIDATION_ERROR', 'customer payment', {
          fields: check.problems.map((p) => ({ field: p.field, message: p.message })),
        });
      }
      const { method, iban, removeCard } = check.change;
      const lines: { accion: string; details: Record<string, unknown> }[] = [];
      if (stored?.method !== method)
        lines.push({ accion: 'cambio_pago', details: { old: stored?.method ?? null, new: method } });
      const oldIban = stored?.iban ?? null;
      if (iban !== undefined && iban !== oldIban) {
        lines.push({ accion: 'cambio_cuenta', details: { old: maskIban(oldIban), new: maskIban(iban) } });
      }
      const hadCard = stored?.cardLast4 != null || stored?.providerToken != null;
      if (removeCard && hadCard) {
        const card = [stored?.cardBrand, stored?.cardLast4].filter(Boolean).join(' ');
        lines.push({ accion: 'tarjeta_borrada', details: { old: card || null } });
      }
      const cardGone = removeCard
        ? {
            provider: null,
            providerToken: null,
            cardBrand: null,
            cardLast4: null,
            cardExpMonth: null,
            cardExpYear: null,
          }
        : {};
      const values = { method, ...(iban === undefined ? {} : { iban }), ...cardGone, updatedAt: this.now() };
      const [row] = await tx
        .insert(customerPaymentPreferences)
        .values({ userId: customerId, ...values })
        .onConflictDoUpdate({ target: customerPaymentPreferences.userId, set: values })
        .returning();
      if (lines.length > 0) {
        await tx
          .insert(customerHistory)
          .values(lines.map((l) => ({ customerId, adminUserId: staff.id, accion: l.accion, details: l.details })));
      }
      return paymentOut(row);
    });
  }

  /** The customer's history of staff changes, newest first (the screen reads each line with historyChanges). */
  async history(customerId: number) {
    await this.customer(this.db, customerId, false);
    const rows = await this.db
      .select({ h: customerHistory, firstname: users.firstname, lastname: users.lastname })
      .from(customerHistory)
      .leftJoin(users, eq(users.id, customerHistory.adminUserId))
      .where(eq(customerHistory.customerId, customerId))
      .orderBy(desc(customerHistory.id))
      .limit(200);
    return {
      items: rows.map(({ h, firstname, lastname }) => ({
        id: h.id,
        accion: h.accion,
        admin_user_id: h.adminUserId,
        admin_name: firstname === null ? null : `${firstname} ${lastname}`,
        created_at: h.createdAt.toISOString(),
        details: h.details,
      })),
    };
  }

  async ownSettings(staff: SessionUser): Promise<OwnSettings> {
    const [row] = await this.db.select({ s: users.agentSettings }).from(users).where(eq(users.id, staff.id));
    const s = row?.s ?? {};
    return {
      aircall: s.aircall ?? EMPTY_OWN_SETTINGS.aircall,
      correos: s.correos ?? EMPTY_OWN_SETTINGS.correos,
      product_lists: s.product_lists ?? [],
    };
  }

  /**
   * Saves the agent's own settings (checked by the domain), keeping what admins set for them (default queue,
   * languages). Under the agent's row lock: an admin's edit of the same row at the same time is not lost.
   */
  async setOwnSettings(staff: SessionUser, input: OwnSettings): Promise<OwnSettings> {
    const check = checkOwnSettings(input);
    if (!check.ok) {
      throw new AppError('VALIDATION_ERROR', 'own settings', {
        fields: check.problems.map((p) => ({ field: p.field, message: p.message })),
      });
    }
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select({ s: users.agentSettings }).from(users).where(eq(users.id, staff.id)).for('update');
      await tx
        .update(users)
        .set({ agentSettings: { ...(row?.s ?? {}), ...check.value } })
        .where(eq(users.id, staff.id));
    });
    return check.value;
  }

  /**
   * The staff signed in and active within ONLINE_WINDOW_MINUTES (their latest session use), most recent first.
   * A session impersonating a customer is the customer's: it does not count.
   */
  async onlineAgents() {
    const now = this.now();
    const since = new Date(now.getTime() - ONLINE_WINDOW_MINUTES * 60_000);
    const rows = await this.db
      .select({
        id: users.id,
        firstname: users.firstname,
        lastname: users.lastname,
        role: users.role,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          inArray(users.role, [...STAFF_ROLES]),
          eq(users.active, true),
          gt(sessions.lastSeenAt, since),
          gt(sessions.expiresAt, now),
        ),
      );
    const latest = new Map<number, (typeof rows)[number]>();
    for (const r of rows) {
      if (!isOnlineAgent(r.lastSeenAt, r.expiresAt, now)) continue;
      const seen = latest.get(r.id);
      if (!seen || seen.lastSeenAt < r.lastSeenAt) latest.set(r.id, r);
    }
    return {
      window_minutes: ONLINE_WINDOW_MINUTES,
      items: [...latest.values()]
        .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime() || a.id - b.id)
        .map((r) => ({
          id: r.id,
          name: `${r.firstname} ${r.lastname}`,
          role: r.role as (typeof STAFF_ROLES)[number],
          last_seen_at: r.lastSeenAt.toISOString(),
        })),
    };
  }
}
