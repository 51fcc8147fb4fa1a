import { ipMatches } from './ip-address.js';

/** An active IP record as the sign-in check reads it. */
export interface IpRule {
  ip: string;
  purpose: 'staff_allow' | 'customer_block' | string;
}

export type SignInIpDecision = 'allowed' | 'staff_not_allowed' | 'customer_blocked';

/**
 * Whether an account may sign in from an address (docs/backoffice.md, "IP records"): staff (agents, admins, notaries)
 * only from a `staff_allow` address or range when at least one exists (none: from anywhere); customers never from a
 * `customer_block` one. Checked after the password, so the answer tells nothing to someone without it.
 */
export function signInIpDecision(role: string, ip: string, rules: readonly IpRule[]): SignInIpDecision {
  if (role === 'customer') {
    return rules.some((r) => r.purpose === 'customer_block' && ipMatches(ip, r.ip)) ? 'customer_blocked' : 'allowed';
  }
  const allow = rules.filter((r) => r.purpose === 'staff_allow');
  return allow.length === 0 || allow.some((r) => ipMatches(ip, r.ip)) ? 'allowed' : 'staff_not_allowed';
}
