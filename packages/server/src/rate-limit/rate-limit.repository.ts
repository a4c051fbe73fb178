import { sql } from 'kysely';
import type { Tx } from '../db/database.js';
import { prepared } from '../db/prepared.js';

// The rate_limit table's counts; the limits and what they refuse are rate-limit.ts's (docs/accounts.md).

/** Counts one hit in a bucket's window (one upsert) and answers the window's count. */
export async function countHit(db: Tx, bucket: string, windowStart: string, expiresAt: string): Promise<number> {
  const row = await db
    .insertInto('rate_limit')
    .values({ bucket, window_start: windowStart, count: 1, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ count: sql<number>`rate_limit.count + 1` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Prepared (db/prepared.ts): every door scan by a scanner token peeks (checkin/staff-auth.ts). */
const countOf = prepared((db, bucket: string, windowStart: string) => db.selectFrom('rate_limit').select('count').where('bucket', '=', bucket).where('window_start', '=', windowStart));

/** A bucket's count in a window, without counting a hit. */
export async function windowCount(db: Tx, bucket: string, windowStart: string): Promise<number> {
  // No row yet: nothing counted in this window.
  const row = (await countOf(db, bucket, windowStart)).rows.at(0);
  return row?.count ?? 0;
}

/** Drops windows that have ended. */
export async function sweepRateLimits(db: Tx, now: Date): Promise<void> {
  await db.deleteFrom('rate_limit').where('expires_at', '<=', now.toISOString()).execute();
}
