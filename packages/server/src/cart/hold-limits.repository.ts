import type { ExpressionBuilder } from 'kysely';
import type { Tx } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { prepared } from '../db/prepared.js';

/** A held ticket that still holds: in a pending cart whose time has not run out, or in a cart being paid for. */
const stillHeld = (nowIso: string) => (eb: ExpressionBuilder<Database, 'cart' | 'ticket'>) =>
  eb.and([eb('ticket.state', '=', 'held'), eb.or([eb.and([eb('cart.state', '=', 'pending'), eb('cart.expires_at', '>', nowIso)]), eb('cart.state', '=', 'checkout')])]);

const liveHeld = (tx: Tx, nowIso: string) => tx.selectFrom('cart').innerJoin('ticket', 'ticket.cart_id', 'cart.id').select((eb) => eb.fn.countAll<number>().as('n')).where(stillHeld(nowIso));

// Prepared (db/prepared.ts): every reserve runs them, and building them cost more than running them.
const heldOfIdentity = prepared((tx, identityId: string, nowIso: string) => liveHeld(tx, nowIso).where('cart.identity_id', '=', identityId));
const heldFromAddress = prepared((tx, clientIp: string, nowIso: string) => liveHeld(tx, nowIso).where('cart.client_ip', '=', clientIp));

/** Live held tickets of one identity's carts or of the carts created from one address. */
export async function liveHeldTickets(db: Tx, owner: { identityId: string } | { clientIp: string }, nowIso: string): Promise<number> {
  const { rows } = 'identityId' in owner ? await heldOfIdentity(db, owner.identityId, nowIso) : await heldFromAddress(db, owner.clientIp, nowIso);
  return rows[0].n;
}

const cartsSince = prepared((tx, clientIp: string, sinceIso: string) =>
  tx
    .selectFrom('cart')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<string | null>('created_at').as('oldest')])
    .where('client_ip', '=', clientIp)
    .where('created_at', '>', sinceIso),
);

/** Carts created from one address since `sinceIso`, and when the oldest of them was created. */
export async function cartsCreatedFrom(db: Tx, clientIp: string, sinceIso: string): Promise<{ count: number; oldest: string | null }> {
  const [row] = (await cartsSince(db, clientIp, sinceIso)).rows;
  return { count: row.n, oldest: row.oldest };
}
