import { conflicts, inVisitWindow, isAddOnMeta, isUpsellHandler, paddingFrom, readVisitTime, VisitTimeError, visitWindow, type Booking, type VisitTime } from '@foyer/contracts/rules';
import type { Tx } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import type { TtlCache } from '../ttl-cache.js';
import { eventPlaces, sessionsBetween, sessionSpans, webSetting, type EventPlace } from './add-on-window.repository.js';
import { eventKinds } from './add-on-anchor.repository.js';
import { memo } from './memo.js';
import { mustExist } from '../must-exist.js';

/**
 * Add-on sessions inside the anchor's visit window and clear of the cart's other bookings
 * (docs/architecture.md "Rules and where they are enforced"): the storefront offers only such
 * sessions; an add-on ticket added for another day, outside web.upsells.visit_time's window or
 * within the conflict padding of another timed booking is refused here, from the same rule
 * (contracts/src/rules/add-on-window.ts). Checked for the add-on tickets a change adds and, when
 * the change adds or removes admission tickets (the anchor and the other bookings move), for the
 * add-ons already held too: such a change is refused rather than leave one outside the new window.
 * Tickets of non-upsell handlers are never add-ons. Runs after checkAddOnAnchors (an anchor exists).
 */
export const OUTSIDE_VISIT_TEXT = 'This add-on is not available at that time: choose a time during your visit.';
export const ADD_ON_CONFLICT_TEXT = 'This add-on time overlaps another booking in your cart: choose another time.';
export const VISIT_TIME_BROKEN_TEXT = 'Add-ons cannot be booked right now: the visit time setting is not valid.';

/** The refusal of an admission change that would leave an add-on already held outside the visit or in conflict. */
export const heldAddOnText = (name: string) => `This change would leave ${name} outside your visit or overlapping another booking. Change both in one step, or remove ${name} from your cart first.`;

interface Held {
  event_template_id: string;
  event_session_id: string | null;
  handler?: string;
}

const refuse = (text: string, extra: Record<string, unknown>) => new AppError(400, 'rule_blocks_reserve', text, 'checkout_rules', extra);

export async function checkAddOnWindows(tx: Tx, cache: TtlCache | undefined, sellerId: string, additions: readonly Held[], after: readonly Held[], removed: readonly Held[] = []): Promise<void> {
  if (!additions.length && !removed.length) return;
  const kindIds = [...new Set([...after, ...removed].map((t) => t.event_template_id))].sort();
  if (!kindIds.length) return;
  // The upsell flags from the read checkAddOnAnchors just memoised; the rest is read only when an add-on is checked.
  const kinds = new Map((await memo(cache, `event-kinds:${kindIds.join(',')}`, () => eventKinds(tx, kindIds))).map((e) => [e.id, e]));
  const isAddOn = (t: Held) => !!t.event_session_id && isUpsellHandler(t.handler) && isAddOnMeta(JSON.parse(kinds.get(t.event_template_id)?.meta ?? '{}'));
  const isAdmission = (t: Held) => !!t.event_session_id && !isAddOnMeta(JSON.parse(kinds.get(t.event_template_id)?.meta ?? '{}')) && kinds.get(t.event_template_id)?.event_type !== 'flexible';
  const checked = [...additions, ...removed].some(isAdmission) ? after : additions;
  const addOns = checked.filter(isAddOn);
  if (!addOns.length) return;
  const addedSessions = new Set(additions.map((t) => t.event_session_id));
  const eventIds = [...new Set(after.map((t) => t.event_template_id))].sort();
  const events = new Map((await eventPlaces(tx, eventIds)).map((e) => [e.id, e]));
  const meta = (e: EventPlace | undefined) => (e ? (JSON.parse(e.meta) as Record<string, unknown>) : {});

  const sessionIds = [...new Set(after.map((t) => t.event_session_id).filter((s): s is string => !!s))].sort();
  const spans = new Map((await sessionSpans(tx, sessionIds)).map((s) => [s.id, s]));
  // `dated` tickets have a session with a span: spanOf finds it.
  const spanOf = (t: Held) => mustExist(t.event_session_id === null ? undefined : spans.get(t.event_session_id), `span of ticket session ${t.event_session_id ?? 'none'}`);
  const dated = after.filter((t) => t.event_session_id && spans.has(t.event_session_id) && events.get(t.event_template_id)?.event_type !== 'flexible');
  const admissions = dated.filter((t) => !isAddOnMeta(meta(events.get(t.event_template_id))));
  if (!admissions.length) return;
  const anchor = admissions.map(spanOf).reduce((a, b) => (b.start_datetime < a.start_datetime ? b : a));
  const anchorEvent = mustExist(events.get(anchor.event_template_id), `event ${anchor.event_template_id}`);
  const bookings: Booking[] = [...new Set(dated.map(spanOf))].map((s) => {
    return { eventId: s.event_template_id, category: events.get(s.event_template_id)?.category ?? null, start_datetime: s.start_datetime, end_datetime: s.end_datetime };
  });

  for (const eventId of [...new Set(addOns.map((t) => t.event_template_id))]) {
    const event = mustExist(events.get(eventId), `event ${eventId}`);
    let visitTime: VisitTime;
    try {
      visitTime = readVisitTime(await webSetting(tx, sellerId, eventId, 'upsells.visit_time'));
    } catch (error) {
      if (error instanceof VisitTimeError) throw refuse(VISIT_TIME_BROKEN_TEXT, { block_reason: 'visit_time_invalid', event_template_id: eventId });
      throw error;
    }
    const anchorSpan = { start_datetime: anchor.start_datetime, end_datetime: anchor.end_datetime, timezone: anchorEvent.timezone };
    const day = visitTime === 'until_close' ? await sessionsBetween(tx, anchor.event_template_id, new Date(Date.parse(anchor.start_datetime) - 86_400_000).toISOString(), new Date(Date.parse(anchor.start_datetime) + 2 * 86_400_000).toISOString()) : [];
    const window = visitWindow(anchorSpan, visitTime, day);
    const padding = paddingFrom(meta(event), await webSetting(tx, sellerId, eventId, 'upsells.conflict_padding'));
    for (const session of new Set(addOns.filter((t) => t.event_template_id === eventId).map(spanOf))) {
      const sessionId = session.id;
      // An add-on the change did not add was fine before: the admission change is what is refused.
      const held = !addedSessions.has(sessionId);
      if (!inVisitWindow(session, window)) throw refuse(held ? heldAddOnText(kinds.get(eventId)?.name ?? 'this add-on') : OUTSIDE_VISIT_TEXT, { block_reason: 'outside_visit_window', event_template_id: eventId, event_session_id: sessionId, ...(held ? { held: true } : {}) });
      if (conflicts(session, { eventId, category: event.category }, bookings, padding)) throw refuse(held ? heldAddOnText(kinds.get(eventId)?.name ?? 'this add-on') : ADD_ON_CONFLICT_TEXT, { block_reason: 'add_on_conflict', event_template_id: eventId, event_session_id: sessionId, ...(held ? { held: true } : {}) });
    }
  }
}
