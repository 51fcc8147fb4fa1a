import { cents } from '@ventanilla/domain';
import { describe, expect, it } from 'vitest';
import type { FormRecord } from './catalog-files.js';
import { fromStoredForm, toStoredForm } from './catalog-form.js';
import { formRecordOf } from './catalog-snapshot.js';

// related_conditions travel from the catalogue file to the engine and back to the file (the back office's export).

const file = {
  product_id: 7,
  url_key: 'marca',
  steps: [[1]],
  options: [
    {
      option_id: 1,
      type: 'radio',
      is_require: 1,
      title: 'Ámbito',
      price: '0.00',
      index: 1,
      previous_steps: [],
      opt_values: [{ id: 11, name: 'UE', price: '0.00' }],
    },
  ],
  related_product: [{ product_id: 902, name: 'Tasa EUIPO', price: '850.00', vat: false }],
  related_conditions: [{ product_id: 902, options: [{ option_id: 1, value: '11' }] }],
} as unknown as FormRecord;

describe('related_conditions in the catalogue form', () => {
  it('reach the engine and come back in the file', () => {
    const stored = toStoredForm(file);
    const form = fromStoredForm(stored, { product_id: 7, base_price: cents(100), official_fee: cents(0) });
    expect(form.related_conditions).toEqual([{ product_id: 902, options: [{ option_id: 1, value: '11' }] }]);
    expect(formRecordOf(stored, { product_id: 7, url_key: 'marca' })?.related_conditions).toEqual(
      file.related_conditions,
    );
  });

  it('a form without them keeps none', () => {
    const { related_conditions: _, ...plain } = file as FormRecord & { related_conditions?: unknown };
    const stored = toStoredForm(plain as FormRecord);
    expect(stored).not.toHaveProperty('related_conditions');
    expect(
      fromStoredForm(stored, { product_id: 7, base_price: cents(0), official_fee: cents(0) }).related_conditions,
    ).toEqual([]);
  });
});
