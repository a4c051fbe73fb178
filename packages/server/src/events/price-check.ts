import type { TTicketTypesRequired } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { document } from '../http/envelope.js';
import { resolveDemand } from './demand.js';
import { findEvent } from './find-event.js';
import { loadOffer } from './load-offer.js';
import { ticketTypeOut } from './serialize.js';
import type { Viewer } from './viewer.js';

/** POST events/{id}/pricecheck (docs/events.md#calls): current prices of the given ticket types at this event. */
export async function priceCheck(db: Tx, input: { sellerId: string; timezone: string; id: string; viewer: Viewer; body: TTicketTypesRequired }) {
  const { event } = await findEvent(db, input.sellerId, input.id, input.viewer, input.timezone);
  const offer = await loadOffer(db, [event.id], input.viewer);
  const demand = resolveDemand(offer, input.body, { context: 'pricecheck' });
  const ids = new Set(demand.lines.map((l) => l.ticketTypeId));
  const types = offer.types.filter((t) => ids.has(t.id)).map(ticketTypeOut);
  return document('ticket_type', types, types.length);
}
