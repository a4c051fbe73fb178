/** Gift card texts (docs/payments.md#gift-cards) the server answers with when cards are kept on a cart (docs/payments.md). */
export const GIFT_CARD_TEXT = {
  required: 'Enter the gift card number.',
  duplicate: 'Oops! You already applied this gift card',
  zeroBalance: 'Gift Card balance is $0',
  notFound: 'We could not find a gift card with that number.',
  tooMany: 'You can apply at most 10 gift cards.',
} as const;
