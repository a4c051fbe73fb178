import type { Kysely } from 'kysely';

/**
 * Self-edit and reschedule (issue 13; 001 §2 Edit order, Reschedule; §4): a change cart edits one
 * booked order (`cart.edits_order_id`). The order tickets it takes out move booked → 'in_cart'
 * with `ticket.change_cart_id` naming it: still the buyer's (their capacity and seat stay taken)
 * until the change is confirmed (→ cancelled, given back once) or discarded / expired (→ booked
 * again). `cart.credit` is what those tickets were worth (minor units), set off against the
 * new tickets' price.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cart').addColumn('edits_order_id', 'text').execute();
  await db.schema.alterTable('cart').addColumn('credit', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('ticket').addColumn('change_cart_id', 'text').execute();
  await db.schema.createIndex('ticket_change_cart').on('ticket').column('change_cart_id').execute();
}
