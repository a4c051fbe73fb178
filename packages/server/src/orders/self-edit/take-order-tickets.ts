import { SELF_EDIT_TEXT } from '@foyer/contracts';
import { hasAnchoredAddOns, pastHorizon, selfEditEligible } from '@foyer/contracts/rules';
import type { Tx } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { liveEventMetaRows, markCartEditsOrder, orderAmounts, orderTicketsToTake, setCartCredit, takeBookedTickets, takenTicketValues } from './self-edit.repository.js';
import { selfEditRulesOf } from './self-edit-rules.js';

const CONTEXT = 'cart_remove_tickets';

/**
 * The `remove` of a change cart's modify (docs/after-sale.md#how-a-change-works-server Reschedule) for tickets of the order it edits:
 * each must be the order's, booked, self-edit eligible and before the horizon (docs/after-sale.md#who-may-read-or-change-an-order). They
 * move booked → in_cart conditionally, so a concurrent cancel or another change of the same
 * ticket leaves exactly one winner; they stay the buyer's (capacity, seat) until the change is
 * confirmed. Runs in the modify's transaction: a refusal loses nothing. Updates the cart's credit.
 */
export async function takeOrderTickets(tx: Tx, input: { cartId: string; orderId: string; sellerId: string; ticketIds: string[]; now: Date; staff?: boolean }): Promise<number> {
  // The box office's move (docs/box-office.md, Move) overrides the self-edit rules, never the ticket's state.
  const rules = await selfEditRulesOf(tx, input.sellerId);
  if (!rules && !input.staff) throw new AppError(403, 'self_edit_not_allowed', SELF_EDIT_TEXT.contactToReschedule, CONTEXT);
  const order = await orderAmounts(tx, input.sellerId, input.orderId);
  if (!order) throw new AppError(404, 'not_found', 'We could not find that order.', 'ticket_order');
  if (order.paid < order.total) throw new AppError(409, 'self_edit_not_allowed', SELF_EDIT_TEXT.orderNotPaid, CONTEXT, { ticket_order_id: order.id });
  await markCartEditsOrder(tx, input.cartId, order.id);
  const ids = [...new Set(input.ticketIds)];
  if (!ids.length) return updateCredit(tx, input.cartId);
  const rows = await orderTicketsToTake(tx, order.id, ids);
  const missing = ids.find((id) => !rows.some((r) => r.id === id));
  if (missing) throw new AppError(404, 'ticket_not_found', SELF_EDIT_TEXT.notInOrder, CONTEXT, { ticket_id: missing });
  const orderEventMetas = await liveEventMetasOf(tx, order.id);
  const toTake: string[] = [];
  for (const t of rows) {
    if (t.state === 'in_cart' && t.change_cart_id === input.cartId) continue; // already taken out by this cart
    if (t.state !== 'booked') throw new AppError(409, 'ticket_state_incorrect', SELF_EDIT_TEXT.stateIncorrect, CONTEXT, { ticket_id: t.id, state: t.state });
    if (input.staff) {
      toTake.push(t.id);
      continue;
    }
    if (!rules || !selfEditEligible(rules, t, order.id)) throw new AppError(403, 'self_edit_not_allowed', SELF_EDIT_TEXT.contactToReschedule, CONTEXT, { ticket_id: t.id });
    if (pastHorizon(rules, t.start_datetime, input.now)) throw new AppError(409, 'tickets_too_old', SELF_EDIT_TEXT.tooOld, CONTEXT, { ticket_id: t.id });
    if (hasAnchoredAddOns(JSON.parse(t.meta), orderEventMetas)) throw new AppError(403, 'self_edit_not_allowed', SELF_EDIT_TEXT.contactToReschedule, CONTEXT, { ticket_id: t.id, reason: 'anchored_add_ons' });
    toTake.push(t.id);
  }
  if (toTake.length) {
    const taken = await takeBookedTickets(tx, order.id, input.cartId, toTake);
    if (taken !== toTake.length) throw new AppError(409, 'ticket_state_incorrect', SELF_EDIT_TEXT.stateIncorrect, CONTEXT, { ticket_order_id: order.id });
  }
  return updateCredit(tx, input.cartId);
}

/** The event meta of every ticket the order still holds (add-ons among them anchor its admissions). */
async function liveEventMetasOf(tx: Tx, orderId: string): Promise<unknown[]> {
  const rows = await liveEventMetaRows(tx, orderId);
  return rows.map((r) => JSON.parse(r.meta) as unknown);
}

/**
 * The order a modify changes: the cart's own, or for a new cart the one named (access checked by
 * the route). Self-edit is for logged-out buyers only (docs/after-sale.md#who-may-read-or-change-an-order).
 */
export function changeCartOrder(cart: { edits_order_id: string | null } | undefined, named: string | null, identity: { kind: string }, staff = false): string | null {
  if (cart && named && cart.edits_order_id !== named) throw new AppError(400, 'validation_failed', 'This cart cannot change that order.', 'cart', { ticket_order_id: named });
  const orderId = cart ? cart.edits_order_id : named;
  if (orderId && identity.kind === 'user' && !staff) throw new AppError(403, 'self_edit_not_allowed', SELF_EDIT_TEXT.logOut, CONTEXT);
  return orderId;
}

/** The cart's credit: what the order tickets it takes out were worth (price and outside fees). */
async function updateCredit(tx: Tx, cartId: string): Promise<number> {
  const taken = await takenTicketValues(tx, cartId);
  const credit = taken.reduce((sum, t) => sum + t.adjusted_value + t.fee_fixed_outside + t.fee_percent_outside, 0);
  await setCartCredit(tx, cartId, credit);
  return credit;
}
