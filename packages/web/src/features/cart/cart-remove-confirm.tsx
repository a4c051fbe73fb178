// The question before a ticket leaves the cart (docs/cart.md#screens): what goes, and what goes with it.
import { en, format } from '../../i18n/en.js';
import type { CartLine, RemovalPlan } from '../../shared/cart/model.js';

/** The ticket to remove and what its removal takes with it. */
export interface RemovalAsked {
  line: CartLine;
  plan: RemovalPlan;
}

export function RemoveConfirm({
  confirm,
  error,
  removing,
  onCancel,
  onConfirm,
}: {
  confirm: RemovalAsked;
  error: string | null;
  removing: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { line, plan } = confirm;
  const item = format(en.cart.quantityTimes, { count: line.quantity, type: line.name });
  let detail: string | null = null;
  if (plan.kind === 'delete_cart') detail = plan.reason === 'dependency' ? en.cart.removeAllText : en.cart.removeOnlyText;
  else if (plan.lines.length > 1)
    detail = format(en.cart.removeGroupText, { items: plan.lines.map((l) => format(en.cart.quantityTimes, { count: l.quantity, type: l.name })).join(', ') });
  return (
    <div className="dialog-body">
      <p>{format(en.cart.removeText, { item })}</p>
      {detail && <p className="muted">{detail}</p>}
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button button--secondary" onClick={onCancel} data-autofocus disabled={removing}>
          {en.cart.cancel}
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm} disabled={removing}>
          {en.cart.confirmRemove}
        </button>
      </div>
    </div>
  );
}
