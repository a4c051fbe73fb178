import type { TAdminOrderDetail } from '@foyer/contracts';
import { adminText as t, fill } from '../../i18n/en-admin.js';
import { Modal } from '../../ui/modal.js';
import { refundOrder } from './admin-api.js';
import { useSubmission } from './use-submission.js';
import { formText, onFormData } from '../../lib/form-data.js';
import { FormActions } from './form-actions.js';

/** The refund dialog: what goes back, why; the server refuses what is not refundable and says why. */
export function RefundDialog(props: { open: boolean; orderId: string; tickets: TAdminOrderDetail['tickets'] | null; refundable: string; onClose: () => void; onDone: (message: string) => void }) {
  const { error, busy, submit } = useSubmission();
  const amount = props.tickets ? props.tickets.reduce((sum, x) => sum + Math.round(Number(x.value) * 100), 0) / 100 : Number(props.refundable);
  const shown = amount.toFixed(2);
  return (
    <Modal open={props.open} title={t.refund.title} onClose={props.onClose} size="sm">
      <form
        className="admin-form"
        onSubmit={onFormData((f) => {
          const reason = formText(f, 'reason');
          submit(
            () => refundOrder(props.orderId, { reason, ...(props.tickets ? { ticket_ids: props.tickets.map((x) => x.id) } : {}) }),
            (r) => props.onDone(fill(r.admin_refund.status === 'refunded' ? t.refund.done : t.refund.sending, { amount: r.admin_refund.amount })),
          );
        })}
      >
        <p>{props.tickets ? fill(t.refund.tickets, { n: props.tickets.length, amount: shown }) : fill(t.refund.whole, { amount: shown })}</p>
        {error && (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        )}
        <label>
          {t.refund.reason}
          <textarea name="reason" required maxLength={500} rows={3} data-autofocus />
        </label>
        <FormActions submit={fill(t.refund.confirm, { amount: shown })} cancel={t.refund.cancel} busy={busy} onCancel={props.onClose} />
      </form>
    </Modal>
  );
}
