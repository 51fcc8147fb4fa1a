import { describe, expect, it } from 'vitest';
import {
  checkAgentChange,
  checkCustomerInput,
  checkImpersonation,
  IMPERSONATION_TTL_MS,
  impersonationExpiry,
  isImpersonationLive,
  isStaffAccountRole,
  normalisePhone,
  parseCustomerSearch,
} from './customer-admin.js';

describe('checkImpersonation', () => {
  const admin = { id: 1, role: 'admin', impersonating: false };
  const customer = { id: 9, role: 'customer', active: true };
  it.each([
    ['admin into an active customer', admin, customer, null],
    ['agent', { ...admin, role: 'agent' }, customer, 'not_admin'],
    ['notary', { ...admin, role: 'notary' }, customer, 'not_admin'],
    ['customer', { ...admin, role: 'customer' }, customer, 'not_admin'],
    ['into another admin', admin, { ...customer, role: 'admin' }, 'not_a_customer'],
    ['into an agent', admin, { ...customer, role: 'agent' }, 'not_a_customer'],
    ['into a notary', admin, { ...customer, role: 'notary' }, 'not_a_customer'],
    ['into oneself', admin, { ...customer, id: 1, role: 'admin' }, 'self'],
    ['into a deactivated customer', admin, { ...customer, active: false }, 'inactive'],
    ['while already impersonating', { ...admin, impersonating: true }, customer, 'already_impersonating'],
  ] as const)('%s', (_name, actor, target, reason) => {
    const result = checkImpersonation(actor, target);
    expect(result.ok ? null : result.reason).toBe(reason);
  });
});

describe('impersonation time limit', () => {
  const start = new Date('2026-03-01T10:00:00Z');
  const end = impersonationExpiry(start);
  it.each([
    [0, null, true],
    [IMPERSONATION_TTL_MS - 1, null, true],
    [IMPERSONATION_TTL_MS, null, false],
    [IMPERSONATION_TTL_MS + 1, null, false],
    [1000, new Date(start.getTime() + 500), false],
  ] as const)('%d ms after the start, ended %s: live %s', (after, endedAt, live) => {
    expect(isImpersonationLive(end, endedAt, new Date(start.getTime() + after))).toBe(live);
  });
  it('lasts 30 minutes', () => expect(IMPERSONATION_TTL_MS).toBe(1_800_000));
});

describe('parseCustomerSearch', () => {
  it.each([
    ['', null],
    ['   ', null],
    [undefined, null],
    ['Lucía@Example.com', { text: 'lucía@example.com', taxId: null, phone: null, number: null }],
    ['12345678z', { text: '12345678z', taxId: '12345678Z', phone: null, number: null }],
    ['12.345.678-Z', { text: '12.345.678-z', taxId: '12345678Z', phone: null, number: null }],
    ['+34 600 11 22 33', { text: '+34 600 11 22 33', taxId: null, phone: '34600112233', number: null }],
    ['100000001', { text: '100000001', taxId: '100000001', phone: '100000001', number: 100000001 }],
    ['42', { text: '42', taxId: null, phone: null, number: 42 }],
    ['García', { text: 'garcía', taxId: null, phone: null, number: null }],
    ['9'.repeat(16), { text: '9'.repeat(16), taxId: '9'.repeat(16), phone: '9'.repeat(16), number: null }],
  ])('%j', (raw, keys) => {
    expect(parseCustomerSearch(raw)).toEqual({ ok: true, keys });
  });
  it.each([['a\u0000b'], ['x'.repeat(201)], ['\ud800'], ['line\nbreak']])('refuses %j', (raw) => {
    expect(parseCustomerSearch(raw)).toEqual({ ok: false, message: { key: 'customer.search_invalid' } });
  });
  it('counts characters, not UTF-16 units', () => {
    expect(parseCustomerSearch('😀'.repeat(200)).ok).toBe(true);
  });
});

describe('checkCustomerInput', () => {
  const valid = { email: 'a@example.com', firstname: 'Ana', lastname: 'López', phone: '+34 600 112 233' };
  it.each([
    ['valid', valid, []],
    ['no phone', { ...valid, phone: null }, []],
    ['blank phone', { ...valid, phone: '  ' }, []],
    ['bad email', { ...valid, email: 'nope' }, ['email']],
    ['blank names', { ...valid, firstname: ' ', lastname: '' }, ['firstname', 'lastname']],
    ['long name', { ...valid, firstname: 'x'.repeat(101) }, ['firstname']],
    ['NUL in name', { ...valid, lastname: 'a\u0000' }, ['lastname']],
    ['letters in phone', { ...valid, phone: '600abc123' }, ['phone']],
    ['short phone', { ...valid, phone: '12345' }, ['phone']],
    ['long phone', { ...valid, phone: '1234567890123456' }, ['phone']],
  ])('%s', (_name, input, fields) => {
    expect(checkCustomerInput(input).map((p) => p.field)).toEqual(fields);
  });
});

describe('normalisePhone', () => {
  it.each([
    ['+34 600-11 22 33', '+34600112233'],
    ['600 11 22 33', '600112233'],
    ['', null],
    [null, null],
  ])('%j -> %j', (raw, out) => expect(normalisePhone(raw)).toBe(out));
});

describe('checkAgentChange', () => {
  const admin = { id: 1, role: 'admin', active: true };
  const agent = { id: 2, role: 'agent', active: true };
  it.each([
    ['deactivate an agent', agent, { active: false }, 2, null],
    ['make an agent admin', agent, { role: 'admin' as const }, 1, null],
    ['deactivate oneself', admin, { active: false }, 2, 'self_deactivate'],
    ['demote oneself', admin, { role: 'agent' as const }, 2, 'self_demote'],
    ['keep oneself admin', admin, { role: 'admin' as const }, 1, null],
    ['deactivate the last admin', { ...admin, id: 3 }, { active: false }, 1, 'last_admin'],
    ['demote the last admin', { ...admin, id: 3 }, { role: 'notary' as const }, 1, 'last_admin'],
    ['deactivate one of two admins', { ...admin, id: 3 }, { active: false }, 2, null],
    ['reactivate', { ...agent, active: false }, { active: true }, 1, null],
  ])('%s', (_name, target, change, admins, reason) => {
    const result = checkAgentChange(1, target, change, admins);
    expect(result.ok ? null : result.reason).toBe(reason);
  });
  it('staff roles', () => {
    expect(['agent', 'admin', 'notary', 'customer', 'root'].map(isStaffAccountRole)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
