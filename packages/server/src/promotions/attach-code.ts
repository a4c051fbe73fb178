import { PROMO_CODE_MAX, PROMO_CODE_MIN, PROMO_TEXT } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { isTypedCode, normaliseCode } from './normalise-code.js';
import type { PromoCodeTable } from '../db/schema.js';
import { attachToCart, codeByText, codeOnCart, giveBackIdentityUse, takeCodeUse, takeIdentityUse } from './promotions.repository.js';
import type { TtlCache } from '../ttl-cache.js';
import { sellerPromotions } from './reprice-cart.js';

export type CodePhase = 'pre' | 'post';

/** The refusals of docs/promotions.md#applying-codes for a code that cannot be applied; context `promo_code`, the code in `_extra`. */
const refuse = (status: number, code: 'validation_failed' | 'code_not_found' | 'code_exhausted' | 'duplicate_code', description: string, text: string): never => {
  throw new AppError(status, code, description, 'promo_code', { code: text });
};

/**
 * Puts a code on a cart (docs/promotions.md#applying-codes): 2..35 characters once trimmed, known to the seller, within
 * its dates, not on the cart already, and a use left (the code's and the buyer's, each one
 * conditional update, docs/architecture.md#inventory-never-oversell). The use is counted now and given back when the cart expires, is
 * deleted or its order cancelled (giveBackCodeUses). Nothing is written when it is refused.
 */
export async function attachCode(
  tx: Tx,
  input: { sellerId: string; cartId: string; identityId: string; text: string; phase: CodePhase; now: Date; cache?: TtlCache },
): Promise<Selectable<PromoCodeTable>> {
  const text = normaliseCode(input.text);
  if (text.length < PROMO_CODE_MIN || text.length > PROMO_CODE_MAX) refuse(400, 'validation_failed', `A code has ${PROMO_CODE_MIN} to ${PROMO_CODE_MAX} characters.`, text);
  const code = isTypedCode(text) ? await codeByText(tx, input.sellerId, text) : undefined;
  if (!code) return refuse(404, 'code_not_found', `${text} ${PROMO_TEXT.notValid}`, text);
  const nowIso = input.now.toISOString();
  if (code.valid_from && nowIso < code.valid_from) refuse(422, 'validation_failed', PROMO_TEXT.notYetValid, text);
  if (code.valid_to && nowIso >= code.valid_to) refuse(422, 'validation_failed', PROMO_TEXT.expired, text);
  const onCart = await codeOnCart(tx, input.cartId, code.id);
  // The default code (web.default_promo_codes) is on every cart already.
  if (onCart || (await sellerPromotions(tx, input.sellerId, input.cache)).defaultCode?.id === code.id) refuse(409, 'duplicate_code', PROMO_TEXT.duplicate, text);
  if (code.max_per_identity !== null && !(await takeIdentityUse(tx, code.id, input.identityId, code.max_per_identity))) refuse(409, 'code_exhausted', PROMO_TEXT.perIdentity, text);
  if (!(await takeCodeUse(tx, code.id))) {
    // The buyer's use just taken is given back, so a refused code leaves nothing behind.
    if (code.max_per_identity !== null) await giveBackIdentityUse(tx, code.id, input.identityId);
    refuse(409, 'code_exhausted', PROMO_TEXT.exhausted, text);
  }
  await attachToCart(tx, { cart_id: input.cartId, code_id: code.id, code: text, phase: input.phase, identity_id: input.identityId, counted: 1, created_at: nowIso });
  return code;
}
