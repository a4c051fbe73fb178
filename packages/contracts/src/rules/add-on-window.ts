/**
 * Where an add-on (upsell) session may be booked (docs/catalog.md, docs/architecture.md "Rules
 * and where they are enforced"): inside the visit window of the admission in the cart, and clear
 * of the cart's other timed bookings by the conflict padding. The web offers only such sessions;
 * the server refuses any other at reserve/modify. Pure (Intl only), shared by both sides.
 */
import { isAllDaySession } from './session-length.js';
import { endOfLocalDay, localDate, zoneOrUtc } from './venue-clock.js';

export interface Span {
  start_datetime: string;
  end_datetime: string;
}

// ---- Conflict padding --------------------------------------------------------------------------

/**
 * The buyer is busy during each timed booking in the cart (the anchor first of all) plus a margin
 * — 5 minutes before and after by default — so an add-on session overlapping that padded time is
 * not allowed. The margin comes from the seller's web.upsells.conflict_padding
 * `{ before, after, exclude_categories }` (minutes), overridden by the add-on event's meta
 * pad_pre_start / pad_post_end. Pairs where either event's category is excluded are never in
 * conflict; all-day sessions never are (they do not take up a time).
 */
export const DEFAULT_CONFLICT_PADDING_MINUTES = 5;

export interface ConflictPadding {
  beforeMinutes: number;
  afterMinutes: number;
  excludeCategories: string[];
}

export interface Booking extends Span {
  eventId: string;
  category: string | null;
}

function minutes(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null;
}

function stringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map((v) => String(v).trim()).filter(Boolean);
  if (typeof value === 'string') return value.split(',').map((v) => v.trim()).filter(Boolean);
  return [];
}

/** The padding from the add-on event's meta and the configured web.upsells.conflict_padding value. */
export function paddingFrom(addOnMeta: Record<string, unknown> | null | undefined, configured: unknown): ConflictPadding {
  const raw = configured && typeof configured === 'object' ? (configured as Record<string, unknown>) : {};
  return {
    beforeMinutes: minutes(addOnMeta?.pad_pre_start) ?? minutes(raw.before) ?? DEFAULT_CONFLICT_PADDING_MINUTES,
    afterMinutes: minutes(addOnMeta?.pad_post_end) ?? minutes(raw.after) ?? DEFAULT_CONFLICT_PADDING_MINUTES,
    excludeCategories: stringList(raw.exclude_categories).map((c) => c.toLowerCase()),
  };
}

/** The add-on session clashes with a booking once the booking is padded. */
export function conflicts(session: Span, addOn: { eventId: string; category: string | null }, bookings: readonly Booking[], padding: ConflictPadding): boolean {
  const excluded = (category: string | null) => category !== null && padding.excludeCategories.includes(category.toLowerCase());
  if (excluded(addOn.category) || isAllDaySession(session)) return false;
  const start = Date.parse(session.start_datetime);
  const end = Date.parse(session.end_datetime);
  return bookings.some((b) => {
    if (b.eventId === addOn.eventId || excluded(b.category) || isAllDaySession(b)) return false;
    const busyFrom = Date.parse(b.start_datetime) - padding.beforeMinutes * 60_000;
    const busyTo = Date.parse(b.end_datetime) + padding.afterMinutes * 60_000;
    return start < busyTo && end > busyFrom;
  });
}

// ---- Visit window ------------------------------------------------------------------------------

/**
 * The upsell visit window from the anchor booking (the admission in the cart): timeslot = its
 * start to its end; same_start = its start plus one minute; same_date = its start to the end of
 * that venue-local day; until_close = its start to the latest end among the anchor event's
 * sessions starting that day (never before the anchor's own end); anything else is an error.
 * Add-on sessions must overlap the window.
 */
export const VISIT_TIMES = ['timeslot', 'same_start', 'same_date', 'until_close'] as const;
export type VisitTime = (typeof VISIT_TIMES)[number];
export const DEFAULT_VISIT_TIME: VisitTime = 'same_date';

export interface AnchorSpan extends Span {
  timezone: string;
}

export interface VisitWindow {
  /** Venue-local day of the anchor. */
  date: string;
  start: number;
  end: number;
}

export class VisitTimeError extends Error {
  constructor(value: unknown) {
    super(`Unknown web.upsells.visit_time: ${String(value)}`);
    this.name = 'VisitTimeError';
  }
}

/** The configured visit time, checked: the default when unset, VisitTimeError when unknown. */
export function readVisitTime(visitTime: unknown): VisitTime {
  const value = visitTime === undefined || visitTime === null || visitTime === '' ? DEFAULT_VISIT_TIME : visitTime;
  if (!(VISIT_TIMES as readonly unknown[]).includes(value)) throw new VisitTimeError(value);
  return value as VisitTime;
}

/** daySessions: the anchor event's sessions of the anchor's day, needed for until_close only. */
export function visitWindow(anchor: AnchorSpan, visitTime: unknown, daySessions: readonly Span[] = []): VisitWindow {
  const value = readVisitTime(visitTime);
  const start = Date.parse(anchor.start_datetime);
  // An unknown zone reads as UTC rather than failing the sale.
  const tz = zoneOrUtc(anchor.timezone);
  const date = localDate(anchor.start_datetime, tz);
  switch (value) {
    case 'timeslot':
      return { date, start, end: Date.parse(anchor.end_datetime) };
    case 'same_start':
      return { date, start, end: start + 60_000 };
    case 'same_date':
      return { date, start, end: endOfLocalDay(anchor.start_datetime, tz) };
    case 'until_close': {
      const sameDay = daySessions.filter((s) => localDate(s.start_datetime, tz) === date);
      const end = Math.max(Date.parse(anchor.end_datetime), ...sameDay.map((s) => Date.parse(s.end_datetime)));
      return { date, start, end };
    }
  }
}

/** A session overlaps the window. */
export function inVisitWindow(session: Span, window: VisitWindow): boolean {
  return Date.parse(session.start_datetime) < window.end && Date.parse(session.end_datetime) > window.start;
}
