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

/** The data block's shape: the event page's id and what GET events/{id} and its calendar answered. */
export interface InlineEventReads {
  id: string;
  event: unknown;
  calendar: unknown;
}
