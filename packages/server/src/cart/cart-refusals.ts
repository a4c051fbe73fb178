import type { Refusals } from '../http/route-docs.js';

/** The ownership rule of cart-access.ts, as documented refusals: another identity's cart is refused, a gone one is not found. */
export const OWNED: Refusals = { '403': 'scope_error (_extra.owner = member when a logged-in member owns it)', '404': 'not_found, seller_not_found' };
/** assertModifiable: owned, not booked, not mid-payment, not timed out. */
export const MODIFIABLE: Refusals = { ...OWNED, '409': 'cart_already_booked (_extra.ticket_order_id), intent_processing', '410': 'cart_expired' };
