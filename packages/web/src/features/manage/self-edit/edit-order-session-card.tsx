// One session's card on the edit-order page (docs/after-sale.md#screens Edit order): image, date, time, tickets and price,
// its label, and Cancel, Reschedule or Remove as the edit-order button rules allow.
import { toMinor } from '@foyer/contracts/constants';
import { hasAnchoredAddOns, localDate, pastHorizon, selfEditEligible, sessionActions, type EditSession, type SelfEditRules } from '@foyer/contracts/rules';
import { Link } from 'react-router';
import { en, format } from '../../../i18n/en.js';
import { selfEditText } from '../../../i18n/en-self-edit.js';
import { formatOrderDate, formatTime } from '../../../lib/dates.js';
import { cardImageId, imageUrl } from '../../../lib/image.js';
import { formatMoney } from '../../../lib/money.js';
import type { OrderTicketView } from '../../../shared/orders/orders.js';
import type { SessionTickets } from '../cancellable.js';
import { reschedulePath } from './change-api.js';

/** One session's tickets as the button rules see them (docs/after-sale.md#who-may-read-or-change-an-order). */
export function editSession(s: SessionTickets, orderEventMetas: unknown[]): EditSession {
  const first = s.tickets.at(0);
  return {
    tickets: s.tickets.map((t) => ({ state: t.ticket.state === 'in_cart' ? 'cancelled' : t.ticket.state, face_value: t.ticket.face_value, adjusted_value: t.ticket.adjusted_value })),
    start: s.start,
    event_type: first?.event?.event_type ?? null,
    has_anchored_upsells: hasAnchoredAddOns(first?.event?.meta, orderEventMetas),
  };
}

function eligible(rules: SelfEditRules, t: OrderTicketView, orderId: string) {
  return selfEditEligible(rules, { handler: t.ticket.handler, category: t.event?.category ?? null, ticket_order_id: t.ticket.ticket_order_id }, orderId);
}

export function SessionCard(props: { session: SessionTickets; edit: EditSession; rules: SelfEditRules; now: Date; disabled: boolean; currency: string; orderId: string; onRemove: (ids: string[]) => void }) {
  const { session: s, rules } = props;
  const event = s.tickets[0]?.event ?? null;
  const image = cardImageId(event?.meta);
  const live = s.tickets.filter((t) => t.ticket.state === 'booked' || t.ticket.state === 'redeemed');
  const canEdit = live.length > 0 && live.every((t) => eligible(rules, t, props.orderId));
  const actions = sessionActions(rules, props.edit, props.now);
  // Tickets a pending change takes out are not cancelled yet: their lines say "to be removed".
  const pending = s.tickets.some((t) => t.ticket.state === 'in_cart');
  const label = actions.label === 'redeemed' ? en.manage.redeemed : actions.label === 'cancelled' ? (pending ? null : en.manage.stateCancelled) : actions.label === 'past' || (s.start && pastHorizon(rules, s.start, props.now)) ? en.manage.pastEvent : null;
  const price = live.reduce((sum, t) => sum + toMinor(t.ticket.adjusted_value), 0);
  const sessionId = live[0]?.ticket.event_session_id;
  const rescheduleTo = sessionId ? reschedulePath(props.orderId, sessionId) : null;
  return (
    <article className="panel edit-order__session" aria-label={[s.title, s.start ? formatOrderDate(s.start.slice(0, 10)) : null].filter(Boolean).join(', ')}>
      {image && <img className="edit-order__image" src={imageUrl(image, { width: 160, height: 120 })} alt="" width={160} height={120} />}
      <div className="edit-order__body">
        <h2 className="edit-order__title">
          {s.title} {label && <span className="badge">{label}</span>}
        </h2>
        {s.start && (
          <p className="muted">
            {formatOrderDate(localDate(s.start, s.timezone))} · {formatTime(s.start, s.timezone)}
          </p>
        )}
        {live.length > 0 && (
          <p>
            {format(en.manage.ticketCount, { n: live.length })} · {formatMoney((price / 100).toFixed(2), props.currency)}
          </p>
        )}
        <ul className="manage__tickets">
          {s.tickets.map((t) => (
            <li key={t.ticket.id} className={t.ticket.state === 'in_cart' || t.ticket.state === 'cancelled' ? 'edit-order__gone' : undefined}>
              {[t.type?.name, formatMoney(t.ticket.adjusted_value, props.currency)].filter(Boolean).join(' · ')}
              {t.ticket.state === 'in_cart' && <span className="muted"> ({selfEditText.removed})</span>}
              {t.ticket.state === 'cancelled' && <span className="muted"> ({en.manage.stateCancelled})</span>}
              {canEdit && actions.removeFree && t.ticket.state === 'booked' && Number(t.ticket.face_value) === 0 && (
                <button type="button" className="button button--link" disabled={props.disabled} onClick={() => props.onRemove([t.ticket.id])} aria-label={format(selfEditText.removeTicket, { name: t.type?.name ?? '' })}>
                  {selfEditText.remove}
                </button>
              )}
            </li>
          ))}
        </ul>
        {canEdit && (actions.cancel || actions.reschedule) && (
          <div className="manage__actions">
            {actions.cancel && (
              <button type="button" className="button button--secondary" disabled={props.disabled} onClick={() => props.onRemove(live.map((t) => t.ticket.id))}>
                {selfEditText.cancelSession}
              </button>
            )}
            {actions.reschedule && rescheduleTo && !props.disabled && (
              <Link className="button" to={rescheduleTo}>
                {selfEditText.reschedule}
              </Link>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
