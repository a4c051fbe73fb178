import { ZCheckinAnswer, ZCheckinBody } from '@foyer/contracts';
import { operation, sellerParam } from '../http/openapi-parts.js';

/** OpenAPI path of check-in at the door (issue 13), generated from the contracts. */
export function checkinPaths() {
  return {
    '/checkin': {
      post: operation({
        summary:
          'Staff (Authorization: Bearer <FOYER_STAFF_TOKENS entry>): let in the ticket or member card with this scan code — a ticket once, for a session of today; a current member card once a day',
        parameters: [sellerParam],
        body: ZCheckinBody,
        ok: ZCheckinAnswer,
        refusals: {
          '400': 'validation_failed, seller_not_found',
          '401': 'not_authorized (no or a wrong staff token)',
          '404': 'scan_code_not_found, seller_not_found',
          '409': 'already_redeemed (_extra.redeemed_at: the first scan), ticket_cancelled, ticket_not_today, membership_expired (a card not current), intent_processing (a change of the ticket being paid online at that moment)',
          '429': 'rate_limited (too many wrong tokens from this address; Retry-After)',
        },
      }),
    },
  };
}
