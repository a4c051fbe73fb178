import type { TEventSession } from '@foyer/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { wholeHour } from '@foyer/contracts/constants';
import { listOf } from '../../../../api/document.js';
import { calendarQuery, flexibleOptionQuery, reloadCalendar, reloadSessions, sessionByIdQuery } from '../../../../api/queries.js';
import { hideSoldOutSessions, lowAvailabilityThreshold, priceDisplay, sessionPickerTabs } from '../../../../config/config.js';
import { useAppConfig, type SellerInfo } from '../../../../config/use-config.js';
import { en, format } from '../../../../i18n/en.js';
import { formatDate, formatDateTime, formatTime, safeTz, todayIn } from '../../../../lib/dates.js';
import { ErrorNotice } from '../../../../ui/error-notice.js';
import { Skeleton, SkeletonLines } from '../../../../ui/skeleton.js';
import { useOptionalCart } from '../../../cart/cart-context.js';
import { AnchorRequired } from '../../upsell/anchor-required.js';
import { anchorMatchCount } from '../../upsell/match-anchor.js';
import { AddOnRouteProvider, SkipAddOnFooter } from '../../upsell/skip-add-on.js';
import { useAddOnSessionFilter, useVisitWindow } from '../../upsell/use-add-on.js';
import { MAX_DATE_BUTTONS, upcomingDays } from '../dates-sessions/date-selection.js';
import { dayPriceText } from '../dates-sessions/day-texts.js';
import { DateSelector } from '../dates-sessions/date-selector.js';
import type { DeepLink } from '../deep-links/deep-links.js';
import { dateTexts, sessionTexts } from '../message-rules.js';
import { isUpsellEvent, type EventDetail } from '../model.js';
import { sessionPriceText } from '../price-format.js';
import { QuantitySelection, type SelectionCacheRef } from '../quantities/quantity-selection.js';
import { SessionPicker } from '../dates-sessions/session-picker.js';
import { isSessionSoldOut } from '../dates-sessions/session-tabs.js';
import { isAllDaySession } from '@foyer/contracts/rules';
import { isMultiDaySession } from '../../../../lib/session-length.js';
import { StepMessages } from '../step-messages.js';
import { useDeepLinkTickets } from '../deep-links/use-deep-links.js';
import { useFlowHistory } from './use-flow-history.js';

/** A message of the flow and the step it belongs to (top of the steps, the date step or the time step). */
interface FlowNotice {
  text: string;
  at: 'top' | 'date' | 'session';
}

/**
 * The date-first flow (docs/events.md#the-event-page, docs/events.md#flows): date → session → quantities. Each finished step shows what
 * was chosen with a 'Change' action. Choosing a date clears the session; a session sold out under
 * the buyer reloads the sessions (or the dates) and says so.
 */
