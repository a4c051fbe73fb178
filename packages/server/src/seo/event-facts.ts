import type { InlineEventReads } from '@foyer/contracts/constants';
import type { TCalendarDay, TEventSession, TEventTemplate, TImage, TTicketGroup, TTicketGroupRule, TTicketType, TVenue } from '@foyer/contracts';
import { coverImageId } from '@foyer/contracts/rules';

type Listed<T> = { _data?: T[] } | undefined;

/** What an event page's head says about the event, taken from the page's own first reads (events/event-page-reads.ts). */
export interface EventFacts {
  event: TEventTemplate;
  venue: TVenue | null;
  /** The cover the page shows (cover image, else profile image), with its stored alt text. */
  image: { id: string; alt: string | null } | null;
  /** Ticket types of the groups everyone may buy (public_browsable), in the page's order, each once. */
  ticketTypes: TTicketType[];
  calendar: TCalendarDay[];
  /** The next sessions, soonest first (seo/next-sessions.ts). */
  sessions: TEventSession[];
}

/** The facts of GET events/{id} (with its embeds), its calendar and its next sessions; null when the answer names no event. */
export function eventFactsOf(reads: InlineEventReads, sessions: TEventSession[]): EventFacts | null {
  const document = reads.event as {
    event_template?: Listed<TEventTemplate>;
    venue?: Listed<TVenue>;
    image?: Listed<TImage>;
    ticket_group?: Listed<TTicketGroup>;
    ticket_group_rule?: Listed<TTicketGroupRule>;
    ticket_type?: Listed<TTicketType>;
  };
  const event = document.event_template?._data?.[0];
  if (!event?.name) return null;
  const coverId = coverImageId(event.meta);
  const stored = coverId ? document.image?._data?.find((row) => row.id === coverId) : undefined;
  const groups = (document.ticket_group?._data ?? []).filter((g) => g.hidden_type === 'public_browsable').sort((a, b) => a._rank - b._rank);
  const rules = document.ticket_group_rule?._data ?? [];
  const types = new Map((document.ticket_type?._data ?? []).map((t) => [t.id, t]));
  const ticketTypes: TTicketType[] = [];
  for (const group of groups) {
    for (const rule of rules.filter((r) => r.ticket_group_id === group.id).sort((a, b) => a._rank - b._rank)) {
      const type = types.get(rule.ticket_type_id);
      if (type && !ticketTypes.includes(type)) ticketTypes.push(type);
    }
  }
  const calendar = (reads.calendar as { calendar?: Listed<TCalendarDay> } | null)?.calendar?._data ?? [];
  return {
    event,
    venue: document.venue?._data?.find((v) => v.id === event.venue_id) ?? null,
    image: coverId ? { id: coverId, alt: stored?.alt_text || null } : null,
    ticketTypes,
    calendar,
    sessions,
  };
}
