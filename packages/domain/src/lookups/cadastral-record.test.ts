import { describe, expect, it } from 'vitest';
import type { ProductOption } from '../forms/product-form.js';
import { cents } from '../money/money.js';
import {
  cadastreAnswers,
  cadastreTargets,
  formatCadastralAddress,
  parseRefcatQuery,
  streetAndNumber,
  titleCase,
  unitReference,
  type CadastralRecord,
  type LookupOption,
} from './cadastral-record.js';

describe('parseRefcatQuery', () => {
  it.each([
    ['7837301VG8173B0001TT', '7837301VG8173B0001TT', 'unit'], // published (iberian-algorithms.md)
    ['4A08169P03PRAT0001LR', '4A08169P03PRAT0001LR', 'unit'], // published, rustic shape
    [' 7837301 vg8173b 0001 tt ', '7837301VG8173B0001TT', 'unit'],
    ['0847106VK4704F0002PR', '0847106VK4704F0002PR', 'unit'], // offline data set
    ['0847106VK4704F', '0847106VK4704F', 'parcel'],
    ['0847106 vk4704f', '0847106VK4704F', 'parcel'],
  ] as const)('accepts %j as %s (%s)', (value, refcat, kind) => {
    expect(parseRefcatQuery(value)).toEqual({ ok: true, refcat, kind });
  });

  it('reads up to 64 characters, spaces included, and refuses longer input before normalising it', () => {
    const reference = '7837301VG8173B0001TT';
    expect(parseRefcatQuery(reference.padStart(64))).toEqual({ ok: true, refcat: reference, kind: 'unit' });
    expect(parseRefcatQuery(reference.padStart(65))).toEqual({ ok: false, reason: 'format' });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['7837301VG8173B0001TR', 'check'],
    ['7837301VG8173B0001', 'format'], // 18: neither a parcel nor a unit
    ['0847106VK4704-', 'format'],
    ['0847106VK4704F\u0000', 'format'],
    ['%37837301VG8173B0001TT', 'format'],
    ['7837301VG8173B0001TT'.repeat(4), 'format'], // longer than any reference, refused before normalising
    ['<script>alert(1)</script>', 'format'],
  ] as const)('rejects %j (%s)', (value, reason) => {
    expect(parseRefcatQuery(value)).toEqual({ ok: false, reason });
  });
});

describe('unitReference', () => {
  it.each([
    ['7837301VG8173B', '0001', '7837301VG8173B0001TT'],
    ['4A08169P03PRAT', '0001', '4A08169P03PRAT0001LR'],
  ])('%s + %s -> %s', (parcel, unit, refcat) => {
    expect(unitReference(parcel, unit)).toBe(refcat);
    expect(parseRefcatQuery(refcat).ok).toBe(true);
  });
});

describe('formatCadastralAddress', () => {
  const parts = { staircase: null, floor: null, door: null, postal_code: null };
  it.each([
    [{ street_type: 'CL', street: 'ALCALA', number: '45', ...parts }, 'Calle Alcala 45'],
    [
      {
        street_type: 'CL',
        street: 'ALCALA',
        number: '0045',
        staircase: '1',
        floor: '02',
        door: 'A',
        postal_code: null,
      },
      'Calle Alcala 45, Esc. 1, Planta 2, Puerta A',
    ],
    [
      { ...parts, street_type: 'PS', street: 'DE LA CASTELLANA', number: '1', floor: 'BJ' },
      'Paseo de la Castellana 1, Planta BJ',
    ],
    [{ ...parts, street_type: 'AV', street: 'DEL PUERTO', number: '120' }, 'Avenida del Puerto 120'],
    [{ ...parts, street_type: 'XX', street: 'RARA', number: '' }, 'XX Rara'], // an unknown type is shown as given
    [
      { ...parts, street_type: '', street: 'POLIGONO 12 PARCELA 45 LOS LLANOS', number: '' },
      'Poligono 12 Parcela 45 los Llanos',
    ],
    // Without a street type the name opens the line, so its first word is capitalised even when it is a small word.
    [{ ...parts, street_type: '', street: 'DE LA ESTACION', number: '3' }, 'De la Estacion 3'],
    [{ ...parts, street_type: 'CL', street: 'MAYOR', number: '105' }, 'Calle Mayor 105'], // only leading zeros go
    [{ ...parts, street_type: 'cl', street: 'MAYOR', number: '1' }, 'Calle Mayor 1'],
    [{ ...parts, street_type: 'CL', street: 'MAYOR', number: '1', floor: 'S1' }, 'Calle Mayor 1, Planta S1'],
    [{ ...parts, street_type: 'CL', street: 'MAYOR', number: '1', floor: '1A' }, 'Calle Mayor 1, Planta 1A'],
  ])('%j -> %s', (input, expected) => {
    expect(formatCadastralAddress(input)).toBe(expected);
  });

  it.each([
    ['MARQUES DE LARIOS', 'Marques de Larios'],
    ["L'ALFAS DEL PI", "L'Alfas del Pi"],
    ['SANT JOAN-DESPI', 'Sant Joan-Despi'],
    ['DEL CARMEN', 'Del Carmen'], // a name opens with a capital
  ])('titleCase(%s) = %s', (input, expected) => {
    expect(titleCase(input)).toBe(expected);
  });

  it('keeps the first small word in lower case after a street type', () => {
    expect(titleCase('DEL CARMEN', true)).toBe('del Carmen');
  });
});

