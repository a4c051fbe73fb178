import { CALENDAR_MAX_TICKET_TYPES, type TTicketTypesRequired } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { EventSessionTable, TicketGroupTable } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { Offer } from './load-offer.js';
import { unitPrice } from './serialize.js';
import { groupRoom, roomForGroups } from './session-availability.js';
import { mustExist } from '../must-exist.js';

type Group = Selectable<TicketGroupTable>;

/** Quantities asked for, resolved to the groups that sell them. */
export interface Demand {
  lines: { ticketTypeId: string; groupId: string; quantity: number; unitPrice: number }[];
  byGroup: Map<string, number>;
  groups: Selectable<TicketGroupTable>[];
  total: number;
}

export function resolveDemand(offer: Offer, body: TTicketTypesRequired, options: { context: string; limitTypes?: boolean }): Demand {
  const distinct = new Set(body.ticket_types_required.map((l) => l.ticket_type_id));
  if (options.limitTypes && distinct.size > CALENDAR_MAX_TICKET_TYPES) {
    throw new AppError(400, 'validation_failed', 'You can only select up to 10 different types of tickets.', options.context, {
      max: CALENDAR_MAX_TICKET_TYPES,
    });
  }
  const missing = [...distinct].filter((id) => !offer.rules.some((r) => r.ticket_type_id === id));
  if (missing.length) {
    throw new AppError(400, 'validation_failed', 'Some ticket types were not found for this event.', options.context, { ticket_type_ids: missing });
  }
  const lines = body.ticket_types_required.map((l) => {
    // Every type was checked against the offer just above.
    const rule = mustExist(offer.rules.find((r) => r.ticket_type_id === l.ticket_type_id), `rule of ticket type ${l.ticket_type_id}`);
    const type = mustExist(offer.typeById.get(l.ticket_type_id), `ticket type ${l.ticket_type_id}`);
    return { ticketTypeId: l.ticket_type_id, groupId: rule.ticket_group_id, quantity: l.quantity ?? 1, unitPrice: unitPrice(type) };
  });
  const byGroup = new Map<string, number>();
  for (const l of lines) byGroup.set(l.groupId, (byGroup.get(l.groupId) ?? 0) + l.quantity);
  const groups = offer.groups.filter((g) => byGroup.has(g.id));
  return { lines, byGroup, groups, total: lines.reduce((sum, l) => sum + l.quantity, 0) };
}

/**
 * Whether a session can take the demand. Zero quantities (`[]` or `quantity: 0`) ask for at least
 * one place in `groups`, as GET does; otherwise the quantities themselves must fit.
 */
export function sessionTakes(
  session: Selectable<EventSessionTable>,
  demand: Demand,
  groups: Group[],
  used: (sessionId: string, groupId: string) => number,
): boolean {
  if (demand.total === 0) return roomForGroups(session, groups, (g) => used(session.id, g)) !== 0;
  const byId = new Map(demand.groups.map((g) => [g.id, g]));
  return fitsDemand(session, demand, (g) => groupRoom(mustExist(byId.get(g), `group ${g}`), used(session.id, g)));
}

/** Whether a session can take the demand: each group within its room and the session within its own. */
function fitsDemand(
  session: { capacity: number; oversell_capacity: number; used_capacity: number; sale_closed: number },
  demand: Demand,
  groupRoom: (groupId: string) => number,
): boolean {
  if (session.sale_closed) return false;
  let countedBySession = 0;
  for (const g of demand.groups) {
    const qty = demand.byGroup.get(g.id) ?? 0;
    const room = groupRoom(g.id);
    if (room !== -1 && room < qty) return false;
    if (!g.exclude_from_event_capacity) countedBySession += qty;
  }
  if (session.capacity === -1) return true;
  return session.capacity + session.oversell_capacity - session.used_capacity >= countedBySession;
}
