import { ADMIN_TEXT, fromMinor, type TAdminMove, type TAdminMoveBody, type TPayBody } from '@foyer/contracts';
import type { Db, Dialect, Tx } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { AppError } from '../http/app-error.js';
import { modifyCart } from '../cart/modify-cart.js';
import { emptyCart } from '../cart/delete-cart.js';
import { payCart } from '../checkout/pay-cart.js';
import { cartAmounts } from '../payments/cart-amounts.js';
import type { Gateways } from '../payments/gateway.js';
import { recordAudit, type Actor } from './audit.js';
import { ticketsOfOrder } from './admin-orders.repository.js';
import { adminTicketOut, orderNotFound } from './read-admin-order.js';
import { claimPendingCart, orderOwner, sessionEvent, ticketsToMove } from './move-tickets.repository.js';
import { mustExist } from '../must-exist.js';

/** The fields every move names (POST admin/orders/{id}/move and …/move_link). */
export type TAdminMoveFields = Pick<TAdminMoveBody, 'ticket_ids' | 'event_session_id' | 'reason' | 'seat_ids'>;

export interface MoveDeps {
  db: Db;
  dialect: Dialect;
  publicUrl: string;
  gatewaysFor: (sellerId: string) => Gateways;
}

const CONTEXT = 'admin_move';
/** The storefront's hold, for the moment between the move's reservation and its confirmation. */
const HOLD_MINUTES = 15;

/**
 * POST admin/orders/{id}/move (box office; docs/box-office.md, Move): booked tickets of one event
 * to another session of it, by the storefront's reschedule — a change cart of the order
 * (cart/modify-cart.ts: the new tickets reserved with every reserve rule and capacity taken by its
 * conditional update, the old ones taken out in the same transaction) confirmed by the same pay
 * path (checkout/pay-cart.ts → applyOrderChange: the old tickets cancelled and their places given
 * back once, a cheaper session's difference refunded). Staff override the self-edit rules
 * (categories, horizon, logged-in buyers), never capacity. A dearer session's difference is charged
 * with the move (`payment`); without it, or when the charge fails, the change is discarded and the
 * order is as it was. Into a seated session staff name the seats (`seat_ids`), reserved as the
 * storefront's are: the unique index over live tickets per session and seat decides who gets one.
 */
export async function moveTickets(deps: MoveDeps, actor: Actor, input: { orderId: string; body: TAdminMoveBody; now: Date }): Promise<TAdminMove> {
  const { body, now } = input;
  const { owner, identity, ids, made, outstanding } = await reserveMove(deps, actor, { orderId: input.orderId, body, now, audit: (after) => ({ action: 'order.move', after }) });
  const gateways = deps.gatewaysFor(owner.seller_id);
  if (outstanding > 0 && !body.payment) {
    await discardMove(deps, actor, { orderId: owner.id, cartId: made.cart.id, why: 'payment_required', now });
    throw new AppError(402, 'payment_required', ADMIN_TEXT.movePaymentRequired.replace('{amount}', fromMinor(outstanding)), CONTEXT, { difference: fromMinor(outstanding) });
  }
  const pay = (outstanding > 0 && body.payment ? { amount: fromMinor(outstanding), gateway_id: body.payment.gateway_id, gateway_data: body.payment.gateway_data } : { amount: '0.00', gateway_id: 'free', gateway_data: {} }) as TPayBody;
  let outcome: Awaited<ReturnType<typeof payCart>>;
  try {
    outcome = await payCart({ db: deps.db, dialect: deps.dialect, sellerId: owner.seller_id, currency: owner.currency, identity, cartId: made.cart.id, body: pay, idempotencyKey: null, gateways, now, publicUrl: deps.publicUrl });
  } catch (error) {
    await discardMove(deps, actor, { orderId: owner.id, cartId: made.cart.id, why: error instanceof AppError ? error.code : 'failed', now });
    throw error;
  }
  if (outcome.outcome !== 'completed') {
    // 3-D Secure or a debit still clearing: the desk cannot finish it; nothing is kept unless money moved.
    await discardMove(deps, actor, { orderId: owner.id, cartId: made.cart.id, why: outcome.outcome, now });
    throw new AppError(402, 'payment_failed', 'The payment of the difference was not completed; nothing was changed.', CONTEXT, { outcome: outcome.outcome });
  }
  const newIds = new Set(made.tickets.map((t) => t.id));
  const moved = (await ticketsOfOrder(deps.db, owner.id)).filter((t) => newIds.has(t.id));
  return { order_id: owner.id, moved_ticket_ids: ids, tickets: moved.map(adminTicketOut), difference: fromMinor(outstanding) };
}

/** What a reserved move is written to the audit log as: its action, and what it adds to the entry's `after`. */
export type MoveAudit = (after: Record<string, unknown>) => { action: string; after: Record<string, unknown> };

