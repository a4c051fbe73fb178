// The quantities of one chosen session (docs/events.md#flows, docs/events.md#field-rules): availability, steppers,
// attendees and surveys, seats, messages and the reserve bar.
import type { TEventSession } from '@foyer/contracts';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../../api/client.js';
import { listOf } from '../../../../api/document.js';
import { groupAvailabilityQuery } from '../../../../api/queries.js';
import { en, format } from '../../../../i18n/en.js';
import { ErrorNotice } from '../../../../ui/error-notice.js';
import { Skeleton } from '../../../../ui/skeleton.js';
import { useOptionalCart } from '../../../../shared/cart/cart-context.js';
import type { AttendeeValue } from './attendees.js';
import type { PriceGroup } from '../../../../shared/events/model.js';
import { initialQuantities, nothingAvailable, quantityLimits, setQuantity, totalQuantity, typeKey, unmetGroupMinimums, type Quantities, type QuantityLimits } from './quantities.js';
import { QuantityGroup } from './quantity-group.js';
import { ReserveBar } from './reserve-bar.js';
import { quantityLines, quantityTexts } from '../message-rules.js';
import { StepMessages } from '../step-messages.js';
import { useReserveSubmit } from './use-reserve-submit.js';
import { attendeeNeedsByKey, buildReservation, groupQuantity, groupSurveys, initialAmounts, NO_ERRORS, selectionTotal, validateSelection, type FormContext, type FormErrors, type SelectionForm } from './reservation.js';
import { cachedDefaults } from './selection-cache.js';
import { initialAnswersByGroup, type SurveyAnswer } from './survey.js';
import { GroupDetails } from './group-details.js';
import { useBenefitPools } from '../../../membership/public.js';
import { useSeating } from '../../seats/use-seating.js';
import { SeatPicker } from '../../seats/seat-picker.js';

import type { QuantitySelectionProps } from './quantity-selection-props.js';
import { SelfCheckedForm } from '../../../../ui/self-checked-form.js';

/** Nothing chosen yet, one object for every render (hooks depend on the quantities). */
const NO_QUANTITIES: Quantities = {};

