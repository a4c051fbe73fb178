import { sql, type Kysely } from 'kysely';

/**
 * The box office (docs/box-office.md): staff accounts (not storefront accounts), their sign-in
 * sessions and the audit log every staff write appends to. A staff member's password is set
 * through a one-time link (`setup_token_hash`); the TOTP secret is kept to check codes, and the
 * last accepted time step so one code opens one session only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('setup_token_hash', 'text', (c) => c.unique())
    .addColumn('setup_expires_at', 'text')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enrolled_at', 'text')
    .addColumn('totp_last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_login_at', 'text')
    .execute();
  await db.schema
    .createTable('staff_session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id'))
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('pending_totp_secret', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_session_staff').on('staff_session').column('staff_id').execute();
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text')
    .addColumn('staff_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('object_type', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();
  await db.schema.createIndex('audit_log_object').on('audit_log').columns(['object_type', 'object_id']).execute();
  // A box-office refund (admin/refund-order.ts): one in flight per order at a time (the partial
  // unique index makes a second staff member's refund of the same order lose), its money in
  // payment rows (error_code staff_refund), its tickets cancelled once the money is back.
  await db.schema
    .createTable('staff_refund')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'text')
    .addColumn('staff_email', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('ticket_ids', 'text', (c) => c.notNull())
    .addColumn('whole_order', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('staff_refund_in_flight').on('staff_refund').column('order_id').unique().where(sql<boolean>`status = 'sending'`).execute();
  // A session staff closed for sale (admin/update-session.ts): reserving refuses it like a full one.
  await db.schema.alterTable('event_session').addColumn('sale_closed', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('staff_refund_order').on('staff_refund').column('order_id').execute();
}
