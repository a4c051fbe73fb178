import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../../api/client.js';
import { listOf } from '../../../../api/document.js';
import { firstOpenSessionQuery, reloadFirstOpenSession } from '../../../../api/queries.js';
import { en } from '../../../../i18n/en.js';
import { ErrorNotice } from '../../../../ui/error-notice.js';
import { Skeleton } from '../../../../ui/skeleton.js';
import type { AttendeeValue } from '../quantities/attendees.js';
import { isFlexiblePrice } from '@foyer/contracts/rules';
import type { EventDetail } from '../../../../shared/events/model.js';
import { typePrice } from '../price-format.js';
import { typeKey } from '../quantities/quantities.js';
import { AmountField } from '../quantities/quantity-row.js';
import { ReserveBar } from '../quantities/reserve-bar.js';
import {
  attendeeNeedsByKey,
  buildReservation,
  groupSurveys,
  initialAmounts,
  NO_ERRORS,
  selectionTotal,
  validateSelection,
  type SelectionForm,
} from '../quantities/reservation.js';
import { initialAnswersByGroup, type SurveyAnswer } from '../quantities/survey.js';
import { GroupDetails } from '../quantities/group-details.js';
import { useReserveSubmit } from '../quantities/use-reserve-submit.js';

export interface AddOneFlowProps {
  detail: EventDetail;
  currency: string;
  /** A ticket type to start with (the `select` query parameter). */
  preselectTypeId?: string | null;
}

/**
 * Add-one-to-cart (docs/payments.md#gift-cards): gift cards (ledger) and donations are one ticket only. Pick one option
 * (a radio group when there are several), type an amount for a flexible price, add it to the cart
 * on the event's open session and go on as after any add.
 */
export function AddOneFlow({ detail, currency, preselectTypeId }: AddOneFlowProps) {
  const client = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const { event, groups } = detail;
  const sessionQuery = useQuery(firstOpenSessionQuery(event.id));
  const session = listOf(sessionQuery.data, 'event_session').at(0) ?? null;

  const options = useMemo(() => groups.flatMap(({ group, types }) => types.map((priceType) => ({ key: typeKey(group.id, priceType.type.id), group, ...priceType }))), [groups]);
  const [chosenKey, setChosenKey] = useState<string | null>(() => {
    const wanted = preselectTypeId ? options.find((o) => o.type.id === preselectTypeId) : undefined;
    return wanted?.key ?? (options.length === 1 ? options[0].key : null);
  });
  const chosen = options.find((o) => o.key === chosenKey) ?? null;
  const surveys = useMemo(() => groupSurveys(groups), [groups]);
  const needs = useMemo(() => attendeeNeedsByKey(groups, event), [groups, event]);
  const [amounts, setAmounts] = useState(() => initialAmounts(groups));
  const [attendees, setAttendees] = useState<Record<string, AttendeeValue[]>>({});
  const [answers, setAnswers] = useState<Record<string, Record<string, SurveyAnswer>>>(() => initialAnswersByGroup(surveys.surveys));
  const [submitted, setSubmitted] = useState(false);
  const reserve = useReserveSubmit({
    formRef,
    eventConfig: detail.config,
    onRefused: (error) => {
      if (isApiError(error) && error.code === 'event_session_sold_out') void reloadFirstOpenSession(client, event.id).catch(() => undefined);
      return false;
    },
  });
  const { submitting, serverError } = reserve;

  const quantities = chosen ? { [chosen.key]: 1 } : {};
  const form: SelectionForm = { quantities, amounts, attendees, answers };
  const context = { groups, needs, surveys: surveys.surveys };
  const errors = submitted ? validateSelection(context, form) : NO_ERRORS;
  const total = selectionTotal(groups, quantities, amounts);
  const survey = chosen ? surveys.surveys.get(chosen.group.id) : undefined;

  const submit = async () => {
    if (!chosen || !session || !reserve.hasCart || submitting) return;
    setSubmitted(true);
    await reserve.submit(validateSelection(context, form), () => buildReservation(context, form, session.id));
  };

  if (surveys.error) return <ErrorNotice title={en.quantities.initError} error={surveys.error} />;
  if (sessionQuery.isError) return <ErrorNotice title={en.event.errorTitle} error={sessionQuery.error} onRetry={() => void sessionQuery.refetch()} />;
  if (sessionQuery.isPending) {
    return (
      <div className="panel step" aria-busy="true" aria-label={en.quantities.loading}>
        <Skeleton width="40%" height="1.4rem" style={{ marginBottom: 16 }} />
        <Skeleton height={64} />
      </div>
    );
  }
  if (!session || !options.length) {
    return (
      <p className="notice notice--warning" role="status">
        {en.event.noTickets}
      </p>
    );
  }

  const headingId = `${id}-title`;
  return (
    <form
      ref={formRef}
      className="panel step add-one"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="step__header">
        <h2 id={headingId} className="step__title">
          {options.length > 1 ? (groups.length === 1 ? groups[0].group.name : en.flows.chooseOne) : (chosen?.type.name ?? event.name)}
        </h2>
      </div>
      {options.length > 1 ? (
        <fieldset className="add-one__options">
          <legend className="visually-hidden">{en.flows.chooseOne}</legend>
          {options.map((option) => {
            const { price } = typePrice(option.type, currency);
            return (
              <label key={option.key} className="add-one__option" data-ticket-type-id={option.type.id}>
                <input
                  type="radio"
                  name={`${id}-option`}
                  value={option.key}
                  checked={chosenKey === option.key}
                  onChange={() => {
                    setChosenKey(option.key);
                    reserve.clearError();
                  }}
                />
                <span className="add-one__option-text">
                  <span className="add-one__option-name">{option.type.name}</span>
                  {option.type.summary && <span className="add-one__option-summary">{option.type.summary}</span>}
                </span>
                <span className="add-one__option-price">{price}</span>
              </label>
            );
          })}
        </fieldset>
      ) : (
        chosen?.type.summary && <p className="muted">{chosen.type.summary}</p>
      )}
      {chosen && isFlexiblePrice(chosen.type) && (
        <AmountField
          type={chosen.type}
          currency={currency}
          label={en.flows.amount}
          value={amounts[chosen.key]}
          error={errors.amounts[chosen.key]}
          onChange={(value) => setAmounts((prev) => ({ ...prev, [chosen.key]: value }))}
          className="add-one__amount"
        />
      )}
      {chosen && (
        <>
          <GroupDetails
            groupId={chosen.group.id}
            types={[{ type: chosen.type, rule: chosen.rule }]}
            quantities={quantities}
            needsByKey={needs}
            errors={errors}
            attendees={attendees}
            setAttendees={setAttendees}
            survey={survey}
            answers={answers}
            setAnswers={setAnswers}
          />
        </>
      )}
      <p className="muted add-one__note">{en.flows.oneOnly}</p>
      <ReserveBar
        count={chosen ? 1 : 0}
        price={total.price}
        fees={total.fees}
        currency={currency}
        canReserve={!!chosen && !submitting}
        submitting={submitting}
        error={serverError}
        label={en.flows.addToCart}
        busyLabel={en.flows.adding}
      />
    </form>
  );
}
