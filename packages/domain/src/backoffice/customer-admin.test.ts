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
    [
      'an agent while impersonating',
      { ...admin, role: 'agent', impersonating: true },
      customer,
      'already_impersonating',
    ],
    ['into a deactivated agent', admin, { ...customer, role: 'agent', active: false }, 'not_a_customer'],
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
    ['9'.repeat(15), { text: '9'.repeat(15), taxId: '9'.repeat(15), phone: '9'.repeat(15), number: 999999999999999 }],
    [' 42 ', { text: '42', taxId: null, phone: null, number: 42 }],
    ['4 2', { text: '4 2', taxId: null, phone: null, number: null }],
    ['60011', { text: '60011', taxId: '60011', phone: null, number: 60011 }],
    ['(600) 11.22', { text: '(600) 11.22', taxId: null, phone: '6001122', number: null }],
    ['B-1234', { text: 'b-1234', taxId: 'B1234', phone: null, number: null }],
    ['B123', { text: 'b123', taxId: null, phone: null, number: null }],
    ['ABCDE', { text: 'abcde', taxId: null, phone: null, number: null }],
    ['X1' + 'A'.repeat(18), { text: 'x1' + 'a'.repeat(18), taxId: 'X1' + 'A'.repeat(18), phone: null, number: null }],
    ['X1' + 'A'.repeat(19), { text: 'x1' + 'a'.repeat(19), taxId: null, phone: null, number: null }],
    ['1'.repeat(21), { text: '1'.repeat(21), taxId: null, phone: null, number: null }],
    ['x'.repeat(200), { text: 'x'.repeat(200), taxId: null, phone: null, number: null }],
  ])('%j', (raw, keys) => {
    expect(parseCustomerSearch(raw)).toEqual({ ok: true, keys });
  });
  it.each([['a\u0000b'], ['x'.repeat(201)], ['\ud800'], ['a\udc00'], ['line\nbreak'], ['a\u001fb'], ['del\u007f']])(
    'refuses %j',
    (raw) => {
      expect(parseCustomerSearch(raw)).toEqual({ ok: false, message: { key: 'customer.search_invalid' } });
    },
  );
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
    ['a phone of 6 digits', { ...valid, phone: '600112' }, []],
    ['a phone of 15 digits', { ...valid, phone: '+34 (600) 112.233-4567' }, []],
    ['a phone of 5 digits with signs', { ...valid, phone: '123-45' }, ['phone']],
    ['a phone of 30 characters', { ...valid, phone: '600' + ' '.repeat(24) + '112' }, []],
    ['a phone of 31 characters', { ...valid, phone: '600' + ' '.repeat(25) + '112' }, ['phone']],
    ['a name of 100 characters', { ...valid, lastname: 'x'.repeat(100) }, []],
  ])('%s', (_name, input, fields) => {
    expect(checkCustomerInput(input).map((p) => p.field)).toEqual(fields);
  });
  it('gives every problem at once, with its message', () => {
    expect(
      checkCustomerInput({ email: 'nope', firstname: 'x'.repeat(101), lastname: 'a\u007f', phone: '600abc123' }),
    ).toEqual([
      { field: 'email', message: expect.objectContaining({ key: expect.any(String) }) },
      { field: 'firstname', message: { key: 'validation.too_long', params: { max: 100 } } },
      { field: 'lastname', message: { key: 'item_action.invalid_characters' } },
      { field: 'phone', message: { key: 'customer.phone_invalid' } },
    ]);
    expect(checkCustomerInput({ ...valid, firstname: '', phone: '12345678901234567' })).toEqual([
      { field: 'firstname', message: { key: 'validation.required_text' } },
      { field: 'phone', message: { key: 'customer.phone_invalid' } },
    ]);
  });
});

describe('normalisePhone', () => {
  it.each([
    ['+34 600-11 22 33', '+34600112233'],
    ['600 11 22 33', '600112233'],
    ['', null],
    ['  ', null],
    [null, null],
    [undefined, null],
    [' 00 34 600 ', '0034600'],
  ])('%j -> %j', (raw, out) => expect(normalisePhone(raw)).toBe(out));
});

describe('checkAgentChange', () => {
  const admin = { id: 1, role: 'admin', active: true };
  const agent = { id: 2, role: 'agent', active: true };
  it.each([
    ['deactivate an agent', agent, { active: false }, 2, null],
    ['deactivate an agent when one admin is left', agent, { active: false }, 1, null],
    ['make an agent admin', agent, { role: 'admin' as const }, 1, null],
    ['deactivate oneself', admin, { active: false }, 2, 'self_deactivate'],
    ['demote oneself', admin, { role: 'agent' as const }, 2, 'self_demote'],
    ['keep oneself admin', admin, { role: 'admin' as const }, 1, null],
    ['deactivate the last admin', { ...admin, id: 3 }, { active: false }, 1, 'last_admin'],
    ['demote the last admin', { ...admin, id: 3 }, { role: 'notary' as const }, 1, 'last_admin'],
    ['deactivate one of two admins', { ...admin, id: 3 }, { active: false }, 2, null],
    ['reactivate', { ...agent, active: false }, { active: true }, 1, null],
    ['demote an admin who is switched off', { ...admin, id: 3, active: false }, { role: 'agent' as const }, 1, null],
    ['switch off an admin already off', { ...admin, id: 3, active: false }, { active: false }, 1, null],
    ['switch oneself off when already off', { ...admin, active: false }, { active: false }, 1, null],
    ['leave the last admin as is', { ...admin, id: 3 }, {}, 1, null],
    ['make the last admin admin', { ...admin, id: 3 }, { role: 'admin' as const }, 1, null],
    ['demote one of two admins', { ...admin, id: 3 }, { role: 'agent' as const }, 2, null],
    ['demote an agent', agent, { role: 'notary' as const }, 1, null],
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
