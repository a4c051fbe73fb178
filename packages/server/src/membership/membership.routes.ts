import { ZMembershipQrQuery, ZGiftCodeLookup, ZSavedPaymentMethodDocument, ZMemberAllowanceDocument, ZMembershipLevelDocument, ZMyMembershipDocument } from '@foyer/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { loggedInTo } from '../auth/sessions.js';
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
import { z } from 'zod';
import { docs, embedParam, queryParam, sellerParam } from '../http/route-docs.js';

const LEVELS = docs({
  summary: 'Membership levels: term, renewal window, member roles (cacheable)',
  parameters: [sellerParam],
  ok: ZMembershipLevelDocument,
  refusals: { '400': 'seller_not_found', '404': 'seller_not_found' },
});
const MY_MEMBERSHIP = docs({
  summary: "The logged-in user's memberships (embeds role, identity_link, ticket, ticket_order, ticket_type, event_template, ticket_group)",
  parameters: [sellerParam, embedParam],
  ok: ZMyMembershipDocument,
  refusals: { '400': 'unknown_embed, seller_not_found', '401': 'not_authorized' },
});
const ALLOWANCES = docs({
  summary: "What remains of the viewer's member allowances (event_session_id, event_session_id._in, ticket_type_id); empty for a non-member",
  parameters: [queryParam('event_session_id'), sellerParam],
  ok: ZMemberAllowanceDocument,
  refusals: { '400': 'unknown_field, seller_not_found' },
});
const QR_CODE = docs({
  summary: "A member card's QR code (PNG; the owner's only)",
  parameters: [{ name: 'margin', in: 'query', schema: { type: 'integer', minimum: 0, maximum: 10, default: 2 } }],
  ok: { description: 'image/png', content: { 'image/png': { schema: z.string() } } },
  refusals: { '400': 'bad_field_value (margin)', '401': 'not_authorized', '404': 'not_found (no such card, or not yours)' },
});
const GIFT_CODE = docs({
  summary: 'A gift-of-membership code: valid_from, valid_to, exhausted, and the levels it can be redeemed for (at most 3, largest discount first)',
  parameters: [sellerParam],
  ok: ZGiftCodeLookup,
  refusals: { '404': 'gift_code_not_found (wrong length or unknown), seller_not_found', '429': 'rate_limited' },
});
const SAVED_METHOD = docs({
  summary: "The logged-in user's card kept for auto-renew (brand and last 4; empty when none)",
  parameters: [sellerParam],
  ok: ZSavedPaymentMethodDocument,
  refusals: { '401': 'not_authorized' },
});

/** GET membership_levels, my/membership, my/member_allowance, a card's QR code and a gift code (docs/memberships.md#7-gifts-of-membership). */
export function registerMembershipRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const base = async (request: FastifyRequest, spec: QuerySpec) => {
    const query = parseQuery(request.query as Record<string, unknown>, spec);
    const seller = await resolveSeller(db, query.seller, ctx.settings.defaultSeller, ctx.cache);
    return { query, seller, sellerId: seller.id, now: ctx.now() };
  };
  const loggedIn = (request: FastifyRequest, sellerId: string) => loggedInTo(request, sellerId, 'membership');

  readRoute(app, '/membership_levels', async ({ request }) => listMembershipLevels(db, await base(request, MEMBERSHIP_LEVELS_QUERY)), { schema: LEVELS });

  app.get('/api/my/membership', { schema: MY_MEMBERSHIP }, async (request, reply) => {
    const input = await base(request, MY_MEMBERSHIP_QUERY);
    const session = loggedIn(request, input.sellerId);
    reply.header('cache-control', 'private, no-store');
    return getMyMembership(db, { userId: session.userId, query: input.query, now: input.now });
  });

  app.get('/api/my/member_allowance', { schema: ALLOWANCES }, async (request, reply) => {
    const input = await base(request, MEMBER_ALLOWANCE_QUERY);
    const viewer = await resolveViewer(db, request, input.sellerId, input.now);
    reply.header('cache-control', 'private, no-store');
    return listMemberAllowances(db, { ...input, viewer, cache: ctx.cache });
  });

  app.get<{ Params: { id: string } }>('/api/membership/:id/qrcode', { schema: QR_CODE }, async (request, reply) => {
    const input = await base(request, { params: { margin: 'number' } });
    const session = loggedIn(request, input.sellerId);
    const parsed = ZMembershipQrQuery.safeParse({ margin: input.query.params.margin ?? undefined });
    if (!parsed.success) throw new AppError(400, 'bad_field_value', 'margin: a whole number from 0 to 10.', 'membership', { field: 'margin' });
    const png = await membershipQrPng(db, { membershipId: request.params.id, userId: session.userId, margin: parsed.data.margin });
    reply.header('cache-control', 'private, max-age=300').type('image/png');
    return reply.send(png);
  });

  // docs/memberships.md#8-auto-renew Saved payment method: the card kept for auto-renew (brand and last 4 only).
  app.get('/api/my/identity/saved_payment_method', { schema: SAVED_METHOD }, async (request, reply) => {
    const input = await base(request, {});
    const session = loggedIn(request, input.sellerId);
    reply.header('cache-control', 'private, no-store');
    const saved = await savedMethodOf(db, input.sellerId, session.identityId);
    const rows = saved ? [{ id: saved.id, gateway_id: saved.gateway_id, brand: saved.brand, last4: saved.last4, created_at: saved.created_at }] : [];
    return document('saved_payment_method', rows, rows.length);
  });

  // A gift code (issue 12): limited per address, never cached (it changes once redeemed).
  app.get<{ Params: { code: string } }>('/api/membership_gift/:code', { schema: GIFT_CODE }, async (request, reply) => {
    const input = await base(request, {});
    await enforceLimits(db, input.now, [[LIMITS.giftCodeIp, request.ip]]);
    reply.header('cache-control', 'private, no-store');
    return lookupGiftCode(db, { sellerId: input.sellerId, code: request.params.code });
  });
}
