import type { DayOfWeek, Event, ItemAvailability, Offer, WithContext } from 'schema-dts';
import type { EventFacts } from './event-facts.js';
import { clipText, plainText } from './plain-text.js';
import { mustExist } from '../must-exist.js';

export interface SiteFacts {
  /** FOYER_PUBLIC_URL, without a trailing slash: every URL in a head is absolute (docs/search-engines.md). */
  publicUrl: string;
  sellerName: string;
  currency: string;
}

const WEEKDAYS: DayOfWeek[] = ['https://schema.org/Sunday', 'https://schema.org/Monday', 'https://schema.org/Tuesday', 'https://schema.org/Wednesday', 'https://schema.org/Thursday', 'https://schema.org/Friday', 'https://schema.org/Saturday'];

/** The event page's own address (its canonical link and the offers' URL). */
export const eventPageUrl = (publicUrl: string, id: string) => `${publicUrl}/events/${encodeURIComponent(id)}`;

/** The event's text for a search result or a preview: its summary, else its subtitle, else its description as plain text. */
export function eventDescription(event: EventFacts['event'], max: number): string | null {
  const text = [event.summary, event.subtitle, event.description ? plainText(event.description) : null].map((t) => t?.trim()).find((t) => t);
  return text ? clipText(text, max) : null;
}

/**
 * The schema.org Event of a public event page (docs/search-engines.md): its next session's start
 * and end, and when it has several dates an eventSchedule over the dates its calendar has (the
 * weekdays they fall on, the times of day its next sessions span, in the venue's zone); the venue
 * as a Place; one Offer per ticket type everyone may buy, with the availability of its next
 * sessions. Members-only events have none (their page shows members a different offer than
 * everyone else), nor does an event with no date to give (Event needs a startDate).
 */
export function eventJsonLd(facts: EventFacts, site: SiteFacts, imageUrl: string | null): WithContext<Event> | null {
  const { event, venue, sessions, calendar } = facts;
  if (event.hidden_type === 'public_member_only') return null;
  const next = sessions.at(0);
  const firstDay = calendar.find((d) => d.status === 'available') ?? calendar.at(0);
  const startDate = next?.start_datetime_local ?? firstDay?.date;
  if (!startDate) return null;
  const url = eventPageUrl(site.publicUrl, event.id);
  const availability: ItemAvailability = (sessions.length ? sessions.some((s) => !s.sold_out) : calendar.some((d) => d.status === 'available'))
    ? 'https://schema.org/InStock'
    : calendar.length || sessions.length
      ? 'https://schema.org/SoldOut'
      : 'https://schema.org/OutOfStock';
  const offer = (price: string, name?: string): Offer => ({
    '@type': 'Offer',
    ...(name ? { name } : {}),
    price,
    priceCurrency: site.currency,
    availability,
    url,
  });
  const offers = facts.ticketTypes.length ? facts.ticketTypes.map((t) => offer(t.currency_amount, t.name)) : event.min_price ? [offer(event.min_price)] : [];
  const description = eventDescription(event, 500);
  const dates = [...new Set(calendar.map((d) => d.date))].sort();
  const schedule =
    dates.length > 1 && venue
      ? {
          eventSchedule: {
            '@type': 'Schedule' as const,
            startDate: dates[0],
            endDate: dates[dates.length - 1],
            byDay: [...new Set(dates.map((d) => new Date(`${d}T12:00:00Z`).getUTCDay()))].sort().map((day) => WEEKDAYS[day]),
            repeatFrequency: 'P1W',
            scheduleTimezone: venue.timezone,
            ...(sessions.length
              ? { startTime: sessions.map((s) => s.startTime).sort()[0], endTime: mustExist(sessions.map((s) => s.endTime).sort().at(-1), 'the last session end') }
              : {}),
          },
        }
      : {};
  const venueName = venue?.name ?? event.venue?.name ?? null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name,
    ...(description ? { description } : {}),
    ...(imageUrl ? { image: [imageUrl] } : {}),
    url,
    startDate,
    ...(next ? { endDate: next.end_datetime_local } : firstDay ? { endDate: firstDay.date } : {}),
    ...schedule,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    ...(venueName ? { location: { '@type': 'Place', name: venueName, ...(venue?.address ? { address: venue.address } : {}) } } : {}),
    ...(offers.length ? { offers } : {}),
    organizer: { '@type': 'Organization', name: site.sellerName, url: `${site.publicUrl}/` },
  };
}
