import { PROMO_TEXT } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { PromoCodeTable } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { normaliseVoucher, voucherCodeOf, voucherKind } from './citypass.js';
import { attachToCart, codeOnCart, takeCodeUse, voucherCode } from './promotions.repository.js';
import { citypassGroups } from './promotion-config.js';

/**
 * A city-pass voucher (docs/promotions.md#applying-codes): normalised, it must match a city-pass group's adult or child
 * expression (else invalid_citypass with the spec's text); each voucher is used once, across all
 * carts (its own hidden code of one use, taken by conditional update: code_exhausted when taken).
 */
export async function attachCitypass(tx: Tx, input: { sellerId: string; cartId: string; identityId: string; voucher: string; now: Date; visitDatetime?: string | null }): Promise<Selectable<PromoCodeTable>> {
  const voucher = normaliseVoucher(input.voucher);
  const groups = await citypassGroups(tx, input.sellerId);
  const groupId = [...groups].find(([, rules]) => voucherKind(voucher, rules) !== null)?.[0];
  if (!groupId) throw new AppError(400, 'invalid_citypass', PROMO_TEXT.citypassFormat, 'promo_code', { code: voucher, handler: 'citypass' });
  const text = voucherCodeOf(voucher);
  const code = await voucherCode(tx, input.sellerId, text, groupId);
  if (await codeOnCart(tx, input.cartId, code.id)) throw new AppError(409, 'duplicate_code', PROMO_TEXT.duplicate, 'promo_code', { code: voucher, handler: 'citypass' });
  if (!(await takeCodeUse(tx, code.id))) throw new AppError(409, 'code_exhausted', PROMO_TEXT.citypassUsed, 'promo_code', { code: voucher, handler: 'citypass' });
  await attachToCart(tx, { cart_id: input.cartId, code_id: code.id, code: voucher, phase: 'citypass', identity_id: input.identityId, counted: 1, created_at: input.now.toISOString(), visit_datetime: input.visitDatetime ?? null });
  return code;
}
