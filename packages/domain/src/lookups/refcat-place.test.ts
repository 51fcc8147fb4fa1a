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
  ])('nothing to check with %s', (_name, answers) => {
    expect(refcatPlaceChecks(form, answers)).toEqual([]);
  });

  it('names where the property is when none of its records is in the chosen municipality', () => {
    const madrid = [{ municipality_code: '28079', municipality: 'Madrid' }];
    expect(refcatElsewhere(madrid, '28005')).toBe('Madrid');
    expect(refcatElsewhere(madrid, '28079')).toBeUndefined();
    expect(refcatElsewhere([], '28005')).toBeUndefined();
  });
});
