// Without './icu.js': the ICU engine is not registered (the web before its first catalogue loads).
import { describe, expect, it } from 'vitest';
import { formatMessage } from './format-message.js';

describe('formatMessage before the ICU engine is registered', () => {
  it('fills simple {name} arguments and leaves ICU syntax unformatted', () => {
    expect(formatMessage('es', 'Hola, {name}', { name: 'Ana' })).toBe('Hola, Ana');
    expect(
      formatMessage('es', 'Hola, {name}: {n, plural, one {# correo} other {# correos}}', { name: 'Ana', n: 2 }),
    ).toBe('Hola, Ana: {n, plural, one {# correo} other {# correos}}');
  });
});
