import { checkImpersonation, impersonationExpiry, type ImpersonationRefusal } from '@ventanilla/domain';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { customerImpersonations, sessions, users } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import type { SessionUser } from './sessions.repository.js';
import { toSessionUser } from './auth.service.js';

// "Log in as the customer" (docs/backoffice.md, "Customers"): admin only, audited, time-limited. The admin's own
// session ends when the impersonation starts; going back starts a fresh session of the admin (never re-using a token).

export type ImpersonationEnd = 'returned' | 'logout' | 'expired' | 'replaced' | 'admin_deactivated';

const REFUSAL_DETAIL: Record<ImpersonationRefusal, string> = {
  not_admin: 'only admins log in as a customer',
  self: 'an admin cannot log in as themselves',
  not_a_customer: 'only customer accounts can be impersonated',
  inactive: 'the customer account is deactivated',
  already_impersonating: 'already logged in as a customer',
};

/** Checks the rule and writes the audit row; the caller then opens the customer's session with its id. */
export async function beginImpersonation(
  db: DbOrTx,
  input: { admin: SessionUser; impersonating: boolean; customerId: number; ip: string; now: Date },
): Promise<{ customer: SessionUser; impersonationId: number; expiresAt: Date }> {
  const [target] = await db.select().from(users).where(eq(users.id, input.customerId)).limit(1);
  if (!target) throw new AppError('NOT_FOUND', `customer ${input.customerId}`);
  const verdict = checkImpersonation(
    { id: input.admin.id, role: input.admin.role, impersonating: input.impersonating },
    { id: target.id, role: target.role, active: target.active },
  );
  if (!verdict.ok) throw new AppError('IMPERSONATION_REFUSED', REFUSAL_DETAIL[verdict.reason]);
  const expiresAt = impersonationExpiry(input.now);
  const [row] = await db
    .insert(customerImpersonations)
    .values({ adminId: input.admin.id, customerId: target.id, startedAt: input.now, expiresAt, ip: input.ip })
    .returning({ id: customerImpersonations.id });
  if (!row) throw new Error('impersonation not recorded');
  return { customer: toSessionUser(target), impersonationId: row.id, expiresAt };
}

/** Records the end of an impersonation (once: the first reason wins). */
export async function finishImpersonation(
  db: DbOrTx,
  impersonationId: number,
  reason: ImpersonationEnd,
  now: Date,
): Promise<void> {
  await db
    .update(customerImpersonations)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(customerImpersonations.id, impersonationId), isNull(customerImpersonations.endedAt)));
}

/** Ends every open impersonation of an admin and their sessions (the admin was deactivated or demoted). */
export async function endImpersonationsBy(db: DbOrTx, adminId: number, now: Date): Promise<void> {
  const open = await db
    .update(customerImpersonations)
    .set({ endedAt: now, endReason: 'admin_deactivated' })
    .where(and(eq(customerImpersonations.adminId, adminId), isNull(customerImpersonations.endedAt)))
    .returning({ id: customerImpersonations.id });
  if (open.length > 0)
    await db.delete(sessions).where(
      inArray(
        sessions.impersonationId,
        open.map((r) => r.id),
      ),
    );
}

/** The audit log of one customer (newest first), for the customer's page. */
export async function impersonationsOf(db: DbOrTx, customerId: number) {
  return db
    .select({
      id: customerImpersonations.id,
      adminId: customerImpersonations.adminId,
      adminEmail: users.email,
      startedAt: customerImpersonations.startedAt,
      expiresAt: customerImpersonations.expiresAt,
      endedAt: customerImpersonations.endedAt,
      endReason: customerImpersonations.endReason,
      ip: customerImpersonations.ip,
    })
    .from(customerImpersonations)
    .innerJoin(users, eq(users.id, customerImpersonations.adminId))
    .where(eq(customerImpersonations.customerId, customerId))
    .orderBy(desc(customerImpersonations.startedAt))
    .limit(50);
}
