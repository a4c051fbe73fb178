import { GIFT_CODE_LENGTH, GIFT_CODE_VALID_MONTHS } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { CartTable } from '../../db/schema.js';
import { uuidv7 } from '../../ids.js';
import { readableCode } from '../../readable-code.js';
import { termEnd } from '../levels.js';
import { insertGift } from './gift.repository.js';

/**
 * A booked gift of membership (docs/memberships.md#7-gifts-of-membership Gifting) issues one code of 10 characters, inside the booking
 * transaction: about 49 bits of randomness (31 letters and digits a person can read out), unique by
 * index, redeemable for 12 months. Its value is the level's price, so the level given is free to
 * redeem whatever discount the giver had. The giver is the one a guest named at guest_checkout
 * (giver_identity_id), else the purchaser; the giftee the cart's.
 */
export async function issueMembershipGift(tx: Tx, input: { cart: Selectable<CartTable>; orderId: string; ticket: { id: string; ticket_type_id: string; face_value: number; email_giftee_on: string | null }; now: Date }) {
  const nowIso = input.now.toISOString();
  await insertGift(tx, {
    id: uuidv7(),
    seller_id: input.cart.seller_id,
    code: readableCode(GIFT_CODE_LENGTH),
    ticket_type_id: input.ticket.ticket_type_id,
    value: input.ticket.face_value,
    ticket_order_id: input.orderId,
    ticket_id: input.ticket.id,
    giver_identity_id: input.cart.giver_identity_id ?? input.cart.purchaser_identity_id ?? input.cart.identity_id,
    giftee_identity_id: input.cart.giftee_identity_id,
    email_giftee_on: input.ticket.email_giftee_on,
    giftee_mailed_at: null,
    valid_from: nowIso,
    valid_to: termEnd(nowIso, GIFT_CODE_VALID_MONTHS),
    held_ticket_id: null,
    redeemed_at: null,
    redeemed_order_id: null,
    membership_id: null,
    created_at: nowIso,
  });
}
