import type { Tx } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { eventById, venuesByIds } from './events.repository.js';
import type { Viewer } from './viewer.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id can name an event at all (events are keyed by UUID). */
export const isEventId = (id: string) => UUID.test(id);

/** An event of the seller, or the spec's event-not-found (404; 400 for a malformed id). */
export async function findEvent(db: Tx, sellerId: string, id: string, _viewer: Viewer, sellerTimezone: string) {
  if (!isEventId(id)) throw new AppError(400, 'event_not_found', 'This event could not be found.', 'event', { id });
  const event = await eventById(db, sellerId, id);
  if (!event) throw new AppError(404, 'event_not_found', 'This event could not be found.', 'event', { id });
  const venue = (await venuesByIds(db, [event.venue_id])).at(0);
  // Members-only events stay reachable for everyone so the storefront can show its members-only
  // notice (the viewer is not asked); what only members may buy is filtered out by the offer (loadOffer).
  return { event, venue, timezone: venue?.timezone ?? sellerTimezone };
}
