import { fromMinor, type TCalendarDay, type TTicketTypesRequired } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { Dialect, Tx } from '../db/database.js';
import type { TicketGroupTable } from '../db/schema.js';
import { document } from '../http/envelope.js';
import type { ParsedQuery, QuerySpec } from '../http/query.js';
import { configOfResources } from './events.repository.js';
import { resolveDemand, sessionTakes, type Demand } from './demand.js';
import { findEvent } from './find-event.js';
import { loadOffer, type Offer } from './load-offer.js';
import { groupFilterIds } from './list-sessions.js';
import { loadSessions } from './session-availability.js';
import type { CalendarDayRow } from './calendar-days.js';
import { summarisedCalendarDays } from './calendar-summary.js';
import { localDate } from '@foyer/contracts/rules';
import type { Viewer } from './viewer.js';
import { mustExist } from '../must-exist.js';

type Group = Selectable<TicketGroupTable>;

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
 * the groups asked about (one grouped query, calendar-days.repository.ts); with quantities, when one session
 * can take them all.
 */
export async function getCalendar(
  db: Tx,
  input: { sellerId: string; timezone: string; id: string; viewer: Viewer; query: ParsedQuery; now: Date; dialect: Dialect; body?: TTicketTypesRequired },
) {
  const { event, timezone } = await findEvent(db, input.sellerId, input.id, input.viewer, input.timezone);
  const offer = await loadOffer(db, [event.id], input.viewer);
  const format = String(input.query.params._format ?? 'basic');
  const wanted = groupFilterIds(input.query.filters);
  const demand = input.body ? resolveDemand(offer, input.body, { context: 'event_calendar', limitTypes: true }) : null;
  // The groups asked about: those the quantities name, else the ticket_group_id filter's, else all.
  const groups = demand?.groups.length ? demand.groups : wanted ? offer.groups.filter((g) => wanted.includes(g.id)) : offer.groups;
  const display = await priceDisplay(db, input.sellerId, event.id);
  const price = demand ? demandPrice(demand) : lowestPrice(offer, groups.map((g) => g.id), display.primary_ticket_type);
  const minPrice = price === null ? null : fromMinor(price);
  const days = demand
    ? await daysTakingDemand(db, { eventId: event.id, timezone, groups, demand, now: input.now })
    : await summarisedCalendarDays(db, input.dialect, { eventId: event.id, timezone, groups, now: input.now });
  const calendar: TCalendarDay[] = days.map((d) => {
    const day: TCalendarDay = { date: d.date, status: d.open ? 'available' : 'sold_out', min_price: minPrice };
    if (format === 'extended') {
      day.availability = { capacity: d.unlimited ? -1 : d.capacity, used_capacity: d.used };
      day.pricePrefix = display.primary_prefix ?? null;
    }
    return day;
  });
  const { offset, limit } = input.query;
  return document('calendar', calendar.slice(offset, offset + limit), calendar.length, {}, { offset, limit });
}

/**
 * POST calendar (with quantities): a day is open when one of its sessions can take every line at
 * once, which needs each session's own figures — read and decided here.
 */
async function daysTakingDemand(db: Tx, input: { eventId: string; timezone: string; groups: Group[]; demand: Demand; now: Date }): Promise<CalendarDayRow[]> {
  const { sessions, used } = await loadSessions(db, { eventId: input.eventId, timezone: input.timezone, groups: input.groups, window: {}, now: input.now });
  const days = new Map<string, CalendarDayRow>();
  for (const s of sessions) {
    const date = localDate(s.start_datetime, input.timezone);
    const day = days.get(date) ?? { date, open: false, unlimited: false, capacity: 0, used: 0 };
    day.open ||= sessionTakes(s, input.demand, input.groups, used);
    // As calendar-days.repository.ts: a session closed for sale adds no room.
    day.unlimited ||= s.capacity === -1 && !s.sale_closed;
    day.capacity += s.sale_closed ? s.used_capacity : s.capacity + s.oversell_capacity;
    day.used += s.used_capacity;
    days.set(date, day);
  }
  return [...days.values()];
}

async function priceDisplay(db: Tx, sellerId: string, eventId: string): Promise<PriceDisplay> {
  const entries = await configOfResources(db, sellerId, [eventId]);
  const entry = entries.find((e) => e.namespace === 'web' && e.name === 'price_display');
  return entry ? (JSON.parse(entry.value) as PriceDisplay) : {};
}

/** The configured primary type's price, else the lowest entry price of the groups. */
function lowestPrice(offer: Offer, groupIds: string[], primaryTypeId?: string): number | null {
  const primary = primaryTypeId ? offer.typeById.get(primaryTypeId) : undefined;
  if (primary) return offer.advertised(primary);
  const prices = offer.rules.filter((r) => groupIds.includes(r.ticket_group_id)).map((r) => offer.advertised(mustExist(offer.typeById.get(r.ticket_type_id), `ticket type ${r.ticket_type_id}`)));
  return prices.length ? Math.min(...prices) : null;
}

function demandPrice(demand: Demand): number {
  return demand.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
}
