import { fromMinor, PROMO_TEXT } from '@foyer/contracts';
import type { Db, Dialect } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { AppError } from '../http/app-error.js';
import { cartById, heldTicketsOfCart } from '../cart/public.js';
import { assertOwner } from '../cart/cart-access.js';
import type { Identity } from '../identity/public-identity.js';
import { cartAmounts } from '../payments/cart-amounts.js';
import { repriceCart } from './reprice-cart.js';

/**
 * The price at pay time (docs/promotions.md "Prices at pay time"): a cart is priced when it
 * changes, so a modifier whose dates ended while it was held would still show its discount. Before
 * any money moves, an unpaid pending cart is priced again at `now`, in its own transaction so the
 * new price stays; when that changed what is owed the pay call is refused (409
 * incorrect_cart_state, the new outstanding in `_extra`) and nothing is charged: the buyer sees the
 * new total and pays again. A cart paid into keeps its price (what was charged).
 */
export async function repriceBeforePay(db: Db, dialect: Dialect, input: { cartId: string; identity: Identity | null; sellerId: string; now: Date }): Promise<void> {
  const { cartId, now } = input;
  const changed = await inWriteTransaction(db, dialect, async (tx) => {
    const cart = await cartById(tx, cartId);
    assertOwner(cart, input.identity, input.sellerId);
    if (cart.state !== 'pending' || cart.paid > 0 || (cart.expires_at !== null && cart.expires_at <= now.toISOString())) return null;
    const held = await heldTicketsOfCart(tx, cart.id);
    const before = cartAmounts(cart, held, [], now).outstanding;
    const priced = await repriceCart(tx, cart, held, now);
    const after = cartAmounts(priced.cart, priced.tickets, [], now).outstanding;
    return before === after ? null : after;
  });
  if (changed !== null) throw new AppError(409, 'incorrect_cart_state', PROMO_TEXT.priceChanged, 'payment', { cart_id: cartId, outstanding: fromMinor(changed) });
}
