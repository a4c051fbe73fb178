import type { TEventSession } from '@foyer/contracts';
import { safeTz } from '../../../../lib/dates.js';
import type { CartView } from '../../../cart/model.js';
import { byCodePoint } from '../../../../lib/compare.js';

/**
 * The upsell visit window (000 §4) from the anchor booking (the admission in the cart):
 * timeslot = its start to its end; same_start = its start plus one minute; same_date = its start
 * to the end of that day; until_close = its start to the last session end; anything else is an
 * error. Add-on sessions must overlap the window.
 *
 * until_close reads "the last session end" as the close of the anchor's venue that day: the
 * latest end among the anchor event's sessions starting on the anchor's venue-local day (never
 * before the anchor's own end). An add-on session starting at or after closing time is therefore
 * not offered, which is what sets it apart from same_date.
 */
export const VISIT_TIMES = ['timeslot', 'same_start', 'same_date', 'until_close'] as const;
export type VisitTime = (typeof VISIT_TIMES)[number];
export const DEFAULT_VISIT_TIME: VisitTime = 'same_date';

export interface Anchor {
  session: TEventSession;
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

function isUpsellMeta(meta: Record<string, unknown> | undefined): boolean {
  const value = meta?.upsell;
  return value === true || value === 'true' || value === 'T' || value === 1;
}

/** The earliest dated admission (non-add-on) booking in the cart, or null. */
export function anchorOf(view: CartView | null | undefined): Anchor | null {
  const sections = (view?.sections ?? []).filter((s) => s.session && s.event && !isUpsellMeta(s.event.meta) && s.event.event_type !== 'flexible');
  const first = sections.sort((a, b) => byCodePoint(a.session!.start_datetime, b.session!.start_datetime))[0];
  return first ? { session: first.session!, timezone: first.timezone } : null;
}

/** The configured visit time, checked: the default when unset, VisitTimeError when unknown. */
export function readVisitTime(visitTime: unknown): VisitTime {
  const value = visitTime === undefined || visitTime === null || visitTime === '' ? DEFAULT_VISIT_TIME : visitTime;
  if (!(VISIT_TIMES as readonly unknown[]).includes(value)) throw new VisitTimeError(value);
  return value as VisitTime;
}

type Span = Pick<TEventSession, 'start_datetime' | 'end_datetime'>;

/**
 * daySessions: the anchor event's sessions of the anchor's day, needed for until_close only
 * (anchor.session alone when they are not given).
 */
export function visitWindow(anchor: Anchor, visitTime: unknown, daySessions: readonly Span[] = []): VisitWindow {
  const value = readVisitTime(visitTime);
  const start = Date.parse(anchor.session.start_datetime);
  const local = safeTz(anchor.session.start_datetime, anchor.timezone);
  const date = local.format('YYYY-MM-DD');
  const endOfDay = local.endOf('day').valueOf();
  switch (value) {
    case 'timeslot':
      return { date, start, end: Date.parse(anchor.session.end_datetime) };
    case 'same_start':
      return { date, start, end: start + 60_000 };
    case 'same_date':
      return { date, start, end: endOfDay };
    case 'until_close': {
      const sameDay = daySessions.filter((s) => safeTz(s.start_datetime, anchor.timezone).format('YYYY-MM-DD') === date);
      const end = Math.max(Date.parse(anchor.session.end_datetime), ...sameDay.map((s) => Date.parse(s.end_datetime)));
      return { date, start, end };
    }
  }
}

/** A session overlaps the window. */
export function inVisitWindow(session: Pick<TEventSession, 'start_datetime' | 'end_datetime'>, window: VisitWindow): boolean {
  return Date.parse(session.start_datetime) < window.end && Date.parse(session.end_datetime) > window.start;
}
