import type { TEventSession } from '@foyer/contracts';
import { SELF_EDIT_TEXT, toMinor } from '@foyer/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { listOf } from '../../../api/document.js';
import { errorMessage, isApiError } from '../../../api/client.js';
import { eventQuery } from '../../../api/queries.js';
import { priceDisplay } from '../../../config/config.js';
import { useAppConfig, useSeller } from '../../../config/use-config.js';
import { en, format } from '../../../i18n/en.js';
import { selfEditText } from '../../../i18n/en-self-edit.js';
import { formatOrderDateTime } from '../../../lib/dates.js';
import { formatMoney } from '../../../lib/money.js';
import { ErrorNotice } from '../../../ui/error-notice.js';
import { Skeleton } from '../../../ui/skeleton.js';
import { useDocumentTitle } from '../../../ui/use-document-title.js';
import { readOrders } from '../../../shared/orders/orders.js';
import type { EventDetail } from '../../../shared/events/model.js';
import { manageKeyStore } from '../manage-key.js';
import { orderLoadError } from '../order-load-errors.js';
import { changeCartQuery, changeCartStore, discardChange, editOrderQuery, managePath, modifyChange, priceCheckQuery, priceIncreaseMinor, RESTART_CODES } from './change-api.js';
import { useChangeCartExpiry } from './change-expiry.js';
import { loadEventPage } from '../../events/public-routes.js';
import { TitledPage } from '../../../ui/titled-page.js';

/**
 * /manage/{orderId}/reschedule/{sessionId} (docs/after-sale.md#screens Reschedule, docs/after-sale.md#how-a-change-works-server, docs/after-sale.md#errors): the event flow's date and
 * session pickers, then Update: ONE cart modify removes the session's tickets from the order and
 * adds the same types at the new time (the server holds the new before the old leave). A dearer
 * time shows the cost and how long it is held; expected refusals say so, some with a restart link.
 */
/**
 * The event page's own date and session pickers, taken from the event page's module (its chunk)
 * when this page opens: importing them directly would split them out of that chunk and make the
 * event page load more (e2e/js-budget.e2e.ts).
 */
function loadPickers() {
  return loadEventPage().then((m) => ({
    DateSelector: m.DateSelector,
    SessionPicker: m.SessionPicker,
    dayTotalText: m.dayTotalText,
    pricedCalendarQuery: m.pricedCalendarQuery,
    readEventDetail: m.readEventDetail,
  }));
}
type Pickers = Awaited<ReturnType<typeof loadPickers>>;

export function Component() {
  const [ui, setUi] = useState<Pickers | null>(null);
  useEffect(() => {
    void loadPickers().then(setUi);
  }, []);
  return ui ? <Reschedule ui={ui} /> : <Skeleton height={240} />;
}

