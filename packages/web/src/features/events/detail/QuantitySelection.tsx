import { toMinor, fromMinor, type TEventSession, type TEventTemplate, type TReserveTicket } from '@foyer/contracts';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage, isApiError } from '../../../api/client.js';
import { listOf } from '../../../api/document.js';
import { groupAvailabilityQuery } from '../../../api/queries.js';
import { useAppConfig } from '../../../config/useConfig.js';
import type { TConfigEntry } from '@foyer/contracts';
import { en, format } from '../../../i18n/en.js';
import { formatMoney } from '../../../lib/money.js';
import { ErrorNotice } from '../../../ui/ErrorNotice.js';
import { MinusIcon, PlusIcon } from '../../../ui/icons.js';
import { Skeleton } from '../../../ui/Skeleton.js';
import { useOptionalCart } from '../../cart/CartContext.js';
import { nextRouteAfterAdd } from '../../cart/model.js';
import { attendeeErrors, attendeeNeeds, EMAIL_MAX_LENGTH, EMPTY_ATTENDEE, fullName, NAME_MAX_LENGTH, type AttendeeErrors, type AttendeeNeeds, type AttendeeValue } from './attendees.js';
import { flexiblePriceError, FLEXIBLE_PRICE_STEP, initialFlexibleAmount, isFlexiblePrice, normaliseAmount } from './flexiblePrice.js';
import type { PriceGroup, PriceType } from './model.js';
import { groupHint, PriceList, typePrice } from './PriceList.js';
import {
  canIncrease,
  decrease,
  increase,
  initialQuantities,
  nothingAvailable,
  quantityLimits,
  setQuantity,
  totalQuantity,
  typeKey,
  unmetGroupMinimums,
  type Quantities,
  type QuantityLimits,
} from './quantities.js';
import { cachedDefaults, type CachedSelection } from './selectionCache.js';
import { cleanSurveyAnswers, initialAnswers, parseSurvey, surveyErrors, type Survey, type SurveyAnswer, type SurveyField } from './survey.js';

/** Where the flow keeps the last selection (000 §4 cached selection). */
export interface SelectionCacheRef {
  current: CachedSelection | null;
}

export interface QuantitySelectionProps {
  event: TEventTemplate;
  /** The chosen session; null until one is picked (then the read-only prices show). */
  session: TEventSession | null;
  /** The session's venue-local day (YYYY-MM-DD), for the cached selection. */
  date?: string | null;
  groups: PriceGroup[];
  currency: string;
  /** Event configuration entries (they win over the seller's). */
  eventConfig?: TConfigEntry[];
  cache?: SelectionCacheRef;
  /** event_session_sold_out: the flow reloads sessions or dates and says so (000 §8). */
  onSoldOut?: (session: TEventSession) => void;
}

/**
 * Quantities and reserve (000 §4, §5): a − n + stepper per ticket type grouped by ticket group,
 * flexible amounts, attendee names and e-mails, survey questions, totals and the reserve button.
 */
export function QuantitySelection(props: QuantitySelectionProps) {
  const { session, groups, currency } = props;
  if (!session) {
    return (
      <div className="quantity-selection">
        <PriceList groups={groups} currency={currency} />
      </div>
    );
  }
  if (!groups.length) {
    return (
      <p className="notice notice--warning" role="status">
        {en.quantities.noTicketsAvailable}
      </p>
    );
  }
  return <SessionQuantities key={session.id} {...props} session={session} />;
}

interface FormErrors {
  amounts: Record<string, string>;
  attendees: Record<string, AttendeeErrors[]>;
  survey: Record<string, Record<string, string>>;
  groups: Record<string, string>;
}

const NO_ERRORS: FormErrors = { amounts: {}, attendees: {}, survey: {}, groups: {} };

