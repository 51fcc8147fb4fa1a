import { randomBytes, timingSafeEqual } from 'node:crypto';
import { checkAccountEmail } from '@ventanilla/domain';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { signInLinks } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import { type EmailService, RESET_TOKEN_PLACEHOLDER } from '../email/index.js';
import { clearLoginThrottle, toSessionUser } from './auth.service.js';
import type { SessionUser } from './sessions.repository.js';
import { hashToken } from './sessions.repository.js';
import { findUserByEmail, findUserById } from './users.repository.js';

/** A sign-in link works for 15 minutes and once (docs/decisions/0013-login-throttle-and-quotas.md). */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
/** At most this many sign-in e-mails per account per hour: more requests answer the same but send nothing. */
export const SIGN_IN_LINKS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;
const MAX_ID = 2_147_483_647;

// "<row id>.<32 random bytes in base64url>": the id finds the row, the secret is compared in constant time.
const TOKEN_SHAPE = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * One-time sign-in links: the owner's way in while the account's password sign-in is throttled by someone else's
 * guesses. Made like reset links: the outbox holds a placeholder, the token is made when the e-mail is sent and only
 * its SHA-256 is kept; it expires and works once. Using one proves control of the mailbox, so it also ends the
 * account's login throttle, like a password reset.
 */
export class SignInLinksService {
  constructor(
    private readonly db: Db,
    private readonly email: EmailService,
  ) {}

  /** Queues a sign-in e-mail when an active account has this e-mail; the caller answers the same in every case. */
  async request(email: string, storeId: number, ip: string): Promise<void> {
    const problem = checkAccountEmail(email);
    if (problem) throw new AppError('VALIDATION_ERROR', 'email', { fields: [{ field: 'email', message: problem }] });
    const user = await findUserByEmail(this.db, email);
    if (!user?.active) return;
    const [recent] = await this.db
      .select({ n: count() })
      .from(signInLinks)
      .where(and(eq(signInLinks.userId, user.id), gt(signInLinks.createdAt, new Date(Date.now() - HOUR_MS))));
    if ((recent?.n ?? 0) >= SIGN_IN_LINKS_PER_HOUR) return;
    const expiresAt = new Date(Date.now() + SIGN_IN_LINK_TTL_MS);
    await this.db.transaction(async (tx) => {
      const outboxId = await this.email.enqueue(tx, {
        storeId,
        to: user.email,
        userId: user.id,
        discardAfter: expiresAt,
        message: {
          kind: 'sign_in_link',
          firstname: user.firstname,
          token: RESET_TOKEN_PLACEHOLDER,
          validMinutes: SIGN_IN_LINK_TTL_MS / 60_000,
        },
      });
      await tx.insert(signInLinks).values({ userId: user.id, outboxId, expiresAt, requestIp: ip });
    });
  }

  /** The token of a sign-in e-mail about to be sent (each delivery attempt makes a new one), or null when unusable. */
  async issueToken(outboxId: number): Promise<string | null> {
    const secret = randomBytes(32).toString('base64url');
    const [row] = await this.db
      .update(signInLinks)
      .set({ tokenHash: hashToken(secret) })
      .where(and(eq(signInLinks.outboxId, outboxId), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, sql`now()`)))
      .returning({ id: signInLinks.id });
    return row ? `${row.id}.${secret}` : null;
  }

  /** Spends a link (once) and answers whose account it opens; SIGN_IN_LINK_INVALID otherwise, whatever the reason. */
  async consume(token: string): Promise<SessionUser> {
    const match = TOKEN_SHAPE.exec(token);
    const id = Number(match?.[1]);
    if (!match || !(id <= MAX_ID)) throw new AppError('SIGN_IN_LINK_INVALID', 'malformed token');
    const [row] = await this.db
      .select({ tokenHash: signInLinks.tokenHash })
      .from(signInLinks)
      .where(eq(signInLinks.id, id));
    if (!row?.tokenHash || !sameHash(hashToken(match[2]!), row.tokenHash)) {
      throw new AppError('SIGN_IN_LINK_INVALID', 'unknown token');
    }
    const [spent] = await this.db
      .update(signInLinks)
      .set({ usedAt: sql`now()` })
      .where(and(eq(signInLinks.id, id), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, sql`now()`)))
      .returning({ userId: signInLinks.userId });
    if (!spent) throw new AppError('SIGN_IN_LINK_INVALID', 'used or expired');
    const user = await findUserById(this.db, spent.userId);
    if (!user?.active) throw new AppError('SIGN_IN_LINK_INVALID', 'account deactivated');
    // The owner proved control of the mailbox: the throttle someone else's guesses caused ends (as after a reset).
    await clearLoginThrottle(this.db, user.email);
    return toSessionUser(user);
  }
}
