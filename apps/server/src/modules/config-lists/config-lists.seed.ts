import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { municipioSeeds, type ConfigListKey, type RegistryTown } from '@ventanilla/domain';
import type { ConfigListsService } from './config-lists.service.js';

/** catalog/config-lists: the public data the lists start with (sources in docs/backoffice.md). */
export const CONFIG_SEED_DIR = path.resolve(
  fileURLToPath(new URL('.', import.meta.url)),
  '../../../../../catalog/config-lists',
);

const SEED_FILES: [ConfigListKey, string][] = [
  ['registros', 'registros.json'],
  ['registros_mercantiles', 'registros-mercantiles.json'],
  ['tipos_certificaciones', 'tipos-certificaciones.json'],
  ['conservatorias', 'conservatorias.json'],
  ['providers', 'providers.json'],
];

/** catalog/geo: the INE municipalities and provinces the place pickers use (docs/geo-data.md). */
export const GEO_DIR = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../../catalog/geo');

interface GeoFile {
  items: string[][];
}

/**
 * The municipios list's rows: every Spanish municipality of the INE data (catalog/geo), named for the web and for the
 * registrars, mapped to the seeded registries' towns where they match (the domain's municipioSeeds).
 */
export function municipioSeedRows(dir = CONFIG_SEED_DIR, geoDir = GEO_DIR) {
  const read = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;
  const municipalities = read<GeoFile>(path.join(geoDir, 'es-municipalities.json')).items.map(([code, name]) => ({
    code: code!,
    name: name!,
  }));
  const provinces = new Map(
    read<GeoFile>(path.join(geoDir, 'es-provinces.json')).items.map(([code, name]) => [code!, name!] as const),
  );
  const registries = read<RegistryTown[]>(path.join(dir, 'registros.json'));
  return municipioSeeds(municipalities, provinces, registries);
}

/** Fills each empty list from its data file (a fresh install); lists an admin has touched are left alone. */
export async function seedConfigLists(service: ConfigListsService, dir = CONFIG_SEED_DIR): Promise<void> {
  for (const [list, file] of SEED_FILES) {
    const records = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>[];
    await service.seedIfEmpty(list, records);
  }
  await service.seedMunicipiosIfEmpty(() => municipioSeedRows(dir));
}
