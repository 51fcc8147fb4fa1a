import { describe, expect, it } from 'vitest';
import {
  checkFieldValue,
  checkRecordKey,
  CONFIG_LIST_KEYS,
  CONFIG_LISTS,
  configFieldErrorMessage,
  csvSafeCell,
  csvUnsafeCell,
  fieldText,
  type FieldDef,
  validateRecord,
} from './config-lists.js';
import { ipMatches, normaliseIpOrRange } from './ip-address.js';

const field = (list: keyof typeof CONFIG_LISTS, name: string): FieldDef => {
  const found = CONFIG_LISTS[list].fields.find((f) => f.name === name);
  if (!found) throw new Error(name);
  return found;
};

describe('checkFieldValue', () => {
  it.each([
    ['registros', 'nombre', '  Registro de Madrid nº 1 ', { ok: true, value: 'Registro de Madrid nº 1' }],
    ['registros', 'nombre', '', { ok: false, code: 'required' }],
    ['registros', 'nombre', 'a\u0000b', { ok: false, code: 'invalid_characters' }],
    ['registros', 'nombre', 'a\nb', { ok: false, code: 'invalid_characters' }],
    ['registros', 'nombre', 'x'.repeat(201), { ok: false, code: 'too_long', params: { max: 200 } }],
    ['registros', 'nombre', 'x'.repeat(100_000), { ok: false, code: 'too_long', params: { max: 200 } }],
    ['registros', 'nombre', '😀'.repeat(200), { ok: true, value: '😀'.repeat(200) }],
    ['registros', 'nombre', '\uD800x', { ok: false, code: 'invalid_characters' }],
    ['registros', 'email', 'Madrid1@Registro.ORG', { ok: true, value: 'Madrid1@registro.org' }],
    ['registros', 'email', 'no-at-sign', { ok: false, code: 'invalid_email' }],
    ['registros', 'email', '', { ok: true, value: null }],
    ['registros', 'telefono', '91 555 12 34', { ok: true, value: '+34915551234' }],
    ['registros', 'telefono', '12345', { ok: false, code: 'invalid_phone' }],
    ['conservatorias', 'telf1', '+351 213 456 789', { ok: true, value: '+351213456789' }],
    ['conservatorias', 'telf1', '915551234', { ok: true, value: '+351915551234' }],
    ['registros', 'registro_lento', 'sí', { ok: true, value: true }],
    ['registros', 'registro_lento', 'FALSE', { ok: true, value: false }],
    ['registros', 'registro_lento', 'maybe', { ok: false, code: 'invalid_boolean' }],
    ['municipio_alias', 'municipio', '12', { ok: true, value: 12 }],
    ['municipio_alias', 'municipio', 12, { ok: true, value: 12 }],
    ['municipio_alias', 'municipio', '1e3', { ok: false, code: 'not_an_integer' }],
    ['municipio_alias', 'municipio', 1.5, { ok: false, code: 'not_an_integer' }],
    ['municipio_alias', 'municipio', '99999999999', { ok: false, code: 'not_an_integer' }],
    ['municipio_alias', 'municipio', '0', { ok: false, code: 'out_of_range', params: { min: 1, max: 2_147_483_647 } }],
    ['provider_payments', 'importe', '25,12', { ok: true, value: 2512 }],
    ['provider_payments', 'importe', '-3.00', { ok: false, code: 'invalid_money' }],
    ['provider_payments', 'importe', '25.1', { ok: true, value: 2510 }],
    ['provider_payments', 'importe', '9999999.99', { ok: true, value: 999_999_999 }],
    ['provider_payments', 'importe', '10000000', { ok: false, code: 'invalid_money' }],
    ['provider_payments', 'importe', '25.123', { ok: false, code: 'invalid_money' }],
    ['provider_payments', 'fecha', '2026-02-29', { ok: false, code: 'bad_date' }],
    ['provider_payments', 'fecha', '2028-02-29', { ok: true, value: '2028-02-29' }],
    ['provider_payments', 'status', 'pagado', { ok: true, value: 'pagado' }],
    ['provider_payments', 'status', 'paid', { ok: false, code: 'unknown_value' }],
    ['ips', 'ip', '192.0.2.10', { ok: true, value: '192.0.2.10' }],
    ['ips', 'ip', '2001:DB8::/32', { ok: true, value: '2001:db8::/32' }],
    ['ips', 'ip', '256.1.1.1', { ok: false, code: 'invalid_ip' }],
    ['ips', 'ip', '10.0.0.0/33', { ok: false, code: 'invalid_ip' }],
    ['ips', 'ip', '1::2::3', { ok: false, code: 'invalid_ip' }],
  ] as const)('%s.%s %j', (list, name, raw, expected) => {
    expect(checkFieldValue(field(list, name), raw)).toEqual(expected);
  });

  it('keeps the two attributes every certification carries', () => {
    const atributos = field('registro_certificaciones', 'atributos');
    expect(checkFieldValue(atributos, 'Finca|Titular|Finca')).toEqual({
      ok: true,
      value: ['Finca', 'Titular', 'Instrucciones específicas', 'Modelo Adjunto'],
    });
    expect(checkFieldValue(atributos, [])).toEqual({
      ok: true,
      value: ['Instrucciones específicas', 'Modelo Adjunto'],
    });
    expect(checkFieldValue(atributos, [1])).toMatchObject({ ok: false, code: 'invalid_characters' });
  });
});

