// Why: the quantity-first flow's state and the composition of its four steps (docs/events.md#flows).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { isApiError } from '../../../../api/client.js';
import { listOf } from '../../../../api/document.js';
import { sellerInfo, useAppConfig } from '../../../../config/use-config.js';
import { en, format } from '../../../../i18n/en.js';
import { formatTime } from '../../../../lib/dates.js';
import { calendarErrorText } from '../dates-sessions/calendar-error.js';
import { useReserveSubmit } from '../quantities/use-reserve-submit.js';
import { useSeating } from '../../seats/use-seating.js';
import type { EventDetail } from '../../../../shared/events/model.js';
import { priceSchedule, pricedCalendarQuery, pricedSessionsQuery, ticketTypesRequired } from './priced-queries.js';
import { totalQuantity, unmetGroupMinimums } from '../quantities/quantities.js';
import type { DeepLink } from '../deep-links/deep-links.js';
import { QuantityFirstReserveStep } from './quantity-first-reserve-step.js';
import { QuantityFirstDateStep } from './quantity-first-date-step.js';
import { QuantityFirstSessionStep } from './quantity-first-session-step.js';
import { currentStep, INITIAL_QUANTITY_FIRST, QUANTITY_FIRST_STEPS, quantityFirstReducer, type QuantityFirstStepName as Step } from './quantity-first-state.js';
import { buildReservation, focusFirstInvalid, hasErrors, NO_ERRORS, selectionTotal, validateSelection, type FormErrors, type SelectionForm } from '../quantities/reservation.js';
import { useFlowHistory } from './use-flow-history.js';
import { useQuantityFirstLink } from '../deep-links/use-quantity-first-link.js';
import { LinkNotices } from '../deep-links/link-notices.js';
import { useQuantityFirstSelection } from './use-quantity-first-selection.js';
import { QuantityFirstQuantitiesStep } from './quantity-first-quantities-step.js';

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

  const { limits, linked, quantities, setQuantities, amounts, setAmounts, surveys, needs, attendees, setAttendees, answers, setAnswers } = useQuantityFirstSelection(detail, link);

  const [state, dispatch] = useReducer(quantityFirstReducer, INITIAL_QUANTITY_FIRST);
  const { request, date, session, quantityError, focusStep } = state;
  const quantitiesForm = useRef<HTMLFormElement>(null);
  const detailsForm = useRef<HTMLFormElement>(null);
  const quantitiesHeading = useRef<HTMLHeadingElement>(null);
  const dateHeading = useRef<HTMLHeadingElement>(null);
  const sessionHeading = useRef<HTMLHeadingElement>(null);
  const detailsHeading = useRef<HTMLHeadingElement>(null);

  const step = currentStep(state);

  useEffect(() => {
    if (!focusStep) return;
    const headings = { quantities: quantitiesHeading, date: dateHeading, session: sessionHeading, details: detailsHeading };
    headings[focusStep].current?.focus();
    dispatch({ type: 'focused' });
  }, [focusStep]);

  const calendar = useQuery({ ...pricedCalendarQuery(event.id, request ?? { ticket_types_required: [] }), enabled: request !== null });
  // Any calendar refusal reopens the quantities with its message.
  useEffect(() => {
    if (!calendar.isError || !request) return;
    dispatch({ type: 'calendarRefused', error: calendarErrorText(calendar.error) });
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
    pickDate: (day) => dispatch({ type: 'dateChosen', date: day, byBuyer: false }),
    pickSession: (found) => dispatch({ type: 'sessionChosen', session: found, byBuyer: false }),
    setSessionNotice: (notice) => dispatch({ type: 'sessionNotice', notice }),
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
  const shownQuantityErrors = state.checkQuantities ? quantityErrors() : NO_ERRORS;
  const detailErrors = state.checkDetails ? validateSelection(context, form) : NO_ERRORS;

  const showDates = () => {
    dispatch({ type: 'datesAsked' });
    if (count === 0) return;
    if (hasErrors(quantityErrors())) {
      focusFirstInvalid(() => quantitiesForm.current);
      return;
    }
    const body = ticketTypesRequired(groups, quantities);
    // A refusal kept in the cache would answer at once: ask again.
    if (client.getQueryState(pricedCalendarQuery(event.id, body).queryKey)?.status === 'error') client.removeQueries({ queryKey: pricedCalendarQuery(event.id, body).queryKey });
    dispatch({ type: 'datesShown', request: body });
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
      dispatch({ type: 'sessionSoldOut', notice: format(en.quantities.sessionSoldOut, { time: formatTime(session.start_datetime, timezone) }) });
      return true;
    },
  });
  const { submitting, serverError } = submitter;

  /** Back to a step: what was chosen after it is cleared (docs/events.md#flows). */
  const goBackTo = (target: Step) => {
    dispatch({ type: 'backTo', step: target });
    submitter.clearError();
  };
  useFlowHistory(QUANTITY_FIRST_STEPS.indexOf(step), (level) => goBackTo(QUANTITY_FIRST_STEPS[level]));

  const reserve = async () => {
    if (!session || !submitter.hasCart || submitting) return;
    dispatch({ type: 'detailsChecked' });
    await submitter.submit(validateSelection(context, form), () => {
      const reservation = buildReservation(context, form, session.id);
      return { ...reservation, add: seating.attach(reservation.add) };
    });
  };

  return (
    <div className="steps quantity-first">
      <LinkNotices warnings={[linkReserve.refused]} reserving={linkReserve.reserving} />
      {/* 1. Quantities */}
      <QuantityFirstQuantitiesStep
        detail={detail}
        headingRef={quantitiesHeading}
        formRef={quantitiesForm}
        open={step === 'quantities'}
        typesNotFound={!!linked?.notFound}
        quantityError={quantityError}
        fields={{
          groups,
          limits,
          quantities,
          currency,
          errors: shownQuantityErrors,
          amounts,
          onQuantities: (next) => {
            setQuantities(next);
            dispatch({ type: 'quantitiesChanged' });
          },
          setAmounts,
        }}
        count={count}
        total={total}
        onChange={() => goBackTo('quantities')}
        onShowDates={showDates}
      />

      {/* 2. Date */}
      {request && (
        <QuantityFirstDateStep
          detail={detail}
          headingRef={dateHeading}
          state={state}
          dateNotice={dateNotice}
          loading={calendar.isPending}
          days={calendar.isSuccess ? listOf(calendar.data, 'calendar') : null}
          onChange={() => goBackTo('date')}
          onSelect={(next) => {
            dispatch({ type: 'dateChosen', date: next, byBuyer: true });
            setDateNotice(null);
          }}
        />
      )}

      {/* 3. Session */}
      {request && date && sessionsSource && (
        <QuantityFirstSessionStep
          detail={detail}
          headingRef={sessionHeading}
          state={{ ...state, date }}
          source={sessionsSource}
          schedule={schedule}
          onChange={() => goBackTo('session')}
          onSelect={(picked) => dispatch({ type: 'sessionChosen', session: picked, byBuyer: true })}
        />
      )}

      {/* 4. Details and reserve */}
      {session && (
        <QuantityFirstReserveStep
          detail={detail}
          session={session}
          headingRef={detailsHeading}
          formRef={detailsForm}
          surveysError={surveys.error}
          fields={{ groups, quantities, needs, surveys: surveys.surveys, errors: detailErrors, attendees, setAttendees, answers, setAnswers }}
          seating={seating}
          currency={currency}
          count={count}
          total={total}
          submitting={submitting}
          serverError={serverError}
          onReserve={() => void reserve()}
        />
      )}
    </div>
  );
}
