import type { Kysely } from 'kysely';

/**
 * Updates of installed wallet passes (docs/wallet-passes.md "Updates"): `wallet_pass` is a ticket
 * pass handed out (its serial, the scan code it was issued with; the ticket it shows now, which a
 * reschedule moves on; its web-service token; `updated_at`, Apple's update tag); `wallet_registration`
 * the Apple devices that installed it (their push tokens); `wallet_push` the queue of updates to
 * deliver after a change committed (an APNs push per device, a PATCH of the Google object), retried.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wallet_pass')
    .addColumn('serial_number', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('ticket_id', 'text', (c) => c.notNull())
    .addColumn('auth_token', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wallet_pass_ticket').on('wallet_pass').column('ticket_id').execute();
  await db.schema
    .createTable('wallet_registration')
    .addColumn('device_library_id', 'text', (c) => c.notNull())
    .addColumn('serial_number', 'text', (c) => c.notNull())
    .addColumn('push_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('wallet_registration_pk', ['device_library_id', 'serial_number'])
    .execute();
  await db.schema.createIndex('wallet_registration_serial').on('wallet_registration').column('serial_number').execute();
  await db.schema
    .createTable('wallet_push')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('serial_number', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wallet_push_due').on('wallet_push').columns(['status', 'next_attempt_at']).execute();
}
