/** Gifts of membership (docs/memberships.md#7-gifts-of-membership; issue 12): limits and texts the server answers with and the web shows. */

/** docs/memberships.md#7-gifts-of-membership: a gift code is exactly 10 characters. */
export const GIFT_CODE_LENGTH = 10;
/** docs/memberships.md#7-gifts-of-membership: the redeem page shows at most this many levels, sorted by discount. */
export const REDEEM_LEVELS_MAX = 3;
/** How long a gift code can be redeemed, from the day it was bought (a level's catalog setting may change it). */
export const GIFT_CODE_VALID_MONTHS = 12;

/** docs/memberships.md#7-gifts-of-membership: a gift to oneself (the same identity or e-mail as the giver). */
export const GIFT_TO_SELF = 'You cannot gift a membership to yourself. Do you want to buy or renew a membership?';

export const GIFT_CODE_TEXT = {
  /** docs/memberships.md#7-gifts-of-membership: wrong length or not found. */
  invalid: 'You must enter a valid code',
  /** docs/memberships.md#7-gifts-of-membership: outside valid_from..valid_to. */
  expired: 'This code has expired',
  /** docs/memberships.md#7-gifts-of-membership: exhausted (redeemed, or being redeemed in another cart). */
  redeemed: 'This code has already been redeemed',
  /** docs/memberships.md#7-gifts-of-membership: no level can be had for the code. */
  noLevels: 'No memberships available',
  /** docs/memberships.md#7-gifts-of-membership: gifting requires an empty cart. */
  emptyCartFirst: 'A gift membership is bought on its own. Please check out or empty your cart first.',
  /** A gift cart paid without naming who it is for. */
  gifteeRequired: 'Please tell us who this gift is for.',
  /** A gift cannot be redeemed towards another gift. */
  giftOfGift: 'A gift code cannot be used to buy a gift.',
} as const;
