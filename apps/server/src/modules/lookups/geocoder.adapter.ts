/** A point found for an address or a place (docs/integrations.md, "Geocoding"). */
export interface GeocodeResult {
  label: string;
  lat: number;
  lon: number;
  /** How close the point is: the address itself, its street, the municipality's seat, or the province. */
  precision: 'address' | 'street' | 'municipality' | 'province';
  /** INE (ES) or DICO (PT) code of the municipality, when known. */
  municipality_code: string | null;
  /** INE province (ES) or district (PT) code, when known. */
  province_code: string | null;
  country: 'ES' | 'PT' | string;
}

/**
 * Geocoding: the offline adapter knows municipalities (their seats) and provinces; a Nominatim-compatible service
 * knows streets and numbers. An empty list means nothing was found; a service that cannot answer throws
 * LookupUnavailableError.
 */
export interface Geocoder {
  readonly name: 'offline' | 'nominatim';
  search(q: string, limit: number): Promise<GeocodeResult[]>;
}
