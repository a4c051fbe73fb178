import { z } from 'zod';

/**
 * The live availability stream, GET events/{id}/live (server-sent events; docs/live-availability.md).
 * Each message is one SSE `event:` with JSON `data:` and an `id:` (give it back as Last-Event-ID to
 * resume). These are the `data:` shapes, by event name.
 */

/** A session's figures as the sessions calls show them (expired holds counted as free). */
export const ZLiveSession = z.object({
  id: z.string(),
  capacity: z.number().int(),
  oversell_capacity: z.number().int(),
  used_capacity: z.number().int(),
  /** -1: unlimited. */
  availableCapacity: z.number().int(),
  sold_out: z.boolean(),
  /** Seated sessions: every seat's state, one letter per seat in the seat map's order (a available, b booked, u unavailable). */
  seat_states: z.string().optional(),
});

/** `event: availability` — the sessions of the event that changed since the last message (each at most once per 250 ms). */
export const ZLiveAvailability = z.object({ event_session: z.array(ZLiveSession) });

/**
 * `event: ready` — the stream is open; changes before it are not sent. `quiet_ms`: how long the
 * event has gone without a change the server knows of (at most since the server could know), so a
 * page asks again only for what it read before that (less a margin).
 */
export const ZLiveReady = z.object({ quiet_ms: z.number().int().min(0) });

/**
 * `event: resync` — changes may have been missed (a resume from too far back, or the server lost
 * its database listener for a while): ask again for everything shown.
 */
export const ZLiveControl = z.object({});


export type TLiveSession = z.infer<typeof ZLiveSession>;
export type TLiveAvailability = z.infer<typeof ZLiveAvailability>;
export type TLiveReady = z.infer<typeof ZLiveReady>;
