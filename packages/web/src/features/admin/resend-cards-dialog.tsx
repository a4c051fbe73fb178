import type { TAdminMember } from '@foyer/contracts';
import { adminText as t, fill } from '../../i18n/en-admin.js';
import { Modal } from '../../ui/modal.js';
import { resendMemberCards } from './admin-api.js';
import { useSubmission } from './use-submission.js';
import { formText, onFormData } from '../../lib/form-data.js';
import { FormActions } from './form-actions.js';

/**
 * Resend a membership's cards (docs/box-office.md#resending-cards): the card set's cards e-mailed
 * on their own, to the address typed or, left empty, the card holder's (else the buyer's).
 */
export function ResendCardsDialog(props: { member: TAdminMember | null; onClose: () => void; onDone: (message: string) => void }) {
  const { error, setError, busy, submit } = useSubmission();
  const m = props.member;
  return (
    <Modal open={m !== null} title={t.members.resendTitle} onClose={() => {
      setError(null);
      props.onClose();
    }} size="sm">
      {m && (
        <form
          className="admin-form"
          onSubmit={onFormData((f) => {
            const email = formText(f, 'email').trim();
            submit(
              () => resendMemberCards(m.card_set_id, email || undefined),
              (r) => props.onDone(fill(t.members.resent, { name: m.name, email: r.sent_to })),
            );
          })}
        >
          <p>{fill(t.members.resendLead, { name: m.name, level: m.level })}</p>
          {error && (
            <p className="notice notice--error" role="alert">
              {error}
            </p>
          )}
          <label>
            {t.members.resendTo}
            <input name="email" type="email" maxLength={254} autoComplete="off" defaultValue={m.email ?? ''} />
          </label>
          <FormActions submit={t.members.resendSubmit} cancel={t.members.close} busy={busy} onCancel={props.onClose} />
        </form>
      )}
    </Modal>
  );
}
