import { isResidentZip, looksLikeZip, normaliseZip, PROMO_TEXT } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { PromoCodeTable } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { attachToCart, codeByText, detachPhase, residentGroups } from './promotions.repository.js';
import { residentCodeOf } from './resident-zip.js';

/**
 * A resident discount (docs/promotions.md#code-groups zip-code-as-discount): a ZIP code (US, 5 digits) or postcode (UK)
 * that a resident group's prefixes match puts that group's code on the cart, shown as the zip.
 * Another resident zip replaces it. Resident discounts have no use limits.
 */
export async function attachZip(tx: Tx, input: { sellerId: string; cartId: string; identityId: string; zip: string; now: Date }): Promise<Selectable<PromoCodeTable>> {
  const zip = normaliseZip(input.zip);
  if (!looksLikeZip(zip)) throw new AppError(400, 'validation_failed', PROMO_TEXT.zipFormat, 'promo_code', { code: zip, field: 'zip_code' });
  const groups = await residentGroups(tx, input.sellerId);
  // residentGroups reads only groups with a `resident` rule.
  const group = groups.find((g) => g.resident !== null && isResidentZip(zip, JSON.parse(g.resident) as Parameters<typeof isResidentZip>[1]));
  const code = group ? await codeByText(tx, input.sellerId, residentCodeOf(group.catalog_key)) : undefined;
  if (!code) throw new AppError(422, 'no_code_benefit', PROMO_TEXT.noResidentDiscount, 'promo_code', { code: zip });
  await detachPhase(tx, input.cartId, 'zip');
  await attachToCart(tx, { cart_id: input.cartId, code_id: code.id, code: zip, phase: 'zip', identity_id: input.identityId, counted: 0, created_at: input.now.toISOString() });
  return code;
}
