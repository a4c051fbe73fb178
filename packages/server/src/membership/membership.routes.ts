import { AUTH_TEXT, ZMembershipQrQuery } from '@foyer/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { sessionOf } from '../auth/sessions.js';
import { AppError } from '../http/app-error.js';
import { parseQuery, type QuerySpec } from '../http/query.js';
import { readRoute } from '../http/read-route.js';
import { resolveSeller } from '../sellers/resolve-seller.js';
import { getMyMembership, MY_MEMBERSHIP_QUERY } from './get-my-membership.js';
import { listMemberAllowances, MEMBER_ALLOWANCE_QUERY } from './list-member-allowances.js';
import { listMembershipLevels, MEMBERSHIP_LEVELS_QUERY } from './list-membership-levels.js';
import { membershipQrPng } from './membership-qr-code.js';
import { resolveViewer } from './resolve-viewer.js';
import { lookupGiftCode } from './gifts/lookup-gift-code.js';
import { savedMethodOf } from './auto-renew/saved-payment-method.repository.js';
import { document } from '../http/envelope.js';
import { enforceLimits, LIMITS } from '../rate-limit/rate-limit.js';

/** GET membership_levels, my/membership, my/member_allowance, a card's QR code and a gift code (docs/memberships.md#7-gifts-of-membership). */
export function registerMembershipRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const base = async (request: FastifyRequest, spec: QuerySpec) => {
    const query = parseQuery(request.query as Record<string, unknown>, spec);
    const seller = await resolveSeller(db, query.seller, ctx.settings.defaultSeller, ctx.cache);
    return { query, seller, sellerId: seller.id, now: ctx.now() };
  };
  const loggedIn = (request: FastifyRequest, sellerId: string) => {
    const session = sessionOf(request);
    if (!session || session.sellerId !== sellerId) throw new AppError(401, 'not_authorized', AUTH_TEXT.notLoggedIn, 'membership');
    return session;
  };

  readRoute(app, '/membership_levels', async ({ request }) => listMembershipLevels(db, await base(request, MEMBERSHIP_LEVELS_QUERY)));

  app.get('/api/my/membership', async (request, reply) => {
    const input = await base(request, MY_MEMBERSHIP_QUERY);
    const session = loggedIn(request, input.sellerId);
    reply.header('cache-control', 'private, no-store');
    return getMyMembership(db, { userId: session.userId, query: input.query, now: input.now });
  });

  app.get('/api/my/member_allowance', async (request, reply) => {
    const input = await base(request, MEMBER_ALLOWANCE_QUERY);
    const viewer = await resolveViewer(db, request, input.sellerId, input.now);
    reply.header('cache-control', 'private, no-store');
    return listMemberAllowances(db, { ...input, viewer, cache: ctx.cache });
  });

  app.get<{ Params: { id: string } }>('/api/membership/:id/qrcode', async (request, reply) => {
    const input = await base(request, { params: { margin: 'number' } });
    const session = loggedIn(request, input.sellerId);
    const parsed = ZMembershipQrQuery.safeParse({ margin: input.query.params.margin ?? undefined });
    if (!parsed.success) throw new AppError(400, 'bad_field_value', 'margin: a whole number from 0 to 10.', 'membership', { field: 'margin' });
    const png = await membershipQrPng(db, { membershipId: request.params.id, userId: session.userId, margin: parsed.data.margin });
    reply.header('cache-control', 'private, max-age=300').type('image/png');
    return reply.send(png);
  });

  // docs/memberships.md#8-auto-renew Saved payment method: the card kept for auto-renew (brand and last 4 only).
  app.get('/api/my/identity/saved_payment_method', async (request, reply) => {
    const input = await base(request, {});
    const session = loggedIn(request, input.sellerId);
    reply.header('cache-control', 'private, no-store');
    const saved = await savedMethodOf(db, input.sellerId, session.identityId);
    const rows = saved ? [{ id: saved.id, gateway_id: saved.gateway_id, brand: saved.brand, last4: saved.last4, created_at: saved.created_at }] : [];
    return document('saved_payment_method', rows, rows.length);
  });

  // A gift code (issue 12): limited per address, never cached (it changes once redeemed).
  app.get<{ Params: { code: string } }>('/api/membership_gift/:code', async (request, reply) => {
    const input = await base(request, {});
    await enforceLimits(db, input.now, [[LIMITS.giftCodeIp, request.ip]]);
    reply.header('cache-control', 'private, no-store');
    return lookupGiftCode(db, { sellerId: input.sellerId, code: request.params.code });
  });
}
