import { describe, expect, it } from 'vitest';
import { isUniqueViolation, sqlState } from './sql-state.js';

/** An error as the driver gives it (pg's DatabaseError carries the SQLSTATE in `code`). */
function pgError(code: string): Error {
  return Object.assign(new Error(`pg ${code}`), { code });
}

describe('sqlState', () => {
  it.each([
    ['the driver error itself', pgError('23505'), '23505'],
    ['wrapped by Drizzle (cause)', new Error('Failed query', { cause: pgError('25P02') }), '25P02'],
    ['wrapped twice', new Error('outer', { cause: new Error('Failed query', { cause: pgError('22P02') }) }), '22P02'],
    ['an error without a code', new Error('plain'), undefined],
    [
      'a code that is no SQLSTATE (Fastify, Node)',
      Object.assign(new Error('x'), { code: 'FST_ERR_BAD_URL' }),
      undefined,
    ],
    ['not an error', 'text', undefined],
    ['null', null, undefined],
  ])('%s', (_, err, expected) => {
    expect(sqlState(err)).toBe(expected);
  });

  it('stops after five links (a cause chain that loops)', () => {
    const a: Error & { cause?: unknown } = new Error('a');
    a.cause = a;
    expect(sqlState(a)).toBeUndefined();
  });

  it('tells a unique violation, however wrapped, from any other code', () => {
    expect(isUniqueViolation(new Error('Failed query', { cause: pgError('23505') }))).toBe(true);
    expect(isUniqueViolation(pgError('23503'))).toBe(false);
    expect(isUniqueViolation(new Error('no code'))).toBe(false);
  });
});
