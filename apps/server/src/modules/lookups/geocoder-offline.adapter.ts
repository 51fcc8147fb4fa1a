import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Place, PlaceKind } from '@ventanilla/domain';
import { DEFAULT_GEO_DIR, foldText, type PlaceDirectory } from '../geo/index.js';
import type { GeocodeResult, Geocoder } from './geocoder.adapter.js';

type Point = { lat: number; lon: number };

/** The municipalities' points by country, and each province's or district's (the mean of its municipalities'). */
type Points = { points: Record<'ES' | 'PT', Map<string, Point>>; regionPoints: Map<string, Point> };

function readPoints(dir: string, file: string): Map<string, Point> {
  const data = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { items: Array<[string, number, number]> };
  return new Map(data.items.map(([code, lat, lon]) => [code, { lat, lon }]));
}

/** The mean of some points (a province's point: the mean of its municipalities' seats). */
function mean(points: Point[]): Point | null {
  if (points.length === 0) return null;
  const sum = points.reduce((a, p) => ({ lat: a.lat + p.lat, lon: a.lon + p.lon }), { lat: 0, lon: 0 });
  return {
    lat: Math.round((sum.lat / points.length) * 1e5) / 1e5,
    lon: Math.round((sum.lon / points.length) * 1e5) / 1e5,
  };
}

/** A name and each of its bilingual forms ("Alicante/Alacant" -> both), folded. */
function namesOf(place: Place): string[] {
  return [place.name, ...place.name.split('/')].map((n) => foldText(n.trim()));
}

/**
 * Geocoding without network: finds the municipalities (and provinces) named in the text, from the place data sets
 * and the points of catalog/geo/*-municipality-points.json (GeoNames seats). Streets and numbers are not known
 * offline: the best it gives is the municipality ("municipality" precision).
 */
export class OfflineGeocoder implements Geocoder {
  readonly name = 'offline' as const;
  // Read on the first search, not at boot (~70 ms of every start for a lookup most processes never serve).
  private loaded: Points | null = null;

  constructor(
    private readonly places: PlaceDirectory,
    private readonly dir: string = DEFAULT_GEO_DIR,
  ) {}

  private get points(): Record<'ES' | 'PT', Map<string, Point>> {
    return this.data().points;
  }

  private get regionPoints(): Map<string, Point> {
    return this.data().regionPoints;
  }

  private data(): Points {
    if (this.loaded) return this.loaded;
    const points = {
      ES: readPoints(this.dir, 'es-municipality-points.json'),
      PT: readPoints(this.dir, 'pt-municipality-points.json'),
    };
    const regionPoints = new Map<string, Point>();
    for (const [country, kind] of [
      ['ES', 'es_province'],
      ['PT', 'pt_district'],
    ] as const) {
      // One pass over the points, grouped by region (a filter of all points per region cost ~0.3 s of every start).
      const inside = new Map<string, Point[]>();
      for (const [code, point] of points[country]) {
        const parent = this.parentOf(country, code);
        if (parent === null) continue;
        const list = inside.get(parent);
        if (list) list.push(point);
        else inside.set(parent, [point]);
      }
      for (const region of this.places.all(kind)) {
        const point = mean(inside.get(region.code) ?? []);
        if (point) regionPoints.set(`${country}:${region.code}`, point);
      }
    }
    this.loaded = { points, regionPoints };
    return this.loaded;
  }

  private parentOf(country: 'ES' | 'PT', code: string): string | null {
    const kind: PlaceKind = country === 'ES' ? 'es_municipality' : 'pt_municipality';
    return this.places.find(kind, code)?.parent_code ?? null;
  }

  async search(q: string, limit: number): Promise<GeocodeResult[]> {
    const segments = q
      .split(/[,;()\n]/)
      .map((s) => s.replace(/\b\d{4,5}(-\d{3})?\b/g, '').trim())
      .filter((s) => s.length >= 2)
      .slice(0, 8);
    const provinces = segments.flatMap((s) => this.exact('es_province', s).concat(this.exact('pt_district', s)));
    const inRegion = (p: Place) => provinces.length === 0 || provinces.some((r) => r.code === p.parent_code);
    const found: GeocodeResult[] = [];
    const seen = new Set<string>();
    const add = (result: GeocodeResult | null) => {
      const key = `${result?.country}:${result?.precision}:${result?.municipality_code ?? result?.province_code}`;
      if (result && !seen.has(key)) {
        seen.add(key);
        found.push(result);
      }
    };
    // The last parts of an address name the place ("Calle Mayor 1, Alcalá de Henares, Madrid"): read them first. A
    // part naming a province narrows the others; it names a municipality only when nothing else does ("Madrid").
    const isProvince = (s: string) => provinces.some((r) => namesOf(r).includes(foldText(s)));
    const ordered = [...segments].reverse();
    for (const segment of [...ordered.filter((s) => !isProvince(s)), ...ordered.filter(isProvince)]) {
      if (found.length > 0 && isProvince(segment)) break;
      for (const kind of ['es_municipality', 'pt_municipality'] as const)
        for (const place of this.exact(kind, segment).filter(inRegion)) add(this.municipality(place));
    }
    if (found.length === 0) {
      // Nothing named exactly: the best prefix match of the whole text ("alcala de hen").
      for (const kind of ['es_municipality', 'pt_municipality'] as const)
        for (const place of this.places.search({ kind, q, limit }).items.filter(inRegion))
          add(this.municipality(place));
    }
    if (found.length === 0) for (const region of provinces) add(this.region(region));
    return found.slice(0, limit);
  }

  private exact(kind: PlaceKind, text: string): Place[] {
    const folded = foldText(text);
    return this.places.search({ kind, q: text, limit: 20 }).items.filter((p) => namesOf(p).includes(folded));
  }

  private municipality(place: Place): GeocodeResult | null {
    const country = place.kind === 'pt_municipality' ? 'PT' : 'ES';
    const point = this.points[country].get(place.code) ?? this.regionPoints.get(`${country}:${place.parent_code}`);
    if (!point) return null;
    const exact = this.points[country].has(place.code);
    return {
      label: place.parent_name ? `${place.name} (${place.parent_name})` : place.name,
      ...point,
      precision: exact ? 'municipality' : 'province',
      municipality_code: place.code,
      province_code: place.parent_code,
      country,
    };
  }

  private region(place: Place): GeocodeResult | null {
    const country = place.kind === 'pt_district' ? 'PT' : 'ES';
    const point = this.regionPoints.get(`${country}:${place.code}`);
    return point
      ? {
          label: place.name,
          ...point,
          precision: 'province',
          municipality_code: null,
          province_code: place.code,
          country,
        }
      : null;
  }
}
