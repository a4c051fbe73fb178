import type { TEventSession } from '@foyer/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, useState } from 'react';
import { wholeHour } from '@foyer/contracts/constants';
import { listOf } from '../../../../api/document.js';
import { calendarQuery, flexibleOptionQuery, reloadCalendar, reloadSessions, sessionByIdQuery } from '../../../../api/queries.js';
import type { SellerInfo } from '../../../../config/use-config.js';
import { en, format } from '../../../../i18n/en.js';
import { formatDate, formatTime } from '../../../../lib/dates.js';
import { safeTz, todayIn } from '../../../../lib/venue-time.js';
import { useOptionalCart } from '../../../../shared/cart/cart-context.js';
import { anchorMatchCount } from '../../upsell/match-anchor.js';
import { AddOnRouteProvider, SkipAddOnFooter } from '../../upsell/skip-add-on.js';
import { useAddOnSessionFilter, useVisitWindow } from '../../upsell/use-add-on.js';
import { upcomingDays } from '../dates-sessions/date-selection.js';
import type { DeepLink } from '../deep-links/deep-links.js';
import { isUpsellEvent, type EventDetail } from '../../../../shared/events/model.js';
import { QuantitySelection } from '../quantities/quantity-selection.js';
import { eventQuantityProps } from '../quantities/quantity-selection-props.js';
import { createSelectionCache } from '../quantities/selection-cache.js';
import { isSessionSoldOut } from '../dates-sessions/session-tabs.js';
import { isAllDaySession } from '@foyer/contracts/rules';
import { isMultiDaySession } from '../../../../lib/session-length.js';
import { useDeepLinkTickets } from '../deep-links/use-deep-links.js';
import { LinkNotices } from '../deep-links/link-notices.js';
import { useFlowHistory } from './use-flow-history.js';
import { useEventDisplay } from '../use-event-display.js';
import { dateFirstReducer, INITIAL_DATE_FIRST, type FlowNotice } from './date-first-state.js';
import { DateFirstDateStep } from './date-first-date-step.js';
import { DateFirstSessionStep } from './date-first-session-step.js';
import { VisitChoiceStep } from './visit-choice-step.js';
import { TitledStep } from './titled-step.js';
import { StepWarning } from '../step-messages.js';

/**
 * The date-first flow (docs/events.md#the-event-page, docs/events.md#flows): date → session → quantities. Each finished step shows what
 * was chosen with a 'Change' action. Choosing a date clears the session; a session sold out under
 * the buyer reloads the sessions (or the dates) and says so.
 */
