import type { Kysely } from 'kysely';

/**
 * Check-in (issue 13): a ticket scanned at the door is `redeemed` at a time, once; a member card is
 * let in once per venue-local day (a row per card and day: the primary key makes the second scan
 * of the day lose, whichever process took it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ticket').addColumn('redeemed_at', 'text').execute();
  await db.schema
    .createTable('member_checkin')
    .addColumn('membership_id', 'text', (c) => c.notNull())
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('checked_in_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_checkin_pk', ['membership_id', 'local_date'])
    .execute();
}
