import type { TCartDocument } from '@foyer/contracts';
import { api } from '../../api/client.js';
import { identityIdOfConflict, identityIdOfUser } from './identity-ids.js';

/** The checkout calls of docs/checkout.md#calls. */

/** POST user without a password: a guest's identity; a known e-mail answers 409 with its identity id. */
export async function registerGuest(value: { first_name: string; last_name: string; email: string }): Promise<string> {
  try {
    const doc = await api.post<unknown>('user', value, { embed: ['identity'] });
    const id = identityIdOfUser(doc);
    if (!id) throw new Error('no identity in the user document');
    return id;
  } catch (error) {
    const existing = identityIdOfConflict(error);
    if (existing) return existing;
    throw error;
  }
}

/** A logged-in member buys as themselves (docs/checkout.md#calls POST my/cart/{id}/checkout). */
export function memberCheckout(cartId: string): Promise<TCartDocument> {
  return api.post<TCartDocument>(`my/cart/${encodeURIComponent(cartId)}/checkout`, {});
}

/**
 * The purchaser and their answers to the "your information" form, which the server checks again
 * (docs/memberships.md#7-gifts-of-membership); a guest giving a membership names its giftee too.
 */
export function guestCheckout(cartId: string, identityId: string, answers: Record<string, string | boolean> = {}, gifteeIdentityId?: string, paymentMethodType?: string): Promise<TCartDocument> {
  return api.post<TCartDocument>(`cart/${encodeURIComponent(cartId)}/guest_checkout`, {
    guest_identity_id: identityId,
    send_email: true,
    identity_form: answers,
    ...(gifteeIdentityId ? { giftee_identity_id: gifteeIdentityId } : {}),
    // bacs_debit / afterpay_clearpay: the server requires the address too (docs/payments.md#redirect-methods-afterpay--clearpay-and-bacs-direct-debit).
    ...(paymentMethodType ? { payment_method_type: paymentMethodType } : {}),
  });
}

/**
 * A known buyer paying with a method that needs the address (docs/checkout.md#your-information): its answers, checked by the
 * server, which knows who pays — a member (my/cart guest_checkout names them) or, for a change to an
 * order (self-edit), the order's buyer (its e-mail was sent with the order, so none is sent now).
 */
export function addressCheckout(cartId: string, answers: Record<string, string | boolean>, paymentMethodType: string, member: boolean): Promise<TCartDocument> {
  return api.post<TCartDocument>(`${member ? 'my/cart' : 'cart'}/${encodeURIComponent(cartId)}/guest_checkout`, { send_email: member, identity_form: answers, payment_method_type: paymentMethodType });
}
