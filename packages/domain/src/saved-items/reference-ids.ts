/**
 * The catalogue reference ids of the customer panel's saved items (spec, back office and saved items, "Catalogue
 * reference ids"): the values of a saved item's `tipo`, `uso` and `relacion` meta lists. Names are i18n keys' tails.
 */
export const PROPERTY_TYPES = {
  100: 'house',
  101: 'flat',
  102: 'building',
  103: 'land',
  104: 'rural_estate',
  105: 'commercial_unit',
  106: 'garage',
} as const;

/** Property use: what the customer is to the property. */
export const PROPERTY_USES = {
  200: 'owner',
  201: 'for_sale',
  202: 'administrator',
  203: 'rented_out',
  204: 'for_rent',
  205: 'interested',
  206: 'other',
} as const;

/** Vehicle fuel or environmental label (one list in the spec: 300-303 fuel, 304-307 DGT label). */
export const VEHICLE_FUELS = {
  300: 'petrol',
  301: 'diesel',
  302: 'hybrid',
  303: 'electric',
  304: 'label_b',
  305: 'label_c',
  306: 'label_eco',
  307: 'label_0',
} as const;

/** Vehicle relationship. */
export const VEHICLE_RELATIONSHIPS = {
  400: 'owner',
  401: 'for_sale',
  402: 'shared',
  403: 'interested',
  404: 'other',
} as const;

/** Company relationship. */
export const COMPANY_RELATIONSHIPS = {
  500: 'owner',
  501: 'partner',
  502: 'administrator',
  503: 'investee',
  504: 'supplier',
  505: 'client',
  506: 'interested',
  507: 'other',
} as const;

/** The kinds of saved item of the customer panel. */
export const SAVED_ITEM_KINDS = ['property', 'company', 'vehicle', 'document'] as const;
export type SavedItemKind = (typeof SAVED_ITEM_KINDS)[number];

/** The meta lists of reference ids. */
export type MetaList = 'tipo' | 'uso' | 'relacion';

/** Which reference ids each kind's meta lists take (a list a kind does not have must stay empty). */
export const META_LISTS: Readonly<Record<SavedItemKind, Partial<Record<MetaList, Readonly<Record<number, string>>>>>> =
  {
    property: { tipo: PROPERTY_TYPES, uso: PROPERTY_USES },
    vehicle: { tipo: VEHICLE_FUELS, relacion: VEHICLE_RELATIONSHIPS },
    company: { relacion: COMPANY_RELATIONSHIPS },
    document: {},
  };

/** Whether `id` is a reference id of the given kind's meta list. */
export function isReferenceId(kind: SavedItemKind, list: MetaList, id: number): boolean {
  const ids = META_LISTS[kind][list];
  return ids !== undefined && Object.hasOwn(ids, id);
}
