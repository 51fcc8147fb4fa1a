import { describe, expect, it } from 'vitest';
import { validateEmail } from './email.js';

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
    ['', 'empty'],
  ])('rejects %j (%s)', (value, reason) => {
    expect(validateEmail(value)).toEqual({ ok: false, reason });
  });
});
