import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { readIdentity } from '../identity/public-identity.js';
import { sessionOf } from '../auth/sessions.js';
import type { QuerySpec } from '../http/query.js';
import { sellerOfRequest } from '../orders/seller-of-request.js';
import { registerAppleWebServiceRoutes } from './apple-web-service.routes.js';
import { applePassesOfOrder, googleSaveLinkOfOrder, walletPrecheck } from './wallet-passes.js';
import { ZWalletPrecheckDocument } from '@foyer/contracts';
import { docs, queryParam, sellerParam } from '../http/route-docs.js';

type IdParams = { Params: { id: string } };

/** key: the manage link's key; ticket_id / membership_id: one pass (neither: all of the order's). */
const WALLET_QUERY: QuerySpec = { params: { key: 'string', ticket_id: 'string', membership_id: 'string' } };

const param = (params: Record<string, unknown>, name: string) => (typeof params[name] === 'string' && params[name] ? (params[name]) : null);

const OWNED = { '404': "not_found (no such order or not the caller's — another identity, no key, a wrong key —, no such ticket or card in it, or the wallet not offered), seller_not_found", '429': 'rate_limited (keyed reads; Retry-After)' };
const PARAMETERS = [
  queryParam('key', "The manage link's key; without it, the buyer's own browser or login."),
  queryParam('ticket_id', "One ticket's pass."),
  queryParam('membership_id', "One member card's pass (neither: all of the order's)."),
  sellerParam,
];
const PRECHECK = docs({
  summary: "Per wallet (apple, google): ok when the operator configured it and the order (or the ticket or card named) has a pass. The order's owner only, or a logged-in member for their own card (membership_id)",
  parameters: PARAMETERS,
  ok: ZWalletPrecheckDocument,
  refusals: OWNED,
});
const PKPASS = docs({
  summary: 'Apple Wallet: a signed .pkpass of one ticket or member card, or a .pkpasses bundle of all the order\'s. The order\'s owner only, or a logged-in member for their own card',
  parameters: PARAMETERS,
  ok: {
    description: 'application/vnd.apple.pkpass (one pass) or application/vnd.apple.pkpasses (several)',
    content: { 'application/vnd.apple.pkpass': { schema: { type: 'string', format: 'binary' } }, 'application/vnd.apple.pkpasses': { schema: { type: 'string', format: 'binary' } } },
  },
  refusals: OWNED,
});
const GWPASS = docs({
  summary: "Google Wallet: redirects (302) to the save link https://pay.google.com/gp/v/save/{jwt} (RS256, the operator's service account) of one ticket or member card, or all the order's. The order's owner only, or a logged-in member for their own card",
  parameters: PARAMETERS,
  ok: null,
  more: { '302': { description: 'Location: the Google Wallet save link' } },
  refusals: OWNED,
});

/** Wallet passes of an order (docs/wallet-passes.md#what-has-a-pass Order complete wallet links, docs/wallet-passes.md#calls walletprecheck): the buyer's login or the manage key. */
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

  app.get<IdParams>('/api/ticket_order/:id/walletprecheck', { schema: PRECHECK }, async (request, reply) => {
    const { access: a, pick } = await access(request);
    reply.header('cache-control', 'private, no-store');
    return walletPrecheck(db, ctx.settings.wallet, a, pick);
  });

  app.get<IdParams>('/api/ticket_order/:id/pkpass', { schema: PKPASS }, async (request, reply) => {
    const { access: a, pick } = await access(request);
    const pass = await applePassesOfOrder(db, ctx.settings.wallet, a, pick, ctx.settings.publicUrl);
    reply.header('cache-control', 'private, no-store').header('content-disposition', `attachment; filename="${pass.filename}"`).type(pass.contentType);
    return reply.send(pass.body);
  });

  // A link the browser follows: on to Google's save page with the signed JWT.
  app.get<IdParams>('/api/ticket_order/:id/gwpass', { schema: GWPASS }, async (request, reply) => {
    const { access: a, pick } = await access(request);
    const url = await googleSaveLinkOfOrder(db, ctx.settings.wallet, a, pick, ctx.settings.publicUrl);
    return reply.header('cache-control', 'private, no-store').redirect(url, 302);
  });

  registerAppleWebServiceRoutes(app, ctx);
}
