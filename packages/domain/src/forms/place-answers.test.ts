import { describe, expect, it } from 'vitest';
import { cents, rateBp } from '../money/money.js';
import { describeAnswers } from './describe-answers.js';
import { evaluateForm } from './evaluate-form.js';
import {
  ineCheckDigit,
  normalisePlaceCode,
  placeWithin,
  ptDistrictOf,
  type Place,
  type PlaceKind,
  type PlaceLookup,
} from './place-answers.js';
import type { ProductForm, ProductOption } from './product-form.js';

const PLACES: Place[] = [
  { kind: 'es_municipality', code: '28079', name: 'Madrid', parent_code: '28', parent_name: 'Madrid' },
  { kind: 'es_municipality', code: '28005', name: 'Alcalá de Henares', parent_code: '28', parent_name: 'Madrid' },
  { kind: 'es_municipality', code: '08019', name: 'Barcelona', parent_code: '08', parent_name: 'Barcelona' },
  { kind: 'pt_municipality', code: '1106', name: 'Lisboa', parent_code: '11', parent_name: 'Lisboa' },
  {
    kind: 'pt_municipality',
    code: '3103',
    name: 'Funchal',
    parent_code: '30',
    parent_name: 'Região Autónoma da Madeira',
  },
  { kind: 'pt_parish', code: '110658', name: 'Belém', parent_code: '1106', parent_name: 'Lisboa' },
  {
    kind: 'pt_parish',
    code: '0302FA',
    name: 'União das freguesias de Milhazes, Vilar de Figos e Faria',
    parent_code: '0302',
    parent_name: 'Barcelos',
  },
];

/** A lookup over a few real places, as the server's data-set directory answers. */
const lookup: PlaceLookup = {
  find: (kind: PlaceKind, code: string) => PLACES.find((p) => p.kind === kind && p.code === code),
};

function option(partial: Partial<ProductOption> & Pick<ProductOption, 'option_id' | 'type'>): ProductOption {
  return {
    is_require: true,
    title: `Q${partial.option_id}`,
    price: cents(0),
    index: partial.option_id,
    previous_steps: [],
    opt_values: [],
    ...partial,
  };
}

const province = option({
  option_id: 1,
  type: 'drop_down',
  place: { country: 'ES' },
  opt_values: [
    { id: 101, name: 'Barcelona', price: cents(0), code: '08' },
    { id: 102, name: 'Madrid', price: cents(0), code: '28' },
    { id: 103, name: 'Illes Balears', price: cents(2000), code: '07' },
  ],
});
const municipality = option({ option_id: 2, type: 'municipio', place: { parent_option: 1 } });
const notaryTown = option({ option_id: 3, type: 'municipio_ce', is_require: false });
const concelho = option({ option_id: 4, type: 'municipio', is_require: false, place: { country: 'PT' } });
const parish = option({ option_id: 5, type: 'freguesia', is_require: false, place: { parent_option: 4 } });

const form: ProductForm = {
  product_id: 1,
  base_price: cents(1000),
  official_fee: cents(0),
  options: [province, municipality, notaryTown, concelho, parish],
  steps: [[1, 2], [3], [4, 5]],
};
const VAT = rateBp(2100);

describe('place codes', () => {
  it.each([
    // [kind, typed, stored]
    ['es_municipality', '28079', '28079'],
    ['es_municipality', '280796', '28079'], // with the INE check digit
    ['es_municipality', '280795', null], // wrong check digit
    ['es_municipality', ' 08 019 ', '08019'],
    ['es_municipality', '2807', null],
    ['es_municipality', 'Madrid', null],
    ['pt_municipality', '1106', '1106'],
    ['pt_parish', '0302fa', '0302FA'],
    ['pt_parish', '11065', null],
  ] as const)('%s %j -> %j', (kind, typed, stored) => {
    expect(normalisePlaceCode(kind, typed)).toBe(stored);
  });

  it.each([
    ['28079', 6],
    ['08019', 3],
    ['46250', 8],
    ['41091', 7],
    ['15030', 8],
  ])('INE check digit of %s is %i', (code, dc) => {
    expect(ineCheckDigit(code)).toBe(dc);
  });

  it.each([
    ['es_municipality', '28079', 'es_province', '28', true],
    ['es_municipality', '08019', 'es_province', '28', false],
    ['pt_municipality', '1106', 'pt_district', '11', true],
    ['pt_municipality', '3103', 'pt_district', '30', true], // Funchal in the Madeira region
    ['pt_municipality', '4203', 'pt_district', '40', true], // Ponta Delgada in the Açores region
    ['pt_parish', '110658', 'pt_municipality', '1106', true],
    ['pt_parish', '110658', 'pt_municipality', '1105', false],
    ['pt_parish', '110658', 'pt_district', '11', true],
    ['es_municipality', '28079', 'pt_district', '28', false],
  ] as const)('%s %s within %s %s: %s', (kind, code, parentKind, parentCode, within) => {
    expect(placeWithin(kind, code, parentKind, parentCode)).toBe(within);
  });

  it('groups the islands into their autonomous regions', () => {
    expect([ptDistrictOf('3201'), ptDistrictOf('4901'), ptDistrictOf('1312')]).toEqual(['30', '40', '13']);
  });
});

