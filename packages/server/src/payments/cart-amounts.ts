import type { Tx } from '../db/database.js';

/** What a cart owes (minor units): held tickets with their outside fees, less what was paid already. */
export async function cartAmounts(tx: Tx, cart: { id: string; paid: number }) {
  const row = await tx
    .selectFrom('ticket')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>(eb('adjusted_value', '+', eb('fee_fixed_outside', '+', eb.ref('fee_percent_outside')))), eb.lit(0)).as('total')])
    .where('cart_id', '=', cart.id)
    .where('state', '=', 'held')
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  return { total, outstanding: total - cart.paid };
}
