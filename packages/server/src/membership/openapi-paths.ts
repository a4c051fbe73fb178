import { z } from 'zod';
import { ZGiftCodeLookup, ZSavedPaymentMethodDocument, ZMemberAllowanceDocument, ZMembershipLevelDocument, ZMyMembershipDocument } from '@foyer/contracts';
import { embedParam, operation, pathParam, sellerParam } from '../http/openapi-parts.js';

/** OpenAPI paths of the membership calls (docs/memberships.md#2-buying), generated from the contracts. */
export function membershipPaths() {
  return {
    '/membership_levels': {
      get: operation({
        summary: 'Membership levels: term, renewal window, member roles (cacheable)',
        parameters: [sellerParam],
        ok: ZMembershipLevelDocument,
        refusals: { '400': 'seller_not_found', '404': 'seller_not_found' },
      }),
    },
    '/my/membership': {
      get: operation({
        summary: "The logged-in user's memberships (embeds role, identity_link, ticket, ticket_order, ticket_type, event_template, ticket_group)",
        parameters: [sellerParam, embedParam],
        ok: ZMyMembershipDocument,
        refusals: { '400': 'unknown_embed, seller_not_found', '401': 'not_authorized' },
      }),
    },
    '/my/member_allowance': {
      get: operation({
        summary: "What remains of the viewer's member allowances (event_session_id, event_session_id._in, ticket_type_id); empty for a non-member",
        parameters: [{ name: 'event_session_id', in: 'query', schema: { type: 'string' } }, sellerParam],
        ok: ZMemberAllowanceDocument,
        refusals: { '400': 'unknown_field, seller_not_found' },
      }),
    },
    '/membership/{id}/qrcode': {
      get: operation({
        summary: "A member card's QR code (PNG; the owner's only)",
        parameters: [pathParam('id'), { name: 'margin', in: 'query', schema: { type: 'integer', minimum: 0, maximum: 10, default: 2 } }],
        ok: { description: 'image/png', content: { 'image/png': { schema: z.toJSONSchema(z.string()) } } },
        refusals: { '400': 'bad_field_value (margin)', '401': 'not_authorized', '404': 'not_found (no such card, or not yours)' },
      }),
    },
    '/membership_gift/{code}': {
      get: operation({
        summary: 'A gift-of-membership code: valid_from, valid_to, exhausted, and the levels it can be redeemed for (at most 3, largest discount first)',
        parameters: [pathParam('code'), sellerParam],
        ok: ZGiftCodeLookup,
        refusals: { '404': 'gift_code_not_found (wrong length or unknown), seller_not_found', '429': 'rate_limited' },
      }),
    },
    '/my/identity/saved_payment_method': {
      get: operation({
        summary: "The logged-in user's card kept for auto-renew (brand and last 4; empty when none)",
        parameters: [sellerParam],
        ok: ZSavedPaymentMethodDocument,
        refusals: { '401': 'not_authorized' },
      }),
    },
  };
}
