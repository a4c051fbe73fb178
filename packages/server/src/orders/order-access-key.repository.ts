import type { Insertable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { OrderAccessKeyTable } from '../db/schema.js';

// Manage-link keys of orders (docs/after-sale.md); how long a key opens its order is order-access-key.ts's.

/** The order's last session start and last instalment due date (either may be missing). */
export async function lastDatesOfOrder(tx: Tx, orderId: string): Promise<unknown[]> {
  const session = await tx
    .selectFrom('ticket')
    .innerJoin('event_session', 'event_session.id', 'ticket.event_session_id')
    .select((eb) => eb.fn.max('event_session.start_datetime').as('last'))
    .where('ticket.ticket_order_id', '=', orderId)
    .executeTakeFirst();
  const plan = await tx
    .selectFrom('scheduled_payment')
    .select((eb) => eb.fn.max('due_date').as('last'))
    .where('ticket_order_id', '=', orderId)
    .executeTakeFirst();
  return [session?.last, plan?.last];
}

export async function insertOrderKey(tx: Tx, row: Insertable<OrderAccessKeyTable>) {
  await tx.insertInto('order_access_key').values(row).execute();
}

export function orderKeyByHash(db: Tx, keyHash: string) {
  return db.selectFrom('order_access_key').select(['ticket_order_id', 'created_at', 'expires_at']).where('key_hash', '=', keyHash).executeTakeFirst();
}
