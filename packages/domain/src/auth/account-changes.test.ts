import { describe, expect, it } from 'vitest';
import { checkPasswordChange, checkProfileChange } from './account-changes.js';
import { NAME_MAX } from './account-details.js';

describe('checkProfileChange', () => {
  it.each<[string, { firstname: string; lastname: string }, string[]]>([
    ['both written', { firstname: 'Ana', lastname: 'García López' }, []],
    ['first name empty', { firstname: '', lastname: 'García' }, ['firstname:validation.required_text']],
    ['surnames only spaces', { firstname: 'Ana', lastname: '   ' }, ['lastname:validation.required_text']],
    [
      'both empty',
      { firstname: '', lastname: '' },
      ['firstname:validation.required_text', 'lastname:validation.required_text'],
    ],
    ['first name at the limit', { firstname: 'a'.repeat(NAME_MAX), lastname: 'B' }, []],
    [
      'first name over the limit',
      { firstname: 'a'.repeat(NAME_MAX + 1), lastname: 'B' },
      ['firstname:validation.too_long'],
    ],
  ])('%s', (_name, input, expected) => {
    expect(checkProfileChange(input).map((p) => `${p.field}:${p.message.key}`)).toEqual(expected);
  });
});

describe('checkPasswordChange', () => {
  it.each<[string, { current_password: string; password: string }, string[]]>([
    ['a good new password', { current_password: 'old-password-2026', password: 'a-new-long-secret-42' }, []],
    [
      'no current password',
      { current_password: '', password: 'a-new-long-secret-42' },
      ['current_password:validation.required_text'],
    ],
    ['new one too short', { current_password: 'old-password-2026', password: 'short' }, ['password:password.length']],
    [
      'new one common',
      { current_password: 'old-password-2026', password: 'password123' },
      ['password:password.common'],
    ],
    [
      'new one the same',
      { current_password: 'a-new-long-secret-42', password: 'a-new-long-secret-42' },
      ['password:password.same_as_current'],
    ],
    [
      'both missing',
      { current_password: '', password: '' },
      ['current_password:validation.required_text', 'password:validation.required_text'],
    ],
  ])('%s', (_name, input, expected) => {
    expect(checkPasswordChange(input).map((p) => `${p.field}:${p.message.key}`)).toEqual(expected);
  });
});
