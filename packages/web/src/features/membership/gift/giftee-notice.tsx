import { en, format } from '../../../i18n/en.js';
import { readGiftee } from './giftee-storage.js';

/** At checkout: who the gift in the cart is for (docs/memberships.md#7-gifts-of-membership local state giftee); nothing for other carts. */
export function GifteeNotice({ cartId }: { cartId: string }) {
  const giftee = readGiftee(cartId);
  if (!giftee) return null;
  return (
    <p className="notice notice--info" data-testid="giftee-notice">
      {format(en.gift.checkoutNotice, { name: giftee.name, email: giftee.email })}
    </p>
  );
}