function hasErrors(errors: FormErrors): boolean {
  return (
    Object.keys(errors.amounts).length > 0 ||
    Object.keys(errors.groups).length > 0 ||
    Object.values(errors.survey).some((e) => Object.keys(e).length > 0) ||
    Object.values(errors.attendees).some((list) => list.some((e) => Object.keys(e).length > 0))
  );
}

function SessionQuantities({ event, session, date, groups, currency, eventConfig, cache, onSoldOut }: QuantitySelectionProps & { session: TEventSession }) {
  const config = useAppConfig();
  const cart = useOptionalCart();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const formRef = useRef<HTMLFormElement>(null);

  const availability = useQueries({
    queries: groups.map(({ group }) => groupAvailabilityQuery(event.id, session.id, group.id)),
  });
  const pending = availability.some((q) => q.isPending);
  const failed = availability.find((q) => q.isError);

  // Surveys: a question without a type is an initialization error.
  const surveys = useMemo(() => {
    const out = new Map<string, Survey>();
    try {
      for (const { group } of groups) {
        const survey = parseSurvey(group.additional_info_spec);
        if (survey) out.set(group.id, survey);
      }
      return { surveys: out, error: null };
    } catch (error) {
      return { surveys: out, error };
    }
  }, [groups]);

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

  const limits = useMemo<QuantityLimits | null>(() => {
    if (pending || failed) return null;
    const groupAvailable = new Map<string, number>();
    let fresh: TEventSession | null = null;
    groups.forEach(({ group }, i) => {
      const found = listOf(availability[i].data, 'event_session').find((s) => s.id === session.id);
      groupAvailable.set(group.id, found ? found.availableCapacity : 0);
      if (found) fresh = found;
    });
    const source: TEventSession = fresh ?? session;
    const sessionAvailable = source.capacity === -1 ? -1 : Math.max(0, source.capacity + source.oversell_capacity - source.used_capacity);
    return quantityLimits({ groups, groupAvailable, sessionAvailable, held });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending, failed, groups, session, held, ...availability.map((q) => q.dataUpdatedAt)]);

  const defaults = useMemo<Quantities | null>(() => {
    if (!limits) return null;
    let start = initialQuantities(limits);
    const cached = cachedDefaults(cache?.current ?? null, { date: date ?? '', sessionId: session.id, availableCapacity: session.availableCapacity });
    if (cached) {
      let fitted = Object.fromEntries(Object.keys(start).map((k) => [k, 0])) as Quantities;
      for (const [key, q] of Object.entries(cached)) if (key in fitted) fitted = setQuantity(limits, fitted, key, q);
      if (totalQuantity(fitted) === totalQuantity(cached)) start = fitted;
    }
    return start;
    // The defaults are taken once per session (this component is keyed by it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [limits === null]);

  const [chosen, setChosen] = useState<Quantities | null>(null);
  const quantities = chosen ?? defaults ?? {};
  const [amounts, setAmounts] = useState<Record<string, string>>(() => {
    const out: Record<string, string> = {};
    for (const { group, types } of groups) for (const { type } of types) if (isFlexiblePrice(type)) out[typeKey(group.id, type.id)] = initialFlexibleAmount(type);
    return out;
  });
  const [attendees, setAttendees] = useState<Record<string, AttendeeValue[]>>({});
  const [answers, setAnswers] = useState<Record<string, Record<string, SurveyAnswer>>>(() => {
    const out: Record<string, Record<string, SurveyAnswer>> = {};
    for (const [groupId, survey] of surveys.surveys) out[groupId] = initialAnswers(survey);
    return out;
  });
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  // Remember the selection for the next session picked on the same day.
  useEffect(() => {
    if (cache && date && totalQuantity(quantities) > 0) cache.current = { date, sessionId: session.id, quantities };
  }, [cache, date, session.id, quantities]);

  const needsByKey = useMemo(() => {
    const out = new Map<string, AttendeeNeeds>();
    for (const { group, types } of groups) for (const { type, rule } of types) out.set(typeKey(group.id, type.id), attendeeNeeds(rule, group, event));
    return out;
  }, [groups, event]);

  const groupNames = useMemo(() => new Map(groups.map(({ group }) => [group.id, group.name])), [groups]);

  const validate = (): FormErrors => {
    if (!limits) return NO_ERRORS;
    const errors: FormErrors = { amounts: {}, attendees: {}, survey: {}, groups: {} };
    for (const { group, types } of groups) {
      for (const { type } of types) {
        const key = typeKey(group.id, type.id);
        const q = quantities[key] ?? 0;
        if (q <= 0) continue;
        if (isFlexiblePrice(type)) {
          const error = flexiblePriceError(amounts[key] ?? '', type.currency_amount_min!, type.currency_amount_max!);
          if (error) errors.amounts[key] = error;
        }
        const needs = needsByKey.get(key)!;
        if (needs.name !== 'none' || needs.email !== 'none') {
          const list = Array.from({ length: q }, (_, i) => attendeeErrors(attendees[key]?.[i] ?? EMPTY_ATTENDEE, needs));
          if (list.some((e) => Object.keys(e).length)) errors.attendees[key] = list;
        }
      }
      const survey = surveys.surveys.get(group.id);
      if (survey && groupTotalOf(group.id) > 0) {
        const e = surveyErrors(survey, answers[group.id] ?? {});
        if (Object.keys(e).length) errors.survey[group.id] = e;
      }
    }
    for (const { groupId, min } of unmetGroupMinimums(limits, quantities)) {
      errors.groups[groupId] = format(en.quantities.groupMin, { min, group: groupNames.get(groupId) ?? '' });
    }
    return errors;
  };

  const groupTotalOf = (groupId: string) => {
    let n = 0;
    for (const [key, q] of Object.entries(quantities)) if (key.startsWith(`${groupId}:`)) n += q;
    return n;
  };

  const errors = submitted ? validate() : NO_ERRORS;

  const total = useMemo(() => {
    let price = 0;
    let fees = 0;
    for (const { group, types } of groups) {
      for (const { type } of types) {
        const key = typeKey(group.id, type.id);
        const q = quantities[key] ?? 0;
        if (!q) continue;
        let unit = 0;
        try {
          unit = isFlexiblePrice(type) ? toMinor((amounts[key] ?? '').trim() || '0') : toMinor(type.currency_amount);
        } catch {
          unit = 0;
        }
        price += unit * q;
        if (type.fee_fixed_outside) fees += toMinor(type.fee_fixed_outside) * q;
        if (type.fee_percent_outside) fees += Math.round((unit * Number(type.fee_percent_outside)) / 100) * q;
      }
    }
    return { price, fees };
  }, [groups, quantities, amounts]);

  const count = totalQuantity(quantities);
  const canReserve = !submitting && count > 0 && limits !== null;

  const focusFirstInvalid = () => {
    // 000 §5: scroll to and focus the first invalid input, after 100 ms.
    setTimeout(() => {
      const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (!first) return;
      first.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      first.focus({ preventScroll: true });
    }, 100);
  };

  const submit = async () => {
    if (!canReserve || !limits || !cart) return;
    setSubmitted(true);
    setServerError(null);
    const found = validate();
    if (hasErrors(found)) {
      focusFirstInvalid();
      return;
    }
    const add: TReserveTicket[] = [];
    const additionalInfo: { ticket_group_id: string; data: Record<string, unknown> }[] = [];
    for (const { group, types } of groups) {
      for (const { type } of types) {
        const key = typeKey(group.id, type.id);
        const q = quantities[key] ?? 0;
        const needs = needsByKey.get(key)!;
        for (let i = 0; i < q; i++) {
          const item: TReserveTicket = { ticket_type_id: type.id, event_session_id: session.id };
          if (isFlexiblePrice(type)) item.face_value = normaliseAmount(amounts[key] ?? '');
          const person = attendees[key]?.[i] ?? EMPTY_ATTENDEE;
          if (needs.name !== 'none' && fullName(person)) item.admit_name = fullName(person);
          if (needs.email !== 'none' && person.email.trim()) item.admit_email = person.email.trim();
          add.push(item);
        }
      }
      const survey = surveys.surveys.get(group.id);
      if (survey && groupTotalOf(group.id) > 0) additionalInfo.push({ ticket_group_id: group.id, data: cleanSurveyAnswers(survey, answers[group.id] ?? {}) });
    }
    const campaign = campaignOf(searchParams);
    setSubmitting(true);
    try {
      // The survey answers travel with the add, so a refused answer adds nothing.
      await cart.store.modify({ add, ...(additionalInfo.length ? { additionalInfo } : {}), ...(campaign ? { campaign } : {}) });
      if (cache) cache.current = null;
      navigate(nextRouteAfterAdd([...(eventConfig ?? []), ...config.entries]));
    } catch (error) {
      setSubmitting(false);
      if (isApiError(error) && error.code === 'event_session_sold_out' && onSoldOut) {
        onSoldOut(session);
        return;
      }
      if (isApiError(error) && ['session_capacity_exceeded', 'ticket_group_capacity_exceeded', 'ticket_group_sold_out'].includes(error.code)) {
        for (const q of availability) void q.refetch();
      }
      setServerError(errorMessage(error));
    }
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
    setServerError(null);
  };

  return (
    <form
      ref={formRef}
      className="quantity-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="muted quantity-selection__hint">{en.quantities.chooseQuantities}</p>
      <div className="qty-groups">
        {groups.map(({ group, types }) => {
          const hint = groupHint(group);
          const headingId = `qty-group-${group.id}`;
          const groupError = errors.groups[group.id];
          const survey = surveys.surveys.get(group.id);
          const showSurvey = survey && groupTotalOf(group.id) > 0;
          return (
            <section key={group.id} className="qty-group" aria-labelledby={headingId} data-ticket-group-id={group.id}>
              <h3 id={headingId} className="price-group__name">
                {group.name}
                {group.hidden_type === 'public_member_only' && <span className="badge badge--muted">{en.event.membersOnly}</span>}
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
                      onChange={update}
                      invalidGroup={groupError ? `${headingId}-error` : undefined}
                      amount={amounts[key]}
                      amountError={errors.amounts[key]}
                      onAmount={(value) => setAmounts((prev) => ({ ...prev, [key]: value }))}
                    />
                  );
                })}
              </ul>
              <Attendees
                group={group.id}
                types={types}
                quantities={quantities}
                needsByKey={needsByKey}
                values={attendees}
                errors={errors.attendees}
                onChange={(key, index, value) =>
                  setAttendees((prev) => {
                    const list = [...(prev[key] ?? [])];
                    list[index] = value;
                    return { ...prev, [key]: list };
                  })
                }
              />
              {showSurvey && (
                <SurveyFields
                  groupId={group.id}
                  survey={survey}
                  answers={answers[group.id] ?? {}}
                  errors={errors.survey[group.id] ?? {}}
                  onChange={(field, value) => setAnswers((prev) => ({ ...prev, [group.id]: { ...(prev[group.id] ?? {}), [field]: value } }))}
                />
              )}
            </section>
          );
        })}
      </div>
      <ReserveBar count={count} price={total.price} fees={total.fees} currency={currency} canReserve={canReserve} submitting={submitting} error={serverError} />
    </form>
  );
}

