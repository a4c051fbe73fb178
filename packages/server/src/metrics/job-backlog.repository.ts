import { sql } from 'kysely';
import type { Tx } from '../db/database.js';

const secondsSince = (iso: string | null | undefined, now: Date) => (iso ? Math.max(0, (now.getTime() - new Date(iso).getTime()) / 1000) : 0);

/** What background jobs have still to do: queued e-mails and expired holds awaiting the sweeper. */
export async function jobBacklog(db: Tx, now: Date) {
  const nowIso = now.toISOString();
  const mail = await db
    .selectFrom('outbox')
    .select((eb) => [eb.fn.countAll<number>().as('queued'), eb.fn.min(sql<string>`case when next_attempt_at <= ${nowIso} then next_attempt_at end`).as('oldest_due')])
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirstOrThrow();
  const holds = await db
    .selectFrom('cart')
    .select((eb) => eb.fn.min('expires_at').as('oldest'))
    .where('state', '=', 'pending')
    .where('expires_at', '<=', nowIso)
    .executeTakeFirstOrThrow();
  return {
    mailQueued: mail.queued,
    mailLagSeconds: secondsSince(mail.oldest_due, now),
    sweepLagSeconds: secondsSince(holds.oldest, now),
  };
}
