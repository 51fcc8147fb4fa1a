import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailableError, openDatabase } from '../src/db/connection.js';

function withCode(code: string, message = 'x', extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), { code, ...extra });
}

describe('isDatabaseUnavailableError', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['connection reset', withCode('ECONNRESET', 'read ECONNRESET')],
    [
      'admin_shutdown (pg_terminate_backend, server stopping)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['crash_shutdown', withCode('57P02')],
    ['cannot_connect_now (server starting)', withCode('57P03', 'the database system is starting up')],
    ['too_many_connections', withCode('53300')],
    ['class 08: connection_failure', withCode('08006')],
    ['class 08: sqlclient_unable_to_establish_sqlconnection', withCode('08001')],
    [
      'unix socket missing while the worker restarts',
      withCode('ENOENT', 'connect ENOENT /x/.s.PGSQL.5432', { syscall: 'connect' }),
    ],
    ['pg: connection dropped', new Error('Connection terminated unexpectedly')],
    ['pg: connection timeout', new Error('Connection terminated due to connection timeout')],
    ['pg-pool: waited too long for a connection', new Error('timeout exceeded when trying to connect')],
    ['pg: client broken', new Error('Client has encountered a connection error and is not queryable')],
    ['wrapped by Drizzle (cause)', new Error('Failed query: select 1', { cause: withCode('57P01') })],
    [
      'every address refused (AggregateError)',
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'x'),
    ],
  ])('recognises %s', (_name, err) => {
    expect(isDatabaseUnavailableError(err)).toBe(true);
  });

  it.each([
    ['undefined_table', withCode('42P01', 'relation "nope" does not exist')],
    ['unique_violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['serialization_failure', withCode('40001')],
    ['query_canceled (statement timeout)', withCode('57014')],
    ['a file that is not there', withCode('ENOENT', "open '/x'", { syscall: 'open' })],
    ['a plain bug', new TypeError('Cannot read properties of undefined')],
    ['wrapped query error', new Error('Failed query', { cause: withCode('23505') })],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('does not treat %s as unavailability', (_name, err) => {
    expect(isDatabaseUnavailableError(err)).toBe(false);
  });

  it('survives a cause cycle', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    Object.assign(a, { cause: b });
    expect(isDatabaseUnavailableError(a)).toBe(false);
  });
});

describe('openDatabase with an unreachable PostgreSQL', () => {
  it('fails at start with an error recognised as unavailability', async () => {
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    const opening = openDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', dataDir: 'memory://' });
    const err: unknown = await opening.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe('Could not connect to the PostgreSQL database.');
    expect(isDatabaseUnavailableError(err)).toBe(true);
  });
});