/**
 * The first half of every move (docs/box-office.md, Move): the order's tickets checked, then a change
 * cart of the order reserves the new tickets — every reserve rule, capacity by its conditional
 * update, the seats named — and takes the old ones out, in one transaction with its audit entry.
 * Answers the change cart and what is left to pay on it (below 0: to refund).
 */
export async function reserveMove(deps: MoveDeps, actor: Actor, input: { orderId: string; body: TAdminMoveFields; now: Date; audit: MoveAudit }) {
  const { body, now } = input;
  const owner = await orderOwner(deps.db, input.orderId);
  if (!owner) throw orderNotFound();
  const ids = [...new Set(body.ticket_ids)];
  const tickets = await ticketsToMove(deps.db, owner.id, ids);
  const missing = ids.find((id) => !tickets.some((t) => t.id === id));
  if (missing) throw new AppError(404, 'ticket_not_found', 'We could not find that ticket in this order.', CONTEXT, { ticket_id: missing });
  const notBooked = tickets.find((t) => t.state !== 'booked');
  if (notBooked) throw new AppError(409, 'ticket_state_incorrect', ADMIN_TEXT.moveNotBooked, CONTEXT, { ticket_id: notBooked.id, state: notBooked.state });
  const session = await sessionEvent(deps.db, body.event_session_id);
  if (!session) throw new AppError(404, 'not_found', 'We could not find that session.', CONTEXT, { event_session_id: body.event_session_id });
  if (tickets.some((t) => t.event_template_id !== session.event_template_id)) throw new AppError(400, 'validation_failed', ADMIN_TEXT.moveOneEvent, CONTEXT, { event_session_id: session.id });
  if (tickets.some((t) => t.event_session_id === session.id)) throw new AppError(400, 'validation_failed', ADMIN_TEXT.moveSameSession, CONTEXT, { event_session_id: session.id });

  // The change cart is the buyer's (the pay path checks its owner), made by staff.
  const identity = { id: owner.identity_id, kind: owner.kind as 'public' | 'user' };
  // In ticket_ids' order, so each new ticket gets the seat named for it; the ticket's insert decides whether the seat is free (seats/hold-seat.ts).
  const byId = new Map(tickets.map((t) => [t.id, t]));
  const add = ids.map((id) => {
    const t = mustExist(byId.get(id), `ticket ${id}`);
    return { ticket_type_id: t.ticket_type_id, event_session_id: session.id, admit_name: t.admit_name, admit_email: t.admit_email, ...(body.seat_ids ? { handler_data: { seat_id: body.seat_ids[body.ticket_ids.indexOf(id)] } } : {}) };
  });
  const made = await modifyCart({
    db: deps.db,
    dialect: deps.dialect,
    sellerId: owner.seller_id,
    writer: { identity, fresh: null },
    // Staff may sell what members see (as payment-link carts).
    viewer: { isMember: true },
    cartId: null,
    // The answers given for these tickets' groups at the purchase go with them (a required survey stays answered).
    body: { add, remove: ids, additionalInfo: answersFor(owner.additional_info, tickets) },
    now,
    defaultHoldMinutes: HOLD_MINUTES,
    editOrderId: owner.id,
    staffChange: {
      onWritten: (tx, change) =>
        recordAudit(
          tx,
          actor,
          {
            objectType: 'order',
            objectId: owner.id,
            before: { ticket_ids: ids, event_session_ids: [...new Set(tickets.map((t) => t.event_session_id))] },
            ...input.audit({ event_session_id: session.id, change_cart_id: change.cart.id, ticket_ids: change.tickets.map((t) => t.id), reason: body.reason }),
          },
          now,
        ),
    },
  });
  return { owner, identity, ids, made, outstanding: cartAmounts(made.cart, made.tickets, [], now).outstanding };
}

function answersFor(additionalInfo: string, tickets: { ticket_group_id: string }[]) {
  const groups = new Set(tickets.map((t) => t.ticket_group_id));
  return (JSON.parse(additionalInfo) as { ticket_group_id: string; data: Record<string, unknown> }[]).filter((a) => groups.has(a.ticket_group_id));
}

/** A move that was not confirmed: the new tickets released and the old ones booked again, once; written to the audit log. */
export async function discardMove(deps: MoveDeps, actor: Actor, input: { orderId: string; cartId: string; why: string; now: Date }) {
  await inWriteTransaction(deps.db, deps.dialect, async (tx) => {
    if (!(await releaseMoveCart(tx, input.cartId, input.now.toISOString()))) return;
    await recordAudit(tx, actor, { action: 'order.move_failed', objectType: 'order', objectId: input.orderId, before: null, after: { change_cart_id: input.cartId, why: input.why } }, input.now);
  });
}

/** A move's change cart closed unconfirmed (pending → deleted, once): its new tickets released, the order's taken-out tickets booked again. False when it was paid, expired or closed meanwhile. */
export async function releaseMoveCart(tx: Tx, cartId: string, nowIso: string): Promise<boolean> {
  if (!(await claimPendingCart(tx, cartId, nowIso))) return false;
  await emptyCart(tx, cartId);
  return true;
}
