import { randomBytes, timingSafeEqual } from 'node:crypto';
import { describeUserAgent } from '@ventanilla/domain';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/database.js';
import { rememberTokens, sessions, users } from '../../db/schema.js';
import { hashToken, type SessionUser } from './sessions.repository.js';

// Remember-me (the spec's cookieLogin; docs/decisions/0018-sign-in-options.md). The cookie is "<series>.<secret>":
// the series names the device, the secret changes on every use. Only SHA-256s are stored. A rotated secret presented
// again is theft (someone copied the cookie and one of the two used it first): the device's chain is revoked.

/** The cookie; only the API reads it, and it is never sent on cross-site requests. */
export const REMEMBER_COOKIE = 'vt_remember';
/**
 * Two requests of one browser can race with the same secret (two tabs opening at once): the loser, within these
 * seconds of the rotation, is told to retry (its sibling got the new cookie), not taken for a thief.
 */
export const REMEMBER_RACE_GRACE_MS = 10_000;

export type RememberUse =
  | { kind: 'ok'; userId: number; rememberId: number; cookie: string }
  | { kind: 'invalid' }
  | { kind: 'race' }
  | { kind: 'theft'; userId: number };

const SHAPE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

function sameHash(a: string, b: string | null): boolean {
  if (b === null || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

const DAY_MS = 24 * 60 * 60 * 1000;

const newSecret = () => randomBytes(32).toString('base64url');

/** Remembers a device for a user; returns the cookie value. */
export async function rememberDevice(
  db: DbOrTx,
  userId: number,
  userAgent: string,
  lifetimeMs: number,
  now: Date,
): Promise<{ id: number; cookie: string }> {
  const series = randomBytes(16).toString('base64url');
  const secret = newSecret();
  const [row] = await db
    .insert(rememberTokens)
    .values({
      userId,
      series,
      tokenHash: hashToken(secret),
      userAgent: userAgent.slice(0, 500),
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + lifetimeMs),
    })
    .returning({ id: rememberTokens.id });
  return { id: row!.id, cookie: `${series}.${secret}` };
}

/** Ends a device: its remember token and the sessions it signed in. */
async function revokeChain(db: DbOrTx, id: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.rememberId, id));
  await db.delete(rememberTokens).where(eq(rememberTokens.id, id));
}

/**
 * Uses a remember cookie: rotates its secret (one winner among concurrent uses: the update is conditional on the
 * secret it replaces) and says whose device it is, or why not.
 */
export async function useRememberCookie(
  db: DbOrTx,
  cookie: string,
  lifetimeMs: number,
  now: Date,
): Promise<RememberUse> {
  const match = SHAPE.exec(cookie);
  if (!match) return { kind: 'invalid' };
  const [, series, secret] = match as unknown as [string, string, string];
  const presented = hashToken(secret);
  const next = newSecret();
  const rotated = await db
    .update(rememberTokens)
    .set({
      tokenHash: hashToken(next),
      previousTokenHash: presented,
      rotatedAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + lifetimeMs),
    })
    .where(
      and(
        eq(rememberTokens.series, series),
        eq(rememberTokens.tokenHash, presented),
        gt(rememberTokens.expiresAt, now),
      ),
    )
    .returning({ id: rememberTokens.id, userId: rememberTokens.userId });
  const won = rotated[0];
  if (won) {
    const [user] = await db.select({ active: users.active }).from(users).where(eq(users.id, won.userId));
    if (!user?.active) {
      await revokeChain(db, won.id);
      return { kind: 'invalid' };
    }
    return { kind: 'ok', userId: won.userId, rememberId: won.id, cookie: `${series}.${next}` };
  }
  const [row] = await db.select().from(rememberTokens).where(eq(rememberTokens.series, series));
  if (!row) return { kind: 'invalid' };
  if (row.expiresAt.getTime() <= now.getTime()) {
    await revokeChain(db, row.id);
    return { kind: 'invalid' };
  }
  if (
    sameHash(presented, row.previousTokenHash) &&
    row.rotatedAt !== null &&
    now.getTime() - row.rotatedAt.getTime() < REMEMBER_RACE_GRACE_MS
  ) {
    return { kind: 'race' };
  }
  // A known device with a secret that is not its current one: a copy of the cookie was used. End the device.
  await revokeChain(db, row.id);
  return { kind: 'theft', userId: row.userId };
}

