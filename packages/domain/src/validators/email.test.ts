import { describe, expect, it } from 'vitest';
import { isAddressShaped, validateEmail } from './email.js';

describe('validateEmail', () => {
  it.each([
    ['ana@example.com', 'ana@example.com'],
    ['  Ana.Garcia+registro@Example.ES ', 'Ana.Garcia+registro@example.es'],
    ['joão@correio.pt', 'joão@correio.pt'],
    ['a@b.co', 'a@b.co'],
    [`${'a'.repeat(64)}@${'b'.repeat(185)}.com`, `${'a'.repeat(64)}@${'b'.repeat(185)}.com`], // 254 characters
  ])('accepts %j', (value, normalised) => {
    expect(validateEmail(value)).toEqual({ ok: true, normalised });
  });

  it.each([
    ['ana.example.com', 'format'],
    ['ana@@example.com', 'format'],
    ['ana@b@example.com', 'format'],
    ['@example.com', 'format'],
    ['ana@example', 'format'],
    ['ana@.example.com', 'format'],
    ['ana@example.com.', 'format'],
    ['ana@example..com', 'format'],
    ['ana garcia@example.com', 'format'],
    [`${'a'.repeat(64)}@${'b'.repeat(186)}.com`, 'format'], // 255 characters
    [`${'a'.repeat(65)}@example.com`, 'format'], // a local part over 64 characters
    ['ana\u0000@example.com', 'format'],
    ['ana@example.com\u0085', 'format'],
    ['ana@example.com,eve@evil.test', 'format'],
    ['ana@example.com;eve@evil.test', 'format'],
    ['Ana <ana@example.com>', 'format'],
    ['"ana"@example.com', 'format'],
    ['', 'empty'],
  ])('rejects %j (%s)', (value, reason) => {
    expect(validateEmail(value)).toEqual({ ok: false, reason });
  });
});

describe('isAddressShaped: an address someone else vouched for', () => {
  it.each(['ana@example.com', 'Ana@Localhost', 'a@b', 'joão@correio.pt', '"odd,but"@example.com'])('accepts %j', (v) =>
    expect(isAddressShaped(v)).toBe(true),
  );

  it.each([
    '',
    '@example.com',
    'ana@',
    'ana',
    'ana@b@c',
    'ana @example.com',
    'ana@example.com\n',
    'ana\u0000@example.com',
    'ana@\ud800x.com',
    `${'a'.repeat(250)}@b.es`,
  ])('refuses %j', (v) => expect(isAddressShaped(v)).toBe(false));

  it('counts code points against its bound', () => {
    expect(isAddressShaped(`${'😀'.repeat(10)}@b.es`, 15)).toBe(true);
    expect(isAddressShaped(`${'😀'.repeat(11)}@b.es`, 15)).toBe(false);
  });
});
