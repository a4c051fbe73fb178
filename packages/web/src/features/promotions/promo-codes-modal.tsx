import { en } from '../../i18n/en.js';
import { Modal } from '../../ui/modal.js';
import { useCart } from '../cart/cart-context.js';
import { applyCode } from './api.js';
import { AppliedCodes } from './applied-codes.js';
import { PromoCodeForm } from './promo-code-form.js';

/** The checkout's promo-codes modal (001 §2): a code applied to the cart, the applied ones removable. */
export function PromoCodesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { view, store } = useCart();
  return (
    <Modal open={open} title={en.promo.title} onClose={onClose}>
      {view && (
        <div className="dialog-body">
          <PromoCodeForm autoFocus onApply={async (code) => store.accept(await applyCode(view.cart.id, code))} onApplied={onClose} />
          <AppliedCodes cart={view.cart} />
        </div>
      )}
    </Modal>
  );
}
