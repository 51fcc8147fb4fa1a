import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './database.js';
import { rateCounters } from './schema.js';

/** One counter: a bucket and key, at most `limit` hits per window of `windowMs`. */
export interface RateLimit {
  bucket: string;
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Counts one hit and says whether it is within the limit, in a single statement (an upsert that returns the new
 * count): of N parallel requests at most `limit` get true. A window that has ended starts again at 1.
 */
export async function reserveHit(db: DbOrTx, rate: RateLimit): Promise<boolean> {
  const expired = sql`${rateCounters.windowStartedAt} <= now() - make_interval(secs => ${rate.windowMs / 1000})`;
  const [row] = await db
    .insert(rateCounters)
    .values({ bucket: rate.bucket, key: rate.key, hits: 1 })
    .onConflictDoUpdate({
      target: [rateCounters.bucket, rateCounters.key],
      set: {
        hits: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateCounters.hits} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN now() ELSE ${rateCounters.windowStartedAt} END`,
      },
    })
    .returning({ hits: rateCounters.hits });
  return (row?.hits ?? Number.POSITIVE_INFINITY) <= rate.limit;
}

/** Gives back one hit (the work it reserved turned out not to count, e.g. a successful login). */
export async function releaseHit(db: DbOrTx, bucket: string, key: string): Promise<void> {
  await db
    .update(rateCounters)
    .set({ hits: sql`greatest(${rateCounters.hits} - 1, 0)` })
    .where(and(eq(rateCounters.bucket, bucket), eq(rateCounters.key, key)));
}

/** Forgets counters: each entry is a bucket, with or without a key (all the bucket's keys). */
export async function clearCounters(db: DbOrTx, which: Array<{ bucket: string; key?: string }>): Promise<void> {
  const conditions = which.map((w): SQL | undefined =>
    w.key === undefined
      ? eq(rateCounters.bucket, w.bucket)
      : and(eq(rateCounters.bucket, w.bucket), eq(rateCounters.key, w.key)),
  );
  if (conditions.length > 0) await db.delete(rateCounters).where(or(...conditions));
}

/** The longest window any counter uses is an hour: a counter whose window started a day ago counts nothing. */
export const STALE_COUNTER_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes counters whose window started before `before` (their next hit would start a new window anyway), so
 * attempts from ever-new addresses or e-mails do not grow the table without end. Returns how many went.
 */
export async function forgetStaleCounters(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db
    .delete(rateCounters)
    .where(lt(rateCounters.windowStartedAt, before))
    .returning({ bucket: rateCounters.bucket });
  return gone.length;
}
