import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@ventanilla/domain';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { sessions, users } from '../../db/schema.js';

export interface SessionUser {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  role: Role;
}

export interface SessionState {
  idHash: string;
  storeId: number;
  csrfToken: string;
  lastSeenAt: Date;
  user: SessionUser | null;
}

/** Idle lifetime of a session. */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** How often at most we write last_seen_at / extend expiry. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** SHA-256 of a session token: what the database keeps. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Creates a session; returns the cookie token (never stored as such) and the state. */
export async function createSession(
  db: DbOrTx,
  input: { storeId: number; userId?: number | null },
): Promise<{ token: string; idHash: string; csrfToken: string }> {
  const token = newToken();
  const idHash = hashToken(token);
  const csrfToken = newToken();
  await db.insert(sessions).values({
    idHash,
    storeId: input.storeId,
    userId: input.userId ?? null,
    csrfToken,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return { token, idHash, csrfToken };
}

/** Finds a live session by cookie token, with its user. */
export async function findSession(db: DbOrTx, token: string): Promise<SessionState | null> {
  const idHash = hashToken(token);
  const rows = await db
    .select({
      idHash: sessions.idHash,
      storeId: sessions.storeId,
      csrfToken: sessions.csrfToken,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      role: users.role,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return {
    idHash: row.idHash,
    storeId: row.storeId,
    csrfToken: row.csrfToken,
    lastSeenAt: row.lastSeenAt,
    user:
      row.userId === null
        ? null
        : {
            id: row.userId,
            email: row.email ?? '',
            firstname: row.firstname ?? '',
            lastname: row.lastname ?? '',
            role: (row.role ?? 'customer') as SessionUser['role'],
          },
  };
}

/** Slides the expiry, at most once a minute per session. */
export async function touchSession(db: DbOrTx, state: SessionState): Promise<void> {
  if (Date.now() - state.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return;
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + SESSION_TTL_MS) })
    .where(eq(sessions.idHash, state.idHash));
}

export async function setSessionStore(db: DbOrTx, idHash: string, storeId: number): Promise<void> {
  await db.update(sessions).set({ storeId }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: DbOrTx, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Ends every session of a user (password change, account lock). */
export async function deleteUserSessions(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: DbOrTx): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
