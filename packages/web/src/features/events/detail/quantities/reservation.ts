import { toMinor } from '@foyer/contracts/constants';
import type { TEventTemplate, TReserveTicket } from '@foyer/contracts';
import { en, format } from '../../../../i18n/en.js';
import { attendeeNeeds, isFlexiblePrice, percentFee, type AttendeeNeeds } from '@foyer/contracts/rules';
import { attendeeErrors, EMPTY_ATTENDEE, fullName, type AttendeeErrors, type AttendeeValue } from './attendees.js';
import { flexiblePriceError, initialFlexibleAmount, normaliseAmount } from './flexible-price.js';
import type { PriceGroup } from '../../../../shared/events/model.js';
import { typeKey, type Quantities } from './quantities.js';
import { cleanSurveyAnswers, parseSurvey, surveyErrors, type Survey, type SurveyAnswer } from './survey.js';
import { scrollIntoView } from '../../../../lib/optional-dom.js';

/**
 * What a reserve form holds besides the session (quantities, flexible amounts, attendees, survey
 * answers), how it is validated (docs/events.md#field-rules: everything at once) and how it becomes the add of a cart
 * modify call. Shared by the date-first and quantity-first flows.
 */

export interface SelectionForm {
  quantities: Quantities;
  /** Flexible amounts as typed, by type key. */
  amounts: Record<string, string>;
  attendees: Record<string, AttendeeValue[]>;
  /** Survey answers by group id. */
  answers: Record<string, Record<string, SurveyAnswer>>;
}

export interface FormErrors {
  amounts: Record<string, string>;
  attendees: Record<string, AttendeeErrors[]>;
  survey: Record<string, Record<string, string>>;
  groups: Record<string, string>;
}

export const NO_ERRORS: FormErrors = { amounts: {}, attendees: {}, survey: {}, groups: {} };

/** docs/events.md#field-rules: scroll to and focus the first invalid field after 100 ms. */
export const FOCUS_INVALID_DELAY_MS = 100;

export function hasErrors(errors: FormErrors): boolean {
  return (
    Object.keys(errors.amounts).length > 0 ||
    Object.keys(errors.groups).length > 0 ||
    Object.values(errors.survey).some((e) => Object.keys(e).length > 0) ||
    Object.values(errors.attendees).some((list) => list.some((e) => Object.keys(e).length > 0))
  );
}

/** Attendee needs by type key. */
export function attendeeNeedsByKey(groups: readonly PriceGroup[], event: Pick<TEventTemplate, 'meta'>): Map<string, AttendeeNeeds> {
  const out = new Map<string, AttendeeNeeds>();
  for (const { group, types } of groups) for (const { type, rule } of types) out.set(typeKey(group.id, type.id), attendeeNeeds(rule, group, event));
  return out;
}

/** The survey of each group that has one; a question without a type is an error (docs/events.md#attendees-and-surveys). */
export function groupSurveys(groups: readonly PriceGroup[]): { surveys: Map<string, Survey>; error: unknown } {
  const surveys = new Map<string, Survey>();
  try {
    for (const { group } of groups) {
      const survey = parseSurvey(group.additional_info_spec);
      if (survey) surveys.set(group.id, survey);
    }
    return { surveys, error: null };
  } catch (error) {
    return { surveys, error };
  }
}

/** Pre-filled flexible amounts by type key. */
export function initialAmounts(groups: readonly PriceGroup[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { group, types } of groups) for (const { type } of types) if (isFlexiblePrice(type)) out[typeKey(group.id, type.id)] = initialFlexibleAmount(type);
  return out;
}

export function groupQuantity(quantities: Quantities, groupId: string): number {
  let n = 0;
  for (const [key, q] of Object.entries(quantities)) if (key.startsWith(`${groupId}:`)) n += q;
  return n;
}

export interface FormContext {
  groups: readonly PriceGroup[];
  needs: ReadonlyMap<string, AttendeeNeeds>;
  surveys: ReadonlyMap<string, Survey>;
}

