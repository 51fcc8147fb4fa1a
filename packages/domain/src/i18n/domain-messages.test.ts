import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../stores/stores.js';
import { DOMAIN_MESSAGE_KEYS, translateDomainMessage } from './domain-messages.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
/** The raw template: every placeholder left as it is written. */
const template = (language: (typeof LANGUAGES)[number], key: (typeof DOMAIN_MESSAGE_KEYS)[number]) =>
  translateDomainMessage(language, { key });

describe('domain message catalogue', () => {
  const cases = LANGUAGES.flatMap((language) => DOMAIN_MESSAGE_KEYS.map((key) => [language, key] as const));

  it.each(cases)('%s %s has a text of its own (not empty, not the key)', (language, key) => {
    const text = template(language, key);
    expect(text.trim()).not.toBe('');
    expect(text).not.toBe(key);
  });

  it.each(cases)('%s %s has the same placeholders as the Spanish text', (language, key) => {
    expect(placeholders(template(language, key))).toEqual(placeholders(template('es', key)));
  });

  it('has the spec keys: required messages, client and panel statuses', () => {
    expect(DOMAIN_MESSAGE_KEYS).toEqual(
      expect.arrayContaining([
        'validation.required_text',
        'client_status.ready',
        'panel_status.0',
        'status.not_mapped',
      ]),
    );
  });
});

describe('translateDomainMessage', () => {
  it.each([
    ['es', 'validation.required_text', undefined, 'Por favor, escribe el dato'],
    ['es', 'validation.required_selection', undefined, 'Por favor, selecciona una opción'],
    ['es', 'validation.too_long', { max: 250 }, 'El texto es demasiado largo (máximo 250 caracteres)'],
    ['es', 'validation.custom', { text: 'Indica el notario' }, 'Indica el notario'],
    ['es', 'status.not_mapped', { id: 7 }, 'Estado no mapeado (7)'],
    ['es', 'status.not_found', undefined, 'Estado no encontrado'],
    // A placeholder without its value stays visible instead of printing "undefined".
    ['es', 'validation.too_long', {}, 'El texto es demasiado largo (máximo {max} caracteres)'],
  ] as const)('%s %s with %o -> %s', (language, key, params, expected) => {
    expect(translateDomainMessage(language, { key, params })).toBe(expected);
  });

  it('the three languages give different texts for a status', () => {
    const texts = LANGUAGES.map((language) => translateDomainMessage(language, { key: 'client_status.ready' }));
    expect(new Set(texts).size).toBe(3);
  });
});
