import { createHash } from 'node:crypto';
import type { TSeat, TSeatMap, TSeatMapDocument, TSeatState } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { list } from '../http/envelope.js';
import type { QuerySpec } from '../http/query.js';
import { Tagged } from '../http/read-route.js';
import { memo } from '../cart/memo.js';
import type { TtlCache } from '../ttl-cache.js';
import { seatsOfTemplate } from './seat-templates.repository.js';
import { liveSeatsOfSession, seatedGroupsOfEvent, sessionOfSellerEvent, templateById } from './seat-states.repository.js';

const LETTER: Record<TSeatState, string> = { available: 'a', booked: 'b', unavailable: 'u', selected: 'a' };

export const SEAT_MAP_QUERY: QuerySpec = { params: { _withgeometry: 'boolean' } };

interface SeatMapInput {
  db: Db;
  sellerId: string;
  eventId: string;
  sessionId: string;
  withGeometry: boolean;
  now: Date;
  cache?: TtlCache;
}

/**
 * GET events/{id}/sessions/{sessionId}/seat_map (docs/seating.md#2-api): with `_withgeometry`, the map and every
 * seat with its state; without, the states alone as one letter per seat (cheap to poll). The same for every caller (a hold in any cart, the caller's
 * included, is 'unavailable'; the storefront marks its own as selected), so it is cacheable.
 * The geometry answer is Tagged with an ETag of what it draws — the template (its geometry_version)
 * and the groups selling its zones — so a hold does not change it: its states are as of when it
 * was fetched, and the states call says what they are now (issue 15).
 */
export async function getSeatMap(input: SeatMapInput): Promise<TSeatMapDocument | Tagged> {
  const { db } = input;
  const session = await sessionOfSellerEvent(db, input.sellerId, input.eventId, input.sessionId);
  if (!session) throw new AppError(404, 'not_found', 'Session not found', 'seat_map', { event_session_id: input.sessionId });
  const groups = await memo(input.cache, `seated-groups:${input.eventId}`, () => seatedGroupsOfEvent(db, input.eventId));
  if (!groups.length) throw new AppError(404, 'not_found', 'This session has no seat map.', 'seat_map', { event_session_id: input.sessionId });
  const templateId = groups[0].seat_template_id;
  const template = await memo(input.cache, `seat-template:${templateId}`, () => templateById(db, templateId));
  if (!template) throw new AppError(404, 'not_found', 'This session has no seat map.', 'seat_map', { event_session_id: input.sessionId });
  const seats = await memo(input.cache, `seat-geometry:${templateId}:${template.geometry_version}`, () => seatsOfTemplate(db, templateId));

  const groupsOfZone = new Map<string, string[]>();
  for (const g of groups.filter((g) => g.seat_template_id === templateId)) {
    for (const zone of JSON.parse(g.zones) as string[]) groupsOfZone.set(zone, [...(groupsOfZone.get(zone) ?? []), g.id]);
  }
  const nowIso = input.now.toISOString();
  const taken = new Map<string, TSeatState>();
  for (const t of await liveSeatsOfSession(db, input.sessionId)) {
    // A hold whose cart has expired is free already (the sweeper releases it soon).
    if (t.state === 'held' && t.expires_at !== null && t.expires_at <= nowIso) continue;
    if (t.seat_id !== null) taken.set(t.seat_id, t.state === 'held' ? 'unavailable' : 'booked');
  }
  // A session closed for sale by staff is sold out (docs/box-office.md, Sessions): no seat is free.
  const closed = session.sale_closed === 1;
  const stateOf = (seat: (typeof seats)[number]): TSeatState => {
    if (seat.unavailable || !groupsOfZone.has(seat.zone)) return 'unavailable';
    return taken.get(seat.id) ?? (closed ? 'unavailable' : 'available');
  };

  if (!input.withGeometry) {
    const states = seats.map((s) => LETTER[stateOf(s)]).join('');
    return { seat_state: list([{ event_session_id: session.id, geometry_version: template.geometry_version, states }]), _total: 1 };
  }
  const out: TSeat[] = seats.map((s, i) => {
    // Neighbours: the seats beside it in its row, not across an aisle (centres within 1.6× the radii).
    const radius = (o: (typeof seats)[number]) => o.r ?? template.seat_radius;
    const sameRow = (o: (typeof seats)[number] | undefined) =>
      !!o && o.section === s.section && o.row_name === s.row_name && Math.hypot(o.x - s.x, o.y - s.y) <= (radius(o) + radius(s)) * 1.6;
    return {
      id: s.id, state: stateOf(s), name: s.name, section: s.section, row: s.row_name, seat_template_id: templateId,
      x: s.x, y: s.y, r: s.r ?? template.seat_radius, zone: s.zone, ticket_groups: groupsOfZone.get(s.zone) ?? [],
      previous: sameRow(seats[i - 1]) ? seats[i - 1].id : null,
      next: sameRow(seats[i + 1]) ? seats[i + 1].id : null,
    };
  });
  const map: TSeatMap = {
    id: templateId, seat_template_id: templateId, event_session_id: session.id, name: template.name, width: template.width, height: template.height,
    map_geometry: { sections: JSON.parse(template.sections) as TSeatMap['map_geometry']['sections'], zones: JSON.parse(template.zones) as TSeatMap['map_geometry']['zones'] },
    other_elements: JSON.parse(template.other_elements) as TSeatMap['other_elements'],
    geometry_version: template.geometry_version,
  };
  const doc: TSeatMapDocument = { seat_map: list([map]), seat: list(out), _total: out.length };
  const drawn = JSON.stringify([template.geometry_version, session.id, groups.map((g) => [g.id, g.seat_template_id, g.zones])]);
  return new Tagged(doc, `W/"g.${createHash('sha1').update(drawn).digest('base64url')}"`);
}
