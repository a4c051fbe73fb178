// Puts the buyer on the cart before paying (docs/checkout.md#your-information): a member as themselves, a guest
// registered from the form, an order's known buyer only with the address a method needs; once per set of answers.
import { identityAnswersToKeep, type IdentityAnswers, type IdentityField } from '@foyer/contracts/rules';
import { addressCheckout, guestCheckout, memberCheckout, registerGuest } from './api.js';
import { registrationOf } from './identity-form-model.js';
import { isRedirectMethod } from '../../shared/payment/redirect-methods.js';
import { giftCheckout, readGiftee } from '../membership/public.js';

/** The purchaser already set on this cart, by e-mail. */
export interface PurchaserSet {
  email: string;
  identityId: string;
  answers: string;
}

export interface PurchaserInput {
  cartId: string;
  member: boolean;
  knownPurchaser: boolean;
  /** The address fields a known buyer still answers for the method, or null. */
  knownAddress: IdentityField[] | null;
  form: IdentityField[];
  identity: IdentityAnswers;
  method: string;
}

export async function ensurePurchaser(set: { current: PurchaserSet | null }, { cartId, member, knownPurchaser, knownAddress, form, identity, method }: PurchaserInput): Promise<void> {
  // A gift of membership: the giftee named on the gift page goes on the cart with the buyer.
  const giftee = readGiftee(cartId);
  if (knownAddress) {
    const kept = identityAnswersToKeep(knownAddress, identity);
    const answers = JSON.stringify([kept, method]);
    if (set.current?.answers === answers) return;
    await addressCheckout(cartId, kept, method, member);
    set.current = { email: '', identityId: '', answers };
    return;
  }
  if (knownPurchaser) return;
  if (member) {
    if (set.current && set.current.answers === '') return;
    await (giftee ? giftCheckout(cartId, giftee.identityId) : memberCheckout(cartId));
    set.current = { email: '', identityId: '', answers: '' };
    return;
  }
  const value = registrationOf(form, identity);
  const methodType = isRedirectMethod(method) ? method : undefined;
  const answers = JSON.stringify([identity, methodType]);
  if (set.current?.email === value.email.toLowerCase() && set.current.answers === answers) return;
  const identityId = set.current?.email === value.email.toLowerCase() ? set.current.identityId : await registerGuest(value);
  await guestCheckout(cartId, identityId, identityAnswersToKeep(form, identity), giftee?.identityId, methodType);
  set.current = { email: value.email.toLowerCase(), identityId, answers };
}
