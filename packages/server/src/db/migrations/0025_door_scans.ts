import type { Kysely } from 'kysely';

/**
 * The door's log (issue 31, docs/door.md): every scan against a session, who made it and what it
 * came to — the running count's last scans, "already admitted at … by …", and the audit of undos
 * (an undo marks the admission and adds its own line). `client_ref` is unique: a queued offline
 * admission sent twice is logged once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('door_scan')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull())
    .addColumn('event_session_id', 'text', (c) => c.notNull())
    .addColumn('scan_code', 'text', (c) => c.notNull())
    .addColumn('ticket_id', 'text')
    .addColumn('membership_id', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'text', (c) => c.notNull())
    .addColumn('staff_name', 'text', (c) => c.notNull())
    .addColumn('scanned_at', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .addColumn('undone_at', 'text')
    .addColumn('undone_by', 'text')
    .addColumn('undo_of', 'text')
    .addColumn('client_ref', 'text', (c) => c.unique())
    .execute();
  await db.schema.createIndex('door_scan_session').on('door_scan').columns(['event_session_id', 'recorded_at']).execute();
  await db.schema.createIndex('door_scan_ticket').on('door_scan').columns(['ticket_id', 'outcome']).execute();
}
