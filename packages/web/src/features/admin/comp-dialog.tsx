import { useQueryClient } from '@tanstack/react-query';
import type { TAdminSessionListRow } from '@foyer/contracts';
import { lazy, Suspense, useState } from 'react';
import { isApiError } from '../../api/client.js';
import { adminText as t, fill } from '../../i18n/en-admin.js';
import { Modal } from '../../ui/modal.js';
import { issueComps } from './admin-api.js';
import { ContactFields, readContact } from './contact-fields.js';
import { dateTime } from './format.js';
import type { ChosenSeats } from './staff-seats.js';
import { TicketLineFields } from './ticket-line-fields.js';
import { useSubmission } from './use-submission.js';
import { formText, onFormData } from '../../lib/form-data.js';
import { FormActions } from './form-actions.js';

// The seat picker and the map behind it load when a seated session asks for seats (docs/box-office.md#seats).
const StaffSeats = lazy(() => import('./staff-seats.js'));

/**
 * Complimentary tickets into one session (docs/box-office.md, Complimentary tickets): a ticket type
 * of the event, how many, an optional recipient (e-mailed when asked), why. The server checks
 * capacity and says why it refuses. A seated type's tickets take the seats chosen on the session's
 * seat map, as many as tickets (docs/box-office.md#seats).
 */
export function CompDialog(props: { session: TAdminSessionListRow | null; onClose: () => void; onDone: (message: string, orderId: string) => void }) {
  const s = props.session;
  return (
    <Modal open={s !== null} title={t.comps.title} onClose={props.onClose} size="sm">
      {s && <CompForm key={s.id} {...props} session={s} />}
    </Modal>
  );
}

function CompForm(props: { session: TAdminSessionListRow; onClose: () => void; onDone: (message: string, orderId: string) => void }) {
  const { error, setError, busy, submit } = useSubmission();
  const s = props.session;
  const client = useQueryClient();
  const [line, setLine] = useState({ type: s.ticket_types[0]?.id ?? '', quantity: 1 });
  const [seats, setSeats] = useState<ChosenSeats | null>(null);
  const type = s.ticket_types.find((x) => x.id === line.type);
  const seatLines = type?.seated && line.quantity > 0 ? Array.from({ length: line.quantity }, () => ({ groupId: type.ticket_group_id, typeName: type.name })) : [];
  return (
    <form
      className="admin-form"
      onChange={(e) => {
        const f = new FormData(e.currentTarget);
        const next = { type: formText(f, 'ticket_type'), quantity: Math.min(100, Math.max(0, Math.trunc(Number(f.get('quantity')) || 0))) };
        if (next.type !== line.type || next.quantity !== line.quantity) {
          setLine(next);
          setSeats(null);
        }
      }}
      onSubmit={onFormData((f) => {
        const text = (name: string) => formText(f, name).trim();
        const { contact: recipient, send_email } = readContact(f);
        const seatIds = seatLines.length ? (seats?.ids ?? null) : undefined;
        if (seatIds === null) { setError(t.seats.missing); return; }
        submit(
          () =>
            issueComps({ items: [{ ticket_type: text('ticket_type'), session: s.id, quantity: Number(text('quantity')) }], recipient, send_email, reason: text('reason'), ...(seatIds ? { seat_ids: seatIds } : {}) }).catch((failure: unknown) => {
              if (isApiError(failure) && failure.code === 'seat_unavailable') {
                setSeats(null);
                void client.invalidateQueries({ queryKey: ['seat_map'] });
              }
              throw failure;
            }),
          (r) => props.onDone(fill(t.comps.done, { n: r.admin_comp.tickets.length, number: r.admin_comp.order_number }), r.admin_comp.order_id),
        );
      })}
    >
      <p>{fill(t.comps.lead, { event: s.event_name, time: dateTime(s.start_datetime) })}</p>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <TicketLineFields session={s} labels={t.comps} />
      {seatLines.length > 0 && (
        <Suspense fallback={<p role="status">{t.loading}</p>}>
          <StaffSeats eventId={s.event_id} sessionId={s.id} lines={seatLines} chosen={seats} onChosen={(chosen) => {
            setSeats(chosen);
            setError(null);
          }} />
        </Suspense>
      )}
      <fieldset>
        <legend>{t.comps.recipient}</legend>
        <ContactFields labels={t.comps} />
      </fieldset>
      <label>
        {t.comps.reason}
        <textarea name="reason" required maxLength={500} rows={2} />
      </label>
      <FormActions submit={t.comps.submit} cancel={t.comps.cancel} busy={busy} onCancel={props.onClose} />
    </form>
  );
}
