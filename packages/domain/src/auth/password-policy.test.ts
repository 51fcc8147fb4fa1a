import { describe, expect, it } from 'vitest';
import { translateDomainMessage } from '../i18n/domain-messages.js';
import { COMMON_PASSWORDS } from './common-passwords.js';
import { checkNewPassword, isCommonPassword, PASSWORD_MAX, PASSWORD_MIN } from './password-policy.js';

describe('checkNewPassword', () => {
  it.each([
    ['correct-horse-battery'],
    ['mi casa azul de 2024'],
    ['Tr3s-tristes-tigres'],
    ['ñandú-veloz-77'],
    ['a'.repeat(9) + 'b'], // ten characters, not one repeated
    ['x'.repeat(PASSWORD_MAX - 1) + 'y'],
    ['🔑🔑🔑🔑🔑🔒🔒🔒🔒🔒'], // ten code points, twenty UTF-16 units
    ['  espacios alrededor  '],
    ['barcelona-en-otoño'], // a common word inside a longer phrase is fine
  ])('accepts %j', (password) => {
    expect(checkNewPassword(password)).toEqual({ ok: true });
  });

  it.each([
    ['', 'required'],
    [' '.repeat(12), 'blank'],
    ['\t\n  \u00a0   \t  ', 'blank'],
    ['short', 'length'],
    ['nueve-car', 'length'], // 9
    ['🔑🔑🔑🔑🔑🔒🔒🔒🔒', 'length'], // 9 code points, 18 UTF-16 units
    ['x'.repeat(PASSWORD_MAX + 1), 'length'],
    ['password123', 'common'],
    ['PASSWORD123', 'common'], // case-insensitive
    ['qwertyuiop', 'common'],
    ['1234567890', 'common'],
    ['  1234567890  ', 'common'],
    ['Password2026', 'common'], // a common password plus digits
    ['barcelona1234', 'common'],
    ['RealMadrid2024!', 'common'], // plus digits and symbols
    ['!!dragon2024!!', 'common'],
    ['2024superman', 'common'],
    ['Contraseña2024', 'common'],
    ['ventanilla2026', 'common'],
    ['aaaaaaaaaaaa', 'common'], // one character repeated
    ['0000000000', 'common'],
  ])('refuses %j (%s)', (password, problem) => {
    expect(checkNewPassword(password)).toMatchObject({ ok: false, problem });
  });

  it('an empty password is "required", with the spec\'s message', () => {
    expect(checkNewPassword('')).toEqual({
      ok: false,
      problem: 'required',
      message: { key: 'validation.required_text' },
    });
  });

  it('speaks es, en and pt', () => {
    const common = checkNewPassword('password123');
    const length = checkNewPassword('short');
    if (common.ok || length.ok) throw new Error('expected refusals');
    expect(translateDomainMessage('es', common.message)).toBe(
      'Esta contraseña es demasiado común y fácil de adivinar: elige otra',
    );
    expect(translateDomainMessage('en', length.message)).toBe(
      `The password must be between ${PASSWORD_MIN} and ${PASSWORD_MAX} characters`,
    );
    expect(translateDomainMessage('pt', common.message)).toContain('palavra-passe é demasiado comum');
  });
});

describe('isCommonPassword', () => {
  it('ships a list of thousands of lowercase entries, none blank', () => {
    const lines = COMMON_PASSWORDS.split('\n').filter((l) => l !== '');
    expect(lines.length).toBeGreaterThan(5000);
    expect(lines.every((l) => l === l.toLowerCase() && l.trim() === l)).toBe(true);
  });

  it.each([
    ['dragon12', true],
    ['abc1234567', false], // a base of three letters is too short to count
    ['letmein', true],
    ['letmein!', true],
    ['tiger-lily-tiger', false],
    ['love123456', true], // a base of exactly four letters counts
    ['pass-word-2024', false], // only what surrounds the word is stripped, not what is inside it
    ['2024-pass-word', false],
  ])('%j: %s', (password, common) => {
    expect(isCommonPassword(password)).toBe(common);
  });
});
