import type { TResendAnswer } from '@foyer/contracts';
import { useState } from 'react';
import { api, errorMessage } from '../../api/client.js';
import { en } from '../../i18n/en.js';

/**
 * "Resend membership e-mail" (docs/after-sale.md#resending-tickets membership details): POST my/ticket_order/resend with
 * memberships_only — the membership confirmations go to the account's own address again.
 */
export function ResendMembershipMail() {
  const [state, setState] = useState<{ busy: boolean; sent: boolean; error: string | null }>({ busy: false, sent: false, error: null });
  const resend = async () => {
    setState({ busy: true, sent: false, error: null });
    try {
      await api.post<TResendAnswer>('my/ticket_order/resend', { memberships_only: true });
      setState({ busy: false, sent: true, error: null });
    } catch (error) {
      setState({ busy: false, sent: false, error: errorMessage(error) });
    }
  };
  return (
    <div className="membership-resend">
      <button type="button" className="button button--secondary" disabled={state.busy} onClick={() => void resend()}>
        {state.busy ? en.account.sending : en.membership.resendMail}
      </button>
      <p role="status" className="muted membership-resend__status">
        {state.sent ? en.membership.resendMailSent : ''}
      </p>
      {state.error && (
        <p role="alert" className="field-error">
          {state.error}
        </p>
      )}
    </div>
  );
}