describe('validateRecord', () => {
  it('creates with defaults and reports every error at once', () => {
    expect(validateRecord(CONFIG_LISTS.providers, { nombre: 'Gestoría Norte' })).toEqual({
      ok: true,
      values: {
        nombre: 'Gestoría Norte',
        email: null,
        telefono: null,
        contacto: null,
        hipotecas: false,
        escrituras: false,
        notas: null,
      },
    });
    expect(validateRecord(CONFIG_LISTS.providers, { email: 'x', hipotecas: 'maybe', bogus: 1 })).toEqual({
      ok: false,
      errors: [
        { field: 'bogus', code: 'unknown_field' },
        { field: 'nombre', code: 'required' },
        { field: 'email', code: 'invalid_email' },
        { field: 'hipotecas', code: 'invalid_boolean' },
      ],
    });
  });

  it('updates only the given fields', () => {
    const current = { match: 'hipoteca', type: 'producto' };
    expect(validateRecord(CONFIG_LISTS.matches, { type: 'registro' }, current)).toEqual({
      ok: true,
      values: { match: 'hipoteca', type: 'registro' },
    });
  });

  it('describes each list with its spec actions and known field types', () => {
    const actions = CONFIG_LIST_KEYS.flatMap((k) => CONFIG_LISTS[k].actions);
    for (const a of ['add_match', 'update_registro_pt', 'add_ip', 'delete_provider_payment', 'update_alias']) {
      expect(actions).toContain(a);
    }
    for (const key of CONFIG_LIST_KEYS) {
      const list = CONFIG_LISTS[key];
      expect(list.table).toMatch(/^config_[a-z_]+$/);
      for (const f of list.fields) expect(f.name).toMatch(/^[a-z_0-9]+$/);
      for (const set of list.unique) for (const name of set) expect(list.fields.map((f) => f.name)).toContain(name);
    }
  });
});

describe('keys, CSV cells and messages', () => {
  it.each([
    ['registros', 'madrid-1', 'madrid-1'],
    ['registros', '../x', null],
    ['registros', 'a'.repeat(65), null],
    ['matches', '12', '12'],
    ['matches', '012', null],
    ['matches', '3000000000', null],
    ['matches', 7, '7'],
  ] as const)('%s key %j', (list, raw, expected) => {
    expect(checkRecordKey(CONFIG_LISTS[list], raw)).toBe(expected);
  });

  it.each([
    ['=HYPERLINK("x")', '\'=HYPERLINK("x")'],
    ['+34 91', "'+34 91"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['Madrid', 'Madrid'],
  ])('csvSafeCell %j', (text, safe) => {
    expect(csvSafeCell(text)).toBe(safe);
    expect(csvUnsafeCell(csvSafeCell(text))).toBe(text);
  });

  it('writes values as text', () => {
    expect(fieldText(field('provider_payments', 'importe'), 2512)).toBe('25.12');
    // A negative amount (a refund typed in by hand into the database) keeps its sign: "-0.50", never "0.-50".
    expect(fieldText(field('provider_payments', 'importe'), -50)).toBe('-0.50');
    expect(fieldText(field('provider_payments', 'importe'), -1050)).toBe('-10.50');
    expect(fieldText(field('provider_payments', 'files'), ['a.pdf', 'b.pdf'])).toBe('a.pdf|b.pdf');
    expect(fieldText(field('registros', 'email'), null)).toBe('');
  });

  it('has every message in es, en and pt', () => {
    expect(configFieldErrorMessage('es', { code: 'too_long', params: { max: 5 } })).toBe(
      'El texto es demasiado largo (máximo 5 caracteres)',
    );
    expect(configFieldErrorMessage('pt', { code: 'required' })).toBe('Por favor, preencha este campo');
    expect(configFieldErrorMessage('en', { code: 'invalid_ip' })).toBe('Enter a valid IP address or CIDR range');
  });
});

describe('IP addresses', () => {
  it.each([
    ['::1', '::1'],
    ['::ffff:192.0.2.1', '::ffff:192.0.2.1'],
    ['fe80::1%eth0', null],
    ['01.2.3.4', null],
    ['1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8'],
    ['1:2:3:4:5:6:7:8:9', null],
  ])('normaliseIpOrRange %j', (raw, expected) => {
    expect(normaliseIpOrRange(raw)).toBe(expected);
  });

  it.each([
    ['192.0.2.7', '192.0.2.0/24', true],
    ['192.0.3.7', '192.0.2.0/24', false],
    ['::ffff:192.0.2.7', '192.0.2.7', true],
    ['2001:db8::5', '2001:db8::/32', true],
    ['2001:db9::5', '2001:db8::/32', false],
    ['10.0.0.1', '0.0.0.0/0', true],
    ['10.0.0.1', '::/0', false],
  ])('ipMatches(%s, %s)', (ip, entry, expected) => {
    expect(ipMatches(ip, entry)).toBe(expected);
  });
});
