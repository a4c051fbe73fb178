/**
 * The reads the storefront's event page starts with (web api/queries.ts eventQuery and
 * calendarQuery), written once: the server answers them inside an event page's HTML shell
 * (http/storefront-shell.ts), so the page's first render has its event and calendar.
 */
export const EVENT_DETAIL_EMBED = ['venue', 'ticket_group', 'ticket_type', 'ticket_group_rule', 'message_rule', 'config', 'image'] as const;

/** The calendar format the event page asks for. */
export const EVENT_CALENDAR_FORMAT = 'extended';

/** The id of the data block with those answers in the shell (web api/inline-event.ts reads it). */
export const INLINE_EVENT_ID = 'foyer-event';

/** A stretch of time with one UTC offset: until `until` (exclusive; null: to the table's end). */
export interface ZoneOffsetSegment {
  until: string | null;
  offsetMinutes: number;
}

/**
 * A time zone's UTC offsets over [from, to), in order. The page turns instants into venue-local
 * dates and times with it instead of Intl, whose first use costs a phone ~100 ms of main thread
 * (docs/performance.md); instants outside it are converted through Intl as before.
 */
export interface ZoneOffsets {
  from: string;
  to: string;
  segments: ZoneOffsetSegment[];
}

/**
 * The data block's shape: the event page's id, what GET events/{id} and its calendar answered,
 * and the offsets of the time zones they show times in (the seller's and the venues').
 */
export interface InlineEventReads {
  id: string;
  event: unknown;
  calendar: unknown;
  zones?: Record<string, ZoneOffsets>;
}
