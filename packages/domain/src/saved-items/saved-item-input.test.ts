import { describe, expect, it } from 'vitest';
import { savedItemFromOrderLine } from './order-origins.js';
import { SAVED_ITEM_MAX_ATTRS, validateSavedItem, type SavedItemInput } from './saved-item-input.js';
import type { SavedItemKind } from './reference-ids.js';

const attr = (entries: Record<string, string>) => Object.entries(entries).map(([key, value]) => ({ key, value }));

function errorsOf(kind: SavedItemKind, input: SavedItemInput) {
  const result = validateSavedItem(kind, input);
  return result.ok ? [] : result.errors.map((e) => `${e.field}:${e.message.key}`);
}

describe('validateSavedItem: what each kind accepts', () => {
  it.each<[string, SavedItemKind, SavedItemInput, string[]]>([
    ['a property with type and use', 'property', { name: 'Piso Mayor', meta: { tipo: [101], uso: [200, 203] } }, []],
    ['name required', 'property', { name: '   ' }, ['name:validation.required_text']],
    ['name too long', 'company', { name: 'x'.repeat(201) }, ['name:validation.too_long']],
    ['name on two lines', 'company', { name: 'ACME\nSL' }, ['name:saved_item.invalid_characters']],
    ['name with a control character', 'company', { name: 'ACME\u0007' }, ['name:saved_item.invalid_characters']],
    ['a use id as a type', 'property', { name: 'P', meta: { tipo: [200] } }, ['meta.tipo:validation.unknown_value']],
    ['repeated ids', 'property', { name: 'P', meta: { uso: [200, 200] } }, ['meta.uso:saved_item.repeated_value']],
    [
      'relacion on a property',
      'property',
      { name: 'P', meta: { relacion: [500] } },
      ['meta.relacion:saved_item.not_for_kind'],
    ],
    ['a company with relationships', 'company', { name: 'ACME SL', meta: { relacion: [500, 507] } }, []],
    [
      'a vehicle id on a company',
      'company',
      { name: 'ACME SL', meta: { relacion: [400] } },
      ['meta.relacion:validation.unknown_value'],
    ],
    ['tipo on a company', 'company', { name: 'ACME SL', meta: { tipo: [100] } }, ['meta.tipo:saved_item.not_for_kind']],
    [
      'a vehicle with fuel, label and relationship',
      'vehicle',
      { name: 'Coche', meta: { attr: attr({ plate: '1234 bcd' }), tipo: [301, 306], relacion: [400] } },
      [],
    ],
    ['a vehicle without plate', 'vehicle', { name: 'Coche' }, ['meta.attr.plate:validation.required_text']],
    [
      'a vehicle with an invalid plate (vowel)',
      'vehicle',
      { name: 'Coche', meta: { attr: attr({ plate: '1234ABC' }) } },
      ['meta.attr.plate:validator.plate_es'],
    ],
    ['an old provincial plate', 'vehicle', { name: 'Coche', meta: { attr: attr({ plate: 'M-1234-AB' }) } }, []],
    ['a company with a valid CIF', 'company', { name: 'ACME SL', meta: { attr: attr({ cif: 'B12345674' }) } }, []],
    ['a sole trader with a DNI', 'company', { name: 'Juan', meta: { attr: attr({ cif: '12345678Z' }) } }, []],
    [
      'a CIF with a wrong control',
      'company',
      { name: 'ACME SL', meta: { attr: attr({ cif: 'B12345675' }) } },
      ['meta.attr.cif:validator.cif'],
    ],
    [
      'a CIF with hyphens',
      'company',
      { name: 'ACME SL', meta: { attr: attr({ cif: 'B-12345674' }) } },
      ['meta.attr.cif:validator.no_separators'],
    ],
    [
      'a valid cadastral reference and IDUFIR',
      'property',
      { name: 'P', meta: { attr: attr({ refcat: '7837301 VG8173B 0001 TT', idufir: '28079000123456' }) } },
      [],
    ],
    [
      'a cadastral reference with wrong control letters',
      'property',
      { name: 'P', meta: { attr: attr({ refcat: '7837301VG8173B0001TX' }) } },
      ['meta.attr.refcat:validator.refcat'],
    ],
    [
      'a 13-digit IDUFIR',
      'property',
      { name: 'P', meta: { attr: attr({ idufir: '2807900012345' }) } },
      ['meta.attr.idufir:validator.idufir'],
    ],
    [
      'an attribute of another kind',
      'property',
      { name: 'P', meta: { attr: attr({ plate: '1234BCD' }) } },
      ['meta.attr.plate:saved_item.unknown_attribute'],
    ],
    [
      'a prototype key',
      'property',
      { name: 'P', meta: { attr: [{ key: '__proto__', value: 'x' }] } },
      ['meta.attr.__proto__:saved_item.unknown_attribute'],
    ],
    [
      'a repeated attribute',
      'property',
      {
        name: 'P',
        meta: {
          attr: [
            { key: 'address', value: 'a' },
            { key: 'address', value: 'b' },
          ],
        },
      },
      ['meta.attr.address:saved_item.repeated_attribute'],
    ],
    [
      'an attribute too long',
      'property',
      { name: 'P', meta: { attr: attr({ address: 'x'.repeat(301) }) } },
      ['meta.attr.address:validation.too_long'],
    ],
    ['notes on several lines', 'property', { name: 'P', meta: { attr: attr({ notes: 'line 1\nline 2' }) } }, []],
    [
      'an address on several lines',
      'property',
      { name: 'P', meta: { attr: attr({ address: 'a\nb' }) } },
      ['meta.attr.address:saved_item.invalid_characters'],
    ],
    [
      'too many attributes',
      'property',
      {
        name: 'P',
        meta: { attr: Array.from({ length: SAVED_ITEM_MAX_ATTRS + 1 }, () => ({ key: 'notes', value: 'x' })) },
      },
      ['meta.attr:saved_item.too_many'],
    ],
    ['follow-up on a company', 'company', { name: 'ACME SL', seguimiento: true }, []],
    ['follow-up on a property', 'property', { name: 'P', seguimiento: true }, ['seguimiento:saved_item.not_for_kind']],
    ['a document', 'document', { name: 'Escritura', meta: { attr: attr({ description: 'Copia simple' }) } }, []],
    [
      'a document with a type',
      'document',
      { name: 'Escritura', meta: { tipo: [100] } },
      ['meta.tipo:saved_item.not_for_kind'],
    ],
  ])('%s', (_, kind, input, expected) => {
    expect(errorsOf(kind, input)).toEqual(expected);
  });

  it('normalises what it keeps and derives the identity key and search text', () => {
    const result = validateSavedItem('vehicle', {
      name: '  Furgoneta   de reparto ',
      meta: { attr: attr({ plate: '1234-bcd', brand: ' Renault ', model: '' }), tipo: [306, 301] },
      favourite: true,
    });
    expect(result).toEqual({
      ok: true,
      item: {
        name: 'Furgoneta de reparto',
        meta: {
          attr: [
            { key: 'plate', value: '1234BCD' },
            { key: 'brand', value: 'Renault' },
          ],
          tipo: [301, 306],
          uso: [],
          relacion: [],
        },
        favourite: true,
        seguimiento: false,
        dedupeKey: 'plate:1234BCD',
        searchText: 'furgoneta de reparto\n1234bcd\nrenault',
      },
    });
  });

  it.each<[SavedItemKind, Record<string, string>, string | null]>([
    ['property', { idufir: '28079000123456', refcat: '7837301VG8173B0001TT' }, 'idufir:28079000123456'],
    ['property', { refcat: '7837301vg8173b0001tt' }, 'refcat:7837301VG8173B0001TT'],
    ['property', { address: 'Calle Mayor 1' }, null],
    ['company', { cif: 'b12345674' }, 'cif:B12345674'],
    ['company', {}, null],
    ['document', { notes: 'x' }, null],
  ])('%s %j -> identity %s', (kind, attrs, key) => {
    const result = validateSavedItem(kind, { name: 'X', meta: { attr: attr(attrs) } });
    expect(result.ok && result.item.dedupeKey).toBe(key);
  });
});

