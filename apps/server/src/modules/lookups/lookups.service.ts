import type { CadastralRecord } from '@ventanilla/domain';
import type { LookupsConfig } from '../../config/env.js';
import type { PlaceDirectory } from '../geo/index.js';
import {
  LookupUnavailableError,
  type AddressQuery,
  type CadastreAdapter,
  type LookupFetch,
  type ReferenceQuery,
} from './cadastre.adapter.js';
import { OfflineCadastre } from './cadastre-offline.adapter.js';
import { CatastroCadastre } from './catastro.adapter.js';
import type { GeocodeResult, Geocoder } from './geocoder.adapter.js';
import { NominatimGeocoder } from './geocoder-nominatim.adapter.js';
import { OfflineGeocoder } from './geocoder-offline.adapter.js';

/** A small time-limited memory of answers: the outside services limit how often one address may ask them. */
class AnswerCache<T> {
  private readonly entries = new Map<string, { at: number; value: T }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
  ) {}

  async get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value;
    const value = await load();
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { at: Date.now(), value });
    return value;
  }
}

const HOUR = 3600 * 1000;

/**
 * How many calls one outside service may get per minute from this instance, whoever asks (a sliding window): the
 * per-IP route limits do not cap the sum, and the service's own limit is per calling address, i.e. ours.
 */
export class UpstreamBudget {
  private readonly calls: number[] = [];

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one call from the budget, or says the service is unavailable for now. */
  take(service: string): void {
    const now = this.now();
    while (this.calls.length > 0 && now - this.calls[0]! >= 60_000) this.calls.shift();
    if (this.calls.length >= this.perMinute)
      throw new LookupUnavailableError(`${service}: ${this.perMinute} calls a minute reached`);
    this.calls.push(now);
  }
}

/**
 * The lookups (docs/integrations.md): one adapter per lookup, chosen by configuration, offline by default. Answers of
 * outside services are kept an hour in memory (failures are not kept).
 */
export class LookupsService {
  private readonly cadastreCache = new AnswerCache<CadastralRecord[]>(HOUR, 500);
  private readonly geocodeCache = new AnswerCache<GeocodeResult[]>(HOUR, 500);

  private readonly cadastreBudget: UpstreamBudget;
  private readonly geocoderBudget: UpstreamBudget;

  constructor(
    readonly cadastre: CadastreAdapter,
    readonly geocoder: Geocoder,
    upstreamPerMinute = 50,
  ) {
    this.cadastreBudget = new UpstreamBudget(upstreamPerMinute);
    this.geocoderBudget = new UpstreamBudget(upstreamPerMinute);
  }

  cadastreByReference(query: ReferenceQuery): Promise<CadastralRecord[]> {
    if (this.cadastre.name === 'offline') return this.cadastre.byReference(query);
    return this.cadastreCache.get(`rc:${query.refcat}`, () => {
      this.cadastreBudget.take('catastro');
      return this.cadastre.byReference(query);
    });
  }

  cadastreByAddress(query: AddressQuery): Promise<CadastralRecord[]> {
    if (this.cadastre.name === 'offline') return this.cadastre.byAddress(query);
    const key = `loc:${query.municipalityCode}:${query.street.toLowerCase()}:${query.number.toLowerCase()}`;
    return this.cadastreCache.get(key, () => {
      this.cadastreBudget.take('catastro');
      return this.cadastre.byAddress(query);
    });
  }

  geocode(q: string, limit: number): Promise<GeocodeResult[]> {
    if (this.geocoder.name === 'offline') return this.geocoder.search(q, limit);
    return this.geocodeCache.get(`${limit}:${q.toLowerCase()}`, () => {
      this.geocoderBudget.take('geocoder');
      return this.geocoder.search(q, limit);
    });
  }
}

/** The adapters the configuration names (CADASTRE_PROVIDER, GEOCODER). */
export function createLookups(config: LookupsConfig, places: PlaceDirectory, fetch?: LookupFetch): LookupsService {
  const http = { timeoutMs: config.timeoutMs, userAgent: config.userAgent, fetch };
  const cadastre =
    config.cadastre === 'catastro'
      ? new CatastroCadastre(places, { ...http, baseUrl: config.catastroUrl })
      : new OfflineCadastre(places);
  const geocoder =
    config.geocoder === 'nominatim' && config.nominatimUrl
      ? new NominatimGeocoder(places, { ...http, baseUrl: config.nominatimUrl })
      : new OfflineGeocoder(places);
  return new LookupsService(cadastre, geocoder, config.upstreamPerMinute);
}
