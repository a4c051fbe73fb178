import { isApiError } from '../../api/client.js';
import { en } from '../../i18n/en.js';

/** Where /transfer-cart/{cartId} goes, or what it says (docs/cart.md#screens, docs/cart.md#errors). */
export type TransferOutcome = { kind: 'go'; to: string } | { kind: 'change'; orderId: string; to: string } | { kind: 'complete'; orderId: string } | { kind: 'message'; text: string };

/** Only same-site paths are followed from the `next` query parameter. */
export function nextPath(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/checkout';
}

/**
 * A change cart (a move staff made, paid by its link: docs/box-office.md#paid-by-a-payment-link) is
 * paid on its order's confirm page, as the buyer's own changes are; once paid, its order's page.
 */
export function transferOutcome(cart: { state: string; ticket_order_id: string | null; edits_order_id?: string | null }, next: string | null): TransferOutcome {
  if (cart.state === 'booked' && cart.ticket_order_id) return { kind: 'complete', orderId: cart.ticket_order_id };
  if (cart.edits_order_id) return { kind: 'change', orderId: cart.edits_order_id, to: `/manage/${encodeURIComponent(cart.edits_order_id)}/confirm` };
  return { kind: 'go', to: nextPath(next) };
}

/** 403 → "403 Access denied to cart", or the other-member text when the cart is a member's; 404 → "404 Cart not found". */
export function transferError(error: unknown): TransferOutcome {
  if (isApiError(error) && error.status === 404) return { kind: 'message', text: en.transferCart.notFound };
  if (isApiError(error) && error.status === 403) {
    const extra = error.extra as { owner?: unknown } | null;
    return { kind: 'message', text: extra?.owner === 'member' ? en.transferCart.otherOwner : en.transferCart.forbidden };
  }
  return { kind: 'message', text: en.transferCart.error };
}
