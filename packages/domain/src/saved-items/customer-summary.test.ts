import { describe, expect, it } from 'vitest';
import { customerSummaryAttrs } from './customer-summary.js';

describe('customerSummaryAttrs (the one line a saved item gets beside an order)', () => {
  it.each([
    [
      'a property: address, cadastral reference, IDUFIR, registry, in that order; notes and owner left out',
      'property' as const,
      [
        { key: 'notes', value: 'Llaves en portería' },
        { key: 'registry', value: 'Madrid 4' },
        { key: 'owner', value: 'Ana' },
        { key: 'refcat', value: '9872023VH5797S0001WX' },
        { key: 'address', value: 'Calle Mayor 1' },
      ],
      [
        { key: 'address', value: 'Calle Mayor 1' },
        { key: 'refcat', value: '9872023VH5797S0001WX' },
        { key: 'registry', value: 'Madrid 4' },
      ],
    ],
    [
      'a company: its tax id only',
      'company' as const,
      [
        { key: 'address', value: 'Gran Vía 2' },
        { key: 'cif', value: 'B12345674' },
      ],
      [{ key: 'cif', value: 'B12345674' }],
    ],
    [
      'a vehicle: plate and VIN; brand and model left out',
      'vehicle' as const,
      [
        { key: 'brand', value: 'Seat' },
        { key: 'vin', value: 'VSSZZZ6JZ9R000001' },
        { key: 'plate', value: '1234BCD' },
      ],
      [
        { key: 'plate', value: '1234BCD' },
        { key: 'vin', value: 'VSSZZZ6JZ9R000001' },
      ],
    ],
    ['blank values are left out', 'vehicle' as const, [{ key: 'plate', value: '  ' }], []],
    ['nothing known: nothing', 'property' as const, [], []],
  ])('%s', (_name, kind, attrs, expected) => {
    expect(customerSummaryAttrs(kind, attrs)).toEqual(expected);
  });
});
