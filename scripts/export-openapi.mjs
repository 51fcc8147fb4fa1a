// npm run docs:api: writes docs/openapi.json from the route schemas, then the web's API types from it
// (apps/web/src/shared/lib/api-schema.d.ts); a test fails when either is out of date.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from './build-state.mjs';
import { API_TYPES_FILE, apiTypesSource } from './openapi-types.mjs';

if (spawnSync('npx', ['tsc', '-b', 'apps/server'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
const { buildApp } = await import(path.join(ROOT, 'apps/server/dist/app.js'));
const { loadConfig } = await import(path.join(ROOT, 'apps/server/dist/config/env.js'));
const { openDatabase } = await import(path.join(ROOT, 'apps/server/dist/db/connection.js'));
// A throwaway embedded PostgreSQL: the app needs a database to build its routes.
const databaseDir = mkdtempSync(path.join(tmpdir(), 'ventanilla-openapi-'));
const database = await openDatabase({ dataDir: databaseDir });
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(ROOT, 'data/tmp-openapi') }),
  database,
  logger: false,
});
await app.ready();
const document = app.swagger();
writeFileSync(path.join(ROOT, 'docs/openapi.json'), JSON.stringify(document, null, 2) + '\n');
writeFileSync(API_TYPES_FILE, await apiTypesSource(JSON.parse(JSON.stringify(document))));
await app.close();
await database.close();
rmSync(databaseDir, { recursive: true, force: true });
console.log('docs/openapi.json and apps/web/src/shared/lib/api-schema.d.ts written');
