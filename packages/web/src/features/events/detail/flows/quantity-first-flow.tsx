// Why: the quantity-first flow's state and the composition of its four steps (docs/events.md#flows).
import type { TEventSession, TTicketTypesRequired } from '@foyer/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../../api/client.js';
import { listOf } from '../../../../api/document.js';
import { lowAvailabilityThreshold, priceDisplay, sessionPickerTabs } from '../../../../config/config.js';
import { sellerInfo, useAppConfig } from '../../../../config/use-config.js';
import { en, format } from '../../../../i18n/en.js';
import { formatDate, formatDateTime, formatTime, todayIn } from '../../../../lib/dates.js';
import { ErrorNotice } from '../../../../ui/error-notice.js';
import { Skeleton } from '../../../../ui/skeleton.js';
import type { AttendeeValue } from '../quantities/attendees.js';
import { calendarErrorText } from '../dates-sessions/calendar-error.js';
import { DateSelector } from '../dates-sessions/date-selector.js';
import { dateTexts, quantityLines, quantityTexts, sessionTexts } from '../message-rules.js';
import { StepMessages } from '../step-messages.js';
import { useReserveSubmit } from '../quantities/use-reserve-submit.js';
import { useSeating } from '../../seats/use-seating.js';
import { SeatPicker } from '../../seats/seat-picker.js';
import type { EventDetail } from '../model.js';
import { priceSchedule, pricedCalendarQuery, pricedSessionsQuery, ticketTypesRequired } from './priced-queries.js';
import { initialQuantities, quantityLimits, setQuantity, totalQuantity, unmetGroupMinimums, type Quantities } from '../quantities/quantities.js';
import { asksForTickets, resolveTickets, type DeepLink } from '../deep-links/deep-links.js';
import { QuantityFirstDetails } from './quantity-first-details.js';
import { QuantityFirstGroups } from './quantity-first-groups.js';
import { QuantityFirstStep } from './quantity-first-step.js';
import { chosenSummary, dayTotalText, hasDetails, sessionTotalText } from './quantity-first-summary.js';
import { ReserveBar } from '../quantities/reserve-bar.js';
import {
  attendeeNeedsByKey,
  buildReservation,
  focusFirstInvalid,
  groupSurveys,
  hasErrors,
  initialAmounts,
  NO_ERRORS,
  selectionTotal,
  validateSelection,
  type FormErrors,
  type SelectionForm,
} from '../quantities/reservation.js';
import { SessionPicker } from '../dates-sessions/session-picker.js';
import { useBenefitPools } from '../../../membership/benefits.js';
import { useFlowHistory } from './use-flow-history.js';
import { useQuantityFirstLink } from '../deep-links/use-quantity-first-link.js';
import { initialAnswersByGroup, type SurveyAnswer } from '../quantities/survey.js';

type Step = 'quantities' | 'date' | 'session' | 'details';
const STEPS: readonly Step[] = ['quantities', 'date', 'session', 'details'];

/**
 * Quantity-first (docs/events.md#flows): quantities → the calendar priced for them (POST calendar) → a date →
 * that day's sessions that can take them (POST sessions, with the price schedule) → attendee and
 * survey fields → reserve. Changing the quantities resets the date and session; changing the date
 * resets the session. Browser Back goes to the previous step.
 */
