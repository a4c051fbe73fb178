import { timingSafeEqual } from 'node:crypto';
import type { Db, Dialect } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { AppError } from '../http/app-error.js';
import { storeIdentity, type WriterIdentity } from '../identity/public-identity.js';
import { cartWithOwnerKind, takeTransferredCart } from './cart.repository.js';
import { accessDenied } from './cart-access.js';
import { transferKeyHash } from './inject-cart.js';

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * POST cart/{id}/transfer {key} (the payment link of a staff-created cart, /transfer-cart/{id}):
 * the right key hands the cart to the caller's identity — once: the key is spent in the same
 * conditional update. Its owner may call again (a reload) without a key. A wrong or spent key is
 * refused with 403 like any other cart of someone else.
 */
export async function transferCart(db: Db, dialect: Dialect, input: { sellerId: string; writer: WriterIdentity; cartId: string; key: string | null; now: Date }) {
  return inWriteTransaction(db, dialect, async (tx) => {
    const cart = await cartWithOwnerKind(tx, input.cartId);
    if (!cart || cart.seller_id !== input.sellerId || cart.state === 'deleted') throw new AppError(404, 'not_found', 'This cart could not be found.', 'cart');
    if (!input.writer.fresh && cart.identity_id === input.writer.identity.id) return cart.id;
    if (!input.key || !cart.transfer_key_hash || !sameHash(transferKeyHash(input.key), cart.transfer_key_hash)) throw accessDenied(cart.owner_kind);
    await storeIdentity(tx, input.writer, input.now);
    // Two browsers with the same link at once: only the first takes the cart.
    if (!(await takeTransferredCart(tx, cart.id, cart.transfer_key_hash, input.writer.identity.id, input.now.toISOString()))) throw accessDenied(null);
    return cart.id;
  });
}
