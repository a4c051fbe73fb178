import { PROMO_TEXT } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { PromoCodeTable } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { uuidv7 } from '../ids.js';
import { normaliseVoucher, voucherCodeOf, voucherKind } from './citypass.js';
import { takeCodeUse } from './promotions.repository.js';
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
  await tx
    .insertInto('promo_code')
    .values({ id: uuidv7(), seller_id: input.sellerId, code: text, code_group_id: groupId, max_uses: 1, used: 0, max_per_order: null, max_per_identity: null, valid_from: null, valid_to: null, is_default: 0, active: 1 })
    .onConflict((oc) => oc.columns(['seller_id', 'code']).doNothing())
    .execute();
  const code = await tx.selectFrom('promo_code').selectAll().where('seller_id', '=', input.sellerId).where('code', '=', text).executeTakeFirstOrThrow();
  const onCart = await tx.selectFrom('cart_promo_code').select('code_id').where('cart_id', '=', input.cartId).where('code_id', '=', code.id).executeTakeFirst();
  if (onCart) throw new AppError(409, 'duplicate_code', PROMO_TEXT.duplicate, 'promo_code', { code: voucher, handler: 'citypass' });
  if (!(await takeCodeUse(tx, code.id))) throw new AppError(409, 'code_exhausted', PROMO_TEXT.citypassUsed, 'promo_code', { code: voucher, handler: 'citypass' });
  await tx.insertInto('cart_promo_code').values({ cart_id: input.cartId, code_id: code.id, code: voucher, phase: 'citypass', identity_id: input.identityId, counted: 1, created_at: input.now.toISOString(), visit_datetime: input.visitDatetime ?? null }).execute();
  return code;
}
