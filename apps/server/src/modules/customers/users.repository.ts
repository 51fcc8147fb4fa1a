import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { loginFailures, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, normaliseEmail(email))).limit(1);
  return rows[0];
}

/** Inserts a user; returns undefined when the email is taken (unique constraint, safe under concurrency). */
export async function insertUser(
  db: DbOrTx,
  input: { email: string; passwordHash: string; firstname: string; lastname: string; role?: UserRow['role'] },
): Promise<UserRow | undefined> {
  const rows = await db
    .insert(users)
    .values({ ...input, email: normaliseEmail(input.email) })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return rows[0];
}

export async function recordLoginFailure(db: DbOrTx, email: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values({ email: normaliseEmail(email), ip });
}

/** Failed logins in the window, for this email and for this IP. */
export async function countRecentFailures(
  db: DbOrTx,
  email: string,
  ip: string,
  since: Date,
): Promise<{ byEmail: number; byIp: number }> {
  const [byEmail] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, normaliseEmail(email)), gt(loginFailures.createdAt, since)));
  const [byIp] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since)));
  return { byEmail: byEmail?.n ?? 0, byIp: byIp?.n ?? 0 };
}

export async function clearLoginFailures(db: DbOrTx, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, normaliseEmail(email)));
}
