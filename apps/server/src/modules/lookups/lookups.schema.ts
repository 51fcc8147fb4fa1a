import { Type } from 'typebox';
import { Nullable, OneOf } from '../../shared/http-schemas.js';

const AddressParts = Type.Object({
  street_type: Type.String({ description: 'Catastro street type (CL, AV, PZ...)', examples: ['CL'] }),
  street: Type.String({ examples: ['ALCALA'] }),
  number: Type.String({ examples: ['45'] }),
  staircase: Nullable(Type.String()),
  floor: Nullable(Type.String()),
  door: Nullable(Type.String()),
  postal_code: Nullable(Type.String({ examples: ['28014'] })),
});

/** A property (packages/domain CadastralRecord). */
export const CadastralRecordSchema = Type.Object({
  refcat: Type.String({ examples: ['0847106VK4704F0002PR'] }),
  province_code: Type.String({ description: 'INE province code', examples: ['28'] }),
  province: Type.String({ examples: ['Madrid'] }),
  municipality_code: Type.String({ description: 'INE municipality code', examples: ['28079'] }),
  municipality: Type.String({ examples: ['Madrid'] }),
  address: Type.String({ examples: ['Calle Alcala 45, Esc. 1, Planta 2, Puerta A'] }),
  address_parts: AddressParts,
  class: Nullable(OneOf(['urban', 'rustic'])),
  use: Nullable(Type.String({ examples: ['Residencial'] })),
  surface_m2: Nullable(Type.Number()),
  year_built: Nullable(Type.Integer()),
});

const Source = OneOf(['offline', 'catastro'], { description: 'The adapter that answered (CADASTRE_PROVIDER)' });

export const CadastreAnswer = Type.Object({
  ...CadastralRecordSchema.properties,
  source: Source,
  /** Every unit the reference names: one for 20 characters, the parcel's units for 14. */
  units: Type.Array(CadastralRecordSchema),
});

export const CadastreQuery = Type.Object(
  {
    refcat: Type.String({
      maxLength: 64,
      description: 'Cadastral reference: 20 characters (controls checked) or 14 (a parcel); spaces and case ignored',
      examples: ['0847106VK4704F0002PR'],
    }),
  },
  { additionalProperties: false },
);

export const CadastreByAddressQuery = Type.Object(
  {
    province: Type.String({ pattern: '^\\d{2}$', description: 'INE province code', examples: ['28'] }),
    municipality: Type.String({ pattern: '^\\d{5}$', description: 'INE municipality code', examples: ['28079'] }),
    street: Type.String({ minLength: 1, maxLength: 120, examples: ['Calle Alcalá'] }),
    number: Type.Optional(Type.String({ maxLength: 10, pattern: '^[0-9A-Za-z ]*$', examples: ['45'] })),
  },
  { additionalProperties: false },
);

export const CadastreList = Type.Object({ source: Source, items: Type.Array(CadastralRecordSchema) });

export const GeocodeQuery = Type.Object(
  {
    q: Type.String({
      minLength: 2,
      maxLength: 200,
      description: 'An address or a place',
      examples: ['Calle Alcalá 45, Madrid'],
    }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, default: 5 })),
  },
  { additionalProperties: false },
);

export const GeocodeResultSchema = Type.Object({
  label: Type.String({ examples: ['Madrid (Madrid)'] }),
  lat: Type.Number({ examples: [40.4168] }),
  lon: Type.Number({ examples: [-3.7038] }),
  precision: OneOf(['address', 'street', 'municipality', 'province']),
  municipality_code: Nullable(Type.String({ description: 'INE code, when known' })),
  province_code: Nullable(Type.String()),
  country: Type.String({ examples: ['ES'] }),
});

export const GeocodeList = Type.Object({
  source: OneOf(['offline', 'nominatim']),
  items: Type.Array(GeocodeResultSchema),
});
