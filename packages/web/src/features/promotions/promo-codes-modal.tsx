import { en } from '../../i18n/en.js';
import { Modal } from '../../ui/modal.js';
import { useCart } from '../../shared/cart/cart-context.js';
import { applyCode } from './api.js';
import { AppliedCodes } from './applied-codes.js';
import { PromoCodeForm } from './promo-code-form.js';
import { blockedCartErrorText, blockingOf } from './model.js';

/** The checkout's promo-codes modal (docs/promotions.md#the-storefront): a code applied to the cart, the applied ones removable; for a blocked cart (docs/promotions.md#applying-codes) a refused code adds 'Please try another one.' */
export function PromoCodesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { view, store } = useCart();
  return (
    <Modal open={open} title={en.promo.title} onClose={onClose}>
      {view && (
        <div className="dialog-body">
          <PromoCodeForm modalFocus errorText={blockingOf(view.cart) ? blockedCartErrorText : undefined} onApply={async (code) => store.accept(await applyCode(view.cart.id, code))} onApplied={onClose} />
          <AppliedCodes cart={view.cart} />
        </div>
      )}
    </Modal>
  );
}
