import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { readIdentity } from '../../identity/public-identity.js';
import { readOwnOrder } from '../read-order.js';
import { manageKeyOf } from './manage-key.js';

/**
 * A new change cart names its order (POST cart/modify `ticket_order_id`): the caller must open it
 * as for reading it — the buyer's identity or the manage link's key (?key=), wrong key → 404.
 */
export async function changeOrderAccess(ctx: AppContext, request: FastifyRequest, sellerId: string, orderId: string | undefined, now: Date): Promise<string | null> {
  if (!orderId) return null;
  const order = await readOwnOrder(ctx.db, { sellerId, identity: await readIdentity(ctx.db, request), orderId, key: manageKeyOf(request), ip: request.ip, now });
  return order.id;
}
