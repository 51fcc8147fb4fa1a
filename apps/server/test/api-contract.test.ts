import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypesSource } from '../../../scripts/openapi-types.mjs';

// The web's API types follow docs/openapi.json (which catalog.test.ts checks against the route schemas), so a server
// schema change reaches the web's typecheck (docs/decisions/0010-api-contract.md).
describe('the API contract', () => {
  it('api-schema.d.ts is generated from the current docs/openapi.json (npm run docs:api)', async () => {
    const committed = readFileSync(API_TYPES_FILE, 'utf8');
    expect(committed).toBe(await apiTypesSource());
  }, 60_000);
});
