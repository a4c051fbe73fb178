import { fromMinor, type TCalendarDay, type TTicketTypesRequired } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { EventSessionTable } from '../db/schema.js';
import { document } from '../http/envelope.js';
import type { ParsedQuery, QuerySpec } from '../http/query.js';
import { configOfResources } from './events.repository.js';
import { resolveDemand, sessionTakes, type Demand } from './demand.js';
import { findEvent } from './find-event.js';
import { loadOffer, type Offer } from './load-offer.js';
import { groupFilterIds } from './list-sessions.js';
import { loadSessions, roomForGroups } from './session-availability.js';
import { entryPrice } from './serialize.js';
import { localDate } from './session-rules.js';
import type { Viewer } from './viewer.js';

export const CALENDAR_QUERY: QuerySpec = {
  filters: { ticket_group_id: 'string' },
  params: { _format: 'string' },
  defaultLimit: 1000,
  maxLimit: 5000,
};

interface PriceDisplay {
  primary_ticket_type?: string;
  primary_prefix?: string;
}

/**
 * GET events/{id}/calendar and POST (with quantities): one entry per venue-local day that has
 * sessions on sale. Without quantities a day is available when any session has room for one of
 * the groups asked about; with quantities, when one session can take them all.
 */
export async function getCalendar(
  db: Tx,
  input: { sellerId: string; timezone: string; id: string; viewer: Viewer; query: ParsedQuery; now: Date; body?: TTicketTypesRequired },
) {
  const { event, timezone } = await findEvent(db, input.sellerId, input.id, input.viewer, input.timezone);
  const offer = await loadOffer(db, [event.id], input.viewer);
  const format = String(input.query.params._format ?? 'basic');
  const wanted = groupFilterIds(input.query.filters);
  const demand = input.body ? resolveDemand(offer, input.body, { context: 'event_calendar', limitTypes: true }) : null;
  // The groups asked about: those the quantities name, else the ticket_group_id filter's, else all.
  const groups = demand?.groups.length ? demand.groups : wanted ? offer.groups.filter((g) => wanted.includes(g.id)) : offer.groups;
  const { sessions, used } = await loadSessions(db, { eventId: event.id, timezone, groups, window: {}, now: input.now });
  const display = await priceDisplay(db, input.sellerId, event.id);
  const price = demand ? demandPrice(demand) : lowestPrice(offer, groups.map((g) => g.id), display.primary_ticket_type);

  const days = new Map<string, Selectable<EventSessionTable>[]>();
  for (const s of sessions) {
    const date = localDate(s.start_datetime, timezone);
    const list = days.get(date);
    if (list) list.push(s);
    else days.set(date, [s]);
  }
  const calendar: TCalendarDay[] = [...days].map(([date, daySessions]) => {
    const open = daySessions.some((s) => (demand ? sessionTakes(s, demand, groups, used) : roomForGroups(s, groups, (g) => used(s.id, g)) !== 0));
    const day: TCalendarDay = { date, status: open ? 'available' : 'sold_out', min_price: price === null ? null : fromMinor(price) };
    if (format === 'extended') {
      const unlimited = daySessions.some((s) => s.capacity === -1);
      day.availability = {
        capacity: unlimited ? -1 : daySessions.reduce((n, s) => n + s.capacity + s.oversell_capacity, 0),
        used_capacity: daySessions.reduce((n, s) => n + s.used_capacity, 0),
      };
      day.pricePrefix = display.primary_prefix ?? null;
    }
    return day;
  });
  const { offset, limit } = input.query;
  return document('calendar', calendar.slice(offset, offset + limit), calendar.length, {}, { offset, limit });
}

async function priceDisplay(db: Tx, sellerId: string, eventId: string): Promise<PriceDisplay> {
  const entries = await configOfResources(db, sellerId, [eventId]);
  const entry = entries.find((e) => e.namespace === 'web' && e.name === 'price_display');
  return entry ? (JSON.parse(entry.value) as PriceDisplay) : {};
}

/** The configured primary type's price, else the lowest entry price of the groups. */
function lowestPrice(offer: Offer, groupIds: string[], primaryTypeId?: string): number | null {
  const primary = primaryTypeId ? offer.typeById.get(primaryTypeId) : undefined;
  if (primary) return entryPrice(primary);
  const prices = offer.rules.filter((r) => groupIds.includes(r.ticket_group_id)).map((r) => entryPrice(offer.typeById.get(r.ticket_type_id)!));
  return prices.length ? Math.min(...prices) : null;
}

function demandPrice(demand: Demand): number {
  return demand.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
}
