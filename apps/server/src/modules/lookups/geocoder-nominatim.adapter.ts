import { foldText, type PlaceDirectory } from '../geo/index.js';
import { LookupUnavailableError, type LookupFetch } from './cadastre.adapter.js';
import type { GeocodeResult, Geocoder } from './geocoder.adapter.js';

/** ISO 3166-2 codes of the Spanish provinces (Nominatim's `ISO3166-2-lvl6`) and their INE codes. */
// prettier-ignore
const ISO_TO_INE: Readonly<Record<string, string>> = {
  'ES-VI': '01', 'ES-AB': '02', 'ES-A': '03', 'ES-AL': '04', 'ES-AV': '05', 'ES-BA': '06', 'ES-PM': '07',
  'ES-IB': '07', 'ES-B': '08', 'ES-BU': '09', 'ES-CC': '10', 'ES-CA': '11', 'ES-CS': '12', 'ES-CR': '13',
  'ES-CO': '14', 'ES-C': '15', 'ES-CU': '16', 'ES-GI': '17', 'ES-GR': '18', 'ES-GU': '19', 'ES-SS': '20',
  'ES-H': '21', 'ES-HU': '22', 'ES-J': '23', 'ES-LE': '24', 'ES-L': '25', 'ES-LO': '26', 'ES-LU': '27',
  'ES-M': '28', 'ES-MA': '29', 'ES-MU': '30', 'ES-NA': '31', 'ES-OR': '32', 'ES-O': '33', 'ES-P': '34',
  'ES-GC': '35', 'ES-PO': '36', 'ES-SA': '37', 'ES-TF': '38', 'ES-S': '39', 'ES-SG': '40', 'ES-SE': '41',
  'ES-SO': '42', 'ES-T': '43', 'ES-TE': '44', 'ES-TO': '45', 'ES-V': '46', 'ES-VA': '47', 'ES-BI': '48',
  'ES-ZA': '49', 'ES-Z': '50', 'ES-CE': '51', 'ES-ML': '52',
  // Communities of one province have no province level in OSM: their community code (ISO3166-2-lvl4) says it.
  'ES-MD': '28', 'ES-AS': '33', 'ES-CB': '39', 'ES-RI': '26', 'ES-MC': '30', 'ES-NC': '31',
};

/** One hit of Nominatim's /search with format=jsonv2&addressdetails=1. */
interface NominatimHit {
  lat?: string;
  lon?: string;
  display_name?: string;
  category?: string;
  addresstype?: string;
  address?: Record<string, string | undefined>;
}

const MUNICIPALITY_TYPES = new Set(['city', 'town', 'village', 'municipality', 'hamlet', 'suburb', 'city_district']);
const PROVINCE_TYPES = new Set(['province', 'state', 'county', 'region']);

/**
 * A Nominatim-compatible service (OpenStreetMap's, or one of your own):
 *   GET {NOMINATIM_URL}/search?q=&format=jsonv2&addressdetails=1&limit=&countrycodes=es,pt&accept-language=es
 * Its usage policy asks for an identifying User-Agent and at most one request a second: the routes are rate-limited
 * and answers are cached (lookups.service.ts). Spanish hits get INE codes through the place data sets.
 */
export class NominatimGeocoder implements Geocoder {
  readonly name = 'nominatim' as const;

  constructor(
    private readonly places: PlaceDirectory,
    private readonly options: { baseUrl: string; timeoutMs: number; userAgent: string; fetch?: LookupFetch },
  ) {}

  async search(q: string, limit: number): Promise<GeocodeResult[]> {
    const params = new URLSearchParams({
      q,
      format: 'jsonv2',
      addressdetails: '1',
      limit: String(limit),
      countrycodes: 'es,pt',
      'accept-language': 'es',
    });
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(`${this.options.baseUrl}/search?${params}`, {
        headers: { accept: 'application/json', 'user-agent': this.options.userAgent },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new LookupUnavailableError(`nominatim: ${(error as Error).message}`);
    }
    if (!response.ok) throw new LookupUnavailableError(`nominatim: HTTP ${response.status}`);
    let hits: unknown;
    try {
      hits = await response.json();
    } catch {
      throw new LookupUnavailableError('nominatim: not JSON');
    }
    if (!Array.isArray(hits)) throw new LookupUnavailableError('nominatim: not a list');
    return (hits as NominatimHit[]).map((hit) => this.result(hit)).filter((r): r is GeocodeResult => r !== null);
  }

  private result(hit: NominatimHit): GeocodeResult | null {
    const lat = Number(hit.lat);
    const lon = Number(hit.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
    const address = hit.address ?? {};
    const country = (address.country_code ?? '').toUpperCase();
    const type = hit.addresstype ?? '';
    const precision: GeocodeResult['precision'] = address.house_number
      ? 'address'
      : MUNICIPALITY_TYPES.has(type)
        ? 'municipality'
        : PROVINCE_TYPES.has(type)
          ? 'province'
          : 'street';
    const provinceCode =
      country === 'ES'
        ? (ISO_TO_INE[address['ISO3166-2-lvl6'] ?? ''] ?? ISO_TO_INE[address['ISO3166-2-lvl4'] ?? ''] ?? null)
        : null;
    const town = address.city ?? address.town ?? address.village ?? address.municipality ?? null;
    const municipality =
      provinceCode && town
        ? this.places
            .search({ kind: 'es_municipality', q: town, within: provinceCode, limit: 20 })
            .items.find((p) => [p.name, ...p.name.split('/')].some((n) => foldText(n) === foldText(town)))
        : undefined;
    return {
      label: hit.display_name ?? '',
      lat,
      lon,
      precision,
      municipality_code: municipality?.code ?? null,
      province_code: provinceCode,
      country: country || 'ES',
    };
  }
}
