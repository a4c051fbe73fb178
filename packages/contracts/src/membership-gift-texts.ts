/** Gifts of membership (001 §2, §5, §8; issue 12): limits and texts the server answers with and the web shows. */

/** 001 §5: a gift code is exactly 10 characters. */
export const GIFT_CODE_LENGTH = 10;
/** 001 §2: the redeem page shows at most this many levels, sorted by discount. */
export const REDEEM_LEVELS_MAX = 3;
/** How long a gift code can be redeemed, from the day it was bought (a level's catalog setting may change it). */
export const GIFT_CODE_VALID_MONTHS = 12;

/** 001 §5 / §8: a gift to oneself (the same identity or e-mail as the giver). */
export const GIFT_TO_SELF = 'You cannot gift a membership to yourself. Do you want to buy or renew a membership?';

export const GIFT_CODE_TEXT = {
  /** 001 §5: wrong length or not found. */
  invalid: 'You must enter a valid code',
  /** 001 §5: outside valid_from..valid_to. */
  expired: 'This code has expired',
  /** 001 §5: exhausted (redeemed, or being redeemed in another cart). */
  redeemed: 'This code has already been redeemed',
  /** 001 §5: no level can be had for the code. */
  noLevels: 'No memberships available',
  /** 001 §2: gifting requires an empty cart. */
  emptyCartFirst: 'A gift membership is bought on its own. Please check out or empty your cart first.',
  /** A gift cart paid without naming who it is for. */
  gifteeRequired: 'Please tell us who this gift is for.',
  /** A gift cannot be redeemed towards another gift. */
  giftOfGift: 'A gift code cannot be used to buy a gift.',
} as const;
