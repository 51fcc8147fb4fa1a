import { describe, expect, it } from 'vitest';
import { checkAccountDetails, checkAccountEmail, NAME_MAX } from './account-details.js';
import { checkRegistration } from './registration.js';

const valid = { email: 'ana@example.com', password: 'correct-horse-battery', firstname: 'Ana', lastname: 'Pérez' };

describe('checkRegistration', () => {
  it('accepts a complete registration', () => {
    expect(checkRegistration(valid)).toEqual([]);
    expect(checkRegistration({ ...valid, email: '  Ana@Example.ES ' })).toEqual([]);
  });

  it('reports every problem at once, in form order', () => {
    expect(checkRegistration({ email: 'nope', password: 'short', firstname: ' ', lastname: '' })).toEqual([
      { field: 'email', message: { key: 'account.email_invalid' } },
      { field: 'firstname', message: { key: 'validation.required_text' } },
      { field: 'lastname', message: { key: 'validation.required_text' } },
      { field: 'password', message: { key: 'password.length', params: { min: 10, max: 128 } } },
    ]);
  });

  it.each([
    [{ email: '' }, 'email', 'validation.required_text'],
    [{ email: 'ana@example' }, 'email', 'account.email_invalid'],
    [{ email: 'ana@@example.com' }, 'email', 'account.email_invalid'],
    [{ firstname: 'x'.repeat(NAME_MAX + 1) }, 'firstname', 'validation.too_long'],
    [{ lastname: 'y'.repeat(NAME_MAX + 1) }, 'lastname', 'validation.too_long'],
    [{ password: 'password2024' }, 'password', 'password.common'],
    [{ password: '            ' }, 'password', 'password.blank'],
  ])('%j: %s %s', (change, field, key) => {
    expect(checkRegistration({ ...valid, ...change })).toEqual([
      expect.objectContaining({ field, message: expect.objectContaining({ key }) }),
    ]);
  });

  it('a name too long says the maximum', () => {
    expect(checkRegistration({ ...valid, lastname: 'y'.repeat(NAME_MAX + 1) })).toEqual([
      { field: 'lastname', message: { key: 'validation.too_long', params: { max: NAME_MAX } } },
    ]);
  });

  it('a name of exactly the maximum is accepted', () => {
    expect(checkRegistration({ ...valid, firstname: 'x'.repeat(NAME_MAX) })).toEqual([]);
  });
});

describe('checkAccountEmail', () => {
  it.each([
    ['ana@example.com', null],
    ['', { key: 'validation.required_text' }],
    ['   ', { key: 'validation.required_text' }],
    ['ana example@x.com', { key: 'account.email_invalid' }],
  ])('%j', (value, expected) => {
    expect(checkAccountEmail(value)).toEqual(expected);
  });
});

describe('checkAccountDetails (an account staff make: no password)', () => {
  it.each([
    [{}, []],
    [{ email: 'nope' }, ['email']],
    [{ firstname: ' ', lastname: '' }, ['firstname', 'lastname']],
    [{ lastname: 'y'.repeat(NAME_MAX + 1) }, ['lastname']],
  ])('%j refuses %j', (change, fields) => {
    const details = { email: valid.email, firstname: valid.firstname, lastname: valid.lastname };
    expect(checkAccountDetails({ ...details, ...change }).map((p) => p.field)).toEqual(fields);
  });
});
