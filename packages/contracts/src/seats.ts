import { z } from 'zod';
import { ZResourceList } from './resources.js';

/**
 * Reserved seating (docs/seating.md#2-api Seat / Seat map, docs/seating.md#2-api seat_map; docs/seating.md).
 * Catalog side: a seat template per venue room — zones (price zones), sections of rows of seats,
 * other elements (stage, aisles, labels). Wire side: the seat_map call's answer.
 */

const Key = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'lowercase letters, digits, "-" or "_", at most 64');
const SeatName = z.string().min(1).max(20);
const Coordinate = z.number().min(0).max(100_000);
const Radius = z.number().gt(0).max(1_000);

export const ZCatalogSeatZone = z.object({
  key: Key,
  name: z.string().min(1).max(100),
  color: z.string().max(30).optional(),
});

export const ZCatalogSeat = z.object({
  name: SeatName,
  x: Coordinate,
  y: Coordinate,
  r: Radius.optional(),
  /** Zone key; the row's zone when omitted. */
  zone: Key.optional(),
  /** Never sold (a kill: broken seat, camera position). */
  unavailable: z.boolean().optional(),
});

/** A run of seats along a line: seats named `from`…`to`, the first at (x, y), then each dx, dy further. */
export const ZCatalogSeatRun = z
  .object({
    from: z.number().int().min(0).max(9_999),
    to: z.number().int().min(0).max(9_999),
    x: Coordinate,
    y: Coordinate,
    dx: z.number().default(0),
    dy: z.number().default(0),
    r: Radius.optional(),
    zone: Key.optional(),
    /** Seat names in the run that are never sold. */
    unavailable: z.array(SeatName).default([]),
    /** Names go from, from+step, …, to (e.g. 2 for odd-numbered seats on one side). */
    step: z.number().int().min(1).max(100).default(1),
  })
  .refine((r) => r.from <= r.to, { error: 'a run\'s "from" must not exceed "to"', path: ['to'] });

export const ZCatalogSeatRow = z.object({
  name: SeatName,
  zone: Key.optional(),
  seats: z.array(ZCatalogSeat).default([]),
  runs: z.array(ZCatalogSeatRun).default([]),
});

export const ZCatalogSeatSection = z.object({
  name: z.string().min(1).max(60),
  zone: Key.optional(),
  rows: z.array(ZCatalogSeatRow).min(1),
});

/** A non-seat element drawn on the map: stage, aisle, wall or a text label. */
export const ZSeatMapElement = z.object({
  type: z.enum(['stage', 'aisle', 'wall', 'label', 'area']),
  x: Coordinate,
  y: Coordinate,
  width: z.number().min(0).max(100_000).optional(),
  height: z.number().min(0).max(100_000).optional(),
  text: z.string().max(100).optional(),
});
export type TSeatMapElement = z.infer<typeof ZSeatMapElement>;

export const ZCatalogSeatTemplate = z.object({
  key: Key,
  name: z.string().min(1).max(200),
  venue: Key,
  width: z.number().gt(0).max(100_000),
  height: z.number().gt(0).max(100_000),
  /** The radius of seats that name none. */
  seat_radius: Radius.default(10),
  zones: z.array(ZCatalogSeatZone).min(1),
  sections: z.array(ZCatalogSeatSection).min(1),
  other_elements: z.array(ZSeatMapElement).default([]),
});
export type TCatalogSeatTemplate = z.infer<typeof ZCatalogSeatTemplate>;

/** A ticket group with handler "seated": which template's seats, and which of its zones, it sells. */
export const ZCatalogGroupSeating = z.object({
  template: Key,
  zones: z.array(Key).min(1),
});

/** Seat states on the wire (docs/seating.md#2-api). 'selected' is the storefront's own; the server never sends it. */
export const SEAT_STATES = ['available', 'booked', 'unavailable', 'selected'] as const;
export type TSeatState = (typeof SEAT_STATES)[number];

/** A seat as GET …/seat_map answers it; the geometry fields only with `_withgeometry=true`. */
export const ZSeat = z.object({
  id: z.string(),
  state: z.enum(SEAT_STATES),
  name: z.string().optional(),
  section: z.string().optional(),
  row: z.string().optional(),
  seat_template_id: z.string().optional(),
  x: z.number().optional(),
  y: z.number().optional(),
  r: z.number().optional(),
  zone: z.string().optional(),
  /** The ticket groups (price zones) of the event that sell this seat. */
  ticket_groups: z.array(z.string()).optional(),
  /** The seats beside it in its row (ids), null at a row's end. */
  previous: z.string().nullable().optional(),
  next: z.string().nullable().optional(),
});
export type TSeat = z.infer<typeof ZSeat>;

export const ZSeatZone = z.object({ key: z.string(), name: z.string(), color: z.string().nullable() });

export const ZSeatMap = z.object({
  id: z.string(),
  seat_template_id: z.string(),
  event_session_id: z.string(),
  name: z.string(),
  width: z.number(),
  height: z.number(),
  /** Sections and the rows in each, in catalog order (for lists and labels); seats are in `seat`. */
  map_geometry: z.object({
    sections: z.array(z.object({ name: z.string(), rows: z.array(z.string()) })),
    zones: z.array(ZSeatZone),
  }),
  other_elements: z.array(ZSeatMapElement),
  /** Changes only when the template changes: a client may keep the geometry it has for this value. */
  geometry_version: z.string(),
});
export type TSeatMap = z.infer<typeof ZSeatMap>;

/** Seat state letters of the states-only answer, one per seat in the map's seat order. */
export const SEAT_STATE_LETTERS = { a: 'available', b: 'booked', u: 'unavailable' } as const;

/**
 * The states-only answer (no `_withgeometry`): cheap to poll — one letter per seat (`a`vailable,
 * `b`ooked, `u`navailable) in the order of the geometry answer's `seat` list of the same
 * `geometry_version`.
 */
export const ZSeatStates = z.object({
  event_session_id: z.string(),
  geometry_version: z.string(),
  states: z.string().regex(/^[abu]*$/),
});
export type TSeatStates = z.infer<typeof ZSeatStates>;

/** GET events/{id}/sessions/{sessionId}/seat_map: with geometry the map and every seat; without, `seat_state`. */
export const ZSeatMapDocument = z.object({
  seat_map: ZResourceList(ZSeatMap).optional(),
  seat: ZResourceList(ZSeat).optional(),
  seat_state: ZResourceList(ZSeatStates).optional(),
  _total: z.number().int(),
});
export type TSeatMapDocument = z.infer<typeof ZSeatMapDocument>;

/** handler_data of a reserve item of a seated group: the seat it holds. */
export const ZSeatHandlerData = z.object({ seat_id: z.string().min(1).max(64) });

/** A ticket's seat as carts and orders embed it (sibling key `seat`, joined by ticket.seat_id). */
export const ZTicketSeat = z.object({ id: z.string(), section: z.string(), row: z.string(), name: z.string(), zone: z.string() });
export type TTicketSeat = z.infer<typeof ZTicketSeat>;
