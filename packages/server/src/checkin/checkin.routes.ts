import { createHash, timingSafeEqual } from 'node:crypto';
import { CHECKIN_TEXT, ZCheckinBody } from '@foyer/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { AppError } from '../http/app-error.js';
import { parseBody } from '../http/parse-body.js';
import { sellerOfRequest } from '../orders/seller-of-request.js';
import { hit, LIMITS, peek, rateLimited } from '../rate-limit/rate-limit.js';
import { checkIn } from './check-in.js';

/** Whether the request carries one of the configured staff tokens (compared as sha256, in constant time). */
function hasStaffToken(request: FastifyRequest, hashes: string[]): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return false;
  const presented = createHash('sha256').update(match[1]!).digest();
  return hashes.some((hash) => timingSafeEqual(presented, Buffer.from(hash, 'hex')));
}

/** POST checkin: the door's scanners (a staff bearer token), 001's Redeemed state made real. */
export function registerCheckinRoutes(app: FastifyInstance, ctx: AppContext) {
  const hashes = ctx.settings.staffTokenHashes ?? [];
  app.post('/api/checkin', async (request) => {
    const now = ctx.now();
    const ip = request.ip;
    // Wrong tokens are counted per address; over the limit, even a right one waits.
    const tries = await peek(ctx.db, LIMITS.staffTokenIp, ip, now);
    if (!tries.allowed) throw rateLimited(tries.retryAfter);
    if (!hasStaffToken(request, hashes)) {
      await hit(ctx.db, LIMITS.staffTokenIp, ip, now);
      throw new AppError(401, 'not_authorized', CHECKIN_TEXT.noToken, 'checkin');
    }
    const body = parseBody(ZCheckinBody, request.body, 'checkin');
    const { seller } = await sellerOfRequest(ctx, request, {});
    return { checkin: await checkIn(ctx.db, ctx.dialect, { sellerId: seller.id, sellerTimezone: seller.timezone, scanCode: body.scan_code, now }) };
  });
}