describe('evaluateForm with place questions', () => {
  const errorsOf = (answers: Record<string, string>, places?: PlaceLookup) =>
    evaluateForm(form, answers, VAT, places ? { places } : {}).errors.map((e) => [e.option_id, e.message.key]);

  it.each([
    ['known municipality in the chosen province', { 1: '102', 2: '28079' }, []],
    ['municipality code with its check digit', { 1: '102', 2: '280796' }, []],
    ['unknown municipality code', { 1: '102', 2: '28999' }, [[2, 'place.unknown_municipality']]],
    ['a name instead of a code', { 1: '102', 2: 'Madrid' }, [[2, 'place.unknown_municipality']]],
    ['municipality outside the chosen province', { 1: '101', 2: '28079' }, [[2, 'place.outside_province']]],
    ['missing municipality asks to choose one', { 1: '102' }, [[2, 'validation.required_selection']]],
    ['unknown notary town', { 1: '102', 2: '28079', 3: '99999' }, [[3, 'place.unknown_municipality']]],
    ['parish in its concelho', { 1: '102', 2: '28079', 4: '1106', 5: '110658' }, []],
    [
      'parish outside the chosen concelho',
      { 1: '102', 2: '28079', 4: '3103', 5: '110658' },
      [[5, 'place.outside_parent']],
    ],
    ['unknown parish', { 1: '102', 2: '28079', 5: '110699' }, [[5, 'place.unknown_parish']]],
    ['unknown concelho', { 1: '102', 2: '28079', 4: '1199' }, [[4, 'place.unknown_concelho']]],
  ])('server (with the data sets): %s', (_name, answers, expected) => {
    expect(errorsOf(answers, lookup)).toEqual(expected);
  });

  it.each([
    ['well-formed unknown code passes (the server decides)', { 1: '102', 2: '28999' }, []],
    ['malformed code fails', { 1: '102', 2: 'Madrid' }, [[2, 'place.unknown_municipality']]],
    ['the parent check needs no data set', { 1: '101', 2: '28079' }, [[2, 'place.outside_province']]],
  ])('browser (no lookup): %s', (_name, answers, expected) => {
    expect(errorsOf(answers)).toEqual(expected);
  });

  it('stores the 5-digit code and keeps the province surcharge priced', () => {
    const result = evaluateForm(form, { 1: '103', 2: '070407' }, VAT, {
      places: {
        find: (kind, code) =>
          kind === 'es_municipality' && code === '07040'
            ? { kind, code, name: 'Palma', parent_code: '07', parent_name: 'Illes Balears' }
            : undefined,
      },
    });
    expect(result.errors).toEqual([]);
    expect(result.answers['2']).toBe('07040');
    expect(result.price.options).toBe(2000);
  });

  it('shows names, not codes, in described answers', () => {
    const { answers } = evaluateForm(form, { 1: '102', 2: '28005', 3: '08019', 4: '1106', 5: '110658' }, VAT, {
      places: lookup,
    });
    const described = describeAnswers(form, answers, lookup).map((a) => [a.option_id, a.value, a.print_value]);
    expect(described).toEqual([
      [1, '102', 'Madrid'],
      [2, '28005', 'Alcalá de Henares'], // the province is asked just before
      [3, '08019', 'Barcelona (Barcelona)'], // asked alone: the province tells apart towns of the same name
      [4, '1106', 'Lisboa (Lisboa)'],
      [5, '110658', 'Belém'],
    ]);
  });
});
