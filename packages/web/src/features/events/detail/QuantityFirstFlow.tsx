import type { TCalendarDay, TEventSession, TTicketTypesRequired } from '@foyer/contracts';
import { fromMinor, toMinor } from '@foyer/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage, isApiError } from '../../../api/client.js';
import { listOf } from '../../../api/document.js';
import { sessionByIdQuery } from '../../../api/queries.js';
import { lowAvailabilityThreshold, priceDisplay, sessionPickerTabs } from '../../../config/config.js';
import { sellerInfo, useAppConfig } from '../../../config/useConfig.js';
import { en, format } from '../../../i18n/en.js';
import { formatDate, formatDateTime, formatTime, safeTz, todayIn } from '../../../lib/dates.js';
import { ErrorNotice } from '../../../ui/ErrorNotice.js';
import { Skeleton } from '../../../ui/Skeleton.js';
import { useOptionalCart } from '../../cart/CartContext.js';
import { nextRouteAfterAdd } from '../../cart/model.js';
import type { AttendeeValue } from './attendees.js';
import { DateSelector } from './DateSelector.js';
import { dateTexts, quantityLines, quantityTexts, sessionTexts } from './messageRules.js';
import { StepMessages } from './StepMessages.js';
import type { EventDetail } from './model.js';
import { priceSchedule, pricedCalendarQuery, pricedSessionsQuery, ticketTypesRequired } from './pricedQueries.js';
import { groupHint, priceText, showsPriceOn } from './priceFormat.js';
import { initialQuantities, quantityLimits, setQuantity, totalQuantity, typeKey, unmetGroupMinimums, type Quantities } from './quantities.js';
import { asksForTickets, NO_LINK, resolveTickets, type DeepLink, type LinkProblem, type Preselection } from './deepLinks.js';
import { useLinkReserve } from './useDeepLinks.js';
import { isSessionSoldOut } from './sessionTabs.js';
import { QuantityRow } from './QuantityRow.js';
import { ReserveBar } from './ReserveBar.js';
import {
  attendeeNeedsByKey,
  buildReservation,
  campaignOf,
  focusFirstInvalid,
  groupQuantity,
  groupSurveys,
  hasErrors,
  initialAmounts,
  NO_ERRORS,
  selectionTotal,
  validateSelection,
  type FormErrors,
  type SelectionForm,
} from './reservation.js';
import { SessionPicker } from './SessionPicker.js';
import { useFlowHistory } from './useFlowHistory.js';
import { initialAnswers, type SurveyAnswer } from './survey.js';
import { Attendees, SurveyFields } from './TicketForms.js';

/** 000 §8: the calendar refuses more than 10 ticket types with validation_failed in context event_calendar. */
export function calendarErrorText(error: unknown): string {
  if (isApiError(error) && error.code === 'validation_failed' && error.context === 'event_calendar') return en.flows.tooManyTypes;
  return en.flows.calendarFailed;
}

type Step = 'quantities' | 'date' | 'session' | 'details';
const STEPS: readonly Step[] = ['quantities', 'date', 'session', 'details'];

/**
 * Quantity-first (000 §4): quantities → the calendar priced for them (POST calendar) → a date →
 * that day's sessions that can take them (POST sessions, with the price schedule) → attendee and
 * survey fields → reserve. Changing the quantities resets the date and session; changing the date
 * resets the session. Browser Back goes to the previous step.
 */
