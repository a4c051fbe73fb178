// The new tickets a change cart holds, on the edit-order page (docs/after-sale.md#screens Edit order, a reschedule).
import type { TCartDocument, TTicket } from '@foyer/contracts';
import { localDate } from '@foyer/contracts/rules';
import { formatOrderDate, formatTime } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/money.js';
import { selfEditText } from '../../../i18n/en-self-edit.js';

/** The new tickets the change cart holds (a reschedule). */
export function AddedCard({ tickets, doc, currency, timezone }: { tickets: TTicket[]; doc: TCartDocument; currency: string; timezone: string }) {
  const sessions = doc.event_session?._data ?? [];
  const types = doc.ticket_type?._data ?? [];
  const events = doc.event_template?._data ?? [];
  const start = sessions.find((s) => s.id === tickets[0].event_session_id)?.start_datetime ?? null;
  return (
    <article className="panel edit-order__session edit-order__session--new" aria-label={selfEditText.newTickets}>
      <div className="edit-order__body">
        <h2 className="edit-order__title">
          {events.find((e) => e.id === tickets[0].event_template_id)?.name} <span className="badge">{selfEditText.newTickets}</span>
        </h2>
        {start && (
          <p className="muted">
            {formatOrderDate(localDate(start, timezone))} · {formatTime(start, timezone)}
          </p>
        )}
        <ul className="manage__tickets">
          {tickets.map((t) => (
            <li key={t.id}>{[types.find((x) => x.id === t.ticket_type_id)?.name, formatMoney(t.adjusted_value, currency)].filter(Boolean).join(' · ')}</li>
          ))}
        </ul>
      </div>
    </article>
  );
}