function campaignOf(search: URLSearchParams): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const [key, value] of search) if (key.startsWith('utm_') && value) out[key] = value.slice(0, 500);
  return Object.keys(out).length ? out : null;
}

function QuantityRow({
  priceType,
  typeKeyValue: key,
  limits,
  quantities,
  currency,
  onChange,
  invalidGroup,
  amount,
  amountError,
  onAmount,
}: {
  priceType: PriceType;
  typeKeyValue: string;
  limits: QuantityLimits;
  quantities: Quantities;
  currency: string;
  onChange: (next: Quantities) => void;
  invalidGroup?: string;
  amount: string | undefined;
  amountError: string | undefined;
  onAmount: (value: string) => void;
}) {
  const { type } = priceType;
  const id = useId();
  const q = quantities[key] ?? 0;
  const limit = limits.types.get(key);
  const flexible = isFlexiblePrice(type);
  const { price, original } = typePrice(type, currency);
  const more = canIncrease(limits, quantities, key);
  const unavailable = !limit || limit.max === 0;
  return (
    <li className={`qty-row${unavailable ? ' qty-row--unavailable' : ''}`} data-ticket-type-id={type.id}>
      <div className="qty-row__main">
        <div className="qty-row__info">
          <span className="qty-row__name" id={`${id}-name`}>
            {type.name}
          </span>
          {type.summary && <span className="qty-row__summary">{type.summary}</span>}
          <span className="qty-row__price">
            {original && (
              <span className="price-row__original">
                <span className="visually-hidden">{en.event.was} </span>
                {original}
              </span>
            )}
            {price}
          </span>
          {unavailable && <span className="qty-row__note">{en.quantities.remainingNone}</span>}
        </div>
        <div className="stepper" role="group" aria-labelledby={`${id}-name`}>
          <button type="button" className="stepper__button" aria-label={format(en.quantities.decrease, { type: type.name })} disabled={q <= 0} onClick={() => onChange(decrease(limits, quantities, key))}>
            <MinusIcon />
          </button>
          <input
            className="stepper__input"
            type="number"
            inputMode="numeric"
            min={0}
            max={limit?.max ?? 0}
            step={1}
            value={q}
            aria-label={format(en.quantities.quantityLabel, { type: type.name })}
            aria-invalid={invalidGroup ? true : undefined}
            aria-describedby={invalidGroup}
            disabled={unavailable && q === 0}
            onFocus={(e) => e.currentTarget.select()}
            onChange={(e) => onChange(setQuantity(limits, quantities, key, e.currentTarget.value === '' ? 0 : Number(e.currentTarget.value)))}
          />
          <button type="button" className="stepper__button" aria-label={format(en.quantities.increase, { type: type.name })} disabled={!more} onClick={() => onChange(increase(limits, quantities, key))}>
            <PlusIcon />
          </button>
        </div>
      </div>
      {flexible && q > 0 && (
        <div className="field qty-row__amount">
          <label htmlFor={`${id}-amount`}>{format(en.quantities.amountLabel, { type: type.name })}</label>
          <div className="amount-input">
            <span aria-hidden="true" className="amount-input__prefix">
              {currencySymbol(currency)}
            </span>
            <input
              id={`${id}-amount`}
              type="number"
              inputMode="decimal"
              step={FLEXIBLE_PRICE_STEP}
              min={type.currency_amount_min ?? undefined}
              max={type.currency_amount_max ?? undefined}
              required
              value={amount ?? ''}
              aria-invalid={amountError ? true : undefined}
              aria-describedby={`${id}-amount-hint${amountError ? ` ${id}-amount-error` : ''}`}
              onChange={(e) => onAmount(e.currentTarget.value)}
            />
          </div>
          <span className="field-hint" id={`${id}-amount-hint`}>
            {format(en.quantities.amountHint, {
              min: formatMoney(type.currency_amount_min, currency, { zeroAsFree: false }),
              max: formatMoney(type.currency_amount_max, currency, { zeroAsFree: false }),
            })}
          </span>
          {amountError && (
            <span className="field-error" id={`${id}-amount-error`}>
              {amountError}
            </span>
          )}
        </div>
      )}
    </li>
  );
}

