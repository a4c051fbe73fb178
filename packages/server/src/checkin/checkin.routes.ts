import { ZCheckinBody, ZCheckinAnswer } from '@foyer/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { parseBody } from '../http/parse-body.js';
import { sellerOfRequest } from '../orders/seller-of-request.js';
import { checkIn } from './check-in.js';
import { authoriseStaff } from './staff-auth.js';
import { docs, sellerParam } from '../http/route-docs.js';

const CHECKIN = docs({
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
});

/** POST checkin: the door's scanners (a staff bearer token, staff-auth.ts), 001's Redeemed state made real. */
export function registerCheckinRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/checkin', { schema: CHECKIN }, async (request, reply) => {
    await authoriseStaff(ctx, request, reply);
    const body = parseBody(ZCheckinBody, request.body, 'checkin');
    const { seller } = await sellerOfRequest(ctx, request, {});
    return { checkin: await checkIn(ctx.db, ctx.dialect, { sellerId: seller.id, sellerTimezone: seller.timezone, scanCode: body.scan_code, now: ctx.now() }) };
  });
}
