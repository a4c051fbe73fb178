import type { TAdminSessionListRow } from '@foyer/contracts';
import { adminText as t, fill } from '../../i18n/en-admin.js';
import { Modal } from '../../ui/modal.js';
import { issueComps } from './admin-api.js';
import { ContactFields, readContact } from './contact-fields.js';
import { dateTime } from './format.js';
import { TicketLineFields } from './ticket-line-fields.js';
import { useSubmission } from './use-submission.js';

/**
 * Complimentary tickets into one session (docs/box-office.md, Complimentary tickets): a ticket type
 * of the event, how many, an optional recipient (e-mailed when asked), why. The server checks
 * capacity and says why it refuses.
 */
export function CompDialog(props: { session: TAdminSessionListRow | null; onClose: () => void; onDone: (message: string, orderId: string) => void }) {
  const { error, setError, busy, submit } = useSubmission();
  const s = props.session;
  return (
    <Modal open={s !== null} title={t.comps.title} onClose={() => (setError(null), props.onClose())} size="sm">
      {s && (
        <form
          className="admin-form"
          onSubmit={(e) => {
            e.preventDefault();
            const f = new FormData(e.currentTarget);
            const text = (name: string) => String(f.get(name) ?? '').trim();
            const { contact: recipient, send_email } = readContact(f);
            submit(
              () => issueComps({ items: [{ ticket_type: text('ticket_type'), session: s.id, quantity: Number(text('quantity')) }], recipient, send_email, reason: text('reason') }),
              (r) => props.onDone(fill(t.comps.done, { n: r.admin_comp.tickets.length, number: r.admin_comp.order_number }), r.admin_comp.order_id),
            );
          }}
        >
          <p>{fill(t.comps.lead, { event: s.event_name, time: dateTime(s.start_datetime) })}</p>
          {error && (
            <p className="notice notice--error" role="alert">
              {error}
            </p>
          )}
          <TicketLineFields session={s} labels={t.comps} />
          <fieldset>
            <legend>{t.comps.recipient}</legend>
            <ContactFields labels={t.comps} />
          </fieldset>
          <label>
            {t.comps.reason}
            <textarea name="reason" required maxLength={500} rows={2} />
          </label>
          <div className="admin-actions">
            <button type="submit" className="button" disabled={busy}>
              {t.comps.submit}
            </button>
            <button type="button" className="button button--secondary" onClick={props.onClose}>
              {t.comps.cancel}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
