import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths.js';
import { en } from '../../i18n/en.js';
import { Modal } from '../../ui/modal.js';
import { useCart } from '../../shared/cart/cart-context.js';

/**
 * The delete-cart-or-checkout dialog (docs/routes.md#app-shell-and-modals): shown where something needs an empty cart (a gift
 * of membership, docs/routes.md#app-shell-and-modals); the buyer checks out first or deletes the cart, then `onEmptied` runs.
 */
export function DeleteCartOrCheckoutDialog({ open, onClose, onEmptied }: { open: boolean; onClose: () => void; onEmptied: () => void }) {
  const { store } = useCart();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const remove = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await store.deleteAll();
      onEmptied();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={en.cartInTheWay.title} onClose={onClose}>
      <div className="dialog-body">
        <p>{en.cartInTheWay.text}</p>
        {failed && (
          <p className="notice notice--error" role="alert">
            {en.cartInTheWay.failed}
          </p>
        )}
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" data-autofocus onClick={() => void navigate(paths.checkout)}>
          {en.cartInTheWay.checkout}
        </button>
        <button type="button" className="button button--secondary" disabled={busy} aria-busy={busy} onClick={() => void remove()}>
          {busy ? en.cartInTheWay.deleting : en.cartInTheWay.delete}
        </button>
      </div>
    </Modal>
  );
}
