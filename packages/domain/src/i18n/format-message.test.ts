import './icu.js';
import { describe, expect, it } from 'vitest';
import { countryName, formatMessage, needsIcuEngine } from './format-message.js';

describe('formatMessage', () => {
  it('fills simple {name} arguments as the old interpolators did', () => {
    expect(formatMessage('es', 'Hola, {name}. Pedido {order}.', { name: 'Ana', order: 12 })).toBe(
      'Hola, Ana. Pedido 12.',
    );
  });

  it('leaves an argument without a value as {name}', () => {
    expect(formatMessage('en', 'Order {order} for {name}', { order: 3 })).toBe('Order 3 for {name}');
    expect(formatMessage('en', 'Order {order}')).toBe('Order {order}');
  });

  it('leaves an argument with a null or missing value as {name}, also inside plurals and selects', () => {
    expect(formatMessage('en', 'Order {order}', { order: null })).toBe('Order {order}');
    const select = '{kind, select, refund {Refund} other {Order}} {name}';
    expect(formatMessage('en', select, { kind: 'refund', name: null })).toBe('Refund {name}');
    expect(formatMessage('en', select, { kind: 'refund', name: undefined })).toBe('Refund {name}');
    expect(formatMessage('en', select)).toBe('Order {name}');
    expect(formatMessage('es', '{n, plural, one {# correo para {name}} other {# correos para {name}}}', { n: 2 })).toBe(
      '2 correos para {name}',
    );
    expect(
      formatMessage('es', '{kind, select, refund {Devolución de {name}} other {Pedido}}', { kind: 'refund' }),
    ).toBe('Devolución de {name}');
  });

  it('keeps apostrophes and markup as text', () => {
    expect(formatMessage('en', "Choose your property's {kind}:", { kind: 'ref' })).toBe("Choose your property's ref:");
    expect(formatMessage('es', '<b>{name}</b>', { name: 'x' })).toBe('<b>x</b>');
    expect(formatMessage('es', '<b>{n, plural, one {# correo} other {# correos}}</b>', { n: 1 })).toBe(
      '<b>1 correo</b>',
    );
  });

  it('does not treat a value as a pattern', () => {
    expect(formatMessage('es', 'Hola, {name}', { name: '{count, plural, other {#}}' })).toBe(
      'Hola, {count, plural, other {#}}',
    );
  });

  it('tells the patterns that need the ICU engine from those filled without it', () => {
    expect(needsIcuEngine('Carrito')).toBe(false);
    expect(needsIcuEngine('Hola, {name}. Pedido {order}.')).toBe(false);
    expect(needsIcuEngine("Choose your property's {kind}:")).toBe(false);
    expect(needsIcuEngine('{count, plural, one {# correo} other {# correos}}')).toBe(true);
    expect(needsIcuEngine('{kind, select, a {A} other {B}}')).toBe(true);
    expect(needsIcuEngine("It's '{'quoted'}'")).toBe(true);
    expect(needsIcuEngine('a } b')).toBe(false);
  });

  it('returns an invalid pattern unchanged instead of throwing', () => {
    expect(formatMessage('es', 'Roto {count, plural, one {x}', { count: 1 })).toBe('Roto {count, plural, one {x}');
  });

  const emails: Record<string, string> = {
    es: '{count, plural, one {# correo} other {# correos}}',
    en: '{count, plural, one {# email} other {# emails}}',
    pt: '{count, plural, one {# email} other {# emails}}',
  };
  it.each([
    ['es', 0, '0 correos'],
    ['es', 1, '1 correo'],
    ['es', 2, '2 correos'],
    ['en', 0, '0 emails'],
    ['en', 1, '1 email'],
    ['en', 2, '2 emails'],
    ['pt', 0, '0 emails'],
    ['pt', 1, '1 email'],
    ['pt', 2, '2 emails'],
  ])('plural in %s for %i', (language, count, expected) => {
    expect(formatMessage(language, emails[language]!, { count })).toBe(expected);
  });

  it('selects by value', () => {
    const pattern = '{kind, select, refund {Devolución} other {Pedido}} {n}';
    expect(formatMessage('es', pattern, { kind: 'refund', n: 4 })).toBe('Devolución 4');
    expect(formatMessage('es', pattern, { kind: 'x', n: 4 })).toBe('Pedido 4');
  });
});

describe('countryName', () => {
  it.each([
    ['es', 'GB', 'Reino Unido'],
    ['en', 'NL', 'Netherlands'],
    ['pt', 'ES', 'Espanha'],
    ['pt', 'de', 'Alemanha'],
  ])('%s %s is %s', (language, code, expected) => {
    expect(countryName(language, code)).toBe(expected);
  });

  it('names countries in a language without a regional default', () => {
    expect(countryName('fr', 'ES')).toBe('Espagne');
  });

  it('gives back a code it cannot name', () => {
    expect(countryName('es', 'not a code')).toBe('not a code');
  });
});
