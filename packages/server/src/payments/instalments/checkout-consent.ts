import type { Tx } from '../../db/database.js';
import type { PaymentGateway } from '../gateway.js';
import { cardHolder } from './card-holder.js';
import { updateCartRow } from '../../cart/public.js';

/**
 * Instalment consent at checkout (docs/payments.md "Later instalments"): the deposit of a payment
 * plan paid by card with `auto_renew: true` while instalments remain after it asks the gateway to
 * keep the card; answers who it is kept for, or null (no consent asked, not a card, nothing left
 * for later, or a buyer without an account). The consent itself is recorded only once the card is
 * kept (`recordCheckoutConsent`), so an order consents only with a card to charge.
 */
export async function instalmentConsentHolder(tx: Tx, input: { cartId: string; consent: boolean | undefined; gateway: PaymentGateway; hasPlan: boolean; leftAfter: number }) {
  if (input.consent !== true || !input.gateway.isCard || !input.hasPlan || input.leftAfter <= 0) return null;
  return cardHolder(tx, input.cartId);
}

/** The consent kept on the cart; booking copies it onto the order, which the due-date job reads. */
export async function recordCheckoutConsent(db: Tx, cartId: string, nowIso: string) {
  await updateCartRow(db, cartId, { instalment_autopay_at: nowIso });
}
