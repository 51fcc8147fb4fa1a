import type pg from 'pg';
import { pingPool, type DatabaseHandle } from '../../src/db/connection.js';

/**
 * A database that a test can take away: while `down`, every connect and query of the app's pool fails as against a
 * server that stopped (ECONNREFUSED); `down = false` brings it back. `refuse` takes away only the statements it
 * matches (outside transactions). Works the same on the embedded PostgreSQL and on TEST_DATABASE_URL.
 */
export class SwitchableDatabase {
  down = false;
  refuse: RegExp | null = null;
  /** Connects and queries refused so far. */
  refused = 0;
  readonly handle: DatabaseHandle;

  constructor(real: DatabaseHandle) {
    const pool = real.pool;
    // Still a pg.Pool to Drizzle (which opens a transaction on a client of its own only for a Pool); connect and
    // query go through the switch.
    const switched = Object.create(pool) as pg.Pool;
    const refused = (): Promise<never> => {
      this.refused += 1;
      const err = new Error('connect ECONNREFUSED 127.0.0.1:5432');
      return Promise.reject(Object.assign(err, { code: 'ECONNREFUSED', syscall: 'connect' }));
    };
    const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    Object.assign(switched, {
      connect: (...args: unknown[]) => (this.down ? refused() : connect(...args)),
      query: (...args: unknown[]) => {
        const first = args[0] as string | { text?: string } | undefined;
        const text = typeof first === 'string' ? first : (first?.text ?? '');
        return this.down || this.refuse?.test(text) ? refused() : query(...args);
      },
    });
    this.handle = { ...real, pool: switched, ping: () => pingPool(switched) };
  }
}