describe('savedItemFromOrderLine: what an order saves, with consent', () => {
  const answers = (values: Record<number, string>) =>
    Object.entries(values).map(([id, print_value]) => ({ option_id: Number(id), print_value }));

  it('a nota simple saves its property (address and municipality as its name)', () => {
    const saved = savedItemFromOrderLine(
      15867,
      answers({
        78: 'Madrid',
        79: 'Madrid',
        80: 'Calle Mayor 1, 2º B',
        77: 'Juan Español',
        83: '28079000123456',
        411: 'No',
      }),
    );
    expect(saved?.kind).toBe('property');
    expect(saved?.item.name).toBe('Calle Mayor 1, 2º B, Madrid');
    expect(saved?.item.meta.attr).toEqual([
      { key: 'address', value: 'Calle Mayor 1, 2º B' },
      { key: 'municipality', value: 'Madrid' },
      { key: 'province', value: 'Madrid' },
      { key: 'owner', value: 'Juan Español' },
      { key: 'idufir', value: '28079000123456' },
    ]);
    expect(saved?.item.dedupeKey).toBe('idufir:28079000123456');
  });

  it('an invalid answer is left out, the item is kept', () => {
    const saved = savedItemFromOrderLine(15867, answers({ 80: 'Calle Mayor 1', 82: 'not a reference' }));
    expect(saved?.item.meta.attr).toEqual([{ key: 'address', value: 'Calle Mayor 1' }]);
  });

  it.each([
    [18506, { 5501: 'ACME SL', 5502: 'B12345674' }, 'company', 'ACME SL', 'cif:B12345674'],
    [18507, { 5601: 'ACME SL', 5602: 'B12345674' }, 'company', 'ACME SL', 'cif:B12345674'],
    [20013, { 1201: 'ACME SL', 1202: 'B12345674' }, 'company', 'ACME SL', 'cif:B12345674'],
    [20029, { 2101: '1234BCD' }, 'vehicle', '1234BCD', 'plate:1234BCD'],
    [20029, { 2101: '1234 bcd' }, 'vehicle', '1234BCD', 'plate:1234BCD'],
    [18506, { 5502: 'b12345674' }, 'company', 'B12345674', 'cif:B12345674'],
  ])('product %i saves a %s', (productId, values, kind, name, key) => {
    const saved = savedItemFromOrderLine(productId, answers(values));
    expect(saved).toMatchObject({ kind, item: { name, dedupeKey: key } });
  });

  it('blank answers are no attribute and no part of the name; a name over 200 characters is cut', () => {
    const blank = savedItemFromOrderLine(15867, answers({ 80: 'Calle Mayor 1', 79: '   ', 77: '' }));
    expect(blank?.item.name).toBe('Calle Mayor 1');
    expect(blank?.item.meta.attr).toEqual([{ key: 'address', value: 'Calle Mayor 1' }]);
    expect(savedItemFromOrderLine(15867, answers({ 80: 'x'.repeat(250), 79: 'Madrid' }))?.item.name).toBe(
      'x'.repeat(200),
    );
  });

  it.each([
    ['a product that saves nothing', 18414, { 80: 'Calle Mayor 1' }],
    ['a vehicle report without a valid plate', 20029, { 2101: '1234ABC' }],
    ['a nota simple without any answer', 15867, {}],
  ])('%s -> null', (_, productId, values) => {
    expect(savedItemFromOrderLine(productId, answers(values))).toBeNull();
  });
});