export function QuantityFirstFlow({ detail, link }: { detail: EventDetail; link?: DeepLink }) {
  const config = useAppConfig();
  const seller = sellerInfo(config);
  const currency = seller.currency;
  const client = useQueryClient();
  const { event, groups, timezone } = detail;
  const display = priceDisplay(detail.config, config.entries);
  const threshold = lowAvailabilityThreshold(detail.config, config.entries);
  const tabsConfig = sessionPickerTabs(en.sessions.defaultTabLabels, detail.config, config.entries);

  // No session yet: the limits are the per-order and per-type ones and the most one visit's member
  // benefits allow (docs/events.md#field-rules); the calendar finds room, the server re-checks the session's allowance.
  const benefits = useBenefitPools(null, groups);
  const limits = useMemo(() => quantityLimits({ groups, groupAvailable: new Map(), sessionAvailable: -1, benefitPools: benefits.pools }), [groups, benefits.pools]);
  // Ticket quantities of a deep link (by type id or name) start the selection, within the limits.
  const linked = useMemo(() => (link && asksForTickets(link) ? resolveTickets(link, groups) : null), [link, groups]);
  const [quantities, setQuantities] = useState<Quantities>(() => {
    let start = initialQuantities(limits);
    for (const [key, q] of Object.entries(linked?.quantities ?? {})) start = setQuantity(limits, start, key, q);
    return start;
  });
  const [amounts, setAmounts] = useState(() => initialAmounts(groups));
  const surveys = useMemo(() => groupSurveys(groups), [groups]);
  const needs = useMemo(() => attendeeNeedsByKey(groups, event), [groups, event]);
  const [attendees, setAttendees] = useState<Record<string, AttendeeValue[]>>({});
  const [answers, setAnswers] = useState<Record<string, Record<string, SurveyAnswer>>>(() => initialAnswersByGroup(surveys.surveys));

  const [request, setRequest] = useState<TTicketTypesRequired | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [session, setSession] = useState<TEventSession | null>(null);
  const [quantityError, setQuantityError] = useState<string | null>(null);
  const [sessionNotice, setSessionNotice] = useState<string | null>(null);
  const [checkQuantities, setCheckQuantities] = useState(false);
  const [checkDetails, setCheckDetails] = useState(false);
  const [focusStep, setFocusStep] = useState<Step | null>(null);
  const quantitiesForm = useRef<HTMLFormElement>(null);
  const detailsForm = useRef<HTMLFormElement>(null);
  const headings = { quantities: useRef<HTMLHeadingElement>(null), date: useRef<HTMLHeadingElement>(null), session: useRef<HTMLHeadingElement>(null), details: useRef<HTMLHeadingElement>(null) };

  const step: Step = !request ? 'quantities' : !date ? 'date' : !session ? 'session' : 'details';

  /** Back to a step: what was chosen after it is cleared (docs/events.md#flows). */
  const goBackTo = (target: Step) => {
    const level = STEPS.indexOf(target);
    if (level <= 0) setRequest(null);
    if (level <= 1) setDate(null);
    if (level <= 2) setSession(null);
    submitter.clearError();
    setFocusStep(target);
  };
  useFlowHistory(STEPS.indexOf(step), (level) => goBackTo(STEPS[level]));

  useEffect(() => {
    if (!focusStep) return;
    headings[focusStep].current?.focus();
    setFocusStep(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the step headings are refs, stable; runs when a step asks for focus
  }, [focusStep]);

  const calendar = useQuery({ ...pricedCalendarQuery(event.id, request ?? { ticket_types_required: [] }), enabled: request !== null });
  // Any calendar refusal reopens the quantities with its message.
  useEffect(() => {
    if (!calendar.isError || !request) return;
    setQuantityError(calendarErrorText(calendar.error));
    setRequest(null);
    setFocusStep('quantities');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per calendar refusal, not on each request change
  }, [calendar.isError]);

  const sessionsSource = useMemo(() => (request && date ? pricedSessionsQuery(event.id, date, request) : null), [event.id, date, request]);
  const sessionsQuery = useQuery({ ...(sessionsSource ?? pricedSessionsQuery(event.id, '', { ticket_types_required: [] })), enabled: sessionsSource !== null });
  const schedule = priceSchedule(sessionsQuery.data);
  // With the link's own quantities the calendar opens at once (the effect below); its date or session follows.
  const { pending, dateNotice, setDateNotice, linkReserve } = useQuantityFirstLink({
    link,
    detail,
    request,
    date,
    session,
    calendar,
    sessions: sessionsQuery,
    linkedQuantities: linked?.quantities ?? null,
    quantities,
    pickDate: (day) => {
      setDate(day);
      setFocusStep('session');
    },
    pickSession: (found) => {
      setSession(found);
      setFocusStep('details');
    },
    setSessionNotice,
  });

  const context = { groups, needs, surveys: surveys.surveys };
  const form: SelectionForm = { quantities, amounts, attendees, answers };
  const count = totalQuantity(quantities);
  const total = selectionTotal(groups, quantities, amounts);

  // The quantity step checks what it shows: group minimums and flexible amounts.
  const quantityErrors = (): FormErrors => {
    const all = validateSelection(context, form, unmetGroupMinimums(limits, quantities));
    return { ...NO_ERRORS, amounts: all.amounts, groups: all.groups };
  };
  const shownQuantityErrors = checkQuantities ? quantityErrors() : NO_ERRORS;
  const detailErrors = checkDetails ? validateSelection(context, form) : NO_ERRORS;

  const showDates = () => {
    setCheckQuantities(true);
    setQuantityError(null);
    if (count === 0) return;
    if (hasErrors(quantityErrors())) {
      focusFirstInvalid(() => quantitiesForm.current);
      return;
    }
    const body = ticketTypesRequired(groups, quantities);
    // A refusal kept in the cache would answer at once: ask again.
    if (client.getQueryState(pricedCalendarQuery(event.id, body).queryKey)?.status === 'error') client.removeQueries({ queryKey: pricedCalendarQuery(event.id, body).queryKey });
    setRequest(body);
    setDate(null);
    setSession(null);
    setFocusStep('date');
  };

  // A link with both quantities and a date or session goes straight on to them.
  useEffect(() => {
    if (pending.current && linked && Object.keys(linked.quantities).length) showDates();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a deep link is applied once, on mount
  }, []);

  // Seated groups: the seats of the chosen session, chosen on its map before reserving (docs/seating.md#3-storefront).
  const seating = useSeating(groups, quantities);
  const clearSeats = seating.clear;
  useEffect(() => clearSeats(), [session?.id, clearSeats]);
  const submitter = useReserveSubmit({
    formRef: detailsForm,
    eventConfig: detail.config,
    onRefused: async (error) => {
      if (isApiError(error) && error.code === 'seat_unavailable') seating.clear();
      if (!(isApiError(error) && error.code === 'event_session_sold_out') || !session) return false;
      // docs/events.md#errors: the session is gone; choose another (the list is asked again).
      await client.invalidateQueries({ queryKey: ['event_session', 'list'] }).catch(() => undefined);
      setSession(null);
      setSessionNotice(format(en.quantities.sessionSoldOut, { time: formatTime(session.start_datetime, timezone) }));
      setFocusStep('session');
      return true;
    },
  });
  const { submitting, serverError } = submitter;
  const reserve = async () => {
    if (!session || !submitter.hasCart || submitting) return;
    setCheckDetails(true);
    await submitter.submit(validateSelection(context, form), () => {
      const reservation = buildReservation(context, form, session.id);
      return { ...reservation, add: seating.attach(reservation.add) };
    });
  };

  return (
    <div className="steps quantity-first">
      {linkReserve.refused && (
        <p className="notice notice--warning step__notice" role="alert">
          {linkReserve.refused}
        </p>
      )}
      {linkReserve.reserving && (
        <p className="notice notice--info step__notice" role="status">
          {en.deepLinks.reserving}
        </p>
      )}
      {/* 1. Quantities */}
      <QuantityFirstStep
        id="qf-quantities"
        headingRef={headings.quantities}
        done={step !== 'quantities'}
        title={en.flows.quantitiesTitle}
        doneLabel={en.flows.quantitiesDone}
        chosen={chosenSummary(groups, quantities)}
        changeLabel={en.flows.changeQuantities}
        onChange={() => goBackTo('quantities')}
      >
        {step === 'quantities' && (
          <form
            ref={quantitiesForm}
            className="quantity-form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              showDates();
            }}
          >
            {linked?.notFound && !quantityError && (
              <p className="notice notice--warning step__notice" role="alert">
                {en.deepLinks.typesNotFound}
              </p>
            )}
            {quantityError && (
              <p className="notice notice--error step__notice" role="alert">
                {quantityError}
              </p>
            )}
            <QuantityFirstGroups
              groups={groups}
              limits={limits}
              quantities={quantities}
              currency={currency}
              errors={shownQuantityErrors}
              amounts={amounts}
              onQuantities={(next) => {
                setQuantities(next);
                setQuantityError(null);
              }}
              setAmounts={setAmounts}
            />
            <StepMessages texts={quantityTexts(detail.messageRules, quantityLines(groups, quantities), { timezone })} />
            <ReserveBar count={count} price={total.price} fees={total.fees} currency={currency} canReserve={count > 0} submitting={false} error={null} label={en.flows.showDates} />
          </form>
        )}
      </QuantityFirstStep>

      {/* 2. Date */}
      {request && (
        <QuantityFirstStep
          id="qf-date"
          headingRef={headings.date}
          done={date !== null}
          title={en.dates.heading}
          doneLabel={en.event.steps.date}
          chosen={date && formatDate(date)}
          changeLabel={en.dates.changeDate}
          onChange={() => goBackTo('date')}
        >
          {date && <StepMessages texts={dateTexts(detail.messageRules, 'date_message', date)} />}
          {dateNotice && !date && (
            <p className="notice notice--warning step__notice" role="alert">
              {dateNotice}
            </p>
          )}
          {!date &&
            (calendar.isPending ? (
              <div className="date-list" aria-busy="true" aria-label={en.dates.loading}>
                {Array.from({ length: 4 }, (_, i) => (
                  <Skeleton key={i} height={96} />
                ))}
              </div>
            ) : calendar.isSuccess ? (
              <DateSelector
                days={listOf(calendar.data, 'calendar')}
                today={todayIn(timezone)}
                selected={date}
                onSelect={(next) => {
                  setDate(next);
                  setSession(null);
                  setSessionNotice(null);
                  setDateNotice(null);
                  setFocusStep('session');
                }}
                currency={currency}
                threshold={threshold}
                priceDisplay={display}
                rules={detail.messageRules}
                priceOf={(day) => dayTotalText(display, currency, day)}
                reveal
              />
            ) : null)}
        </QuantityFirstStep>
      )}

      {/* 3. Session */}
      {request && date && sessionsSource && (
        <QuantityFirstStep
          id="qf-session"
          headingRef={headings.session}
          done={session !== null}
          title={en.sessions.heading}
          doneLabel={en.event.steps.session}
          chosen={session && formatDateTime(session.start_datetime, timezone)}
          changeLabel={en.sessions.changeTime}
          onChange={() => goBackTo('session')}
        >
          {sessionNotice && !session && (
            <p className="notice notice--warning step__notice" role="alert">
              {sessionNotice}
            </p>
          )}
          {session && <StepMessages texts={sessionTexts(detail.messageRules, 'session_message', session, timezone)} />}
          {!session && (
            <SessionPicker
              eventId={event.id}
              date={date}
              timezone={timezone}
              tabsConfig={tabsConfig}
              threshold={threshold}
              hideSoldOut={false}
              selectedId={null}
              rules={detail.messageRules}
              source={sessionsSource}
              priceOf={(s) => sessionTotalText(display, currency, schedule, s)}
              onSelect={(picked) => {
                setSession(picked);
                setSessionNotice(null);
                setFocusStep('details');
              }}
            />
          )}
        </QuantityFirstStep>
      )}

      {/* 4. Details and reserve */}
      {session && (
        <section className="panel step" aria-labelledby="qf-details">
          <div className="step__header">
            <h2 id="qf-details" ref={headings.details} tabIndex={-1} className="step__title">
              {en.flows.detailsTitle}
            </h2>
          </div>
          {surveys.error ? (
            <ErrorNotice title={en.quantities.initError} error={surveys.error} />
          ) : (
            <form
              ref={detailsForm}
              className="quantity-form"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void reserve();
              }}
            >
              <QuantityFirstDetails
                groups={groups}
                quantities={quantities}
                needs={needs}
                surveys={surveys.surveys}
                errors={detailErrors}
                attendees={attendees}
                setAttendees={setAttendees}
                answers={answers}
                setAnswers={setAnswers}
              />
              {!hasDetails(groups, quantities, needs, surveys.surveys) && <p className="muted">{en.flows.noDetails}</p>}
              <StepMessages texts={quantityTexts(detail.messageRules, quantityLines(groups, quantities), { session, timezone })} />
              <SeatPicker seating={seating} eventId={event.id} sessionId={session.id} currency={currency} />
              <ReserveBar count={count} price={total.price} fees={total.fees} currency={currency} canReserve={!submitting && seating.ready} submitting={submitting} error={serverError} />
            </form>
          )}
        </section>
      )}
    </div>
  );
}
