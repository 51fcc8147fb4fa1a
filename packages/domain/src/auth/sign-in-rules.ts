// Rules of the sign-in options (docs/decisions/0018-sign-in-options.md): which role a staff member's identity-provider
// groups give, whether a customer's identity-provider e-mail may sign in, and how a remembered device is named.
import type { StaffRole } from '../backoffice/item-lock.js';
import { isAddressShaped } from '../validators/email.js';

/** Longest e-mail claim taken from an identity provider (the limit of common directories, above SMTP's 254). */
const MAX_CLAIMED_EMAIL = 320;

/** When a person's groups map to several roles, the most powerful one is what their directory says they are. */
const STAFF_ROLE_ORDER: readonly StaffRole[] = ['admin', 'agent', 'notary'];

/**
 * The role a staff member's groups (the provider's groups claim, as sent) give through the configured mapping, or
 * null: no mapped group is no staff sign-in (and no account is made). A claim that is not a list of texts gives null.
 */
export function staffRoleFromGroups(
  groups: unknown,
  roleByGroup: Readonly<Record<string, StaffRole>>,
): StaffRole | null {
  const list = typeof groups === 'string' ? [groups] : Array.isArray(groups) ? groups : [];
  const roles = new Set<StaffRole>();
  for (const group of list) {
    if (typeof group !== 'string' || !Object.hasOwn(roleByGroup, group)) continue;
    roles.add(roleByGroup[group]!);
  }
  return STAFF_ROLE_ORDER.find((role) => roles.has(role)) ?? null;
}

/** What the provider's claims allow for a customer: sign in or register by this e-mail, or refuse (and why). */
export type CustomerIdentityVerdict =
  { ok: true; email: string } | { ok: false; reason: 'no_email' | 'email_not_verified' };

/**
 * A customer is matched by e-mail only when the provider says it verified it (`email_verified` is true, the boolean, not
 * the text "true" some providers send: those are refused rather than guessed). Anyone can type any e-mail at a provider;
 * linking by an unverified one would hand them the account that owns it.
 */
export function customerIdentityVerdict(claims: {
  email?: unknown;
  email_verified?: unknown;
}): CustomerIdentityVerdict {
  if (typeof claims.email !== 'string' || !isAddressShaped(claims.email, MAX_CLAIMED_EMAIL))
    return { ok: false, reason: 'no_email' };
  if (claims.email_verified !== true) return { ok: false, reason: 'email_not_verified' };
  return { ok: true, email: claims.email };
}

/** The browser and system of a user agent, for the account page's list of devices ("Firefox · Linux"). */
export function describeUserAgent(userAgent: string): { browser: string; os: string } {
  const ua = userAgent.slice(0, 1000);
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\/|FxiOS\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua) && /Version\//.test(ua)
            ? 'Safari'
            : '';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : '';
  return { browser, os };
}
