import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminMoveBody, TAdminMoveLink, TAdminOrderDetail } from '@foyer/contracts';
import { lazy, Suspense, useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../api/client.js';
import { adminText as t, fill } from '../../i18n/en-admin.js';
import { Modal } from '../../ui/modal.js';
import { moveTickets, sendMoveLink, sessionsQuery } from './admin-api.js';
import { MoveLinkSent } from './move-link-sent.js';
import { dateTime } from './format.js';
import type { ChosenSeats } from './staff-seats.js';
import type { StripeCardHandle } from '../../shared/payment/stripe-card-field.js';
import { useDeskCard } from './desk-card.js';
import { formText } from '../../lib/form-data.js';
import { FormActions } from './form-actions.js';

// The seat picker and the map behind it load when a seated session asks for seats (docs/box-office.md#seats).
const StaffSeats = lazy(() => import('./staff-seats.js'));

type Ticket = TAdminOrderDetail['tickets'][number];
const dayOf = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-CA') : new Date().toLocaleDateString('en-CA'));

/**
 * Move tickets to another session (docs/box-office.md, Move): a day, one of the event's sessions
 * that day, why. A dearer session is refused until the difference is charged: by the checkout's
 * Stripe card field when the seller takes cards through Stripe (loaded on demand, desk-card.ts),
 * else the card number the demo gateway takes — or, the visitor not at the desk, by a payment link
 * they pay later (docs/box-office.md#paid-by-a-payment-link): the link, its expiry and where it was
 * e-mailed are shown. A cheaper one's difference goes back to the card that paid. Seated tickets
 * take the seats staff choose on the session's seat map (docs/box-office.md#seats); a seat taken
 * meanwhile is said, the choice cleared and the map asked again.
 */
export function MoveDialog(props: { orderId: string; tickets: Ticket[] | null; onClose: () => void; onDone: (message: string) => void }) {
  const first = props.tickets?.[0];
  return (
    <Modal open={!!props.tickets} title={t.move.title} onClose={props.onClose} size="sm">
      {props.tickets && first && <MoveForm key={props.tickets.map((x) => x.id).join()} {...props} tickets={props.tickets} first={first} />}
    </Modal>
  );
}

function MoveForm(props: { orderId: string; tickets: Ticket[]; first: Ticket; onDone: (message: string) => void; onClose: () => void }) {
  const [date, setDate] = useState(dayOf(props.first.session_start));
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [difference, setDifference] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [seats, setSeats] = useState<ChosenSeats | null>(null);
  const [payBy, setPayBy] = useState<'card' | 'link'>('card');
  const [emailLink, setEmailLink] = useState(true);
  const [sent, setSent] = useState<TAdminMoveLink | null>(null);
  const client = useQueryClient();
  const seatLines = props.tickets.filter((x) => x.seated).map((x) => ({ groupId: x.ticket_group_id, typeName: x.ticket_type_name }));
  const oneEvent = props.tickets.every((x) => x.event_id === props.first.event_id);
  const sessions = useQuery({ ...sessionsQuery(date, props.first.event_id), enabled: oneEvent });
  const card = useDeskCard(difference !== null && payBy === 'card');
  const stripeCard = useRef<StripeCardHandle>(null);
  const current = new Set(props.tickets.map((x) => x.session_start));
  if (!oneEvent) return <p role="alert">{t.move.oneEvent}</p>;
  if (sent) return <MoveLinkSent link={sent} tickets={props.tickets.length} onClose={() => props.onDone(fill(t.move.linkDone, { amount: sent.difference }))} />;
  /** The payment of the difference: a Stripe payment method made by the card field, or the demo card number. */
  const payment = async (form: FormData): Promise<TAdminMoveBody['payment'] | { error: string }> => {
    if (!difference) return undefined;
    if (card.stripeKey) {
      const method = await stripeCard.current?.paymentMethod();
      if (!method || 'error' in method) return { error: method?.error ?? t.move.cardMissing };
      return { gateway_id: 'stripe', gateway_data: { payment_method_id: method.id } };
    }
    const number = formText(form, 'card').trim();
    return number ? { gateway_id: 'demo', gateway_data: { card_number: number } } : undefined;
  };
  return (
    <form
      className="admin-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!sessionId) { setError(t.move.chooseSession); return; }
        const seatIds = seatLines.length ? (seats?.ids ?? null) : undefined;
        if (seatIds === null) { setError(t.seats.missing); return; }
        const form = new FormData(e.currentTarget);
        setBusy(true);
        setError(null);
        const fields = { ticket_ids: props.tickets.map((x) => x.id), event_session_id: sessionId, reason: formText(form, 'reason'), ...(seatIds ? { seat_ids: seatIds } : {}) };
        if (difference && payBy === 'link') {
          const to = formText(form, 'link_to').trim();
          sendMoveLink(props.orderId, { ...fields, send_email: emailLink, ...(emailLink && to ? { email: to } : {}) })
            .then((r) => setSent(r.admin_move_link))
            .catch((failure: unknown) => setError(errorMessage(failure)))
            .finally(() => setBusy(false));
          return;
        }
        payment(form)
          .then((paid) => {
            // The card field's own complaint (a card Stripe will not take) stays in the form; nothing is sent.
            if (paid && 'error' in paid) { setError(paid.error); return; }
            return moveTickets(props.orderId, { ...fields, ...(paid ? { payment: paid } : {}) });
          })
          .then((r) => r && props.onDone(fill(Number(r.admin_move.difference) > 0 ? t.move.doneCharged : Number(r.admin_move.difference) < 0 ? t.move.doneRefunded : t.move.done, { n: r.admin_move.tickets.length, amount: r.admin_move.difference.replace('-', '') })))
          .catch((failure: unknown) => {
            if (isApiError(failure) && failure.code === 'payment_required') setDifference((failure.extra as { difference?: string } | null)?.difference ?? null);
            if (isApiError(failure) && failure.code === 'seat_unavailable') {
              setSeats(null);
              void client.invalidateQueries({ queryKey: ['seat_map'] });
            }
            setError(errorMessage(failure));
          })
          .finally(() => setBusy(false));
      }}
    >
      <p>{fill(t.move.lead, { n: props.tickets.length, event: props.first.event_name })}</p>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <label>
        {t.move.day}
        <input type="date" value={date} required onChange={(e) => {
          setDate(e.target.value);
          setSessionId(null);
          setDifference(null);
          setSeats(null);
        }} />
      </label>
      <fieldset>
        <legend>{t.move.session}</legend>
        {sessions.isPending && <p>{t.loading}</p>}
        {sessions.data?.admin_session._data.length === 0 && <p>{t.move.noSessions}</p>}
        {sessions.data?.admin_session._data.map((s) => (
          <label key={s.id} className="admin-choice">
            <input type="radio" name="session" value={s.id} checked={sessionId === s.id} disabled={current.has(s.start_datetime)} onChange={() => {
              setSessionId(s.id);
              setDifference(null);
              setSeats(null);
            }} />
            {fill(t.move.sessionOption, { time: dateTime(s.start_datetime), available: s.available === null ? t.sessions.unlimited : s.available })}
          </label>
        ))}
      </fieldset>
      {sessionId && seatLines.length > 0 && (
        <Suspense fallback={<p role="status">{t.loading}</p>}>
          <StaffSeats key={sessionId} eventId={props.first.event_id} sessionId={sessionId} lines={seatLines} chosen={seats} onChosen={(chosen) => {
            setSeats(chosen);
            setError(null);
          }} />
        </Suspense>
      )}
      <label>
        {t.move.reason}
        <textarea name="reason" required maxLength={500} rows={2} />
      </label>
      {difference && (
        <fieldset>
          <legend>{fill(t.move.payBy, { amount: difference })}</legend>
          <label className="admin-choice">
            <input type="radio" name="pay_by" value="card" checked={payBy === 'card'} onChange={() => setPayBy('card')} />
            {t.move.payByCard}
          </label>
          <label className="admin-choice">
            <input type="radio" name="pay_by" value="link" checked={payBy === 'link'} onChange={() => setPayBy('link')} />
            {t.move.payByLink}
          </label>
        </fieldset>
      )}
      {difference && payBy === 'link' && (
        <>
          <label className="admin-choice">
            <input type="checkbox" checked={emailLink} onChange={(e) => setEmailLink(e.target.checked)} />
            {t.move.linkEmail}
          </label>
          {emailLink && (
            <label>
              {t.move.linkTo}
              <input name="link_to" type="email" autoComplete="off" maxLength={254} />
            </label>
          )}
        </>
      )}
      {difference && payBy === 'card' && !card.ready && <p>{t.loading}</p>}
      {difference && payBy === 'card' && card.StripeCardField && card.stripeKey && (
        <div>
          <p>{fill(t.move.card, { amount: difference })}</p>
          <card.StripeCardField ref={stripeCard} id="admin-move-card" publishableKey={card.stripeKey} onReady={() => undefined} />
        </div>
      )}
      {difference && payBy === 'card' && card.ready && !card.stripeKey && (
        <label>
          {fill(t.move.card, { amount: difference })}
          <input name="card" required inputMode="numeric" autoComplete="off" maxLength={23} />
        </label>
      )}
      <FormActions submit={difference ? fill(payBy === 'link' ? t.move.linkSubmit : t.move.charge, { amount: difference }) : t.move.submit} cancel={t.move.cancel} busy={busy} onCancel={props.onClose} />
    </form>
  );
}
