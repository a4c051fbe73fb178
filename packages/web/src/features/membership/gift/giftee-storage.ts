import { cartTabState } from '../../../lib/cart-tab-state.js';

/** docs/memberships.md#7-gifts-of-membership local state `giftee`: who the gift in the cart is for, from the gift page to the checkout. */
export interface StoredGiftee {
  identityId: string;
  name: string;
  email: string;
}

const giftee = cartTabState<StoredGiftee>('foyer.giftee');
export const saveGiftee = giftee.save;
export const readGiftee = giftee.read;
export const clearGiftee = giftee.clear;
