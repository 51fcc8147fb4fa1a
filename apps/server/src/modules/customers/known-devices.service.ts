import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/database.js';
import { signInDevices, users } from '../../db/schema.js';
import { hashToken } from './sessions.repository.js';

// Known devices (docs/decisions/0013-login-throttle-and-quotas.md, "Known devices"): a browser where an account
// signed in before carries a random cookie; only its SHA-256 is stored. With it, a correct password is not held back
// by the account-wide throttle that many addresses guessing together can exhaust: the owner still gets in.

/** The cookie: only the sign-in routes read it, and it is never sent on cross-site requests. */
export const DEVICE_COOKIE = 'vt_device';
/** How long a browser stays known without signing in again. */
export const KNOWN_DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;

const SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The known device of this cookie for the account of `email` (already normalised), or null. */
export async function knownDeviceOf(
  db: DbOrTx,
  cookie: string | undefined,
  email: string,
  now: Date,
): Promise<number | null> {
  if (!cookie || !SHAPE.test(cookie)) return null;
  const [row] = await db
    .select({ id: signInDevices.id })
    .from(signInDevices)
    .innerJoin(users, eq(users.id, signInDevices.userId))
    .where(
      and(eq(signInDevices.tokenHash, hashToken(cookie)), eq(users.email, email), gt(signInDevices.expiresAt, now)),
    );
  return row?.id ?? null;
}

/**
 * After a successful sign-in on this browser (`cookie`: its known-device cookie, if any): its known device for the user
 * is kept for another KNOWN_DEVICE_TTL_MS, or a new one is made (the browser's earlier cookie may belong to someone
 * else). Returns the cookie the reply sets (request.pendingDeviceCookie).
 */
export async function knowThisBrowser(
  app: FastifyInstance,
  cookie: string | undefined,
  userId: number,
): Promise<string> {
  const { db } = app.ctx;
  const now = app.ctx.now();
  const expiresAt = new Date(now.getTime() + KNOWN_DEVICE_TTL_MS);
  if (cookie && SHAPE.test(cookie)) {
    const kept = await db
      .update(signInDevices)
      .set({ lastUsedAt: now, expiresAt })
      .where(and(eq(signInDevices.tokenHash, hashToken(cookie)), eq(signInDevices.userId, userId)))
      .returning({ id: signInDevices.id });
    if (kept.length > 0) return cookie;
  }
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(signInDevices)
    .values({ userId, tokenHash: hashToken(token), createdAt: now, lastUsedAt: now, expiresAt });
  return token;
}
