import { GIFT_CARD_TEXT } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import type { Identity } from '../identity/public-identity.js';
import { assertModifiable } from '../cart/cart-access.js';
import { cartById, updateCartRow } from '../cart/public.js';
import { giftCard } from '../payments/public.js';
import { keptGiftCardNumbers } from '../payments/kept-gift-cards.js';

/** How many gift cards one cart keeps. */
export const KEPT_GIFT_CARDS_MAX = 10;

/**
 * POST cart/{id}/gift_card and DELETE cart/{id}/gift_card/{number} (docs/payments.md "Gift cards"):
 * the buyer's applied gift cards live on the cart, so a reload keeps them until the cart is paid.
 * Adding needs a card of this seller that is active with a balance; a card already on the cart is
 * refused with the spec's text. Paying with a card is still the pay call's (ledger gateway).
 */
export async function keepGiftCard(db: Db, input: { sellerId: string; identity: Identity | null; cartId: string; number: string; remove: boolean; now: Date }): Promise<void> {
  const number = input.number.replace(/\s+/g, '').toUpperCase();
  if (!number || number.length > 70) throw new AppError(400, 'validation_failed', GIFT_CARD_TEXT.required, 'gift_card');
  await db.transaction().execute(async (tx) => {
    const cart = await cartById(tx, input.cartId);
    assertModifiable(cart, input.identity, input.sellerId, input.now);
    const kept = keptGiftCardNumbers(cart);
    let next: string[];
    if (input.remove) {
      if (!kept.includes(number)) throw new AppError(404, 'not_found', GIFT_CARD_TEXT.notFound, 'gift_card', { number });
      next = kept.filter((n) => n !== number);
    } else {
      if (kept.includes(number)) throw new AppError(409, 'validation_failed', GIFT_CARD_TEXT.duplicate, 'gift_card', { number });
      const card = await giftCard(tx, input.sellerId, 'giftcard', number);
      if (!card) throw new AppError(404, 'not_found', GIFT_CARD_TEXT.notFound, 'gift_card', { number });
      if (card.state !== 'active' || card.balance <= 0) throw new AppError(422, 'validation_failed', GIFT_CARD_TEXT.zeroBalance, 'gift_card', { number });
      if (kept.length >= KEPT_GIFT_CARDS_MAX) throw new AppError(422, 'validation_failed', GIFT_CARD_TEXT.tooMany, 'gift_card', { number });
      next = [...kept, number];
    }
    await updateCartRow(tx, cart.id, { gift_cards: next.length ? JSON.stringify(next) : null, updated_at: input.now.toISOString() });
  });
}
