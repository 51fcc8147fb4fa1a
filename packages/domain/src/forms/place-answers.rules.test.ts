import { describe, expect, it } from 'vitest';
import { cents } from '../money/money.js';
import {
  checkPlaceAnswer,
  normalisePlaceCode,
  parentPlaceCode,
  placeKindOf,
  placeWithin,
  ptDistrictOf,
  type PlaceKind,
} from './place-answers.js';
import type { ProductOption } from './product-form.js';

function option(partial: Partial<ProductOption> & Pick<ProductOption, 'option_id' | 'type'>): ProductOption {
  return {
    is_require: false,
    title: `Q${partial.option_id}`,
    price: cents(0),
    index: partial.option_id,
    previous_steps: [],
    opt_values: [],
    ...partial,
  };
}
const coded = (codes: Array<string | undefined>) =>
  codes.map((code, i) => ({ id: 100 + i, name: `v${i}`, price: cents(0), ...(code === undefined ? {} : { code }) }));

describe('placeKindOf', () => {
  it.each([
    ['a freguesia', option({ option_id: 1, type: 'freguesia' }), 'pt_parish'],
    ['a municipio (Spain by default)', option({ option_id: 1, type: 'municipio' }), 'es_municipality'],
    [
      'a municipio_ce in Portugal',
      option({ option_id: 1, type: 'municipio_ce', place: { country: 'PT' } }),
      'pt_municipality',
    ],
    [
      'a province list',
      option({ option_id: 1, type: 'drop_down', place: {}, opt_values: coded(['28']) }),
      'es_province',
    ],
    [
      'a district list (only some values carry codes)',
      option({ option_id: 1, type: 'drop_down', place: { country: 'PT' }, opt_values: coded([undefined, '11']) }),
      'pt_district',
    ],
    ['a list without place config', option({ option_id: 1, type: 'drop_down', opt_values: coded(['28']) }), null],
    [
      'a place list whose values carry no code',
      option({ option_id: 1, type: 'drop_down', place: {}, opt_values: coded([undefined]) }),
      null,
    ],
    ['a text field', option({ option_id: 1, type: 'field' }), null],
  ] as const)('%s -> %s', (_name, o, kind) => {
    expect(placeKindOf(o)).toBe(kind);
  });
});

describe('normalisePlaceCode: the shape of each kind of code', () => {
  it.each([
    ['es_province', '28', '28'],
    ['es_province', '2', null],
    ['es_province', '280', null],
    ['es_province', 'ab', null],
    ['es_municipality', '28 079', '28079'],
    ['es_municipality', '280796', '28079'],
    ['es_municipality', '280790', null],
    ['es_municipality', '2807', null],
    ['es_municipality', '1280796', null],
    ['es_municipality', '28079x', null],
    ['pt_district', '11', '11'],
    ['pt_district', '1', null],
    ['pt_district', '111', null],
    ['pt_district', 'aa', null],
    ['pt_municipality', '1106', '1106'],
    ['pt_municipality', '11061', null],
    ['pt_municipality', 'x1106', null],
    ['pt_parish', '0302fa', '0302FA'],
    ['pt_parish', '0302FA1', null],
    ['pt_parish', 'x0302FA', null],
  ] as const)('%s %j -> %s', (kind, raw, expected) => {
    expect(normalisePlaceCode(kind, raw)).toBe(expected);
  });
});

describe('ptDistrictOf: Madeira (31-39) and Açores (41-49) group their islands', () => {
  it.each([
    ['1106', '11'],
    ['3001', '30'],
    ['3103', '30'],
    ['3901', '30'],
    ['4001', '40'],
    ['4101', '40'],
    ['4901', '40'],
    ['5001', '50'],
  ])('%s -> %s', (dico, district) => {
    expect(ptDistrictOf(dico)).toBe(district);
  });
});

