import { en, format } from '../../i18n/en.js';
import { Modal } from '../../ui/modal.js';
import { ConfirmActions } from '../../ui/confirm-actions.js';

/**
 * 402 intent_requires_action (docs/checkout.md#errors): the bank asks the buyer to confirm. With the demo gateway
 * this dialog stands in for the bank's 3-D Secure page, labelled test mode.
 */
export function ConfirmPaymentDialog({ open, amount, onConfirm, onCancel }: { open: boolean; amount: string; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Modal open={open} title={en.checkout.confirmTitle} onClose={onCancel}>
      <div className="dialog-body">
        <p>
          <span className="badge badge--test">{en.checkout.testMode}</span>
        </p>
        <p>{format(en.checkout.confirmText, { amount })}</p>
        <p className="muted">{en.checkout.confirmTestMode}</p>
        <ConfirmActions decline={en.checkout.confirmCancel} confirm={en.checkout.confirm} onDecline={onCancel} onConfirm={onConfirm} />
      </div>
    </Modal>
  );
}
