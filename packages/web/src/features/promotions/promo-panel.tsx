import { useId, useRef, useState } from 'react';
import { en, format } from '../../i18n/en.js';
import { useCart } from '../../shared/cart/cart-context.js';
import { isInjectedCart } from '../../shared/cart/model.js';
import { applyCode } from './api.js';
import { AppliedCodes } from './applied-codes.js';
import { PromoCodeForm } from './promo-code-form.js';

/**
 * The promo panel of the cart (docs/promotions.md#applying-codes): collapsed ("Have a promo code?"), expanded, applying, then
 * collapsed and cleared on success with the result announced; a refusal shows inline.
 */
export function PromoPanel() {
  const { view, store } = useCart();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [announce, setAnnounce] = useState('');
  const toggleRef = useRef<HTMLButtonElement>(null);
  if (!view || isInjectedCart(view.cart)) return null;
  const cartId = view.cart.id;

  return (
    <div className="promo-panel">
      <AppliedCodes cart={view.cart} />
      <button
        ref={toggleRef}
        type="button"
        className="button button--link promo-panel__toggle"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => {
          setOpen((o) => !o);
          setAnnounce('');
        }}
      >
        {en.promo.toggle}
      </button>
      <div id={`${id}-panel`} hidden={!open}>
        {open && (
          <PromoCodeForm
            modalFocus
            onApply={async (code) => store.accept(await applyCode(cartId, code))}
            onApplied={(code) => {
              setOpen(false);
              setAnnounce(format(en.promo.applied, { code: code.toUpperCase() }));
              toggleRef.current?.focus();
            }}
          />
        )}
      </div>
      <p className="visually-hidden" role="status">
        {announce}
      </p>
    </div>
  );
}
