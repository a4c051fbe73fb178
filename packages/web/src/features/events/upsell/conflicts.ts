import { CONFIG } from '@foyer/contracts/constants';
import type { TConfigEntry, TEventSession } from '@foyer/contracts';
import { asNumber, asStringList, configValue } from '../../../config/config.js';
import type { CartView } from '../../cart/model.js';
import { isAllDaySession } from '../../../lib/session-length.js';

/**
 * Conflict padding of add-ons (000 §4): the buyer is busy during each timed booking in the cart
 * (the anchor first of all) plus a margin — 5 minutes before and after by default — so an add-on
 * session overlapping that padded time is not offered. The margin comes from the seller's
 * web.upsells.conflict_padding `{ before, after, exclude_categories }` (minutes), overridden by the
 * add-on event's meta pad_pre_start / pad_post_end. Pairs where either event's category is
 * excluded are never in conflict; all-day sessions never are (they do not take up a time).
 */
export const DEFAULT_CONFLICT_PADDING_MINUTES = 5;

export interface ConflictPadding {
  beforeMinutes: number;
  afterMinutes: number;
  excludeCategories: string[];
}

export interface Booking {
  eventId: string;
  category: string | null;
  start_datetime: string;
  end_datetime: string;
}

const minutes = (value: unknown): number | null => {
  const n = asNumber(value);
  return n !== null && n >= 0 ? n : null;
};

export function conflictPadding(addOnMeta: Record<string, unknown> | undefined, ...sources: (readonly TConfigEntry[] | undefined)[]): ConflictPadding {
  const value = configValue(CONFIG.upsellConflictPadding, ...sources);
  const raw = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return {
    beforeMinutes: minutes(addOnMeta?.pad_pre_start) ?? minutes(raw.before) ?? DEFAULT_CONFLICT_PADDING_MINUTES,
    afterMinutes: minutes(addOnMeta?.pad_post_end) ?? minutes(raw.after) ?? DEFAULT_CONFLICT_PADDING_MINUTES,
    excludeCategories: asStringList(raw.exclude_categories).map((c) => c.toLowerCase()),
  };
}

/** The cart's dated bookings (one per event session). */
export function bookingsOf(view: CartView | null | undefined): Booking[] {
  return (view?.sections ?? []).flatMap((s) =>
    s.session && s.event && s.event.event_type !== 'flexible'
      ? [{ eventId: s.event.id, category: s.event.category, start_datetime: s.session.start_datetime, end_datetime: s.session.end_datetime }]
      : [],
  );
}

/** The add-on session clashes with a booking once the booking is padded. */
export function conflicts(
  session: Pick<TEventSession, 'start_datetime' | 'end_datetime'>,
  addOn: { eventId: string; category: string | null },
  bookings: readonly Booking[],
  padding: ConflictPadding,
): boolean {
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
