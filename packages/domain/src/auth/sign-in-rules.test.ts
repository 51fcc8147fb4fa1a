import { describe, expect, it } from 'vitest';
import type { StaffRole } from '../backoffice/item-lock.js';
import { customerIdentityVerdict, describeUserAgent, staffRoleFromGroups } from './sign-in-rules.js';

const map: Record<string, StaffRole> = { 'vt-admins': 'admin', 'vt-agents': 'agent', notarios: 'notary' };

describe('staffRoleFromGroups', () => {
  it.each([
    [['vt-agents'], 'agent'],
    [['other', 'notarios'], 'notary'],
    [['vt-agents', 'vt-admins'], 'admin'],
    [['notarios', 'vt-agents'], 'agent'],
    ['vt-admins', 'admin'],
    [[], null],
    [['other'], null],
    [undefined, null],
    [{ 'vt-admins': true }, null],
    [[42, null], null],
    [['__proto__', 'constructor', 'toString'], null],
    [['VT-ADMINS'], null],
  ])('%j -> %s', (groups, role) => {
    expect(staffRoleFromGroups(groups, map)).toBe(role);
  });
});

describe('customerIdentityVerdict', () => {
  it.each([
    [
      { email: 'ana@example.com', email_verified: true },
      { ok: true, email: 'ana@example.com' },
    ],
    [
      { email: 'ana@example.com', email_verified: false },
      { ok: false, reason: 'email_not_verified' },
    ],
    [
      { email: 'ana@example.com', email_verified: 'true' },
      { ok: false, reason: 'email_not_verified' },
    ],
    [{ email: 'ana@example.com' }, { ok: false, reason: 'email_not_verified' }],
    [{ email_verified: true }, { ok: false, reason: 'no_email' }],
    [
      { email: 'not an email', email_verified: true },
      { ok: false, reason: 'no_email' },
    ],
    [
      { email: 42, email_verified: true },
      { ok: false, reason: 'no_email' },
    ],
  ])('%j', (claims, verdict) => {
    expect(customerIdentityVerdict(claims)).toEqual(verdict);
  });
});

describe('describeUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox', 'Linux'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome',
      'Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge',
      'Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari',
      'iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome',
      'Android',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari',
      'macOS',
    ],
    ['curl/8.5.0', '', ''],
    ['', '', ''],
  ])('%s', (ua, browser, os) => {
    expect(describeUserAgent(ua)).toEqual({ browser, os });
  });
});
