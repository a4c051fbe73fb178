import { sql, type Kysely } from 'kysely';

/**
 * A move to a dearer session paid by a payment link (docs/box-office.md#paid-by-a-payment-link):
 * `move_link` is the change cart staff made for it (its hold is the new session's place and seat),
 * the order it changes, who made it and until when; `state` pending → paid | expired | cancelled,
 * each step a conditional update written to the audit log once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('move_link')
    .addColumn('cart_id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'text')
    .addColumn('staff_email', 'text', (c) => c.notNull())
    .addColumn('difference', 'integer', (c) => c.notNull())
    .addColumn('emailed_to', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema.createIndex('move_link_order').on('move_link').column('order_id').execute();
  await db.schema.createIndex('move_link_pending').on('move_link').column('cart_id').where(sql<boolean>`state = 'pending'`).execute();
}
