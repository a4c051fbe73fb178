import type { Tx } from '../db/database.js';

/**
 * Live held tickets of one identity's carts or of the carts created from one address: held in a
 * pending cart whose time has not run out, or in a cart being paid for.
 */
export async function liveHeldTickets(db: Tx, owner: { identityId: string } | { clientIp: string }, nowIso: string): Promise<number> {
  let q = db
    .selectFrom('cart')
    .innerJoin('ticket', 'ticket.cart_id', 'cart.id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ticket.state', '=', 'held')
    .where((eb) => eb.or([eb.and([eb('cart.state', '=', 'pending'), eb('cart.expires_at', '>', nowIso)]), eb('cart.state', '=', 'checkout')]));
  q = 'identityId' in owner ? q.where('cart.identity_id', '=', owner.identityId) : q.where('cart.client_ip', '=', owner.clientIp);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Carts created from one address since `sinceIso`, and when the oldest of them was created. */
export async function cartsCreatedFrom(db: Tx, clientIp: string, sinceIso: string): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('cart')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('client_ip', '=', clientIp)
    .where('created_at', '>', sinceIso)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: (row.oldest as string | null) ?? null };
}
