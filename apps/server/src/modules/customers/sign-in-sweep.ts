import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { oauthNonces, oauthTokens, oidcLogins, rememberTokens, signInDevices, signInLinks } from '../../db/schema.js';

/**
 * Forgets what the sign-in options leave behind once it can no longer be used: expired remember-me and known devices,
 * sign-in links past their 15 minutes, OpenID sign-ins past their 10 minutes, OAuth 1.0a tokens and nonces past their
 * window (hourly background job).
 */
export async function sweepSignInLeftovers(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(rememberTokens).where(lt(rememberTokens.expiresAt, now));
  await db.delete(signInDevices).where(lt(signInDevices.expiresAt, now));
  await db.delete(signInLinks).where(lt(signInLinks.expiresAt, now));
  await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, now));
  await db.delete(oauthTokens).where(lt(oauthTokens.expiresAt, now));
  await db.delete(oauthNonces).where(lt(oauthNonces.expiresAt, now));
}
