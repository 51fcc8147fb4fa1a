import { describe, expect, it, vi } from 'vitest';
import { foldName } from '../config-lists/municipality-seed.js';
import type { ProductForm, ProductOption } from '../forms/product-form.js';
import { cents } from '../money/money.js';
import {
  fastBuyProductIds,
  fastBuyStartPage,
  fastBuyTarget,
  prefillFromSavedItem,
  type FastBuySource,
} from './fast-buy.js';

const option = (o: Partial<ProductOption> & Pick<ProductOption, 'option_id' | 'type'>): ProductOption => ({
  is_require: true,
  title: `q${o.option_id}`,
  price: cents(0),
  index: o.option_id,
  previous_steps: [],
  opt_values: [],
  ...o,
});

/** The certificate's questions as catalog/forms/certificado-registro-propiedad.json has them (provinces shortened). */
const CERTIFICATE: ProductForm = {
  product_id: 20001,
  base_price: cents(3000),
  official_fee: cents(0),
  steps: [[1101], [1102], [1103], [1104, 1105], [1106, 1107, 1108, 1109], [1110], [1111]],
  options: [
    option({ option_id: 1101, type: 'radio', opt_values: [{ id: 110101, name: 'Dominio', price: cents(0) }] }),
    option({ option_id: 1102, type: 'field', previous_steps: [{ option_id: 1101, value: '110104' }] }),
    option({
      option_id: 1103,
      type: 'radio',
      opt_values: [
        { id: 110301, name: 'Dirección', price: cents(0) },
        { id: 110302, name: 'Finca', price: cents(0) },
        { id: 110303, name: 'IDUFIR', price: cents(0) },
      ],
    }),
    option({
      option_id: 1104,
      type: 'drop_down',
      opt_values: [
        { id: 110403, name: 'Alicante/Alacant', price: cents(0), code: '03' },
        { id: 110407, name: 'Ávila', price: cents(0), code: '05' },
        { id: 110432, name: 'Madrid', price: cents(0), code: '28' },
      ],
    }),
    option({ option_id: 1105, type: 'municipio', place: { parent_option: 1104 } }),
    option({ option_id: 1106, type: 'field' }),
    option({ option_id: 1107, type: 'field' }),
    option({ option_id: 1108, type: 'field' }),
    option({ option_id: 1109, type: 'field', validator: 'idufir' }),
    option({ option_id: 1110, type: 'field', is_require: false }),
    option({ option_id: 1111, type: 'radio' }),
  ],
};

const MUNICIPALITIES: Record<string, Record<string, string>> = {
  '28': { madrid: '28079', 'alcala de henares': '28005' },
  '05': { avila: '05019' },
};
const resolver = (province: string, name: string) => MUNICIPALITIES[province]?.[foldName(name)];
const attr = (o: Record<string, string>) => Object.entries(o).map(([key, value]) => ({ key, value }));
const target = fastBuyTarget('property', 20001)!;

describe('fast-buy: a saved property pre-fills the Registro de la Propiedad certificate', () => {
  it.each<[string, FastBuySource, Record<string, string>]>([
    [
      'from a nota simple: IDUFIR known -> identified by IDUFIR',
      {
        name: 'Calle Mayor 1, Madrid',
        attr: attr({
          address: 'Calle Mayor 1',
          municipality: 'Madrid',
          province: 'Madrid',
          owner: 'Ana García',
          idufir: '28079000123456',
        }),
      },
      {
        '1103': '110303',
        '1104': '110432',
        '1105': '28079',
        '1106': 'Calle Mayor 1',
        '1109': '28079000123456',
        '1110': 'Ana García',
      },
    ],
    [
      'finca and registry, no IDUFIR -> identified by the finca',
      { name: 'Finca', attr: attr({ finca: '1234', registry: 'Ávila', province: 'avila', municipality: 'ÁVILA' }) },
      { '1103': '110302', '1104': '110407', '1105': '05019', '1107': 'Ávila', '1108': '1234' },
    ],
    [
      'address only; "Alicante" finds "Alicante/Alacant"; an unknown municipality is left to ask',
      { name: 'Casa', attr: attr({ address: 'Av. del Mar 3', province: 'Alicante', municipality: 'Atlantis' }) },
      { '1103': '110301', '1104': '110403', '1106': 'Av. del Mar 3' },
    ],
    [
      'a province not in the list: neither province nor municipality',
      { name: 'Casa', attr: attr({ address: 'Rua 1', province: 'Lisboa', municipality: 'Lisboa' }) },
      { '1103': '110301', '1106': 'Rua 1' },
    ],
    ['nothing known but the name: nothing pre-filled', { name: 'Mi piso', attr: [] }, {}],
    [
      'blank values count as unknown',
      { name: ' ', attr: attr({ idufir: '  ', address: 'Calle Sol 2' }) },
      { '1103': '110301', '1106': 'Calle Sol 2' },
    ],
  ])('%s', (_label, source, expected) => {
    expect(prefillFromSavedItem(target, CERTIFICATE, source, resolver)).toEqual(expected);
  });

  it('without a municipality resolver (no place data) the municipality is asked', () => {
    const answers = prefillFromSavedItem(target, CERTIFICATE, {
      name: 'x',
      attr: attr({ province: 'Madrid', municipality: 'Madrid' }),
    });
    expect(answers).toEqual({ '1104': '110432' });
  });

  it('a pick whose value the form no longer has is not answered', () => {
    const form = {
      ...CERTIFICATE,
      options: CERTIFICATE.options.map((o) => (o.option_id === 1103 ? { ...o, opt_values: [] } : o)),
    };
    expect(prefillFromSavedItem(target, form, { name: 'x', attr: attr({ address: 'Calle 1' }) })).toEqual({
      '1106': 'Calle 1',
    });
  });
});

