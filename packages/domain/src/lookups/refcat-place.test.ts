import { describe, expect, it } from 'vitest';
import type { ProductForm } from '../forms/product-form.js';
import { refcatElsewhere, refcatPlaceChecks } from './refcat-place.js';

const form = {
  steps: [],
  options: [
    { option_id: 79, type: 'municipio', title: 'Municipio', opt_values: [] },
    { option_id: 82, type: 'field', title: 'Referencia catastral', validator: 'refcat', opt_values: [] },
    { option_id: 80, type: 'field', title: 'Dirección', opt_values: [] },
  ],
} as unknown as ProductForm;

describe('a cadastral reference beside the chosen municipality', () => {
  it('pairs a valid reference with the chosen municipality', () => {
    expect(refcatPlaceChecks(form, { '79': '28079', '82': '0847106vk4704f0001oe' })).toEqual([
      {
        refcatOptionId: 82,
        query: { ok: true, refcat: '0847106VK4704F0001OE', kind: 'unit' },
        municipalityCode: '28079',
      },
    ]);
  });

  it.each([
    ['no municipality', { '82': '0847106VK4704F0001OE' }],
    ['no reference', { '79': '28079' }],
    ['a reference that is not valid (the validator says so)', { '79': '28079', '82': '1234' }],
    ['a blank reference', { '79': '28079', '82': '   ' }],
    ['a municipality answer of six digits', { '79': '280790', '82': '0847106VK4704F0001OE' }],
    ['a municipality answer that is not only digits', { '79': 'x28079', '82': '0847106VK4704F0001OE' }],
  ])('nothing to check with %s', (_name, answers) => {
    expect(refcatPlaceChecks(form, answers)).toEqual([]);
  });

  it('reads the answered Spanish municipality, wherever it is in the form, and only the refcat questions', () => {
    const busy = {
      steps: [],
      options: [
        { option_id: 82, type: 'field', title: 'Referencia catastral', validator: 'refcat', opt_values: [] },
        { option_id: 83, type: 'field', title: 'Observaciones', opt_values: [] },
        { option_id: 77, type: 'municipio_ce', title: 'Municipio del notario', opt_values: [] },
        { option_id: 78, type: 'municipio', title: 'Concelho', place: { country: 'PT' }, opt_values: [] },
        { option_id: 79, type: 'municipio', title: 'Municipio', opt_values: [] },
      ],
    } as unknown as ProductForm;
    const answers = { '82': '0847106VK4704F', '83': '7837301VG8173B0001TT', '78': '11060', '79': '28079' };
    expect(refcatPlaceChecks(busy, answers)).toEqual([
      { refcatOptionId: 82, query: { ok: true, refcat: '0847106VK4704F', kind: 'parcel' }, municipalityCode: '28079' },
    ]);
  });

  it('says nothing when one of the records of a reference is in the chosen municipality', () => {
    const parcel = [
      { municipality_code: '28005', municipality: 'Alcalá de Henares' },
      { municipality_code: '28079', municipality: 'Madrid' },
    ];
    expect(refcatElsewhere(parcel, '28079')).toBeUndefined();
    expect(refcatElsewhere(parcel, '28006')).toBe('Alcalá de Henares');
  });

  it('names where the property is when none of its records is in the chosen municipality', () => {
    const madrid = [{ municipality_code: '28079', municipality: 'Madrid' }];
    expect(refcatElsewhere(madrid, '28005')).toBe('Madrid');
    expect(refcatElsewhere(madrid, '28079')).toBeUndefined();
    expect(refcatElsewhere([], '28005')).toBeUndefined();
  });
});