function option(partial: Partial<ProductOption> & Pick<ProductOption, 'option_id' | 'type' | 'title'>): ProductOption {
  return {
    is_require: true,
    price: cents(0),
    index: partial.option_id,
    previous_steps: [],
    opt_values: [],
    ...partial,
  };
}

const provinceList = option({
  option_id: 1,
  type: 'drop_down',
  title: 'Provincia',
  place: { country: 'ES' },
  opt_values: [
    { id: 101, name: 'Madrid', price: cents(0), code: '28' },
    { id: 102, name: 'Sevilla', price: cents(0), code: '41' },
  ],
});
const municipality = option({ option_id: 2, type: 'municipio', title: 'Municipio', place: { parent_option: 1 } });
const address = option({ option_id: 3, type: 'field', title: 'Dirección del inmueble' });
const refcat = option({ option_id: 4, type: 'field', title: 'Referencia catastral', validator: 'refcat' });
const owner = option({ option_id: 5, type: 'field', title: 'Nombre del titular' });

const record: CadastralRecord = {
  refcat: '0847106VK4704F0002PR',
  province_code: '28',
  province: 'Madrid',
  municipality_code: '28079',
  municipality: 'Madrid',
  address: 'Calle Alcala 45, Esc. 1, Planta 2, Puerta A',
  address_parts: {
    street_type: 'CL',
    street: 'ALCALA',
    number: '45',
    staircase: '1',
    floor: '02',
    door: 'A',
    postal_code: '28014',
  },
  class: 'urban',
  use: 'Residencial',
  surface_m2: 96,
  year_built: 1925,
};