describe('fast-buy: what the form and the item allow', () => {
  const withOptions = (change: (o: ProductOption) => ProductOption): ProductForm => ({
    ...CERTIFICATE,
    options: CERTIFICATE.options.map(change),
  });

  it.each<[string, FastBuySource, Record<string, string>]>([
    [
      'values are trimmed',
      { name: 'x', attr: attr({ address: '  Calle Mayor 1 ', idufir: ' 28079000123456' }) },
      { '1103': '110303', '1106': 'Calle Mayor 1', '1109': '28079000123456' },
    ],
    [
      'the province by its full official name',
      { name: 'x', attr: attr({ province: 'Alicante/Alacant' }) },
      { '1104': '110403' },
    ],
    [
      'finca without registry: the pick needs both, so by address',
      { name: 'x', attr: attr({ finca: '1234', address: 'Calle 1' }) },
      { '1103': '110301', '1106': 'Calle 1', '1108': '1234' },
    ],
  ])('%s', (_label, source, expected) => {
    expect(prefillFromSavedItem(target, CERTIFICATE, source, resolver)).toStrictEqual(expected);
  });

  it('an unknown municipality leaves no answer at all (not an empty one)', () => {
    const answers = prefillFromSavedItem(
      target,
      CERTIFICATE,
      { name: 'x', attr: attr({ province: 'Madrid', municipality: 'Atlantis' }) },
      resolver,
    );
    expect(answers).toStrictEqual({ '1104': '110432' });
  });

  it('the municipality is looked up only within an answered province', () => {
    const lookup = vi.fn(() => '99999');
    const answers = prefillFromSavedItem(
      target,
      CERTIFICATE,
      { name: 'x', attr: attr({ province: 'Lisboa', municipality: 'Lisboa' }) },
      lookup,
    );
    expect(answers).toStrictEqual({});
    expect(lookup).not.toHaveBeenCalled();
  });

  it('a form without the municipality question: the municipality is not looked up', () => {
    const lookup = vi.fn(() => '28079');
    const form = { ...CERTIFICATE, options: CERTIFICATE.options.filter((o) => o.option_id !== 1105) };
    const answers = prefillFromSavedItem(
      target,
      form,
      { name: 'x', attr: attr({ province: 'Madrid', municipality: 'Madrid' }) },
      lookup,
    );
    expect(answers).toStrictEqual({ '1104': '110432' });
    expect(lookup).not.toHaveBeenCalled();
  });

  it('a municipality question that is a text field still takes only the code', () => {
    const form = withOptions((o) => (o.option_id === 1105 ? { ...o, type: 'field' } : o));
    const source = { name: 'x', attr: attr({ province: 'Madrid', municipality: 'Atlantis' }) };
    expect(prefillFromSavedItem(target, form, source, resolver)).toStrictEqual({ '1104': '110432' });
  });

  it('another drop-down after the province does not change where the municipality is looked up', () => {
    const form = withOptions((o) =>
      o.option_id === 1107
        ? { ...o, type: 'drop_down', opt_values: [{ id: 110701, name: 'Madrid 5', price: cents(0) }] }
        : o,
    );
    const source = { name: 'x', attr: attr({ province: 'Madrid', municipality: 'Madrid', registry: 'Madrid 5' }) };
    expect(prefillFromSavedItem(target, form, source, resolver)).toStrictEqual({
      '1104': '110432',
      '1105': '28079',
      '1107': '110701',
    });
  });

  it('free text goes into text fields and text areas only', () => {
    const form = withOptions((o) =>
      o.option_id === 1110 ? { ...o, type: 'area' } : o.option_id === 1108 ? { ...o, type: 'radio' } : o,
    );
    const source = { name: 'x', attr: attr({ owner: 'Ana García', finca: '1234' }) };
    expect(prefillFromSavedItem(target, form, source, resolver)).toStrictEqual({ '1110': 'Ana García' });
  });

  it('a pick whose value the form no longer has is not answered, though others remain', () => {
    const form = withOptions((o) =>
      o.option_id === 1103 ? { ...o, opt_values: o.opt_values.filter((v) => v.id !== 110303) } : o,
    );
    const source = { name: 'x', attr: attr({ idufir: '28079000123456' }) };
    expect(prefillFromSavedItem(target, form, source, resolver)).toStrictEqual({ '1109': '28079000123456' });
  });

  it.each([
    ['a blank name is not an answer', '  ', { '5502': 'B12345674' }],
    ['the name is trimmed', ' Acme SL ', { '5501': 'Acme SL', '5502': 'B12345674' }],
  ])('company: %s', (_label, name, expected) => {
    const form: ProductForm = {
      product_id: 18506,
      base_price: cents(0),
      official_fee: cents(0),
      steps: [[5501, 5502]],
      options: [option({ option_id: 5501, type: 'field' }), option({ option_id: 5502, type: 'field' })],
    };
    expect(
      prefillFromSavedItem(fastBuyTarget('company', 18506)!, form, { name, attr: attr({ cif: 'B12345674' }) }),
    ).toStrictEqual(expected);
  });
});

