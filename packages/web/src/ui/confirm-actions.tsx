/** A dialog's two answers: decline (secondary) first, then confirm, which takes the focus as the dialog opens. */
export function ConfirmActions({ decline, confirm, onDecline, onConfirm }: { decline: string; confirm: string; onDecline: () => void; onConfirm: () => void }) {
  return (
    <div className="dialog-actions">
      <button type="button" className="button button--secondary" onClick={onDecline}>
        {decline}
      </button>
      <button type="button" className="button" onClick={onConfirm} data-autofocus>
        {confirm}
      </button>
    </div>
  );
}
