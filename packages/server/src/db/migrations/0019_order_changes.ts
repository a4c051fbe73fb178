import { sql, type Kysely } from 'kysely';

/**
 * Self-edit and reschedule (issue 13; docs/after-sale.md#screens Edit order, Reschedule; docs/after-sale.md#how-a-change-works-server): a change cart edits one
 * booked order (`cart.edits_order_id`). The order tickets it takes out move booked → 'in_cart'
 * with `ticket.change_cart_id` naming it: still the buyer's (their capacity and seat stay taken)
 * until the change is confirmed (→ cancelled, given back once) or discarded / expired (→ booked
 * again). `cart.credit` is what those tickets were worth (minor units), set off against the
 * new tickets' price. A seat stays taken while its ticket is in_cart: the live-seat index of 0015
 * now counts that state too, so nobody else can book the old seat before the change is confirmed
 * (and a discarded change can always book it again).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cart').addColumn('edits_order_id', 'text').execute();
  await db.schema.alterTable('cart').addColumn('credit', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('ticket').addColumn('change_cart_id', 'text').execute();
  await db.schema.createIndex('ticket_change_cart').on('ticket').column('change_cart_id').execute();
  await db.schema.dropIndex('ticket_live_seat').execute();
  await db.schema
    .createIndex('ticket_live_seat')
    .on('ticket')
    .columns(['event_session_id', 'seat_id'])
    .unique()
    .where(sql<boolean>`seat_id is not null and state in ('held', 'booked', 'redeemed', 'in_cart')`)
    .execute();
}
