import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatCadastralAddress, type CadastralAddressParts, type CadastralRecord } from '@ventanilla/domain';
import type { PlaceDirectory } from '../geo/index.js';
import {
  splitStreet,
  streetKey,
  type AddressQuery,
  type CadastreAdapter,
  type ReferenceQuery,
} from './cadastre.adapter.js';

/** catalog/lookups/cadastre-es.json: the offline data set (docs/integrations.md lists its references). */
export const DEFAULT_CADASTRE_FILE = path.resolve(
  fileURLToPath(new URL('.', import.meta.url)),
  '../../../../../catalog/lookups/cadastre-es.json',
);

type Row = [
  refcat: string,
  municipality: string,
  cls: 'UR' | 'RU',
  streetType: string,
  street: string,
  number: string,
  staircase: string | null,
  floor: string | null,
  door: string | null,
  postalCode: string | null,
  use: string | null,
  surface: number | null,
  year: number | null,
];

/**
 * Answers from a small data set shipped with the code: works without network, in development, tests and demos. The
 * places are resolved through the INE data sets, so a record names them as the pickers do.
 */
export class OfflineCadastre implements CadastreAdapter {
  readonly name = 'offline' as const;
  readonly records: CadastralRecord[];

  constructor(places: PlaceDirectory, file: string = DEFAULT_CADASTRE_FILE) {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { items: Row[] };
    this.records = data.items.map((row) => toRecord(row, places));
  }

  async byReference({ refcat, kind }: ReferenceQuery): Promise<CadastralRecord[]> {
    return this.records.filter((r) => (kind === 'unit' ? r.refcat === refcat : r.refcat.startsWith(refcat)));
  }

  async byAddress(query: AddressQuery): Promise<CadastralRecord[]> {
    const wanted = splitStreet(query.street);
    const number = query.number
      .trim()
      .replace(/^0+(?=\d)/, '')
      .toUpperCase();
    return this.records.filter(
      (r) =>
        r.municipality_code === query.municipalityCode &&
        r.province_code === query.provinceCode &&
        streetKey(r.address_parts.street) === wanted.name &&
        (number === '' || r.address_parts.number.toUpperCase() === number),
    );
  }
}

function toRecord(row: Row, places: PlaceDirectory): CadastralRecord {
  const [refcat, municipalityCode, cls, streetType, street, number, staircase, floor, door, postalCode] = row;
  const municipality = places.find('es_municipality', municipalityCode);
  const province = places.find('es_province', municipalityCode.slice(0, 2));
  if (!municipality || !province) throw new Error(`cadastre data set: unknown municipality ${municipalityCode}`);
  const parts: CadastralAddressParts = {
    street_type: streetType,
    street,
    number,
    staircase,
    floor,
    door,
    postal_code: postalCode,
  };
  return {
    refcat,
    province_code: province.code,
    province: province.name,
    municipality_code: municipality.code,
    municipality: municipality.name,
    address: formatCadastralAddress(parts),
    address_parts: parts,
    class: cls === 'RU' ? 'rustic' : 'urban',
    use: row[10],
    surface_m2: row[11],
    year_built: row[12],
  };
}