export function QuantityFirstFlow({ detail, link }: { detail: EventDetail; link?: DeepLink }) {
  const config = useAppConfig();
  const seller = sellerInfo(config);
  const currency = seller.currency;
  const client = useQueryClient();
  const cart = useOptionalCart();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { event, groups, timezone } = detail;
  const display = priceDisplay(detail.config, config.entries);
  const threshold = lowAvailabilityThreshold(detail.config, config.entries);
  const tabsConfig = sessionPickerTabs(en.sessions.defaultTabLabels, detail.config, config.entries);

  // No session yet: the limits are the per-order and per-type ones; the calendar finds room.
  const limits = useMemo(() => quantityLimits({ groups, groupAvailable: new Map(), sessionAvailable: -1 }), [groups]);
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
  const [answers, setAnswers] = useState<Record<string, Record<string, SurveyAnswer>>>(() => {
    const out: Record<string, Record<string, SurveyAnswer>> = {};
    for (const [groupId, survey] of surveys.surveys) out[groupId] = initialAnswers(survey);
    return out;
  });

  const [request, setRequest] = useState<TTicketTypesRequired | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [session, setSession] = useState<TEventSession | null>(null);
  const [quantityError, setQuantityError] = useState<string | null>(null);
  const [sessionNotice, setSessionNotice] = useState<string | null>(null);
  const [checkQuantities, setCheckQuantities] = useState(false);
  const [checkDetails, setCheckDetails] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [focusStep, setFocusStep] = useState<Step | null>(null);
  const quantitiesForm = useRef<HTMLFormElement>(null);
  const detailsForm = useRef<HTMLFormElement>(null);
  const headings = { quantities: useRef<HTMLHeadingElement>(null), date: useRef<HTMLHeadingElement>(null), session: useRef<HTMLHeadingElement>(null), details: useRef<HTMLHeadingElement>(null) };

  const step: Step = !request ? 'quantities' : !date ? 'date' : !session ? 'session' : 'details';

  /** Back to a step: what was chosen after it is cleared (000 §4). */
  const goBackTo = (target: Step) => {
    const level = STEPS.indexOf(target);
    if (level <= 0) setRequest(null);
    if (level <= 1) setDate(null);
    if (level <= 2) setSession(null);
    setServerError(null);
    setFocusStep(target);
  };
  useFlowHistory(STEPS.indexOf(step), (level) => goBackTo(STEPS[level]));

  useEffect(() => {
    if (!focusStep) return;
    headings[focusStep].current?.focus();
    setFocusStep(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusStep]);

  const calendar = useQuery({ ...pricedCalendarQuery(event.id, request ?? { ticket_types_required: [] }), enabled: request !== null });
  // Any calendar refusal reopens the quantities with its message.
  useEffect(() => {
    if (!calendar.isError || !request) return;
    setQuantityError(calendarErrorText(calendar.error));
    setRequest(null);
    setFocusStep('quantities');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [calendar.isError]);

  // A deep link's date or session (000 §2, §5) is picked once the calendar (then the day's
  // sessions) for the quantities is known; with the link's own quantities the calendar opens at once.
  const pending = useRef<Preselection>(link?.preselect ?? null);
  const [dateNotice, setDateNotice] = useState<string | null>(null);
  // With `reserve` on, the link's session is reserved as soon as it is picked, as in the other flows.
  const linkReserve = useLinkReserve(link ?? NO_LINK, detail);
  const linkText = linkReserve.text;
  const linkedSessionId = link?.preselect?.kind === 'session' ? link.preselect.id : '';
  const sessionById = useQuery({ ...sessionByIdQuery(event.id, linkedSessionId), enabled: linkedSessionId !== '' });
  useEffect(() => {
    const wanted = pending.current;
    if (!wanted || !request || date || !calendar.isSuccess) return;
    const open = listOf(calendar.data, 'calendar').filter((d) => d.status === 'available').map((d) => d.date);
    let day: string | undefined;
    let problem: LinkProblem = { kind: 'session_unavailable' };
    if (wanted.kind === 'date') {
      day = open.find((d) => d === wanted.date);
      problem = { kind: 'date_unavailable', date: wanted.date };
      pending.current = null;
    } else if (wanted.kind === 'today') day = open.find((d) => d === todayIn(timezone));
    else if (wanted.kind === 'next') day = open[0];
    else {
      if (sessionById.isPending) return;
      const found = listOf(sessionById.data, 'event_session').find((x) => x.id === wanted.id && !isSessionSoldOut(x));
      day = found ? open.find((d) => d === safeTz(found.start_datetime, timezone).format('YYYY-MM-DD')) : undefined;
    }
    if (day) {
      setDate(day);
      setFocusStep('session');
    } else {
      pending.current = null;
      setDateNotice(linkText(problem));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request, date, calendar.isSuccess, calendar.data, sessionById.isPending, sessionById.data]);

  const sessionsSource = useMemo(() => (request && date ? pricedSessionsQuery(event.id, date, request) : null), [event.id, date, request]);
  const sessionsQuery = useQuery({ ...(sessionsSource ?? pricedSessionsQuery(event.id, '', { ticket_types_required: [] })), enabled: sessionsSource !== null });
  const schedule = priceSchedule(sessionsQuery.data);
  useEffect(() => {
    const wanted = pending.current;
    if (!wanted || !date || session || !sessionsQuery.isSuccess) return;
    pending.current = null;
    const open = listOf(sessionsQuery.data, 'event_session').filter((x) => !isSessionSoldOut(x));
    const found = wanted.kind === 'session' ? open.find((x) => x.id === wanted.id) : open[0];
    if (found) {
      setSession(found);
      setFocusStep('details');
      // Only the link's own tickets are reserved unasked (quantities chosen by hand are the buyer's to confirm).
      if (linked && Object.keys(linked.quantities).length) linkReserve.reserve(quantities, found.id);
    } else setSessionNotice(linkText({ kind: 'session_unavailable' }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [date, session, sessionsQuery.isSuccess, sessionsQuery.data]);

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
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const reserve = async () => {
    if (!session || !cart || submitting) return;
    setCheckDetails(true);
    setServerError(null);
    if (hasErrors(validateSelection(context, form))) {
      focusFirstInvalid(() => detailsForm.current);
      return;
    }
    const { add, additionalInfo } = buildReservation(context, form, session.id);
    const campaign = campaignOf(searchParams);
    setSubmitting(true);
    try {
      await cart.store.modify({ add, ...(additionalInfo.length ? { additionalInfo } : {}), ...(campaign ? { campaign } : {}) });
      navigate(nextRouteAfterAdd([...detail.config, ...config.entries]));
    } catch (error) {
      setSubmitting(false);
      if (isApiError(error) && error.code === 'event_session_sold_out') {
        // 000 §8: the session is gone; choose another (the list is asked again).
        await client.invalidateQueries({ queryKey: ['event_session', 'list'] }).catch(() => undefined);
        setSession(null);
        setSessionNotice(format(en.quantities.sessionSoldOut, { time: formatTime(session.start_datetime, timezone) }));
        setFocusStep('session');
        return;
      }
      setServerError(errorMessage(error));
    }
  };

  const chosenSummary = groups
    .flatMap(({ group, types }) => types.map(({ type }) => ({ q: quantities[typeKey(group.id, type.id)] ?? 0, name: type.name })))
    .filter((line) => line.q > 0)
    .map((line) => format(en.cart.quantityTimes, { count: line.q, type: line.name }))
    .join(', ');

  const dayPrice = (day: TCalendarDay) => (showsPriceOn(display, 'date') && day.min_price ? format(en.flows.totalFor, { price: priceText(day.min_price, currency) }) : '');
  const sessionPrice = (s: TEventSession) => {
    if (!showsPriceOn(display, 'session')) return null;
    const lines = schedule.filter((l) => l.event_session_id === s.id);
    if (!lines.length) return null;
    return format(en.flows.totalFor, { price: priceText(fromMinor(lines.reduce((n, l) => n + toMinor(l.total), 0)), currency) });
  };

  const changeButton = (label: string, target: Step) => (
    <button type="button" className="button button--secondary button--small" aria-label={label} onClick={() => goBackTo(target)}>
      {en.dates.change}
    </button>
  );

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
      <section className={`panel step${step !== 'quantities' ? ' step--done' : ''}`} aria-labelledby="qf-quantities">
        <div className="step__header">
          {step === 'quantities' ? (
            <h2 id="qf-quantities" ref={headings.quantities} tabIndex={-1} className="step__title">
              {en.flows.quantitiesTitle}
            </h2>
          ) : (
            <p className="step__chosen">
              <span className="step__chosen-label" id="qf-quantities" ref={headings.quantities} tabIndex={-1}>
                {en.flows.quantitiesDone}
              </span>
              {chosenSummary}
            </p>
          )}
          {step !== 'quantities' && changeButton(en.flows.changeQuantities, 'quantities')}
        </div>
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
            <div className="qty-groups">
              {groups.map(({ group, types }) => {
                const hint = groupHint(group);
                const headingId = `qf-group-${group.id}`;
                const groupError = shownQuantityErrors.groups[group.id];
                return (
                  <section key={group.id} className="qty-group" aria-labelledby={headingId} data-ticket-group-id={group.id}>
                    <h3 id={headingId} className="price-group__name">
                      {group.name}
                    </h3>
                    {group.summary && <p className="price-group__hint">{group.summary}</p>}
                    {hint && <p className="price-group__hint">{hint}</p>}
                    {groupError && (
                      <p className="field-error" id={`${headingId}-error`} role="alert">
                        {groupError}
                      </p>
                    )}
                    <ul className="qty-list">
                      {types.map((priceType) => {
                        const key = typeKey(group.id, priceType.type.id);
                        return (
                          <QuantityRow
                            key={key}
                            priceType={priceType}
                            typeKeyValue={key}
                            limits={limits}
                            quantities={quantities}
                            currency={currency}
                            onChange={(next) => {
                              setQuantities(next);
                              setQuantityError(null);
                            }}
                            invalidGroup={groupError ? `${headingId}-error` : undefined}
                            amount={amounts[key]}
                            amountError={shownQuantityErrors.amounts[key]}
                            onAmount={(value) => setAmounts((prev) => ({ ...prev, [key]: value }))}
                          />
                        );
                      })}
                    </ul>
                  </section>
                );
              })}
            </div>
            <StepMessages texts={quantityTexts(detail.messageRules, quantityLines(groups, quantities), { timezone })} />
            <ReserveBar count={count} price={total.price} fees={total.fees} currency={currency} canReserve={count > 0} submitting={false} error={null} label={en.flows.showDates} />
          </form>
        )}
      </section>

      {/* 2. Date */}
      {request && (
        <section className={`panel step${date ? ' step--done' : ''}`} aria-labelledby="qf-date">
          <div className="step__header">
            {date ? (
              <p className="step__chosen">
                <span className="step__chosen-label" id="qf-date" ref={headings.date} tabIndex={-1}>
                  {en.event.steps.date}
                </span>
                {formatDate(date)}
              </p>
            ) : (
              <h2 id="qf-date" ref={headings.date} tabIndex={-1} className="step__title">
                {en.dates.heading}
              </h2>
            )}
            {date && changeButton(en.dates.changeDate, 'date')}
          </div>
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
                priceOf={dayPrice}
              />
            ) : null)}
        </section>
      )}

      {/* 3. Session */}
      {request && date && sessionsSource && (
        <section className={`panel step${session ? ' step--done' : ''}`} aria-labelledby="qf-session">
          <div className="step__header">
            {session ? (
              <p className="step__chosen">
                <span className="step__chosen-label" id="qf-session" ref={headings.session} tabIndex={-1}>
                  {en.event.steps.session}
                </span>
                {formatDateTime(session.start_datetime, timezone)}
              </p>
            ) : (
              <h2 id="qf-session" ref={headings.session} tabIndex={-1} className="step__title">
                {en.sessions.heading}
              </h2>
            )}
            {session && changeButton(en.sessions.changeTime, 'session')}
          </div>
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
              priceOf={sessionPrice}
              onSelect={(picked) => {
                setSession(picked);
                setSessionNotice(null);
                setFocusStep('details');
              }}
            />
          )}
        </section>
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
              {groups.map(({ group, types }) => {
                const survey = surveys.surveys.get(group.id);
                if (groupQuantity(quantities, group.id) <= 0) return null;
                return (
                  <div key={group.id} className="qty-group" data-ticket-group-id={group.id}>
                    <Attendees
                      group={group.id}
                      types={types}
                      quantities={quantities}
                      needsByKey={needs}
                      values={attendees}
                      errors={detailErrors.attendees}
                      onChange={(key, index, value) =>
                        setAttendees((prev) => {
                          const list = [...(prev[key] ?? [])];
                          list[index] = value;
                          return { ...prev, [key]: list };
                        })
                      }
                    />
                    {survey && (
                      <SurveyFields
                        groupId={group.id}
                        survey={survey}
                        answers={answers[group.id] ?? {}}
                        errors={detailErrors.survey[group.id] ?? {}}
                        onChange={(field, value) => setAnswers((prev) => ({ ...prev, [group.id]: { ...(prev[group.id] ?? {}), [field]: value } }))}
                      />
                    )}
                  </div>
                );
              })}
              {!hasDetails(groups, quantities, needs, surveys.surveys) && <p className="muted">{en.flows.noDetails}</p>}
              <StepMessages texts={quantityTexts(detail.messageRules, quantityLines(groups, quantities), { session, timezone })} />
              <ReserveBar count={count} price={total.price} fees={total.fees} currency={currency} canReserve={!submitting} submitting={submitting} error={serverError} />
            </form>
          )}
        </section>
      )}
    </div>
  );
}

function hasDetails(groups: EventDetail['groups'], quantities: Quantities, needs: ReadonlyMap<string, { name: string; email: string }>, surveys: ReadonlyMap<string, unknown>): boolean {
  for (const { group, types } of groups) {
    if (groupQuantity(quantities, group.id) <= 0) continue;
    if (surveys.has(group.id)) return true;
    for (const { type } of types) {
      const key = typeKey(group.id, type.id);
      const need = needs.get(key);
      if ((quantities[key] ?? 0) > 0 && need && (need.name !== 'none' || need.email !== 'none')) return true;
    }
  }
  return false;
}