describe('validateSavedItem: limits and what it keeps', () => {
  const item = (kind: SavedItemKind, input: SavedItemInput) => {
    const result = validateSavedItem(kind, input);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.item;
  };

  it.each<[string, SavedItemKind, SavedItemInput, string[]]>([
    ['a name of 200 characters', 'company', { name: 'x'.repeat(200) }, []],
    ['a name ending in a line break (trimmed)', 'company', { name: 'ACME SL\n' }, []],
    ['no name at all', 'company', {} as SavedItemInput, ['name:validation.required_text']],
    [
      'an attribute of 300 characters',
      'property',
      { name: 'P', meta: { attr: attr({ address: 'x'.repeat(300) }) } },
      [],
    ],
    [
      'a postal code of 10 characters',
      'property',
      { name: 'P', meta: { attr: attr({ postal_code: '28001-0000' }) } },
      [],
    ],
    [
      'an attribute ending in a line break (trimmed)',
      'property',
      { name: 'P', meta: { attr: attr({ address: 'Calle Mayor 1\n' }) } },
      [],
    ],
    [
      'a blank plate is no plate',
      'vehicle',
      { name: 'Coche', meta: { attr: attr({ plate: '  ', brand: 'Renault' }) } },
      ['meta.attr.plate:validation.required_text'],
    ],
    [
      'a missing plate beside another error',
      'vehicle',
      { name: '', meta: { attr: attr({ brand: 'Renault' }) } },
      ['name:validation.required_text', 'meta.attr.plate:validation.required_text'],
    ],
    [
      'one unknown id among known ones',
      'property',
      { name: 'P', meta: { tipo: [101, 200] } },
      ['meta.tipo:validation.unknown_value'],
    ],
  ])('%s', (_, kind, input, expected) => {
    expect(errorsOf(kind, input)).toEqual(expected);
  });

  it('twenty attributes are not too many', () => {
    const input = {
      name: 'P',
      meta: { attr: Array.from({ length: SAVED_ITEM_MAX_ATTRS }, () => ({ key: 'notes', value: 'x' })) },
    };
    expect(errorsOf('property', input)).not.toContain('meta.attr:saved_item.too_many');
  });

  it.each<[string, SavedItemKind, SavedItemInput, string, number]>([
    ['name', 'company', { name: 'x'.repeat(201) }, 'name', 200],
    [
      'attribute',
      'property',
      { name: 'P', meta: { attr: attr({ address: 'x'.repeat(301) }) } },
      'meta.attr.address',
      300,
    ],
    [
      'postal code',
      'property',
      { name: 'P', meta: { attr: attr({ postal_code: '28001-00000' }) } },
      'meta.attr.postal_code',
      10,
    ],
    [
      'attributes',
      'property',
      { name: 'P', meta: { attr: Array.from({ length: 21 }, () => ({ key: 'notes', value: 'x' })) } },
      'meta.attr',
      20,
    ],
  ])('the message says the limit: %s', (_, kind, input, field, max) => {
    const result = validateSavedItem(kind, input);
    expect(result.ok ? [] : result.errors).toEqual([
      {
        field,
        message: { key: field === 'meta.attr' ? 'saved_item.too_many' : 'validation.too_long', params: { max } },
      },
    ]);
  });

  it('notes keep their lines, with any line end, trimmed', () => {
    const notes = item('property', { name: 'P', meta: { attr: attr({ notes: '  line 1\r\nline 2\rline 3\n ' }) } }).meta
      .attr;
    expect(notes).toEqual([{ key: 'notes', value: 'line 1\nline 2\nline 3' }]);
  });

  it.each<[string, SavedItemKind, SavedItemInput, Pick<ReturnType<typeof item>, 'favourite' | 'seguimiento'>]>([
    ['nothing said', 'company', { name: 'ACME SL' }, { favourite: false, seguimiento: false }],
    [
      'a followed favourite company',
      'company',
      { name: 'ACME SL', favourite: true, seguimiento: true },
      { favourite: true, seguimiento: true },
    ],
    [
      'a company not followed',
      'company',
      { name: 'ACME SL', seguimiento: false },
      { favourite: false, seguimiento: false },
    ],
    [
      'a property is never followed',
      'property',
      { name: 'P', seguimiento: false },
      { favourite: false, seguimiento: false },
    ],
  ])('favourite and follow-up: %s', (_, kind, input, expected) => {
    expect(item(kind, input)).toMatchObject(expected);
  });

  it('lists not sent are empty', () => {
    expect(item('company', { name: 'ACME SL', meta: { relacion: [507, 500] } }).meta).toEqual({
      attr: [],
      tipo: [],
      uso: [],
      relacion: [500, 507],
    });
  });
});