export function SessionQuantities({ event, session, date, groups, currency, eventConfig, cache, onSoldOut, messageRules, timezone, matchCount }: QuantitySelectionProps & { session: TEventSession }) {
  const cart = useOptionalCart();
  const formRef = useRef<HTMLFormElement>(null);

  const availability = useQueries({
    queries: groups.map(({ group }) => groupAvailabilityQuery(event.id, session.id, group.id)),
  });
  const pending = availability.some((q) => q.isPending);
  const failed = availability.find((q) => q.isError);

  // Surveys: a question without a type is an initialization error.
  const surveys = useMemo(() => groupSurveys(groups), [groups]);

  // What the cart already holds in this session counts against the per-order limits.
  const cartTickets = cart?.view?.tickets;
  const held = useMemo(() => {
    const byGroup = new Map<string, number>();
    const byType = new Map<string, number>();
    for (const t of cartTickets ?? []) {
      if (t.event_session_id !== session.id) continue;
      byGroup.set(t.ticket_group_id, (byGroup.get(t.ticket_group_id) ?? 0) + 1);
      const key = typeKey(t.ticket_group_id, t.ticket_type_id);
      byType.set(key, (byType.get(key) ?? 0) + 1);
    }
    return { byGroup, byType };
  }, [cartTickets, session.id]);

  // Member benefits cap the member tickets (docs/events.md#field-rules).
  const benefits = useBenefitPools(session.id, groups);
  // When each group's availability was last read: the limits follow the data, not the unstable query objects.
  const availabilityStamps = availability.map((q) => q.dataUpdatedAt).join(' ');
  const limits = useMemo<QuantityLimits | null>(() => {
    if (pending || failed || benefits.pending) return null;
    const groupAvailable = new Map<string, number>();
    let fresh: TEventSession | null = null;
    for (const [i, { group }] of groups.entries()) {
      const found = listOf(availability[i].data, 'event_session').find((s) => s.id === session.id);
      groupAvailable.set(group.id, found ? found.availableCapacity : 0);
      if (found) fresh = found;
    }
    const source: TEventSession = fresh ?? session;
    const sessionAvailable = source.capacity === -1 ? -1 : Math.max(0, source.capacity + source.oversell_capacity - source.used_capacity);
    return quantityLimits({ groups, groupAvailable, sessionAvailable, held, orderMax: matchCount, benefitPools: benefits.pools });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the queries are keyed by their dataUpdatedAt (spread), not by the unstable query objects
  }, [pending, failed, groups, session, held, matchCount, benefits.pending, benefits.pools, availabilityStamps]);

  const limitsKnown = limits !== null;
  const defaults = useMemo<Quantities | null>(() => {
    if (!limits) return null;
    let start = initialQuantities(limits);
    const cached = cachedDefaults(cache?.read() ?? null, { date: date ?? '', sessionId: session.id, availableCapacity: session.availableCapacity });
    if (cached) {
      let fitted: Quantities = Object.fromEntries(Object.keys(start).map((k) => [k, 0]));
      for (const [key, q] of Object.entries(cached)) if (key in fitted) fitted = setQuantity(limits, fitted, key, q);
      if (totalQuantity(fitted) === totalQuantity(cached)) start = fitted;
    }
    // Matching the anchor with a single ticket type on offer: that many are chosen already.
    const open = [...limits.types.values()].filter((t) => t.max > 0);
    if (matchCount !== undefined && open.length === 1) start = setQuantity(limits, start, open[0].key, matchCount);
    return start;
    // The defaults are taken once per session (this component is keyed by it).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the defaults are taken once, when the limits first arrive
  }, [limitsKnown]);

  const [chosen, setChosen] = useState<Quantities | null>(null);
  const quantities = chosen ?? defaults ?? NO_QUANTITIES;
  const [amounts, setAmounts] = useState<Record<string, string>>(() => initialAmounts(groups));
  const [attendees, setAttendees] = useState<Record<string, AttendeeValue[]>>({});
  const [answers, setAnswers] = useState<Record<string, Record<string, SurveyAnswer>>>(() => initialAnswersByGroup(surveys.surveys));
  const [submitted, setSubmitted] = useState(false);
  const reserve = useReserveSubmit({
    formRef,
    eventConfig,
    onAdded: () => {
      cache?.forget();
    },
    onRefused: (error) => {
      if (isApiError(error) && error.code === 'event_session_sold_out' && onSoldOut) {
        onSoldOut(session);
        return true;
      }
      // A seat taken between view and click: choose again on a fresh map (the server's text is shown).
      if (isApiError(error) && error.code === 'seat_unavailable') seating.clear();
      if (isApiError(error) && ['session_capacity_exceeded', 'ticket_group_capacity_exceeded', 'ticket_group_sold_out'].includes(error.code)) {
        for (const q of availability) void q.refetch();
      }
      return false;
    },
  });
  const { submitting, serverError } = reserve;
  const seating = useSeating(groups, quantities);

  // Remember the selection for the next session picked on the same day.
  useEffect(() => {
    if (cache && date && totalQuantity(quantities) > 0) cache.remember({ date, sessionId: session.id, quantities });
  }, [cache, date, session.id, quantities]);

  const needsByKey = useMemo(() => attendeeNeedsByKey(groups, event), [groups, event]);
  const formContext: FormContext = { groups, needs: needsByKey, surveys: surveys.surveys };
  const form: SelectionForm = { quantities, amounts, attendees, answers };
  const validate = (): FormErrors => (limits ? validateSelection(formContext, form, unmetGroupMinimums(limits, quantities)) : NO_ERRORS);
  const errors = submitted ? validate() : NO_ERRORS;
  const total = useMemo(() => selectionTotal(groups, quantities, amounts), [groups, quantities, amounts]);

  const count = totalQuantity(quantities);
  const matched = matchCount === undefined || count === matchCount;
  // Seated groups: a seat for every seated ticket first (docs/seating.md#3-storefront).
  const canReserve = !submitting && count > 0 && limits !== null && matched && seating.ready;

  const submit = async () => {
    if (!canReserve || !reserve.hasCart) return;
    setSubmitted(true);
    await reserve.submit(validate(), () => {
      const reservation = buildReservation(formContext, form, session.id);
      return { ...reservation, add: seating.attach(reservation.add) };
    });
  };

  if (surveys.error) return <ErrorNotice title={en.quantities.initError} error={surveys.error} />;
  if (failed) return <ErrorNotice title={en.quantities.initError} error={failed.error} onRetry={() => availability.forEach((q) => void q.refetch())} />;
  if (!limits) return <QuantitySkeleton groups={groups} />;
  if (nothingAvailable(limits)) {
    return (
      <p className="notice notice--warning" role="status">
        {en.quantities.noTicketsAvailable}
      </p>
    );
  }

  const update = (next: Quantities) => {
    setChosen(next);
    reserve.clearError();
  };

  return (
    <SelfCheckedForm formRef={formRef} className="quantity-form" onSubmit={() => void submit()}>
      <p className="muted quantity-selection__hint">{en.quantities.chooseQuantities}</p>
      <div className="qty-groups">
        {groups.map((entry) => {
          const { group, types } = entry;
          const survey = surveys.surveys.get(group.id);
          const showSurvey = survey && groupQuantity(quantities, group.id) > 0;
          return (
            <QuantityGroup
              key={group.id}
              entry={entry}
              headingId={`qty-group-${group.id}`}
              membersOnlyBadge
              limits={limits}
              quantities={quantities}
              currency={currency}
              errors={errors}
              amounts={amounts}
              onQuantities={update}
              onAmount={(key, value) => setAmounts((prev) => ({ ...prev, [key]: value }))}
            >
              <GroupDetails
                groupId={group.id}
                types={types}
                quantities={quantities}
                needsByKey={needsByKey}
                errors={errors}
                attendees={attendees}
                setAttendees={setAttendees}
                survey={showSurvey ? survey : undefined}
                answers={answers}
                setAnswers={setAnswers}
              />
            </QuantityGroup>
          );
        })}
      </div>
      {matchCount !== undefined && matchCount > 0 && (
        <p className={`notice ${matched ? 'notice--info' : 'notice--warning'} quantity-selection__match`} id="match-anchor" role="status">
          {matchCount === 1 ? en.quantities.matchAnchorOne : format(en.quantities.matchAnchor, { count: matchCount })}
        </p>
      )}
      <StepMessages texts={quantityTexts(messageRules ?? [], quantityLines(groups, quantities), { session, timezone: timezone ?? 'UTC' })} />
      <SeatPicker seating={seating} eventId={event.id} sessionId={session.id} currency={currency} />
      <ReserveBar count={count} price={total.price} fees={total.fees} currency={currency} canReserve={canReserve} submitting={submitting} error={serverError} />
    </SelfCheckedForm>
  );
}

function QuantitySkeleton({ groups }: { groups: PriceGroup[] }) {
  const rows = groups.reduce((n, g) => n + g.types.length, 0);
  return (
    <div aria-busy="true" aria-label={en.quantities.loading}>
      <Skeleton width="50%" height="1.2rem" style={{ marginBottom: 12 }} />
      {Array.from({ length: Math.max(rows, 1) }, (_, i) => (
        <Skeleton key={i} height={64} style={{ marginBottom: 8 }} />
      ))}
    </div>
  );
}
