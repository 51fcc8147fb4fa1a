// Rate limits kept in the database, so every app instance shares them.
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters (login attempts, uploads): one row per bucket and key, incremented atomically before the
 * work it limits is done, so parallel requests cannot all pass the check (src/db/rate-counters.ts).
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    /** What is counted, e.g. "login-ip" or "login-account-ip:<email>". */
    bucket: text('bucket').notNull(),
    /** Who is counted in that bucket: an email, an IP, a session hash. */
    key: text('key').notNull(),
    hits: integer('hits').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] })],
);
