import { ZCheckinBody } from '@foyer/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { parseBody } from '../http/parse-body.js';
import { sellerOfRequest } from '../orders/seller-of-request.js';
import { checkIn } from './check-in.js';
import { authoriseStaff } from './staff-auth.js';

/** POST checkin: the door's scanners (a staff bearer token, staff-auth.ts), 001's Redeemed state made real. */
export function registerCheckinRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/api/checkin', async (request, reply) => {
    await authoriseStaff(ctx, request, reply);
    const body = parseBody(ZCheckinBody, request.body, 'checkin');
    const { seller } = await sellerOfRequest(ctx, request, {});
    return { checkin: await checkIn(ctx.db, ctx.dialect, { sellerId: seller.id, sellerTimezone: seller.timezone, scanCode: body.scan_code, now: ctx.now() }) };
  });
}
