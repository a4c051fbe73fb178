import { useState } from 'react';
import { en } from '../../i18n/en.js';
import { useOptionalCart } from '../../shared/cart/cart-context.js';
import { isInjectedCart } from '../../shared/cart/model.js';
import { BlockedCartNotice } from './blocked-cart-notice.js';
import { PromoCodesModal } from './promo-codes-modal.js';
import { ResidentZip } from './resident-zip.js';
import { useOptionalAccount } from '../account/public.js';

/** Checkout's promo codes (docs/promotions.md#the-storefront, docs/promotions.md#applying-codes): the blocked-cart notice when a code is needed, and the promo-codes modal. */
export function CheckoutPromoCodes() {
  const cart = useOptionalCart();
  const user = useOptionalAccount()?.user;
  const [open, setOpen] = useState(false);
  const view = cart?.view;
  if (!view || isInjectedCart(view.cart)) return null;
  return (
    <>
      <BlockedCartNotice cart={view.cart} onEnterCode={() => setOpen(true)} />
      <button type="button" className="button button--secondary promo-open" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {en.promo.open}
      </button>
      <PromoCodesModal open={open} onClose={() => setOpen(false)} />
      {/* A member's own zip gives them the resident discount (docs/promotions.md#code-groups). */}
      {user?.zip_code && <ResidentZip memberZip={user.zip_code} />}
    </>
  );
}