/** Forgets the device of a cookie (signing out on it). */
export async function forgetRememberCookie(db: DbOrTx, cookie: string): Promise<void> {
  const match = SHAPE.exec(cookie);
  if (!match) return;
  const [row] = await db
    .select({ id: rememberTokens.id })
    .from(rememberTokens)
    .where(eq(rememberTokens.series, match[1]!));
  if (row) await db.delete(rememberTokens).where(eq(rememberTokens.id, row.id));
}

/** The series of a cookie (to mark "this device" in the list), or null. */
export function rememberSeries(cookie: string | undefined): string | null {
  return cookie ? (SHAPE.exec(cookie)?.[1] ?? null) : null;
}

export interface DeviceView {
  id: number;
  browser: string;
  os: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  current: boolean;
}

/** A user's remembered devices, most recently used first. */
export async function listDevices(
  db: DbOrTx,
  userId: number,
  currentSeries: string | null,
  now: Date,
): Promise<DeviceView[]> {
  const rows = await db
    .select()
    .from(rememberTokens)
    .where(and(eq(rememberTokens.userId, userId), gt(rememberTokens.expiresAt, now)))
    .orderBy(desc(rememberTokens.lastUsedAt), desc(rememberTokens.id));
  return rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    current: row.series === currentSeries,
  }));
}

/** Signs out one device of this user; false when it is not theirs (or gone). */
export async function revokeDevice(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: rememberTokens.id })
    .from(rememberTokens)
    .where(and(eq(rememberTokens.id, id), eq(rememberTokens.userId, userId)));
  if (!row) return false;
  await revokeChain(db, row.id);
  return true;
}

/**
 * Signs out every other device and session of a user: all but this session and the device it signed in with. Answers
 * how many sessions ended.
 */
export async function revokeOtherDevices(db: DbOrTx, userId: number, keepSessionIdHash: string): Promise<number> {
  const [kept] = await db
    .select({ rememberId: sessions.rememberId })
    .from(sessions)
    .where(eq(sessions.idHash, keepSessionIdHash));
  await db
    .delete(rememberTokens)
    .where(
      kept?.rememberId
        ? and(eq(rememberTokens.userId, userId), ne(rememberTokens.id, kept.rememberId))
        : eq(rememberTokens.userId, userId),
    );
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepSessionIdHash)))
    .returning({ idHash: sessions.idHash });
  return ended.length;
}

/** Links a session to the device that signed it in (it ends with the device). */
export async function linkSessionToDevice(db: DbOrTx, sessionIdHash: string, rememberId: number): Promise<void> {
  await db.update(sessions).set({ rememberId }).where(eq(sessions.idHash, sessionIdHash));
}

/** Whether a user may be remembered: customers only (staff: docs/decisions/0018-sign-in-options.md). */
export function mayRemember(app: FastifyInstance, user: SessionUser): boolean {
  return user.role === 'customer' && app.ctx.config.signIn.rememberDays > 0;
}

/** What a sign-in's remember-me step reads of the browser: its remember-me cookie and its User-Agent. */
export interface SigningInBrowser {
  rememberCookie: string | undefined;
  userAgent: string;
}

/**
 * After a sign-in on this browser: the device this browser remembered before (maybe another person's) is forgotten,
 * and, when asked and allowed, this browser is remembered for the user who just signed in on `sessionIdHash`. Returns
 * the remember-me cookie for the reply (request.pendingRememberCookie): a new one, null to clear the old one, or
 * undefined when the browser had none and is not remembered.
 */
export async function rememberThisBrowser(
  app: FastifyInstance,
  browser: SigningInBrowser,
  user: SessionUser,
  sessionIdHash: string,
  remember = true,
): Promise<string | null | undefined> {
  const { db } = app.ctx;
  let cookie: string | null | undefined;
  if (browser.rememberCookie) {
    await forgetRememberCookie(db, browser.rememberCookie);
    cookie = null;
  }
  if (!remember || !mayRemember(app, user)) return cookie;
  const device = await rememberDevice(
    db,
    user.id,
    browser.userAgent,
    app.ctx.config.signIn.rememberDays * DAY_MS,
    app.ctx.now(),
  );
  await linkSessionToDevice(db, sessionIdHash, device.id);
  return device.cookie;
}