export function DateFirstFlow({ detail, seller, link }: { detail: EventDetail; seller: SellerInfo; link: DeepLink }) {
  const preselect = link.preselect;
  const config = useAppConfig();
  const client = useQueryClient();
  const { event, timezone } = detail;
  const upsell = isUpsellEvent(event);
  // An add-on takes its date from the admission in the cart, within the visit window (docs/events.md#upsells-and-add-ons).
  const { visit, error: visitError, loading: visitLoading } = useVisitWindow(detail, upsell);
  const cart = useOptionalCart();
  const calendar = useQuery({ ...calendarQuery(event.id), enabled: !upsell });
  const today = todayIn(timezone);
  const days = listOf(calendar.data, 'calendar');
  const [date, setDate] = useState<string | null>(null);
  const [editingDate, setEditingDate] = useState(false);
  const [session, setSession] = useState<TEventSession | null>(null);
  // True when the day's only session (all-day) was taken for the buyer: nothing to change then.
  const [autoSession, setAutoSession] = useState(false);
  const [focusStep, setFocusStep] = useState<'session' | 'tickets' | 'date' | null>(null);
  const stepRefs = { date: useRef<HTMLHeadingElement>(null), session: useRef<HTMLHeadingElement>(null), tickets: useRef<HTMLHeadingElement>(null) };
  // The last quantities chosen: defaults for the next session on the same day (docs/events.md#flows).
  const selectionCache = useRef(null) as SelectionCacheRef;
  const linked = useDeepLinkTickets({ link, detail, session, sessionDate: session ? safeTz(session.start_datetime, timezone).format('YYYY-MM-DD') : null, cache: selectionCache });
  const addOnFilter = useAddOnSessionFilter(detail, visit);
  // Flexible any-date tickets, when the event also has them (docs/events.md#the-event-page, docs/events.md#flows): the choice clears the date and vice versa.
  const hour = useMemo(() => wholeHour(Date.now()), []);
  const flexibleOption = useQuery({ ...flexibleOptionQuery(event.id, hour), enabled: !upsell });
  const flexSession = listOf(flexibleOption.data, 'event_session').find((s) => isMultiDaySession(s) && !isSessionSoldOut(s)) ?? null;
  const [flexible, setFlexible] = useState(false);
  const anyDay = flexible && flexSession !== null;

  const threshold = lowAvailabilityThreshold(detail.config, config.entries);
  const display = priceDisplay(detail.config, config.entries);
  const tabsConfig = sessionPickerTabs(en.sessions.defaultTabLabels, detail.config, config.entries);
  const hideSoldOut = hideSoldOutSessions(detail.config, config.entries);

  // Preselection from the address, once the calendar is known.
  const [autoPickFirst, setAutoPickFirst] = useState(false);
  const [notice, setNoticeState] = useState<FlowNotice | null>(null);
  const setNotice = (text: string | null, at: FlowNotice['at'] = 'top') => setNoticeState(text ? { text, at } : null);
  const preselected = useRef(false);
  const wantedSession = preselect?.kind === 'session' ? preselect.id : null;
  const sessionById = useQuery({ ...sessionByIdQuery(event.id, wantedSession ?? ''), enabled: wantedSession !== null });
  useEffect(() => {
    if (preselected.current || !preselect || !calendar.data) return;
    const open = upcomingDays(days, today).filter((d) => d.status === 'available');
    if (preselect.kind === 'date') {
      preselected.current = true;
      if (open.some((d) => d.date === preselect.date)) setDate(preselect.date);
      else setNotice(linked.text({ kind: 'date_unavailable', date: preselect.date }));
    } else if (preselect.kind === 'today' || preselect.kind === 'next') {
      preselected.current = true;
      const day = preselect.kind === 'today' ? open.find((d) => d.date === today) : open[0];
      if (day) {
        setDate(day.date);
        setAutoPickFirst(true);
      } else setNotice(linked.text({ kind: 'session_unavailable' }));
    } else if (sessionById.isSuccess || sessionById.isError) {
      preselected.current = true;
      const found = listOf(sessionById.data, 'event_session').find((s) => s.id === preselect.id);
      if (found && !isSessionSoldOut(found)) {
        setDate(safeTz(found.start_datetime, timezone).format('YYYY-MM-DD'));
        setSession(found);
      } else setNotice(linked.text({ kind: 'session_unavailable' }));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the linked texts and setters are stable; the preselection runs when its data arrives
  }, [calendar.data, days, preselect, today, timezone, sessionById.isSuccess, sessionById.isError, sessionById.data]);

  useEffect(() => {
    if (!focusStep) return;
    stepRefs[focusStep].current?.focus();
    setFocusStep(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the step refs are stable; runs when a step asks for focus
  }, [focusStep]);

  const chooseFlexible = (wanted: boolean) => {
    setFlexible(wanted);
    setDate(null);
    setEditingDate(false);
    setSession(null);
    setAutoSession(false);
    setAutoPickFirst(false);
    setNotice(null);
    setFocusStep(wanted ? 'tickets' : 'date');
  };

  const chooseDate = (next: string) => {
    setFlexible(false);
    setDate(next);
    setEditingDate(false);
    setSession(null);
    setAutoSession(false);
    setAutoPickFirst(false);
    setNotice(null);
    setFocusStep('session');
  };

  /**
   * event_session_sold_out (docs/events.md#errors): reload the day's sessions; if others have capacity, say the
   * session sold out, else reload the dates and say the day sold out; clear the selection.
   */
  const onSoldOut = async (sold: TEventSession) => {
    if (isMultiDaySession(sold)) {
      await flexibleOption.refetch().catch(() => undefined);
      setFlexible(false);
      setNotice(en.quantities.flexibleSoldOut);
      setFocusStep('date');
      return;
    }
    const day = date ?? safeTz(sold.start_datetime, timezone).format('YYYY-MM-DD');
    selectionCache.current = null;
    let others = true;
    try {
      const doc = await reloadSessions(client, event.id, day, { hideSoldOut });
      others = listOf(doc, 'event_session').some((s) => s.id !== sold.id && !isSessionSoldOut(s));
    } catch {
      others = true;
    }
    setSession(null);
    setAutoSession(false);
    setAutoPickFirst(false);
    if (others) {
      setNotice(format(en.quantities.sessionSoldOut, { time: formatTime(sold.start_datetime, timezone) }), 'session');
      setFocusStep('session');
    } else {
      await reloadCalendar(client, event.id).catch(() => undefined);
      setDate(null);
      setEditingDate(false);
      setNotice(format(en.quantities.dateSoldOut, { date: formatDate(day) }), 'date');
      setFocusStep('date');
    }
  };

  const dateDone = date !== null && !editingDate;
  // The secondary ticket type of web.price_display is priced from the event's own types; the
  // session price (the same for every time here) shows once above the times.
  const typeById = (typeId: string) => detail.groups.flatMap((g) => g.types).find((t) => t.type.id === typeId)?.type;
  const sessionPrice = sessionPriceText(detail.groups.flatMap((g) => g.types.map((t) => t.type)), display, seller.currency);
  // Browser Back between the steps: tickets → time → date (an all-day time taken for the buyer is no step).
  useFlowHistory(session && !autoSession ? 2 : dateDone ? 1 : 0, (level) => {
    if (level < 2) {
      setSession(null);
      setAutoSession(false);
      setAutoPickFirst(false);
    }
    if (level < 1) {
      setDate(null);
      setEditingDate(false);
    }
  });
  // The day whose times are offered: the chosen date, or the add-on's anchor day.
  const dayOfSessions = upsell ? (visit?.date ?? null) : date;
  const noticeAt = (at: FlowNotice['at']) =>
    notice?.at === at ? (
      <p className="notice notice--warning step__notice" role="alert">
        {notice.text}
      </p>
    ) : null;

  return (
    <div className="steps">
      {noticeAt('top')}
      {linked.notice && (
        <p className="notice notice--warning step__notice" role="alert">
          {linked.notice}
        </p>
      )}
      {linked.reserving && (
        <p className="notice notice--info step__notice" role="status">
          {en.deepLinks.reserving}
        </p>
      )}
      {flexSession && !upsell && (
        <section className="panel step" aria-labelledby="step-visit">
          <div className="step__header">
            <h2 id="step-visit" className="step__title">
              {en.quantities.flexibleChoice}
            </h2>
          </div>
          <div className="visit-choice" role="group" aria-labelledby="step-visit">
            <button type="button" className="visit-choice__option" aria-pressed={!anyDay} onClick={() => chooseFlexible(false)}>
              <span className="visit-choice__title">{en.quantities.singleDate}</span>
              <span className="visit-choice__hint">{en.quantities.singleDateHint}</span>
            </button>
            <button type="button" className="visit-choice__option" aria-pressed={anyDay} onClick={() => chooseFlexible(true)}>
              <span className="visit-choice__title">{en.quantities.anyDate}</span>
              <span className="visit-choice__hint">{en.quantities.anyDateHint}</span>
            </button>
          </div>
        </section>
      )}
      {anyDay ? null : upsell && visit ? (
        <section className="panel step step--done" aria-labelledby="step-date">
          <div className="step__header">
            <p className="step__chosen">
              <span className="step__chosen-label" id="step-date" ref={stepRefs.date} tabIndex={-1}>
                {en.event.steps.date}
              </span>
              {formatDate(visit.date)}
            </p>
          </div>
          <p className="muted">{en.event.addOnDate}</p>
        </section>
      ) : upsell ? (
        <section className="panel step">
          {visitError ? (
            <ErrorNotice title={en.event.errorTitle} error={visitError} />
          ) : visitLoading ? (
            <SkeletonLines lines={2} />
          ) : (
            <AnchorRequired />
          )}
        </section>
      ) : (
        <section className={`panel step${dateDone ? ' step--done' : ''}`} aria-labelledby="step-date">
          <div className="step__header">
            {dateDone ? (
              <p className="step__chosen">
                <span className="step__chosen-label" id="step-date" ref={stepRefs.date} tabIndex={-1}>
                  {en.event.steps.date}
                </span>
                {formatDate(date)}
              </p>
            ) : (
              <h2 id="step-date" ref={stepRefs.date} tabIndex={-1} className="step__title">
                {en.dates.heading}
              </h2>
            )}
            {dateDone && (
              <button type="button" className="button button--secondary button--small" aria-label={en.dates.changeDate} onClick={() => setEditingDate(true)}>
                {en.dates.change}
              </button>
            )}
          </div>
          {noticeAt('date')}
          {dateDone && <StepMessages texts={dateTexts(detail.messageRules, 'date_message', date)} />}
          {!dateDone &&
            (calendar.isPending ? (
              <DateButtonsSkeleton />
            ) : calendar.isError ? (
              <ErrorNotice title={en.dates.errorTitle} error={calendar.error} onRetry={() => void calendar.refetch()} />
            ) : (
              <DateSelector
                days={days}
                today={today}
                selected={date}
                onSelect={chooseDate}
                currency={seller.currency}
                threshold={threshold}
                priceDisplay={display}
                priceOf={(day) => dayPriceText(day, seller.currency, display, typeById)}
                rules={detail.messageRules}
                reveal={editingDate}
              />
            ))}
        </section>
      )}

      {dayOfSessions && !anyDay && (
        <section className={`panel step${session ? ' step--done' : ''}`} aria-labelledby="step-session">
          <div className="step__header">
            {session ? (
              <p className="step__chosen">
                <span className="step__chosen-label" id="step-session" ref={stepRefs.session} tabIndex={-1}>
                  {en.event.steps.session}
                </span>
                {sessionText(session, timezone)}
              </p>
            ) : (
              <h2 id="step-session" ref={stepRefs.session} tabIndex={-1} className="step__title">
                {en.sessions.heading}
              </h2>
            )}
            {session && !autoSession && (
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={en.sessions.changeTime}
                onClick={() => {
                  setSession(null);
                  setFocusStep('session');
                }}
              >
                {en.sessions.change}
              </button>
            )}
          </div>
          {noticeAt('session')}
          {session && <StepMessages texts={sessionTexts(detail.messageRules, 'session_message', session, timezone)} />}
          {!session && sessionPrice && <p className="muted step__price">{sessionPrice}</p>}
          {!session && (
            <SessionPicker
              eventId={event.id}
              date={dayOfSessions}
              filter={addOnFilter}
              timezone={timezone}
              tabsConfig={tabsConfig}
              threshold={threshold}
              hideSoldOut={hideSoldOut}
              selectedId={null}
              autoPickFirst={autoPickFirst}
              rules={detail.messageRules}
              onSelect={(picked, auto) => {
                setSession(picked);
                setAutoSession(auto && isAllDaySession(picked));
                setAutoPickFirst(false);
                setNotice(null);
                setFocusStep(auto ? null : 'tickets');
              }}
            />
          )}
        </section>
      )}

      <section className="panel step" aria-labelledby="step-tickets">
        <div className="step__header">
          <h2 id="step-tickets" ref={stepRefs.tickets} tabIndex={-1} className="step__title">
            {session || anyDay ? en.event.chooseTickets : en.event.ticketsAndPrices}
          </h2>
        </div>
        {anyDay && <p className="muted quantity-selection__hint">{en.event.flexible}</p>}
        {!session && !anyDay && !upsell && <p className="muted quantity-selection__hint">{en.event.quantitiesNext}</p>}
        <AddOnRouteProvider eventId={upsell && visit ? event.id : null}>
        <QuantitySelection
          event={event}
          session={anyDay ? flexSession : session}
          date={session && !anyDay ? safeTz(session.start_datetime, timezone).format('YYYY-MM-DD') : null}
          groups={detail.groups}
          currency={seller.currency}
          eventConfig={detail.config}
          messageRules={detail.messageRules}
          timezone={timezone}
          cache={selectionCache}
          onSoldOut={(sold) => void onSoldOut(sold)}
          matchCount={upsell ? anchorMatchCount(cart?.view, event) : undefined}
        />
        </AddOnRouteProvider>
      </section>
      {upsell && visit && !session && <SkipAddOnFooter eventId={event.id} />}
    </div>
  );
}

/** The chosen session: 'ddd, MMM D, YYYY [at] h:mm A', or the day and 'All day' for all-day sessions. */
function sessionText(session: TEventSession, timezone: string): string {
  if (!isAllDaySession(session)) return formatDateTime(session.start_datetime, timezone);
  return `${formatDate(safeTz(session.start_datetime, timezone).format('YYYY-MM-DD'))} · ${format(en.sessions.allDayRange, {
    start: formatTime(session.start_datetime, timezone),
    end: formatTime(session.end_datetime, timezone),
  })}`;
}

function DateButtonsSkeleton() {
  return (
    <div className="date-list" aria-busy="true" aria-label={en.dates.loading}>
      {Array.from({ length: MAX_DATE_BUTTONS }, (_, i) => (
        <Skeleton key={i} height={96} style={{ borderRadius: 'var(--radius-md)' }} />
      ))}
    </div>
  );
}