function currencySymbol(currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

function Attendees({
  group,
  types,
  quantities,
  needsByKey,
  values,
  errors,
  onChange,
}: {
  group: string;
  types: PriceType[];
  quantities: Quantities;
  needsByKey: Map<string, AttendeeNeeds>;
  values: Record<string, AttendeeValue[]>;
  errors: Record<string, AttendeeErrors[]>;
  onChange: (key: string, index: number, value: AttendeeValue) => void;
}) {
  const people: { key: string; index: number; typeName: string; needs: AttendeeNeeds }[] = [];
  for (const { type } of types) {
    const key = typeKey(group, type.id);
    const needs = needsByKey.get(key);
    if (!needs || (needs.name === 'none' && needs.email === 'none')) continue;
    for (let i = 0; i < (quantities[key] ?? 0); i++) people.push({ key, index: i, typeName: type.name, needs });
  }
  if (!people.length) return null;
  return (
    <div className="attendees">
      <h4 className="subsection-title">{en.quantities.attendeesTitle}</h4>
      <p className="muted">{en.quantities.attendeesIntro}</p>
      {people.map(({ key, index, typeName, needs }) => (
        <AttendeeFieldset
          key={`${key}-${index}`}
          legend={format(en.quantities.attendee, { type: typeName, n: index + 1 })}
          needs={needs}
          value={values[key]?.[index] ?? EMPTY_ATTENDEE}
          errors={errors[key]?.[index] ?? {}}
          onChange={(value) => onChange(key, index, value)}
        />
      ))}
    </div>
  );
}

function AttendeeFieldset({ legend, needs, value, errors, onChange }: { legend: string; needs: AttendeeNeeds; value: AttendeeValue; errors: AttendeeErrors; onChange: (value: AttendeeValue) => void }) {
  const id = useId();
  const field = (name: keyof AttendeeValue, label: string, need: 'optional' | 'required', type: 'text' | 'email', autoComplete: string, maxLength: number) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>
        {label}
        {need === 'optional' && <span className="field-optional"> {en.quantities.optional}</span>}
      </label>
      <input
        id={`${id}-${name}`}
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        required={need === 'required'}
        value={value[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(e) => onChange({ ...value, [name]: e.currentTarget.value })}
      />
      {errors[name] && (
        <span className="field-error" id={`${id}-${name}-error`}>
          {errors[name]}
        </span>
      )}
    </div>
  );
  return (
    <fieldset className="attendee">
      <legend>{legend}</legend>
      <div className="attendee__fields">
        {needs.name !== 'none' && (
          <>
            {field('firstName', en.quantities.firstName, needs.name, 'text', 'off', NAME_MAX_LENGTH)}
            {field('lastName', en.quantities.lastName, needs.name, 'text', 'off', NAME_MAX_LENGTH)}
          </>
        )}
        {needs.email !== 'none' && field('email', en.quantities.email, needs.email, 'email', 'off', EMAIL_MAX_LENGTH)}
      </div>
    </fieldset>
  );
}

function SurveyFields({
  groupId,
  survey,
  answers,
  errors,
  onChange,
}: {
  groupId: string;
  survey: Survey;
  answers: Record<string, SurveyAnswer>;
  errors: Record<string, string>;
  onChange: (field: string, value: SurveyAnswer) => void;
}) {
  return (
    <div className="survey" data-survey-group={groupId}>
      <h4 className="subsection-title">{survey.title ?? en.quantities.surveyTitle}</h4>
      {survey.fields.map((field) => (
        <SurveyQuestion key={field.key} field={field} value={answers[field.key]} error={errors[field.key]} onChange={(value) => onChange(field.key, value)} />
      ))}
    </div>
  );
}

function SurveyQuestion({ field, value, error, onChange }: { field: SurveyField; value: SurveyAnswer | undefined; error?: string; onChange: (value: SurveyAnswer) => void }) {
  const id = useId();
  const describedBy = [field.description ? `${id}-desc` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const label = (
    <>
      {field.label}
      {!field.required && field.control !== 'checkbox' && <span className="field-optional"> {en.quantities.optional}</span>}
    </>
  );
  const after: ReactNode = (
    <>
      {field.description && (
        <span className="field-hint" id={`${id}-desc`}>
          {field.description}
        </span>
      )}
      {error && (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </>
  );
  const text = typeof value === 'string' ? value : '';

  if (field.control === 'checkbox') {
    return (
      <div className="field field--check">
        <label className="check">
          <input type="checkbox" checked={value === true} aria-invalid={error ? true : undefined} aria-describedby={describedBy} onChange={(e) => onChange(e.currentTarget.checked)} />
          <span>{field.label}</span>
        </label>
        {after}
      </div>
    );
  }
  if (field.control === 'radio' && field.options) {
    return (
      <fieldset className="field field--choices" aria-describedby={describedBy}>
        <legend>{label}</legend>
        <div className="choices">
          {field.options.map((option, i) => (
            <label key={option.label} className="check">
              <input
                type="radio"
                name={id}
                value={option.label}
                checked={text === option.label}
                required={field.required}
                aria-invalid={error && i === 0 ? true : undefined}
                onChange={() => onChange(option.label)}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
        {after}
      </fieldset>
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {field.control === 'select' && field.options ? (
        <select id={id} value={text} required={field.required} aria-invalid={error ? true : undefined} aria-describedby={describedBy} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="">{en.quantities.selectOption}</option>
          {field.options.map((option) => (
            <option key={option.label} value={option.label}>
              {option.label}
            </option>
          ))}
        </select>
      ) : field.control === 'textarea' ? (
        <textarea id={id} value={text} required={field.required} maxLength={field.maxLength ?? undefined} aria-invalid={error ? true : undefined} aria-describedby={describedBy} onChange={(e) => onChange(e.currentTarget.value)} />
      ) : (
        <input
          id={id}
          type={field.control === 'number' ? 'number' : field.control === 'email' ? 'email' : field.control === 'date' ? 'date' : 'text'}
          inputMode={field.control === 'number' ? (field.type === 'integer' ? 'numeric' : 'decimal') : undefined}
          value={text}
          required={field.required}
          maxLength={field.maxLength ?? undefined}
          min={field.minimum ?? undefined}
          max={field.maximum ?? undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      )}
      {after}
    </div>
  );
}

/**
 * Totals and the reserve button: under the list on desktop, a sticky footer on phones (one
 * button either way). Enabled only when not submitting and at least one ticket is chosen.
 */
function ReserveBar({ count, price, fees, currency, canReserve, submitting, error }: { count: number; price: number; fees: number; currency: string; canReserve: boolean; submitting: boolean; error: string | null }) {
  const money = (minor: number) => formatMoney(fromMinor(minor), currency, { zeroAsFree: false });
  return (
    <div className="reserve-area">
      {error && (
        <p className="notice notice--error reserve-area__error" role="alert">
          {error}
        </p>
      )}
      <div className="reserve-bar" data-testid="reserve-bar">
        <div className="reserve-bar__total" aria-live="polite" aria-atomic="true">
          <span className="reserve-bar__label">{count === 1 ? en.quantities.ticketCountOne : format(en.quantities.ticketCount, { count })}</span>
          <span className="reserve-bar__amount">
            <span className="visually-hidden">{en.quantities.total} </span>
            {money(price + fees)}
          </span>
          {fees > 0 && (
            <span className="reserve-bar__fees">
              {en.quantities.fees} {money(fees)}
            </span>
          )}
        </div>
        <button type="submit" className="button reserve-bar__button" disabled={!canReserve} aria-busy={submitting || undefined}>
          {submitting ? en.quantities.reserving : en.quantities.reserve}
        </button>
      </div>
    </div>
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
