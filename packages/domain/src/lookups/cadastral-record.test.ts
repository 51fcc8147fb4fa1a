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
  ])('%j -> %s', (input, expected) => {
    expect(formatCadastralAddress(input)).toBe(expected);
  });

  it.each([
    ['MARQUES DE LARIOS', 'Marques de Larios'],
    ["L'ALFAS DEL PI", "L'Alfas del Pi"],
    ['SANT JOAN-DESPI', 'Sant Joan-Despi'],
  ])('titleCase(%s) = %s', (input, expected) => {
    expect(titleCase(input)).toBe(expected);
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
    ['', '', ''],
  ])('%j -> %j %j', (address, street, number) => {
    expect(streetAndNumber(address)).toEqual({ street, number });
  });
});
