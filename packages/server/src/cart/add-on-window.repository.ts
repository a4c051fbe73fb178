import type { Tx } from '../db/database.js';

/** What the add-on window rule needs of a cart's events: meta (upsell, padding), category, type and the venue's time zone. */
export interface EventPlace {
  id: string;
  meta: string;
  category: string | null;
  event_type: string;
  timezone: string;
}

export interface SessionSpan {
  id: string;
  event_template_id: string;
  start_datetime: string;
  end_datetime: string;
}

export function eventPlaces(tx: Tx, ids: string[]): Promise<EventPlace[]> {
  return tx
    .selectFrom('event_template')
    .innerJoin('venue', 'venue.id', 'event_template.venue_id')
    .select(['event_template.id', 'event_template.meta', 'event_template.category', 'event_template.event_type', 'venue.timezone'])
    .where('event_template.id', 'in', ids)
    .execute();
}

export function sessionSpans(tx: Tx, ids: string[]): Promise<SessionSpan[]> {
  return tx.selectFrom('event_session').select(['id', 'event_template_id', 'start_datetime', 'end_datetime']).where('id', 'in', ids).execute();
}

/** An event's sessions starting between two instants (the anchor's day, for until_close). */
export function sessionsBetween(tx: Tx, eventId: string, fromIso: string, toIso: string): Promise<SessionSpan[]> {
  return tx
    .selectFrom('event_session')
    .select(['id', 'event_template_id', 'start_datetime', 'end_datetime'])
    .where('event_template_id', '=', eventId)
    .where('start_datetime', '>=', fromIso)
    .where('start_datetime', '<', toIso)
    .execute();
}

/** A web.* setting: the event's own entry first, else the seller's (as the storefront reads it). */
export async function webSetting(tx: Tx, sellerId: string, eventId: string, name: string): Promise<unknown> {
  const rows = await tx
    .selectFrom('config_entry')
    .select(['resource_id', 'value'])
    .where('seller_id', '=', sellerId)
    .where('namespace', '=', 'web')
    .where('name', '=', name)
    .where('resource_id', 'in', [eventId, sellerId])
    .execute();
  const row = rows.find((r) => r.resource_id === eventId) ?? rows.find((r) => r.resource_id === sellerId);
  return row ? JSON.parse(row.value) : undefined;
}
