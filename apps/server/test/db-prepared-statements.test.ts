// Regression: on the embedded PGlite every request answered 500 after one query failed at bind time (an order id of
// 99999999999999999999). pg-pool discards a client whose query failed; PGlite is a single backend session behind
// every socket, so the statements that client had prepared outlived it and the pool's next client, preparing them
// again, got "prepared statement already exists" for each (found by bad-input.test.ts on the PGlite pass).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.dispose());

const run = (text: string, values: unknown[], name?: string) =>
  t.handle.pool.query({ text, values, ...(name ? { name } : {}) }).then(
    (r) => r.rows[0] as Record<string, unknown>,
    (err: Error) => err.message,
  );

it('a named statement still runs after another query failed and its client was discarded', async () => {
  expect(await run('select $1::int as x', [1], 'regression_named')).toEqual({ x: 1 });
  expect(await run('select $1::bigint as y', ['99999999999999999999'])).toMatch(/out of range/);
  expect(await run('select $1::int as x', [2], 'regression_named')).toEqual({ x: 2 });
});

it('a named statement that failed at bind time the first time runs with good values after', async () => {
  expect(await run('select $1::bigint as z', ['99999999999999999999'], 'regression_bind')).toMatch(/out of range/);
  expect(await run('select $1::bigint as z', ['5'], 'regression_bind')).toEqual({ z: '5' });
  expect(await run('select $1::int as x', [3], 'regression_named')).toEqual({ x: 3 });
});