describe('cadastreTargets and cadastreAnswers', () => {
  it('finds the province list, its municipality picker and the address question of a property form', () => {
    const targets = cadastreTargets([owner, provinceList, municipality, address, refcat]);
    expect([targets.province?.option_id, targets.municipality?.option_id, targets.address?.option_id]).toEqual([
      1, 2, 3,
    ]);
  });

  it.each([
    [
      'a drop-down without place marks whose values carry 2-digit codes is the province list',
      [owner, { ...provinceList, place: undefined }, option({ option_id: 2, type: 'municipio', title: 'Municipio' })],
      [1, 2, null],
    ],
    [
      'a drop-down without place marks whose codes are not all provinces is not',
      [
        option({
          option_id: 1,
          type: 'drop_down',
          title: 'Planta',
          opt_values: [
            { id: 101, name: 'Primera', price: cents(0), code: '01' },
            { id: 102, name: 'Bajo', price: cents(0), code: 'BJ' },
            { id: 103, name: 'Otra', price: cents(0) },
          ],
        }),
        option({
          option_id: 2,
          type: 'drop_down',
          title: 'Tipo de vía',
          opt_values: [
            { id: 201, name: 'Calle', price: cents(0), code: '128' },
            { id: 202, name: 'Plaza', price: cents(0), code: '280' },
          ],
        }),
      ],
      [null, null, null],
    ],
    [
      'a drop-down marked as a place list is the province list whatever its codes',
      [
        {
          ...provinceList,
          opt_values: [{ id: 101, name: 'Madrid', price: cents(0) }],
        },
      ],
      [1, null, null],
    ],
    [
      'a drop-down with no values, or marked Portuguese, or not a drop-down is not a province list',
      [
        { ...provinceList, option_id: 6, opt_values: [] },
        { ...provinceList, option_id: 7, place: { country: 'PT' as const } },
        { ...provinceList, option_id: 8, type: 'radio' as const },
        { ...provinceList, option_id: 9, place: null, opt_values: [{ id: 1, name: 'A', price: cents(0) }] },
        provinceList,
      ],
      [1, null, null],
    ],
    [
      'the municipality picker that names its province list wins over an earlier one',
      [
        option({ option_id: 6, type: 'municipio_ce', title: 'Municipio del notario', place: { parent_option: 8 } }),
        option({ option_id: 7, type: 'municipio', title: 'Concelho', place: { country: 'PT', parent_option: 1 } }),
        option({ option_id: 9, type: 'municipio', title: 'Municipio de nacimiento' }),
        { ...provinceList, option_id: 8 },
        provinceList,
        municipality,
      ],
      [1, 2, null],
    ],
    [
      'a municipality picker that names no province list falls back on the first one',
      [
        { ...provinceList, option_id: 8 },
        option({ option_id: 2, type: 'municipio', title: 'Municipio', place: { parent_option: 3 } }),
        address,
      ],
      [8, 2, 3],
    ],
    [
      'a municipio_ce picker serves when there is no other',
      [option({ option_id: 6, type: 'municipio_ce', title: 'Municipio' }), provinceList],
      [1, 6, null],
    ],
    [
      'an address question is a text field, its title read without surrounding spaces',
      [
        option({ option_id: 6, type: 'area', title: 'Dirección de entrega' }),
        option({ option_id: 7, type: 'field', title: '  Domicilio del inmueble' }),
      ],
      [null, null, 7],
    ],
  ])('%s', (_name, options: readonly LookupOption[], expected) => {
    const targets = cadastreTargets(options);
    expect([
      targets.province?.option_id ?? null,
      targets.municipality?.option_id ?? null,
      targets.address?.option_id ?? null,
    ]).toEqual(expected);
  });

  it.each([
    [
      'a full property form',
      [provinceList, municipality, address, refcat],
      { 1: '101', 2: '28079', 3: 'Calle Alcala 45, Esc. 1, Planta 2, Puerta A, 28014' },
    ],
    ['a form without address question', [provinceList, municipality, refcat], { 1: '101', 2: '28079' }],
    ['a form with only an address', [address, refcat], { 3: 'Calle Alcala 45, Esc. 1, Planta 2, Puerta A, 28014' }],
    [
      'a province list without the record province',
      [{ ...provinceList, opt_values: provinceList.opt_values.filter((v) => v.code !== '28') }, municipality],
      { 2: '28079' },
    ],
    [
      'a Portuguese municipality picker (not filled)',
      [option({ option_id: 2, type: 'municipio', title: 'Concelho', place: { country: 'PT' } })],
      {},
    ],
    [
      'an address question with a validator is not an address',
      [option({ option_id: 3, type: 'field', title: 'Dirección de email', validator: 'email' })],
      {},
    ],
    ['nothing to fill', [owner, refcat], {}],
  ] as const)('%s', (_name, options, expected) => {
    expect(cadastreAnswers(options, record)).toEqual(expected);
  });

  it('writes no postal code when the record has none', () => {
    const noPostalCode = { ...record, address_parts: { ...record.address_parts, postal_code: null } };
    expect(cadastreAnswers([address], noPostalCode)).toEqual({ 3: 'Calle Alcala 45, Esc. 1, Planta 2, Puerta A' });
  });

  it('cuts the address to the question max_length', () => {
    const short = { ...address, max_length: 10 };
    expect(cadastreAnswers([short], record)).toEqual({ 3: 'Calle Alca' });
  });
});

describe('streetAndNumber', () => {
  it.each([
    ['Calle de Alcalá 45, 2º A', 'Calle de Alcalá', '45'],
    ['Calle Alcala 45, Esc. 1, Planta 2, Puerta A, 28014', 'Calle Alcala', '45'],
    ['Avda. del Puerto, 120', 'Avda. del Puerto', '120'],
    ['C/ Mayor nº 12 3ºA', 'C/ Mayor', '12'],
    ['Plaza Mayor', 'Plaza Mayor', ''],
    ['Calle 7 de Julio 3', 'Calle', '7'], // a number in the name: the first one wins (the customer may correct it)
    ['Paseo de Gracia 92B', 'Paseo de Gracia', '92B'],
    ['Calle  Mayor\t5', 'Calle Mayor', '5'], // runs of spaces read as one
    ['  Calle Mayor 5 ', 'Calle Mayor', '5'],
    ['  Plaza Mayor ', 'Plaza Mayor', ''],
    ['Calle Mayor nº12', 'Calle Mayor', '12'],
    ['Calle Mayor n.º 12', 'Calle Mayor', '12'],
    ['Calle Mayor Nº 12', 'Calle Mayor', '12'],
    ['Calle Mayor no 7', 'Calle Mayor', '7'],
    ['Main Street No. 7', 'Main Street', '7'],
    ['Calle Mayor no.7', 'Calle Mayor', '7'],
    ['Calle Mayor num 8', 'Calle Mayor', '8'],
    ['Calle Mayor num. 8', 'Calle Mayor', '8'],
    ['Calle Mayor num.8', 'Calle Mayor', '8'],
    ['Calle Mayor número 9', 'Calle Mayor', '9'],
    ['Calle Mayor número9', 'Calle Mayor', '9'],
    ['Plaza Mayor , Madrid', 'Plaza Mayor', ''],
    ['', '', ''],
  ])('%j -> %j %j', (address, street, number) => {
    expect(streetAndNumber(address)).toEqual({ street, number });
  });
});
