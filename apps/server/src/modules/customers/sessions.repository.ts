import { createHash, randomBytes } from 'node:crypto';
import { aliasedTable, and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import type { SessionState, SessionUser } from '../../shared/session-types.js';
import { customerImpersonations, rememberTokens, sessions, users } from '../../db/schema.js';

export type { SessionState, SessionUser } from '../../shared/session-types.js';

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
  input: { storeId: number; userId?: number | null; impersonationId?: number; expiresAt?: Date },
): Promise<{ token: string; idHash: string; csrfToken: string }> {
  const token = newToken();
  const idHash = hashToken(token);
  const csrfToken = newToken();
  await db.insert(sessions).values({
    idHash,
    storeId: input.storeId,
    userId: input.userId ?? null,
    csrfToken,
    expiresAt: input.expiresAt ?? new Date(Date.now() + SESSION_TTL_MS),
    impersonationId: input.impersonationId ?? null,
  });
  return { token, idHash, csrfToken };
}

const impersonators = aliasedTable(users, 'impersonators');

/**
 * The session lookup of every request, prepared once per database handle (drizzle builds its SQL once, and the server
 * parses it once per connection).
 */
const preparedFindSession = new WeakMap<DbOrTx, ReturnType<typeof buildFindSession>>();

function buildFindSession(db: DbOrTx) {
  return db
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
      active: users.active,
      impersonationId: customerImpersonations.id,
      impersonationAdminId: customerImpersonations.adminId,
      impersonationExpiresAt: customerImpersonations.expiresAt,
      impersonationEndedAt: customerImpersonations.endedAt,
      impersonatorEmail: impersonators.email,
      impersonatorRole: impersonators.role,
      impersonatorActive: impersonators.active,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(customerImpersonations, eq(customerImpersonations.id, sessions.impersonationId))
    .leftJoin(impersonators, eq(impersonators.id, customerImpersonations.adminId))
    .where(and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('find_session');
}

function findSessionQuery(db: DbOrTx) {
  let query = preparedFindSession.get(db);
  if (!query) {
    query = buildFindSession(db);
    preparedFindSession.set(db, query);
  }
  return query;
}

/**
 * Finds a live session by cookie token, with its user (a deactivated account's session is no session) and, for an
 * admin's "log in as", the impersonation (whose time limit the session plugin checks against the app's clock).
 */
export async function findSession(db: DbOrTx, token: string): Promise<SessionState | null> {
  const rows = await findSessionQuery(db).execute({ idHash: hashToken(token), now: new Date() });
  const row = rows[0];
  if (!row) return null;
  if (row.userId !== null && row.active === false) return null;
  // An impersonation lives only while its admin is still an active admin.
  if (row.impersonationId !== null && (row.impersonatorRole !== 'admin' || row.impersonatorActive !== true))
    return null;
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
    impersonation:
      row.impersonationId === null || row.impersonationAdminId === null || row.impersonationExpiresAt === null
        ? null
        : {
            id: row.impersonationId,
            adminId: row.impersonationAdminId,
            adminEmail: row.impersonatorEmail ?? '',
            expiresAt: row.impersonationExpiresAt,
            endedAt: row.impersonationEndedAt,
          },
  };
}

/** Slides the expiry, at most once a minute per session. */
export async function touchSession(db: DbOrTx, state: SessionState): Promise<void> {
  // An impersonation never slides: it ends at its time limit whatever the admin does.
  if (state.impersonation) return;
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

/** Ends every session of a user and forgets their remembered devices (password reset, account lock). */
export async function deleteUserSessions(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(rememberTokens).where(eq(rememberTokens.userId, userId));
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
