// The quantity-first flow's selection before a session (docs/events.md#flows): the quantities within the limits
// (a deep link's to start), the flexible amounts, the attendees and the survey answers.
import { useMemo, useState } from 'react';
import { useBenefitPools } from '../../../membership/public.js';
import { asksForTickets, resolveTickets, type DeepLink } from '../deep-links/deep-links.js';
import type { EventDetail } from '../../../../shared/events/model.js';
import type { AttendeeValue } from '../quantities/attendees.js';
import { initialQuantities, quantityLimits, setQuantity, type Quantities } from '../quantities/quantities.js';
import { attendeeNeedsByKey, groupSurveys, initialAmounts } from '../quantities/reservation.js';
import { initialAnswersByGroup, type SurveyAnswer } from '../quantities/survey.js';

export function useQuantityFirstSelection(detail: EventDetail, link: DeepLink | undefined) {
  const { event, groups } = detail;
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
  return { limits, linked, quantities, setQuantities, amounts, setAmounts, surveys, needs, attendees, setAttendees, answers, setAnswers };
}
