import { ZSeatMapDocument } from '@foyer/contracts';
import { operation, pathParam, sellerParam } from '../http/openapi-parts.js';

/** OpenAPI path of the seat map (reserved seating, issue 15; docs/seating.md). */
export function seatPaths() {
  return {
    '/events/{id}/sessions/{sessionId}/seat_map': {
      get: operation({
        summary:
          'A session\'s seat map (cacheable, ETag): with _withgeometry=true the map and every seat (section, row, name, x, y, r, zone, ticket groups, neighbours); without, every seat\'s state only (available, booked, unavailable) — the cheap call to poll',
        parameters: [pathParam('id'), pathParam('sessionId'), sellerParam, { name: '_withgeometry', in: 'query', schema: { type: 'string' }, description: 'T/F, true/false or 1/0' }],
        ok: ZSeatMapDocument,
        refusals: { '400': 'bad_field_value, unknown_field, seller_not_found', '404': 'not_found (no such session of this event, or it has no seated groups)' },
      }),
    },
  };
}
