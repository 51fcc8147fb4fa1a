import { describe, expect, it } from 'vitest';
import { VALIDATOR_NAMES, type ValidatorName } from '../forms/product-form.js';
import { translateDomainMessage } from '../i18n/domain-messages.js';
import { validateByName } from './validate-by-name.js';

describe('validateByName accepts and normalises', () => {
  it.each([
    ['dni', '12345678z', '12345678Z'],
    ['nie', 'x1234567l', 'X1234567L'],
    ['nif', '12345678Z', '12345678Z'],
    ['nif', 'X1234567L', 'X1234567L'],
    ['nif', 'm6976964y', 'M6976964Y'],
    ['nif_es', 'M6976964Y', 'M6976964Y'],
    ['nif_es', 'K1234567L', 'K1234567L'],
    ['cif', 'b86670460', 'B86670460'],
    ['nif_es', 'Q2876031B', 'Q2876031B'],
    ['nif_es', '56789423P', '56789423P'],
    ['nif_pt', '501964843', '501964843'],
    ['refcat', '7837301 VG8173B 0001 TT', '7837301VG8173B0001TT'],
    ['ccc', '2100 0418 45 0200051332', '21000418450200051332'],
    ['iban', 'ES91 2100 0418 4502 0005 1332', 'ES9121000418450200051332'],
    ['phone_es', '+34 612 345 678', '+34612345678'],
    ['phone_pt', '912 345 678', '+351912345678'],
    ['email', 'ana@Example.com', 'ana@example.com'],
    ['plate_es', '1234-bcd', '1234BCD'],
    ['idufir', '28087000123456', '28087000123456'],
  ] as const)('%s: %j -> %s', (name, value, normalised) => {
    expect(validateByName(name, value)).toEqual({ ok: true, normalised });
  });
});

describe('validateByName rejects with the message for the case', () => {
  it.each([
    ['dni', '12345678A', 'El DNI no es válido: comprueba el número y la letra'],
    ['dni', '12345678-Z', 'Escribe el NIF sin guiones ni espacios'],
    ['nie', 'X1234567M', 'El NIE no es válido: comprueba las letras y el número'],
    ['nif', 'B86670460', 'El NIF no es válido: comprueba el número y la letra'],
    ['nif', 'X1234567M', 'El NIE no es válido: comprueba las letras y el número'],
    ['cif', 'J99216583', 'El CIF no es válido: comprueba las letras y el número'],
    ['nif_es', '12345678A', 'El DNI no es válido: comprueba el número y la letra'],
    ['nif_es', 'J99216583', 'El CIF no es válido: comprueba las letras y el número'],
    ['nif_es', 'M6976964X', 'El NIF no es válido: comprueba el número y la letra'],
    ['nif', 'L1234567A', 'El NIF no es válido: comprueba el número y la letra'],
    ['nif_es', 'hello', 'El NIF no es válido: escribe un DNI, NIE o CIF'],
    ['nif_es', 'B 86670460', 'Escribe el NIF sin guiones ni espacios'],
    ['nif_pt', '501964842', 'El NIF portugués no es válido: comprueba las 9 cifras'],
    ['nif_pt', '501 964 843', 'Escribe el NIF sin guiones ni espacios'],
    ['refcat', '7837301VG8173B0001TR', 'La referencia catastral no es válida'],
    ['ccc', '21000418460200051332', 'La cuenta bancaria no es válida: comprueba las 20 cifras'],
    ['iban', 'ES9021000418450200051332', 'El IBAN no es válido'],
    ['iban', 'US64SVBKUS6S3300958879', 'El IBAN debe ser de un país de la zona SEPA'],
    ['phone_es', '512345678', 'Escribe un teléfono español de 9 cifras'],
    ['phone_pt', '612345678', 'Escribe un teléfono portugués de 9 cifras'],
    ['email', 'ana@example', 'El correo electrónico no es válido'],
    ['plate_es', '1234BAD', 'La matrícula no es válida'],
    ['idufir', '123', 'El IDUFIR debe tener 14 cifras'],
    ['dni', '  ', 'Por favor, escribe el dato'],
  ] as const)('%s: %j -> %s', (name, value, text) => {
    const outcome = validateByName(name, value);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(translateDomainMessage('es', outcome.message)).toBe(text);
  });

  it.each(VALIDATOR_NAMES.map((name) => [name]))(
    '%s has a translated message in every language',
    (name: ValidatorName) => {
      const outcome = validateByName(name, 'not valid at all');
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      const texts = (['es', 'en', 'pt'] as const).map((language) => translateDomainMessage(language, outcome.message));
      expect(new Set(texts).size).toBe(3);
      for (const text of texts) expect(text).not.toMatch(/[{}]|validator\./);
    },
  );
});
