import type { Kysely } from 'kysely';

/**
 * The tickets a payment was started for: a payment that succeeds after its hold expired (a late
 * webhook) re-holds exactly these, or is refused and refunded when they are gone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment').addColumn('ticket_ids', 'text').execute();
}
