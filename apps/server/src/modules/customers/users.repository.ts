import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .limit(1);
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

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}
