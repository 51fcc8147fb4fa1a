import { describe, expect, it } from 'vitest';
import { translateDomainMessage } from '../i18n/domain-messages.js';
import { COMMON_PASSWORDS } from './common-passwords.js';
import { checkNewPassword, isCommonPassword, PASSWORD_MAX, PASSWORD_MIN } from './password-policy.js';
import { passwordScore, passwordUserInputs } from './password-strength.js';

describe('checkNewPassword', () => {
  it.each([
    ['correct-horse-battery'],
    ['mi casa azul de 2024'],
    ['Tr3s-tristes-tigres'],
    ['ñandú-veloz-77'],
    ['🔑 abre la puerta verde 🔒'],
    ['x'.repeat(PASSWORD_MAX - 13) + 'mi gato Félix'], // long, and the end is what makes it strong
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
    // Strength, not only the list: patterns a cracker tries first, however long.
    ['abababababab', 'weak'],
    ['1212121212', 'weak'],
    ['asdfghjklñ', 'weak'], // a keyboard row (the Spanish one ends in ñ)
    ['a'.repeat(9) + 'b', 'weak'],
    ['x'.repeat(PASSWORD_MAX - 1) + 'y', 'weak'],
    ['🔑🔑🔑🔑🔑🔒🔒🔒🔒🔒', 'weak'],
    // Invisible characters: a password that looks like another one.
    ['correct\u200Bhorse-battery', 'invisible'], // zero-width space
    ['correct\u200Chorse-battery', 'invisible'], // zero-width non-joiner
    ['correct\u200Dhorse-battery', 'invisible'], // zero-width joiner
    ['correct\u2060horse-battery', 'invisible'], // word joiner
    ['\uFEFFcorrect-horse-battery', 'invisible'], // byte order mark
    ['correct-horse\u202Ebattery', 'invisible'], // right-to-left override
    ['correct-horse\u00ADbattery', 'invisible'], // soft hyphen
    ['correct\thorse-battery', 'invisible'], // control character
    ['correct\u0007horse-battery', 'invisible'],
    ['correct\u3164horse-battery', 'invisible'], // Hangul filler
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

  it("the account's own e-mail and names are guesses: strong alone, weak for that account", () => {
    const inputs = passwordUserInputs({ email: 'lucia.perez@example.com', firstname: 'Lucía', lastname: 'Pérez' });
    expect(inputs).toEqual(expect.arrayContaining(['lucia.perez@example.com', 'lucia', 'perez', 'lucía', 'pérez']));
    for (const password of ['lucia.perez.2026', 'Lucía.Pérez.2026', 'luciaperez']) {
      expect(checkNewPassword(password), password).toEqual({ ok: true });
      expect(checkNewPassword(password, inputs), password).toMatchObject({ ok: false, problem: 'weak' });
    }
  });

  it('scores by zxcvbn: 0 for a repeat, 4 for unrelated words', () => {
    expect(passwordScore('abababababab')).toBe(0);
    expect(passwordScore('tres-tristes-tigres-2026')).toBe(4);
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
    const weak = checkNewPassword('abababababab');
    const invisible = checkNewPassword('correct\u200Bhorse-battery');
    if (weak.ok || invisible.ok) throw new Error('expected refusals');
    expect(translateDomainMessage('es', weak.message)).toContain('fácil de adivinar');
    expect(translateDomainMessage('en', weak.message)).toContain('easy to guess');
    expect(translateDomainMessage('pt', weak.message)).toContain('fácil de adivinhar');
    expect(translateDomainMessage('es', invisible.message)).toContain('invisibles');
    expect(translateDomainMessage('en', invisible.message)).toContain('invisible');
    expect(translateDomainMessage('pt', invisible.message)).toContain('invisíveis');
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