/** Every error of the form at once; `unmetMinimums` are the groups below their minimum. */
export function validateSelection(ctx: FormContext, form: SelectionForm, unmetMinimums: readonly { groupId: string; min: number }[] = []): FormErrors {
  const errors: FormErrors = { amounts: {}, attendees: {}, survey: {}, groups: {} };
  for (const { group, types } of ctx.groups) {
    for (const { type } of types) {
      const key = typeKey(group.id, type.id);
      const q = form.quantities[key] ?? 0;
      if (q <= 0) continue;
      const { currency_amount_min: min, currency_amount_max: max } = type;
      // A flexible price (isFlexiblePrice): both bounds set.
      if (min !== null && max !== null) {
        const error = flexiblePriceError(form.amounts[key] ?? '', min, max);
        if (error) errors.amounts[key] = error;
      }
      const needs = ctx.needs.get(key);
      if (needs && (needs.name !== 'none' || needs.email !== 'none')) {
        const list = Array.from({ length: q }, (_, i) => attendeeErrors((form.attendees[key] ?? []).at(i) ?? EMPTY_ATTENDEE, needs));
        if (list.some((e) => Object.keys(e).length)) errors.attendees[key] = list;
      }
    }
    const survey = ctx.surveys.get(group.id);
    if (survey && groupQuantity(form.quantities, group.id) > 0) {
      const e = surveyErrors(survey, form.answers[group.id] ?? {});
      if (Object.keys(e).length) errors.survey[group.id] = e;
    }
  }
  const names = new Map(ctx.groups.map(({ group }) => [group.id, group.name]));
  for (const { groupId, min } of unmetMinimums) errors.groups[groupId] = format(en.quantities.groupMin, { min, group: names.get(groupId) ?? '' });
  return errors;
}

/** The tickets to add (one item per ticket) and the survey answers of the groups chosen. */
export function buildReservation(ctx: FormContext, form: SelectionForm, sessionId: string | null): { add: TReserveTicket[]; additionalInfo: { ticket_group_id: string; data: Record<string, unknown> }[]; handlers: string[] } {
  const add: TReserveTicket[] = [];
  const handlers = new Set<string>();
  const additionalInfo: { ticket_group_id: string; data: Record<string, unknown> }[] = [];
  for (const { group, types } of ctx.groups) {
    for (const { type } of types) {
      const key = typeKey(group.id, type.id);
      const q = form.quantities[key] ?? 0;
      const needs = ctx.needs.get(key) ?? { name: 'none', email: 'none' };
      for (let i = 0; i < q; i++) {
        const item: TReserveTicket = { ticket_type_id: type.id };
        if (sessionId) item.event_session_id = sessionId;
        if (isFlexiblePrice(type)) item.face_value = normaliseAmount(form.amounts[key] ?? '');
        const person = (form.attendees[key] ?? []).at(i) ?? EMPTY_ATTENDEE;
        if (needs.name !== 'none' && fullName(person)) item.admit_name = fullName(person);
        if (needs.email !== 'none' && person.email.trim()) item.admit_email = person.email.trim();
        add.push(item);
      }
    }
    if (groupQuantity(form.quantities, group.id) > 0) handlers.add(group.handler);
    const survey = ctx.surveys.get(group.id);
    if (survey && groupQuantity(form.quantities, group.id) > 0) additionalInfo.push({ ticket_group_id: group.id, data: cleanSurveyAnswers(survey, form.answers[group.id] ?? {}) });
  }
  return { add, additionalInfo, handlers: [...handlers] };
}

/** Ticket price and outside fees of a selection, in minor units (a flexible type at its typed amount). */
export function selectionTotal(groups: readonly PriceGroup[], quantities: Quantities, amounts: Record<string, string>): { price: number; fees: number } {
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
      fees += percentFee(unit, type.fee_percent_outside) * q;
    }
  }
  return { price, fees };
}

/** utm_* query parameters, sent with the add as the cart's campaign. */
export function campaignOf(search: URLSearchParams): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const [key, value] of search) if (key.startsWith('utm_') && value) out[key] = value.slice(0, 500);
  return Object.keys(out).length ? out : null;
}

/** After FOCUS_INVALID_DELAY_MS: scroll the first field marked invalid inside `root` into view and focus it. */
export function focusFirstInvalid(root: () => HTMLElement | null): void {
  setTimeout(() => {
    const first = root()?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    scrollIntoView(first, { block: 'center', behavior: 'smooth' });
    first.focus({ preventScroll: true });
  }, FOCUS_INVALID_DELAY_MS);
}
