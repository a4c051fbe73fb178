import { ZCartDeleted, ZCartDocument, ZCartModify, ZCartRemove, ZCartTransfer } from '@foyer/contracts';
import { embedParam, operation, pathParam, sellerParam, type Refusals } from '../http/openapi-parts.js';

/** A manage link's key (?key=): opens the order a change cart names (self-edit). */
const manageKeyParam = { name: 'key', in: 'query', schema: { type: 'string' } };
const SELLER: Refusals = { '400': 'seller_not_found (malformed), validation_failed', '404': 'seller_not_found' };
/** The ownership rule of cart-access.ts: another identity's cart is refused, a gone one is not found. */
export const OWNED: Refusals = { '403': 'scope_error (_extra.owner = member when a logged-in member owns it)', '404': 'not_found, seller_not_found' };
/** assertModifiable: owned, not booked, not mid-payment, not timed out. */
export const MODIFIABLE: Refusals = { ...OWNED, '409': 'cart_already_booked (_extra.ticket_order_id), intent_processing', '410': 'cart_expired' };
const RESERVE = 'validation_failed, additional_info_validation_failed, rule_blocks_reserve, max_tickets_per_order_exceeded, min_tickets_per_order_not_met, seller_not_found';
/** docs/memberships.md "Locked member details". */
const LOCKED = 'member_details_locked (prevent_membership_updates: a member names other people on its new cards)';
/** A reserve naming promo codes counts its wrong ones like apply_code (promotions/code-guessing.ts). */
const CODE_GUESSES = 'rate_limited (too many wrong promo codes from this address or for this cart)';
const CAPACITY = 'event_session_sold_out, session_capacity_exceeded, ticket_group_sold_out, ticket_group_capacity_exceeded, incorrect_cart_state (injected cart)';

/** OpenAPI paths of the cart calls (docs/cart.md#calls), at my/cart/… and cart/… alike (same handlers). */
export function cartPaths() {
  const id = pathParam('id');
  const paths: Record<string, object> = {};
  for (const prefix of ['/my/cart', '/cart']) {
    paths[`${prefix}/modify`] = {
      post: operation({
        summary: 'Create a cart holding the given tickets; sets the identity cookie. With ticket_order_id (and the manage link ?key=): a change cart of that order (self-edit), whose remove may name the order\'s tickets',
        parameters: [sellerParam, manageKeyParam],
        body: ZCartModify,
        ok: ZCartDocument,
        refusals: { ...SELLER, '400': RESERVE, '403': `self_edit_not_allowed (self-edit off, not eligible, or logged in), ${LOCKED}`, '404': 'ticket_not_found (context cart_remove_tickets), not_found (no such order, or not the caller\'s: another identity, no key, a wrong key), seller_not_found', '409': `${CAPACITY}, tickets_too_old, ticket_state_incorrect (context cart_remove_tickets)`, '429': CODE_GUESSES },
      }),
    };
    paths[`${prefix}/{id}/modify`] = {
      post: operation({
        summary: 'Add tickets to a cart or remove them by id',
        parameters: [id, sellerParam],
        body: ZCartModify,
        ok: ZCartDocument,
        refusals: { ...MODIFIABLE, '400': RESERVE, '403': `${MODIFIABLE['403']}, ${LOCKED}`, '404': 'not_found, ticket_not_found, seller_not_found', '409': `cart_already_booked, intent_processing, ${CAPACITY}, tickets_too_old, ticket_state_incorrect (a change cart)`, '429': CODE_GUESSES },
      }),
    };
    paths[`${prefix}/{id}/remove`] = {
      post: operation({
        summary: 'Remove tickets by id; in a change cart also the order\'s own tickets (self-edit)',
        parameters: [id, sellerParam],
        body: ZCartRemove,
        ok: ZCartDocument,
        refusals: { ...MODIFIABLE, '400': 'validation_failed', '403': 'self_edit_not_allowed', '404': 'not_found, ticket_not_found (context cart_remove_tickets), seller_not_found', '409': 'cart_already_booked, intent_processing, tickets_too_old, ticket_state_incorrect, incorrect_cart_state' },
      }),
    };
    paths[`${prefix}/{id}`] = {
      get: operation({ summary: 'A cart with its tickets (private, no-store)', parameters: [id, sellerParam, embedParam], ok: ZCartDocument, refusals: { ...OWNED, '400': 'unknown_embed, bad_field_value, seller_not_found' } }),
      delete: operation({
        summary: 'Delete a cart and release its held tickets',
        parameters: [id, sellerParam],
        ok: ZCartDeleted,
        refusals: { ...SELLER, ...OWNED, '409': 'incorrect_cart_state (booked or injected)' },
      }),
    };
    paths[`${prefix}/{id}/transfer`] = {
      post: operation({
        summary: "Take over a staff-created cart with its payment link's key (once); sets the identity cookie",
        parameters: [id, sellerParam, embedParam],
        body: ZCartTransfer,
        ok: ZCartDocument,
        refusals: { ...SELLER, '403': 'scope_error (wrong or used key)', '404': 'not_found, seller_not_found' },
      }),
    };
  }
  return paths;
}