export function DateFirstFlow({ detail, seller, link }: { detail: EventDetail; seller: SellerInfo; link: DeepLink }) {
  const preselect = link.preselect;
  const client = useQueryClient();
  const { event, timezone } = detail;
  const upsell = isUpsellEvent(event);
  // An add-on takes its date from the admission in the cart, within the visit window (docs/events.md#upsells-and-add-ons).
  const addOn = useVisitWindow(detail, upsell);
  const { visit } = addOn;
  const cart = useOptionalCart();
  const calendar = useQuery({ ...calendarQuery(event.id), enabled: !upsell });
  const today = todayIn(timezone);
  const days = listOf(calendar.data, 'calendar');
  const [state, dispatch] = useReducer(dateFirstReducer, INITIAL_DATE_FIRST);
  const { date, editingDate, session, autoSession, focusStep, notice } = state;
  const dateHeading = useRef<HTMLHeadingElement>(null);
  const sessionHeading = useRef<HTMLHeadingElement>(null);
  const ticketsHeading = useRef<HTMLHeadingElement>(null);
  // The last quantities chosen: defaults for the next session on the same day (docs/events.md#flows).
  const [selectionCache] = useState(createSelectionCache);
  const linked = useDeepLinkTickets({ link, detail, session, sessionDate: session ? safeTz(session.start_datetime, timezone).format('YYYY-MM-DD') : null, cache: selectionCache });
  const addOnFilter = useAddOnSessionFilter(detail, visit);
  // Flexible any-date tickets, when the event also has them (docs/events.md#the-event-page, docs/events.md#flows): the choice clears the date and vice versa.
  // The hour the page opened in, kept for its renders: the option's key.
  const [hour] = useState(() => wholeHour(Date.now()));
  const flexibleOption = useQuery({ ...flexibleOptionQuery(event.id, hour), enabled: !upsell });
  const flexSession = listOf(flexibleOption.data, 'event_session').find((s) => isMultiDaySession(s) && !isSessionSoldOut(s)) ?? null;
  const anyDay = state.flexible && flexSession !== null;

  const { hideSoldOut } = useEventDisplay(detail);

  // Preselection from the address, once the calendar is known.
  const setNotice = (text: string | null) => dispatch({ type: 'notice', text });
  const preselected = useRef(false);
  const wantedSession = preselect?.kind === 'session' ? preselect.id : null;
  const sessionById = useQuery({ ...sessionByIdQuery(event.id, wantedSession ?? ''), enabled: wantedSession !== null });
  useEffect(() => {
    if (preselected.current || !preselect || !calendar.data) return;
    const open = upcomingDays(days, today).filter((d) => d.status === 'available');
    if (preselect.kind === 'date') {
      preselected.current = true;
      if (open.some((d) => d.date === preselect.date)) dispatch({ type: 'linkDate', date: preselect.date, firstSession: false });
      else setNotice(linked.text({ kind: 'date_unavailable', date: preselect.date }));
    } else if (preselect.kind === 'today' || preselect.kind === 'next') {
      preselected.current = true;
      const day = preselect.kind === 'today' ? open.find((d) => d.date === today) : open[0];
      if (day) dispatch({ type: 'linkDate', date: day.date, firstSession: true });
      else setNotice(linked.text({ kind: 'session_unavailable' }));
    } else if (sessionById.isSuccess || sessionById.isError) {
      preselected.current = true;
      const found = listOf(sessionById.data, 'event_session').find((s) => s.id === preselect.id);
      if (found && !isSessionSoldOut(found)) dispatch({ type: 'linkSession', date: safeTz(found.start_datetime, timezone).format('YYYY-MM-DD'), session: found });
      else setNotice(linked.text({ kind: 'session_unavailable' }));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the linked texts and setters are stable; the preselection runs when its data arrives
  }, [calendar.data, days, preselect, today, timezone, sessionById.isSuccess, sessionById.isError, sessionById.data]);

  useEffect(() => {
    if (!focusStep) return;
    const headings = { date: dateHeading, session: sessionHeading, tickets: ticketsHeading };
    headings[focusStep].current?.focus();
    dispatch({ type: 'focused' });
  }, [focusStep]);

  /**
   * event_session_sold_out (docs/events.md#errors): reload the day's sessions; if others have capacity, say the
   * session sold out, else reload the dates and say the day sold out; clear the selection.
   */
  const onSoldOut = async (sold: TEventSession) => {
    if (isMultiDaySession(sold)) {
      await flexibleOption.refetch().catch(() => undefined);
      dispatch({ type: 'flexibleSoldOut', notice: en.quantities.flexibleSoldOut });
      return;
    }
    const day = date ?? safeTz(sold.start_datetime, timezone).format('YYYY-MM-DD');
    selectionCache.forget();
    let others = true;
    try {
      const doc = await reloadSessions(client, event.id, day, { hideSoldOut });
      others = listOf(doc, 'event_session').some((s) => s.id !== sold.id && !isSessionSoldOut(s));
    } catch {
      others = true;
    }
    if (others) {
      dispatch({ type: 'sessionSoldOut', notice: format(en.quantities.sessionSoldOut, { time: formatTime(sold.start_datetime, timezone) }) });
    } else {
      dispatch({ type: 'backTo', level: 1 });
      await reloadCalendar(client, event.id).catch(() => undefined);
      dispatch({ type: 'daySoldOut', notice: format(en.quantities.dateSoldOut, { date: formatDate(day) }) });
    }
  };

  const dateDone = date !== null && !editingDate;
  // Browser Back between the steps: tickets → time → date (an all-day time taken for the buyer is no step).
  useFlowHistory(session && !autoSession ? 2 : dateDone ? 1 : 0, (level) => dispatch({ type: 'backTo', level }));
  // The day whose times are offered: the chosen date, or the add-on's anchor day.
  const dayOfSessions = upsell ? (visit?.date ?? null) : date;
  const noticeAt = (at: FlowNotice['at']) => (notice?.at === at ? <StepWarning text={notice.text} /> : null);

  return (
    <div className="steps">
      {noticeAt('top')}
      <LinkNotices warnings={[linked.notice]} reserving={linked.reserving} />
      {flexSession && !upsell && <VisitChoiceStep anyDay={anyDay} onChoose={(wanted) => dispatch({ type: 'flexibleChosen', wanted })} />}
      {!anyDay && (
        <DateFirstDateStep
          detail={detail}
          headingRef={dateHeading}
          addOn={upsell ? addOn : null}
          date={date}
          editingDate={editingDate}
          notice={noticeAt('date')}
          calendar={calendar}
          days={days}
          onEdit={() => dispatch({ type: 'editDate' })}
          onChoose={(next) => dispatch({ type: 'dateChosen', date: next })}
        />
      )}

      {dayOfSessions && !anyDay && (
        <DateFirstSessionStep
          detail={detail}
          headingRef={sessionHeading}
          day={dayOfSessions}
          choice={state}
          notice={noticeAt('session')}
          filter={addOnFilter}
          onChange={() => dispatch({ type: 'changeSession' })}
          onSelect={(picked, auto) => dispatch({ type: 'sessionPicked', session: picked, auto, allDay: isAllDaySession(picked) })}
        />
      )}

      <TitledStep id="step-tickets" headingRef={ticketsHeading} title={session || anyDay ? en.event.chooseTickets : en.event.ticketsAndPrices}>
        {anyDay && <p className="muted quantity-selection__hint">{en.event.flexible}</p>}
        {!session && !anyDay && !upsell && <p className="muted quantity-selection__hint">{en.event.quantitiesNext}</p>}
        <AddOnRouteProvider eventId={upsell && visit ? event.id : null}>
        <QuantitySelection
          {...eventQuantityProps(detail, seller.currency)}
          session={anyDay ? flexSession : session}
          date={session && !anyDay ? safeTz(session.start_datetime, timezone).format('YYYY-MM-DD') : null}
          cache={selectionCache}
          onSoldOut={(sold) => void onSoldOut(sold)}
          matchCount={upsell ? anchorMatchCount(cart?.view, event) : undefined}
        />
        </AddOnRouteProvider>
      </TitledStep>
      {upsell && visit && !session && <SkipAddOnFooter eventId={event.id} />}
    </div>
  );
}
