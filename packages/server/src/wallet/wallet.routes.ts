import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { readIdentity } from '../identity/public-identity.js';
import { sessionOf } from '../auth/sessions.js';
import type { QuerySpec } from '../http/query.js';
import { sellerOfRequest } from '../orders/seller-of-request.js';
import { applePassesOfOrder, googleSaveLinkOfOrder, walletPrecheck } from './wallet-passes.js';

type IdParams = { Params: { id: string } };

/** key: the manage link's key; ticket_id / membership_id: one pass (neither: all of the order's). */
const WALLET_QUERY: QuerySpec = { params: { key: 'string', ticket_id: 'string', membership_id: 'string' } };

const param = (params: Record<string, unknown>, name: string) => (typeof params[name] === 'string' && params[name] ? (params[name]) : null);

/** Wallet passes of an order (001 §2 Order complete wallet links, §7 walletprecheck): the buyer's login or the manage key. */
export function registerWalletRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const access = async (request: FastifyRequest<IdParams>) => {
    const { query, seller } = await sellerOfRequest(ctx, request, WALLET_QUERY);
    const session = sessionOf(request);
    return {
      access: { sellerId: seller.id, identity: await readIdentity(db, request), orderId: request.params.id, key: param(query.params, 'key'), ip: request.ip, now: ctx.now(), userId: session?.sellerId === seller.id ? session.userId : null },
      pick: { ticketId: param(query.params, 'ticket_id'), membershipId: param(query.params, 'membership_id') },
    };
  };

  app.get<IdParams>('/api/ticket_order/:id/walletprecheck', async (request, reply) => {
    const { access: a, pick } = await access(request);
    reply.header('cache-control', 'private, no-store');
    return walletPrecheck(db, ctx.settings.wallet, a, pick);
  });

  app.get<IdParams>('/api/ticket_order/:id/pkpass', async (request, reply) => {
    const { access: a, pick } = await access(request);
    const pass = await applePassesOfOrder(db, ctx.settings.wallet, a, pick);
    reply.header('cache-control', 'private, no-store').header('content-disposition', `attachment; filename="${pass.filename}"`).type(pass.contentType);
    return reply.send(pass.body);
  });

  // A link the browser follows: on to Google's save page with the signed JWT.
  app.get<IdParams>('/api/ticket_order/:id/gwpass', async (request, reply) => {
    const { access: a, pick } = await access(request);
    const url = await googleSaveLinkOfOrder(db, ctx.settings.wallet, a, pick, ctx.settings.publicUrl);
    return reply.header('cache-control', 'private, no-store').redirect(url, 302);
  });
}
