import type { ReactNode } from 'react';

/** A box-office form's last row: submit (held while the call runs), then the way out without acting. */
export function FormActions({ submit, cancel, busy, onCancel }: { submit: ReactNode; cancel: string; busy?: boolean; onCancel: () => void }) {
  return (
    <div className="admin-actions">
      <button type="submit" className="button" disabled={busy}>
        {submit}
      </button>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {cancel}
      </button>
    </div>
  );
}
