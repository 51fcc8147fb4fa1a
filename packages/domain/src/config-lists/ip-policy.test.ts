import { describe, expect, it } from 'vitest';
import { signInIpDecision, type IpRule } from './ip-policy.js';

const rules: IpRule[] = [
  { ip: '192.0.2.0/24', purpose: 'staff_allow' },
  { ip: '2001:db8::/32', purpose: 'staff_allow' },
  { ip: '198.51.100.7', purpose: 'customer_block' },
];

describe('signInIpDecision', () => {
  it.each([
    ['admin', '192.0.2.9', rules, 'allowed'],
    ['agent', '::ffff:192.0.2.9', rules, 'allowed'],
    ['notary', '2001:db8::1', rules, 'allowed'],
    ['agent', '127.0.0.1', rules, 'staff_not_allowed'],
    ['agent', '127.0.0.1', [], 'allowed'],
    ['agent', '198.51.100.7', [{ ip: '198.51.100.7', purpose: 'customer_block' }], 'allowed'],
    ['customer', '198.51.100.7', rules, 'customer_blocked'],
    ['customer', '198.51.100.8', rules, 'allowed'],
    ['customer', '127.0.0.1', rules, 'allowed'],
  ] as const)('%s from %s', (role, ip, list, expected) => {
    expect(signInIpDecision(role, ip, list)).toBe(expected);
  });
});