describe('fast-buy targets', () => {
  it.each([
    ['property', [15867, 20001, 20024, 20007, 20006, 20008]],
    ['company', [18506, 18507, 20013, 20014, 20015, 20016]],
    ['vehicle', [20029, 20030]],
  ] as const)('%s -> %j', (kind, ids) => {
    expect(fastBuyProductIds(kind)).toEqual(ids);
  });

  it('a company answers name and CIF', () => {
    const form: ProductForm = {
      product_id: 18506,
      base_price: cents(0),
      official_fee: cents(0),
      steps: [[5501, 5502]],
      options: [option({ option_id: 5501, type: 'field' }), option({ option_id: 5502, type: 'field' })],
    };
    expect(
      prefillFromSavedItem(fastBuyTarget('company', 18506)!, form, {
        name: 'Acme SL',
        attr: attr({ cif: 'B12345674' }),
      }),
    ).toEqual({ '5501': 'Acme SL', '5502': 'B12345674' });
  });

  it('a kind does not order the products of another', () => {
    expect(fastBuyTarget('vehicle', 20001)).toBeUndefined();
    expect(fastBuyTarget('company', 15867)).toBeUndefined();
  });
});

describe('fastBuyStartPage: the first page with a visible unanswered question', () => {
  const pages = [[1], [2, 3], [4], [5]];
  it.each<[string, number[], Record<string, unknown>, number | null]>([
    ['nothing answered: the first page', [1, 2, 3, 4, 5], {}, 0],
    ['first page answered', [1, 2, 3, 4, 5], { 1: 'a' }, 1],
    ['a page half answered is asked', [1, 2, 3, 4, 5], { 1: 'a', 2: 'b' }, 1],
    ['hidden questions do not stop it', [1, 2, 5], { 1: 'a', 2: 'b' }, 3],
    ['all answered: the check-answers page', [1, 2, 3, 4, 5], { 1: 1, 2: 2, 3: 3, 4: 4, 5: 5 }, null],
    ['an answered page before an unanswered one', [1, 4], { 1: 'x' }, 2],
  ])('%s', (_label, visible, answered, expected) => {
    expect(fastBuyStartPage(pages, visible, answered)).toBe(expected);
  });
});
