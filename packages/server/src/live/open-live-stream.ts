import type { Db } from '../db/database.js';
import { findEvent } from '../events/find-event.js';
import type { Viewer } from '../events/viewer.js';
import { AppError } from '../http/app-error.js';
import type { LiveHub } from './live-hub.js';

/**
 * GET events/{id}/live (docs/live-availability.md): the event is looked up as GET events/{id}
 * looks it up (so an unknown event is the same 404), then the stream caps are checked: a process
 * or client address at its cap is a 429 `rate_limited` (polling still works).
 */
export async function checkLiveStream(deps: { db: Db; hub: LiveHub }, input: { sellerId: string; timezone: string; eventId: string; viewer: Viewer; address: string }) {
  const { event } = await findEvent(deps.db, input.sellerId, input.eventId, input.viewer, input.timezone);
  const refused = deps.hub.refusal(input.address);
  if (refused) {
    const text = refused === 'address' ? 'Too many live pages are open from this address.' : 'The live view is busy. Availability refreshes by itself instead.';
    throw new AppError(429, 'rate_limited', text, 'live', { retry_after: 30 });
  }
  return event.id;
}