function Reschedule({ ui }: { ui: Pickers }) {
  const { DateSelector, SessionPicker, dayTotalText, pricedCalendarQuery, readEventDetail } = ui;
  const { orderId = '', sessionId = '' } = useParams();
  const key = manageKeyStore.read(orderId);
  const seller = useSeller();
  const config = useAppConfig();
  const navigate = useNavigate();
  const client = useQueryClient();
  useDocumentTitle(selfEditText.rescheduleTitle);
  const order = useQuery(editOrderQuery(orderId, key));
  const view = useMemo(() => (order.data ? readOrders(order.data, [orderId], seller.timezone)[0] : undefined), [order.data, orderId, seller.timezone]);
  const tickets = (view?.tickets ?? []).filter((t) => t.ticket.event_session_id === sessionId && t.ticket.state === 'booked');
  const eventId = tickets[0]?.ticket.event_template_id ?? '';
  const event = useQuery({ ...eventQuery(eventId), enabled: !!eventId });
  // The days priced for the tickets being moved (a day's total for them, at today's prices), as
  // the quantity-first flow prices them: not the event's lowest price, which may be a free type.
  const typesKey = tickets.map((t) => t.ticket.ticket_type_id).sort().join(',');
  // Not memoised: the queries hash their keys, so a new object with the same counts asks nothing again.
  const counts = new Map<string, number>();
  for (const id of typesKey ? typesKey.split(',') : []) counts.set(id, (counts.get(id) ?? 0) + 1);
  const required = { ticket_types_required: [...counts].map(([ticket_type_id, quantity]) => ({ ticket_type_id, quantity })) };
  const calendar = useQuery({ ...pricedCalendarQuery(eventId, required), enabled: !!eventId && required.ticket_types_required.length > 0 });
  const detail: EventDetail | null = useMemo(() => (event.data ? readEventDetail(event.data, { sellerTimezone: seller.timezone }) : null), [event.data, seller.timezone, readEventDetail]);
  const [date, setDate] = useState<string | null>(null);
  const [session, setSession] = useState<TEventSession | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ text: string; restart: boolean } | null>(null);
  const [increase, setIncrease] = useState<{ amount: string; until: string } | null>(null);
  const back = managePath(orderId);
  // The order's change cart, from an earlier change or this page's Update: its expiry is watched here too (docs/after-sale.md#how-a-change-works-server).
  const [changeId, setChangeId] = useState(() => changeCartStore.read(orderId));
  const change = useQuery(changeCartQuery(changeId));
  useChangeCartExpiry(orderId, change, () => setChangeId(null));
  // Today's prices of the moved types (POST events/{id}/pricecheck): a dearer time is said before Update (docs/after-sale.md#screens).
  const prices = useQuery(priceCheckQuery(eventId, required));
  const dearer = priceIncreaseMinor(prices.data, tickets.map((t) => t.ticket));

  if (order.isError) return orderLoadError(order);
  if (!view || (eventId && !detail)) return <Skeleton height={240} />;

  const update = async () => {
    if (!session) return;
    setBusy(true);
    setFailure(null);
    try {
      const add = tickets.map((t) => ({ ticket_type_id: t.ticket.ticket_type_id, event_session_id: session.id, admit_name: t.ticket.admit_name, admit_email: t.ticket.admit_email }));
      const doc = await modifyChange(orderId, key, tickets.map((t) => t.ticket.id), add);
      setChangeId(changeCartStore.read(orderId));
      await client.invalidateQueries({ queryKey: ['ticket_order'] });
      await client.invalidateQueries({ queryKey: ['cart', 'detail'] });
      const cart = doc.cart._data.at(0);
      const outstanding = cart ? toMinor(cart.cart_fees.total_outstanding) : 0;
      // docs/after-sale.md#screens: a price increase shows a warning with the time (the hold) and the cost.
      if (cart && outstanding > 0 && cart.expires_at) setIncrease({ amount: formatMoney(cart.cart_fees.total_outstanding, seller.currency, { zeroAsFree: false }), until: formatOrderDateTime(cart.expires_at, seller.timezone) });
      else void navigate(back);
    } catch (error) {
      const code = isApiError(error) ? error.code : null;
      // docs/after-sale.md#how-a-change-works-server Reschedule: on failure the change cart is deleted (with what it held), or, for the
      // restart cases, a restart link shows too.
      await discardChange(orderId).catch(() => undefined);
      setChangeId(null);
      await client.invalidateQueries({ queryKey: ['ticket_order'] });
      if (code && RESTART_CODES.has(code)) {
        setFailure({ text: errorMessage(error), restart: true });
      } else if (code === 'event_session_sold_out' || code === 'session_capacity_exceeded') {
        setFailure({ text: selfEditText.soldOut, restart: false });
        setSession(null);
      } else if (code === 'self_edit_not_allowed') {
        setFailure({ text: SELF_EDIT_TEXT.contactToReschedule, restart: false });
      } else {
        setFailure({ text: errorMessage(error), restart: false });
      }
    } finally {
      setBusy(false);
    }
  };

  // The days are priced as the quantity-first flow prices them; the pickers read the rest of the event's display settings.
  const display = detail ? priceDisplay(detail.config, config.entries) : null;
  const timezone = detail?.timezone ?? seller.timezone;
  return (
    <TitledPage className="manage reschedule" title={selfEditText.rescheduleTitle}>
      <p>
        <Link to={back}>{selfEditText.back}</Link>
      </p>
      {increase ? (
        // docs/after-sale.md#screens: the price increase, once the new tickets are held (the old ones have left the order's list).
        <div className="notice notice--warning" role="status">
          <p>{format(selfEditText.priceIncrease, increase)}</p>
          <Link className="button" to={back}>
            {selfEditText.continue}
          </Link>
        </div>
      ) : !tickets.length || !detail || !display ? (
        <p className="notice notice--warning">{selfEditText.nothingToReschedule}</p>
      ) : (
        <>
          <p className="muted">
            {format(selfEditText.ticketsOf, { session: [detail.event.name, tickets[0].session ? formatOrderDateTime(tickets[0].session.start_datetime, timezone) : null].filter(Boolean).join(', ') })} · {tickets.map((t) => t.type?.name).join(', ')}
          </p>
          <h2 className="section-title">{selfEditText.chooseDate}</h2>
          {calendar.isError ? (
            <ErrorNotice title={en.dates.errorTitle} error={calendar.error} onRetry={() => void calendar.refetch()} />
          ) : !calendar.data ? (
            <Skeleton height={80} />
          ) : (
            <DateSelector
              detail={detail}
              days={listOf(calendar.data, 'calendar')}
              selected={date}
              onSelect={(next) => {
                setDate(next);
                setSession(null);
                setIncrease(null);
              }}
              priceOf={(day) => dayTotalText(display, seller.currency, day)}
            />
          )}
          {date && (
            <>
              <h2 className="section-title">{selfEditText.chooseTime}</h2>
              <SessionPicker
                detail={detail}
                date={date}
                hideSoldOut={false}
                selectedId={session?.id ?? null}
                filter={(s) => s.id !== sessionId}
                onSelect={(picked) => {
                  setSession(picked);
                  setIncrease(null);
                }}
              />
            </>
          )}
          {session && dearer > 0 && !failure && (
            <p className="notice notice--warning" role="status">
              {format(selfEditText.priceCheckIncrease, { time: formatOrderDateTime(session.start_datetime, timezone), amount: formatMoney((dearer / 100).toFixed(2), seller.currency, { zeroAsFree: false }) })}
            </p>
          )}
          {failure && (
            <p className="notice notice--error" role="alert">
              {failure.text} {failure.restart && <Link to={back}>{selfEditText.restart}</Link>}
            </p>
          )}
          <div className="manage__actions">
            <button type="button" className="button" disabled={!session || busy} onClick={() => void update()}>
              {busy ? selfEditText.updating : selfEditText.update}
            </button>
          </div>
        </>
      )}
    </TitledPage>
  );
}
