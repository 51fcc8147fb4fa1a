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
  isCalendarDay,
  isConfigListKey,
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

describe('list names and calendar days', () => {
  it.each([
    ['ips', true],
    ['provider_payments', true],
    ['ip', false],
    ['', false],
    [7, false],
    [null, false],
  ])('isConfigListKey(%j) is %s', (value, expected) => {
    expect(isConfigListKey(value)).toBe(expected);
  });

  it.each([
    ['2026-11-29', true],
    ['1900-01-01', true],
    ['1899-12-31', false],
    ['2999-12-31', true],
    ['3000-01-01', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-04-31', false],
    ['2026-04-00', false],
    ['x2026-11-29', false],
    ['2026-11-299', false],
    ['2026-1-29', false],
    ['29/11/2026', false],
  ])('isCalendarDay(%j) is %s', (value, expected) => {
    expect(isCalendarDay(value)).toBe(expected);
  });
});

describe('checkFieldValue edge cases', () => {
  const tags: FieldDef = { name: 'tags', type: 'list', label: { es: 'Etiquetas', en: 'Tags', pt: 'Etiquetas' } };
  const count: FieldDef = { name: 'count', type: 'integer', label: { es: 'Número', en: 'Number', pt: 'Número' } };
  const choice: FieldDef = { name: 'choice', type: 'enum', label: { es: 'Opción', en: 'Option', pt: 'Opção' } };

  it.each([
    [
      'multiline keeps line breaks',
      field('providers', 'notas'),
      'línea 1\nlínea 2',
      { ok: true, value: 'línea 1\nlínea 2' },
    ],
    [
      'a trailing line break is trimmed',
      field('registros', 'nombre'),
      'Registro de Lugo\r\n',
      { ok: true, value: 'Registro de Lugo' },
    ],
    ['a tab inside text is refused', field('registros', 'nombre'), 'a\tb', { ok: false, code: 'invalid_characters' }],
    ['a number for a text field', field('registros', 'nombre'), 5, { ok: false, code: 'invalid_characters' }],
    ['null boolean', field('registros', 'registro_lento'), null, { ok: true, value: false }],
    ['missing boolean', field('registros', 'registro_lento'), undefined, { ok: true, value: false }],
    ['padded yes', field('registros', 'registro_lento'), ' Sí ', { ok: true, value: true }],
    ['numeric boolean', field('registros', 'registro_lento'), 1, { ok: false, code: 'invalid_boolean' }],
    ['infinite integer', field('municipio_alias', 'municipio'), Infinity, { ok: false, code: 'not_an_integer' }],
    ['lowest integer', field('municipio_alias', 'municipio'), '1', { ok: true, value: 1 }],
    ['highest integer', field('municipio_alias', 'municipio'), '2147483647', { ok: true, value: 2_147_483_647 }],
    ['integer without bounds: 0', count, '0', { ok: true, value: 0 }],
    [
      'integer without bounds: too big',
      count,
      '2147483648',
      { ok: false, code: 'out_of_range', params: { min: 0, max: 2_147_483_647 } },
    ],
    ['enum without values', choice, 'a', { ok: false, code: 'unknown_value' }],
    ['missing list', tags, undefined, { ok: true, value: [] }],
    ['null list', tags, null, { ok: true, value: [] }],
    ['number list', tags, 5, { ok: false, code: 'invalid_characters' }],
    ['list with empty entries', tags, 'a||b| ', { ok: true, value: ['a', 'b'] }],
    ['list entry with a line break', tags, ['a\nb'], { ok: false, code: 'invalid_characters' }],
  ] as const)('%s', (_name, def, raw, expected) => {
    expect(checkFieldValue(def, raw)).toEqual(expected);
  });

  it('bounds lists by entry length and entry count', () => {
    const atributos = field('registro_certificaciones', 'atributos');
    expect(checkFieldValue(atributos, ['x'.repeat(121)])).toEqual({
      ok: false,
      code: 'too_long',
      params: { max: 120 },
    });
    expect(checkFieldValue(atributos, 'Modelo Adjunto|Finca')).toEqual({
      ok: true,
      value: ['Modelo Adjunto', 'Finca', 'Instrucciones específicas'],
    });
    const names = (n: number) => Array.from({ length: n }, (_, i) => `A${i}`);
    // 28 own attributes and the two required ones make the most, 30.
    expect(checkFieldValue(atributos, names(28))).toMatchObject({ ok: true });
    expect(checkFieldValue(atributos, names(29))).toEqual({ ok: false, code: 'too_many_items', params: { max: 30 } });
    expect(checkFieldValue(tags, names(50))).toMatchObject({ ok: true });
    expect(checkFieldValue(tags, names(51))).toEqual({ ok: false, code: 'too_many_items', params: { max: 50 } });
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

  it('gives a left-out field its default and keeps error params', () => {
    const payment = { provider_id: 'p1', concepto: 'Nota simple', importe: '9.02', fecha: '2026-11-29' };
    expect(validateRecord(CONFIG_LISTS.provider_payments, payment)).toEqual({
      ok: true,
      values: { ...payment, importe: 902, status: 'pendiente', files: [] },
    });
    expect(validateRecord(CONFIG_LISTS.matches, { match: 'x'.repeat(201), type: 'registro' })).toEqual({
      ok: false,
      errors: [{ field: 'match', code: 'too_long', params: { max: 200 } }],
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
    ['matches', '2147483647', '2147483647'],
    ['matches', '2147483648', null],
    ['matches', '12a', null],
    ['matches', ['12'], null],
    ['matches', null, null],
    ['registros', ['madrid-1'], null],
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

  it.each([
    ["'Madrid", "'Madrid"],
    ['--', '--'],
    ["''=x", "''=x"],
  ])('csvUnsafeCell keeps %j, which csvSafeCell never writes', (text, kept) => {
    expect(csvUnsafeCell(text)).toBe(kept);
  });

  it('writes values as text', () => {
    expect(fieldText(field('provider_payments', 'importe'), 2512)).toBe('25.12');
    // A negative amount (a refund typed in by hand into the database) keeps its sign: "-0.50", never "0.-50".
    expect(fieldText(field('provider_payments', 'importe'), -50)).toBe('-0.50');
    expect(fieldText(field('provider_payments', 'importe'), -1050)).toBe('-10.50');
    expect(fieldText(field('provider_payments', 'files'), ['a.pdf', 'b.pdf'])).toBe('a.pdf|b.pdf');
    expect(fieldText(field('registros', 'email'), null)).toBe('');
    expect(fieldText(field('registros', 'email'), undefined)).toBe('');
    expect(fieldText(field('municipio_alias', 'municipio'), 12)).toBe('12');
    expect(fieldText(field('registros', 'nombre'), 'Madrid')).toBe('Madrid');
    expect(fieldText(field('registros', 'negativa'), true)).toBe('true');
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