describe('placeWithin only compares kinds that nest', () => {
  it.each([
    ['es_municipality', '28079', 'es_province', '28', true],
    ['es_municipality', '28079', 'es_province', '08', false],
    ['es_municipality', '28079', 'pt_district', '28', false],
    ['pt_municipality', '3103', 'pt_district', '30', true],
    ['pt_municipality', '1106', 'pt_district', '12', false],
    ['pt_municipality', '1106', 'es_province', '11', false],
    ['pt_parish', '110658', 'pt_municipality', '1106', true],
    ['pt_parish', '110658', 'pt_municipality', '1107', false],
    ['pt_parish', '310301', 'pt_district', '30', true],
    ['pt_parish', '110658', 'pt_district', '12', false],
    ['pt_parish', '110658', 'es_province', '11', false],
    ['es_province', '28', 'es_province', '28', false],
  ] as const)('%s %s in %s %s -> %s', (kind, code, parentKind, parentCode, within) => {
    expect(placeWithin(kind as PlaceKind, code, parentKind as PlaceKind, parentCode)).toBe(within);
  });
});

describe('parentPlaceCode', () => {
  const provinces = option({ option_id: 1, type: 'drop_down', place: {}, opt_values: coded(['28', undefined]) });
  const concelho = option({ option_id: 4, type: 'municipio', place: { country: 'PT' } });
  it.each([
    ['a chosen province gives its code', provinces, '100', '28'],
    ['a value without code gives null', provinces, '101', null],
    ['an unknown value gives null', provinces, '999', null],
    ['no answer gives null', provinces, undefined, null],
    ['a list answer gives null', provinces, [100], null],
    ['a place answer is its own code', concelho, '1106', '1106'],
  ] as const)('%s', (_name, parent, answer, code) => {
    expect(parentPlaceCode(parent, answer as never)).toBe(code);
  });
});

describe('checkPlaceAnswer messages, by kind', () => {
  const provinces = option({ option_id: 1, type: 'drop_down', place: {}, opt_values: coded(['28']) });
  const districts = option({ option_id: 1, type: 'drop_down', place: { country: 'PT' }, opt_values: coded(['11']) });
  const municipio = option({ option_id: 2, type: 'municipio', place: { parent_option: 1 } });
  const concelho = option({ option_id: 2, type: 'municipio', place: { country: 'PT', parent_option: 1 } });
  const parish = option({ option_id: 3, type: 'freguesia', place: { parent_option: 2 } });
  it.each([
    [
      'a municipality in its province',
      municipio,
      '28079',
      { option: provinces, answer: '100' },
      { ok: true, code: '28079' },
    ],
    [
      'a municipality outside the province',
      municipio,
      '08019',
      { option: provinces, answer: '100' },
      'place.outside_province',
    ],
    ['a malformed municipality', municipio, '2807', null, 'place.unknown_municipality'],
    [
      'a municipality with an unanswered province',
      municipio,
      '08019',
      { option: provinces, answer: undefined },
      { ok: true, code: '08019' },
    ],
    [
      'a concelho outside the district',
      concelho,
      '1206',
      { option: districts, answer: '100' },
      'place.outside_district',
    ],
    ['a malformed concelho', concelho, '12', null, 'place.unknown_concelho'],
    ['a parish outside its concelho', parish, '120601', { option: concelho, answer: '1106' }, 'place.outside_parent'],
    ['a malformed parish', parish, '12', null, 'place.unknown_parish'],
    [
      'a non-place question keeps the answer as it is',
      option({ option_id: 9, type: 'field' }),
      ' x ',
      null,
      { ok: true, code: ' x ' },
    ],
  ] as const)('%s', (_name, o, answer, parent, expected) => {
    const result = checkPlaceAnswer(o, answer, parent as never, undefined);
    expect(result).toEqual(typeof expected === 'string' ? { ok: false, message: { key: expected } } : expected);
  });

  it('with the data sets, the stored code of the found place is given', () => {
    const places = {
      find: (kind: PlaceKind, code: string) =>
        code === '28079' ? { kind, code, name: 'Madrid', parent_code: '28', parent_name: 'Madrid' } : undefined,
    };
    expect(checkPlaceAnswer(municipio, '280796', null, places)).toEqual({ ok: true, code: '28079' });
    expect(checkPlaceAnswer(municipio, '28005', null, places)).toEqual({
      ok: false,
      message: { key: 'place.unknown_municipality' },
    });
  });
});
