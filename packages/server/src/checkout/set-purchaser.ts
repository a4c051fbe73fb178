import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import type { Identity } from '../identity/public-identity.js';
import { assertModifiable } from '../cart/cart-access.js';
import { cartById, updateCartRow } from '../cart/public.js';
import { updateUser, userByIdentity } from '../users/public.js';
import { mergedMeta } from '../users/update-user.js';
import { holderRegistered, mayNameIdentity } from '../identity/public.js';
import { checkGiftee } from './check-giftee.js';
import { ADDRESS_METHODS, addressFieldsOf, withAddressFields, type IdentityAnswers } from '@foyer/contracts/rules';
import { changeCartBuyer, checkPurchaserAnswers, purchaserFormOfCart } from './purchaser-form.js';

/**
 * POST cart/{id}/guest_checkout and my/cart/{id}/checkout (docs/checkout.md#calls): who is buying. A guest names
 * the identity made by POST user (its account has the e-mail the tickets go to); a logged-in member
 * buys as themselves. A guest's answers to the "your information" form (`answers`; null for a
 * member, whose form is hidden) are checked against the cart's form and kept with the cart (and on a
 * guest account's meta). A
 * guest giving a membership names its giftee here too (issue 12).
 */
export async function setPurchaser(
  db: Db,
  input: { sellerId: string; identity: Identity | null; cartId: string; purchaserIdentityId: string | null; gifteeIdentityId?: string | null; giverIdentityId?: string | null; sendEmail: boolean; answers: IdentityAnswers | null; now: Date; paymentMethodType?: string | null },
) {
  const cart = await cartById(db, input.cartId);
  assertModifiable(cart, input.identity, input.sellerId, input.now);
  // A change cart (self-edit, /manage/{id}/confirm): its order's buyer pays; only the address a
  // payment method needs is recorded, for the pay call to check again (redirect-methods.ts).
  if (cart.edits_order_id) {
    const buyer = await changeCartBuyer(db, cart);
    if (!buyer) throw new AppError(400, 'validation_failed', 'Please enter your details to continue.', 'checkout', { field: 'guest_identity_id' });
    const kept = input.answers ? checkPurchaserAnswers(addressFieldsOf(await purchaserFormOfCart(db, input.sellerId, cart.id)), buyer, input.answers) : null;
    await updateCartRow(db, cart.id, { purchaser_meta: kept ? JSON.stringify(kept) : null, updated_at: input.now.toISOString() });
    return;
  }
  const purchaser = input.purchaserIdentityId ?? (input.identity?.kind === 'user' ? input.identity.id : null);
  if (!purchaser) throw new AppError(400, 'validation_failed', 'Please enter your details to continue.', 'checkout', { field: 'guest_identity_id' });
  const notFound = () => new AppError(404, 'not_found', 'These details could not be found. Please enter them again.', 'checkout', { field: 'guest_identity_id' });
  // Only the caller's own identity or one it registered (POST user) or typed the e-mail of — else any account could receive the confirmation.
  if (!input.identity || !(await mayNameIdentity(db, input.identity.id, purchaser))) throw notFound();
  const account = await userByIdentity(db, purchaser, input.sellerId);
  if (!account) throw notFound();
  // docs/checkout.md#calls giver_identity_id: the giver of a gift, when not the purchaser — an account this caller may name, like the purchaser.
  const giver = input.giverIdentityId ?? null;
  if (giver && (!(await mayNameIdentity(db, input.identity.id, giver)) || !(await userByIdentity(db, giver, input.sellerId)))) {
    throw new AppError(404, 'not_found', 'These details could not be found. Please enter them again.', 'checkout', { field: 'giver_identity_id' });
  }
  if (input.gifteeIdentityId) await checkGiftee(db, { sellerId: input.sellerId, callerIdentityId: input.identity.id, giverIdentityId: giver ?? purchaser, gifteeIdentityId: input.gifteeIdentityId, operation: 'checkout' });
  // A payment method that needs the address (docs/checkout.md#your-information) makes its fields required here too; pay checks them again.
  const form = await purchaserFormOfCart(db, input.sellerId, cart.id);
  const kept = input.answers ? checkPurchaserAnswers(ADDRESS_METHODS.includes(input.paymentMethodType ?? '') ? withAddressFields(form) : form, account, input.answers) : null;
  // docs/checkout.md#data: the answers (address, phone, custom fields) go on the identity's meta too — these checked
  // ones, never the browser's own. Only on a guest account this caller registered: a member's meta is
  // theirs to change (PUT my/user), and typing someone's e-mail (POST user's 409) lets a caller name
  // them as purchaser, not write to their account. Best effort: answers over the meta limits stay on
  // the cart (and its order) only, rather than refusing a checkout the form allowed.
  if (kept && !account.password_hash && (await holderRegistered(db, input.identity.id, account.identity_id))) {
    const { first_name: _f, last_name: _l, email: _e, ...answers } = kept;
    let meta: string | null = null;
    try {
      meta = mergedMeta(account.meta, answers);
    } catch {
      // Over the meta limits: left on the cart only.
    }
    if (meta) await updateUser(db, account.id, { meta, updated_at: input.now.toISOString() });
  }
  await updateCartRow(db, cart.id, {
    purchaser_identity_id: purchaser,
    giftee_identity_id: input.gifteeIdentityId ?? cart.giftee_identity_id,
    giver_identity_id: giver ?? cart.giver_identity_id,
    send_email: input.sendEmail ? 1 : 0,
    purchaser_meta: kept ? JSON.stringify(kept) : null,
    updated_at: input.now.toISOString(),
  });
}
