import type { TAdminTicket } from '@foyer/contracts';
import { ADMIT_NAME_PART_MAX } from '@foyer/contracts/constants';
import { adminText as t, fill } from '../../i18n/en-admin.js';
import { Modal } from '../../ui/modal.js';
import { renameTicket } from './admin-api.js';
import { useSubmission } from './use-submission.js';
import { formText, onFormData } from '../../lib/form-data.js';
import { FormActions } from './form-actions.js';

/** The order page's names: booked tickets and those let in already (docs/box-office.md, Attendee names). */
export const isRenameable = (ticket: TAdminTicket) => ticket.state === 'booked' || ticket.state === 'redeemed';

/** How the order page names one ticket (its type and scan code). */
export const ticketLabel = (ticket: TAdminTicket) => `${ticket.ticket_type_name} ${ticket.scan_code ?? ''}`.trim();

/** A name as the storefront joins it, split back for editing: the first word, and the rest. */
function split(name: string | null) {
  const [first = '', ...rest] = (name ?? '').trim().split(/\s+/);
  return { first, last: rest.join(' ') };
}

/** Correct a ticket's attendee name: first and last within the storefront's limits; the server says why it refuses. */
export function TicketNameDialog(props: { orderId: string; ticket: TAdminTicket | null; onClose: () => void; onDone: (message: string) => void }) {
  const { error, setError, busy, submit } = useSubmission();
  const ticket = props.ticket;
  const current = split(ticket?.admit_name ?? null);
  const close = () => {
    setError(null);
    props.onClose();
  };
  return (
    <Modal open={ticket !== null} title={t.ticketName.title} onClose={close} size="sm">
      {ticket && (
        <form
          className="admin-form"
          onSubmit={onFormData((data) => {
            submit(
              () => renameTicket(props.orderId, ticket.id, { first_name: formText(data, 'first_name'), last_name: formText(data, 'last_name') }),
              (r) => props.onDone(fill(t.ticketName.done, { ticket: ticketLabel(ticket), name: r.admin_ticket.admit_name ?? '' })),
            );
          })}
        >
          <p>{ticketLabel(ticket)}</p>
          {error && (
            <p className="notice notice--error" role="alert">
              {error}
            </p>
          )}
          <label>
            {t.ticketName.first}
            <input name="first_name" defaultValue={current.first} required maxLength={ADMIT_NAME_PART_MAX} autoComplete="off" data-autofocus />
          </label>
          <label>
            {t.ticketName.last}
            <input name="last_name" defaultValue={current.last} required maxLength={ADMIT_NAME_PART_MAX} autoComplete="off" />
          </label>
          <FormActions submit={t.ticketName.save} cancel={t.ticketName.cancel} busy={busy} onCancel={close} />
        </form>
      )}
    </Modal>
  );
}
