import { z } from 'zod';
import { ZPayAnswer, ZCartDocument, ZGiftCheckout, ZGiftee, ZGifteeAnswer, ZGuestCheckout, ZOrderDocument, ZCancelAnswer, ZCancelTickets, ZMyResendOrders, ZOrderEmail, ZOrderSessionDocument, ZResendAnswer, ZResendOrders, ZAutoRenewCancelled } from '@foyer/contracts';
import { embedParam, operation, pathParam, sellerParam } from '../http/openapi-parts.js';
import { MODIFIABLE } from '../cart/openapi-paths.js';

/** Every order call: the buyer's identity or ?key= opens the order; anyone else gets the 404 of no order. */
const ORDER_OWNED = { '404': "not_found (no such order, or not the caller's: another identity, no key, a wrong or expired key), seller_not_found", '429': 'rate_limited (keyed calls, per IP; Retry-After)' };
const keyParam = { name: 'key', in: 'query', schema: { type: 'string' }, description: "a manage key from the order's e-mail links" };

/** OpenAPI paths of checkout and the orders (docs/checkout.md#order-complete, docs/checkout.md#calls), generated from the contracts. */
export function orderPaths() {
  const id = pathParam('id');
  const checkout = (summary: string, body?: z.ZodType) =>
    operation({ summary, parameters: [id, sellerParam], body, ok: ZCartDocument, refusals: { ...MODIFIABLE, '400': 'validation_failed (guest_identity_id missing)', '404': 'not_found (cart or purchaser), seller_not_found' } });
  const paths: Record<string, object> = {};
  for (const prefix of ['/cart', '/my/cart']) {
    paths[`${prefix}/{id}/guest_checkout`] = {
      post: operation({
        summary: 'Name the purchaser (a guest identity from POST user) and whether to e-mail them; for a change cart (self-edit) with nothing to pay, gateway_id "free" confirms the change (answered like pay: outcome and ticket_order)',
        parameters: [id, sellerParam],
        body: ZGuestCheckout,
        ok: z.union([ZCartDocument, ZPayAnswer]),
        refusals: { ...MODIFIABLE, '400': 'validation_failed (guest_identity_id missing; gateway "free" for a cart that changes no order), payment_not_supported (a change with an amount to pay)', '404': 'not_found (cart or purchaser), seller_not_found' },
      }),
    };
  }
  return {
    ...paths,
    '/my/cart/{id}/checkout': { post: checkout('The logged-in member is the purchaser') },
    '/giftee': {
      post: operation({
        summary: 'Name the person a gift is for (a known e-mail is the same person); answers their identity_id',
        parameters: [sellerParam],
        body: ZGiftee,
        ok: ZGifteeAnswer,
        refusals: { '400': 'validation_failed, validate_not_email, seller_not_found', '404': 'seller_not_found', '429': 'rate_limited (Retry-After)' },
      }),
    },
    '/my/cart/{id}/gift_checkout': {
      post: operation({
        summary: 'Record the giftee on the cart (members only)',
        parameters: [id, sellerParam],
        body: ZGiftCheckout,
        ok: ZCartDocument,
        refusals: { ...MODIFIABLE, '400': 'validation_failed (gift to oneself)', '401': 'not_authorized', '404': 'not_found (cart or giftee), seller_not_found' },
      }),
    },
    '/ticket_order': {
      get: operation({
        summary: "Orders by id (id._in=…, at most 50; the complete page): only those the caller may read — bought by the caller's identity, or opened by ?key= — the others left out (at /cached_api, which reads no cookies, ?key= only). Private, revalidated by ETag. No membership embed: member cards come with GET ticket_order/{id}",
        parameters: [{ name: 'id._in', in: 'query', required: true, schema: { type: 'string' } }, keyParam, sellerParam, embedParam],
        ok: ZOrderDocument,
        refusals: { '400': 'bad_field_value (no id filter), unknown_field, unknown_embed, seller_not_found', '404': 'seller_not_found', '429': ORDER_OWNED['429'] },
      }),
    },
    '/ticket_order/{id}': {
      get: operation({ summary: "One of the caller's orders: the buyer's identity or ?key= (private, no-store)", parameters: [id, keyParam, sellerParam, embedParam], ok: ZOrderDocument, refusals: { ...ORDER_OWNED, '400': 'unknown_embed, seller_not_found' } }),
    },
    '/ticket_order/resend': {
      post: operation({
        summary: 'Send every order an e-mail address bought to that address again (memberships_only: those with member cards)',
        parameters: [sellerParam],
        body: ZResendOrders,
        ok: ZResendAnswer,
        refusals: { '400': 'validation_failed, validate_not_email, seller_not_found', '404': 'not_found ("No orders could be found for this email address."), seller_not_found', '429': 'rate_limited (Retry-After)' },
      }),
    },
    '/my/ticket_order': {
      get: operation({
        summary: "The logged-in user's most recent orders (50), newest first: carts they held or were named purchaser of (private, no-store)",
        parameters: [sellerParam, embedParam],
        ok: ZOrderDocument,
        refusals: { '400': 'unknown_embed, seller_not_found', '401': 'not_authorized', '404': 'seller_not_found' },
      }),
    },
    '/my/order_session': {
      get: operation({
        summary: "The logged-in user's upcoming visits: per order and session not yet ended, the number of booked or redeemed tickets, soonest first (private, no-store)",
        parameters: [sellerParam],
        ok: ZOrderSessionDocument,
        refusals: { '400': 'seller_not_found', '401': 'not_authorized', '404': 'seller_not_found' },
      }),
    },
    '/my/ticket_order/resend': {
      post: operation({
        summary: "Send the logged-in user's orders to the account's e-mail address again (memberships_only: those with member cards)",
        parameters: [sellerParam],
        body: ZMyResendOrders,
        ok: ZResendAnswer,
        refusals: { '400': 'validation_failed, validate_not_email, seller_not_found', '401': 'not_authorized', '404': 'not_found ("No orders could be found for this email address."), seller_not_found', '429': 'rate_limited (Retry-After)' },
      }),
    },
    '/ticket_order/{id}/cancel': {
      post: operation({
        summary: "Cancel free tickets of one of the caller's orders (booked, adjusted value 0, session not started); capacity and member allowances given back once; the order-cancel e-mail",
        parameters: [id, keyParam, sellerParam],
        body: ZCancelTickets,
        ok: ZCancelAnswer,
        refusals: { ...ORDER_OWNED, '400': 'validation_failed, seller_not_found', '404': `${ORDER_OWNED['404']}, ticket_not_found`, '409': 'invalid_state ("You must contact us to cancel this order." for a ticket that is not free), ticket_state_incorrect (cancelled, redeemed or being changed), tickets_too_old (its session has started)' },
      }),
    },
    '/ticket_order/{id}/auto_renew': {
      delete: operation({
        summary: "Cancel auto-renew of the order's memberships (scheduled → cancelled), with the buyer's login or the manage link's key",
        parameters: [id, sellerParam, { name: 'key', in: 'query', schema: { type: 'string' } }],
        ok: ZAutoRenewCancelled,
        refusals: { '401': 'not_authorized (not authenticated)', '404': 'not_found (order or key), seller_not_found', '409': 'not_enrolled', '429': 'rate_limited (keys)' },
      }),
    },
    '/ticket_order/{id}/email': {
      post: operation({
        summary: "Send an order e-mail again to the buyer: the confirmation (no log_context, or order_update) or the order-cancel e-mail (order_cancel); the buyer's identity or ?key= opens the order",
        parameters: [id, keyParam, sellerParam],
        body: ZOrderEmail,
        ok: z.object({ sent: z.literal(true) }),
        refusals: { ...ORDER_OWNED, '400': 'validation_failed (no address; order_cancel without cancelled tickets), seller_not_found', '429': 'rate_limited (Retry-After)' },
      }),
    },
    '/ticket_order/{id}/qrcode': {
      get: operation({
        summary: "The order's QR code, to whoever may read the order (the buyer's identity or ?key=; at /cached_api ?key= only). Private, revalidated by ETag",
        parameters: [id, keyParam, sellerParam, { name: 'size', in: 'query', schema: { type: 'integer', minimum: 64, maximum: 1024 } }, { name: 'margin', in: 'query', schema: { type: 'integer', minimum: 0, maximum: 16 } }],
        ok: { description: 'image/png', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } },
        refusals: { ...ORDER_OWNED, '400': 'bad_field_value, seller_not_found' },
      }),
    },
  };
}
