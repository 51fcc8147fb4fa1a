import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConfigListKey } from '@ventanilla/domain';
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

/** Fills each empty list from its data file (a fresh install); lists an admin has touched are left alone. */
export async function seedConfigLists(service: ConfigListsService, dir = CONFIG_SEED_DIR): Promise<void> {
  for (const [list, file] of SEED_FILES) {
    const records = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>[];
    await service.seedIfEmpty(list, records);
  }
}
