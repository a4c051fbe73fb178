import { z } from 'zod';
import { ZLiveAvailability, ZLiveControl, ZLiveReady } from '@foyer/contracts';
import { operation, pathParam, sellerParam } from '../http/openapi-parts.js';

const schema = (s: z.ZodType) => z.toJSONSchema(s, { unrepresentable: 'any' });

/** OpenAPI path of the live availability stream (docs/live-availability.md). */
export function livePaths() {
  return {
    '/events/{id}/live': {
      get: operation({
        summary:
          "An event's live availability as server-sent events: `availability` (the sessions that changed, at most one message per 250 ms), `ready` (open; `quiet_ms`: how long the event has gone unchanged, so what was read since needs no asking again), `resync` (changes may have been missed: ask again); each with an id to send back as Last-Event-ID; a comment line as heartbeat",
        parameters: [pathParam('id'), sellerParam, { name: 'Last-Event-ID', in: 'header', schema: { type: 'string' }, description: 'The id of the last message received: a resume gets what it missed, or `resync`' }],
        ok: {
          description: 'text/event-stream; each message\'s `data:` is one of the schemas below, by its `event:` name',
          content: { 'text/event-stream': { schema: { type: 'string' }, 'x-messages': { availability: schema(ZLiveAvailability), ready: schema(ZLiveReady), resync: schema(ZLiveControl) } } },
        },
        refusals: { '400': 'event_not_found (malformed id), bad_field_value, unknown_field, seller_not_found', '404': 'event_not_found (as GET events/{id})', '429': 'rate_limited (streams per client address or per process; Retry-After): poll instead' },
      }),
    },
  };
}
