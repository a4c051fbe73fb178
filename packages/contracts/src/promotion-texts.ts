/** Promotion limits and texts (docs/promotions.md#applying-codes, docs/promotions.md#codes) the server answers with and the web shows. */

/** docs/promotions.md#applying-codes, docs/promotions.md#codes: a promo code is trimmed and 2 to 35 characters long. */
export const PROMO_CODE_MIN = 2;
export const PROMO_CODE_MAX = 35;

export const PROMO_TEXT = {
  /** docs/promotions.md#applying-codes: an unknown code without a description; the web puts the code before it. */
  notValid: 'is not a valid promo code.',
  /** docs/promotions.md#applying-codes blocked cart. */
  codeRequired: 'A code is required to continue with your order.',
  tryAnother: 'Please try another one.',
  /** docs/promotions.md#applying-codes city-pass voucher format. */
  citypassFormat: 'Does not match the expected format. Please check your CityPASS code.',
  exhausted: 'This code has been used up.',
  citypassUsed: 'This CityPASS code has already been used.',
  /** A pre-reserved CityPASS visit (handler_data.visit_datetime) that no session in the cart starts at (ours; {time} venue-local). */
  citypassVisit: 'This CityPASS code is reserved for a visit on {time}. Please choose that session.',
  citypassVisitFormat: 'The CityPASS visit time is not a valid date and time.',
  expired: 'This code has expired.',
  notYetValid: 'This code is not valid yet.',
  duplicate: 'This code has already been applied.',
  noBenefit: 'This code does not give a discount on the tickets in your cart.',
  emptyCart: 'Add tickets to your cart before applying a code.',
  perIdentity: 'You have already used this code.',
  paidCart: 'Part of this order has been paid, so codes can no longer be changed.',
  notApplied: 'This code is not applied to your cart.',
  /** Removing a code that a code-required group's tickets on the cart need (no spec text: ours). */
  neededByTickets: 'This code is needed for tickets in your cart. Remove those tickets first.',
  zipFormat: 'Enter a 5-digit ZIP code or a UK postcode.',
  noResidentDiscount: 'There is no resident discount for this ZIP code.',
  /** Fallback for a code-required group without a description of its own. */
  codeRequiredReserve: 'These tickets need a code. Please enter your code.',
  /** The pay call found the cart's price changed (an offer ended while it was held): nothing was charged. */
  priceChanged: 'The price of your order has changed because an offer has ended. Please check the new total and pay again.',
} as const;
