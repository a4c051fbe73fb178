import type { Db, Dialect, Tx } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { AppError } from '../http/app-error.js';
import { cartById, claimCartForCheckout, heldTicketsOfCart, releaseCheckout, updateCartRow } from '../cart/public.js';
import { bookOrder } from '../orders/book-order.js';
import { cartAmounts } from './cart-amounts.js';
import type { ChargeResult, Gateways } from './gateway.js';
import { paymentById, planOfCart, updateOpenPayment } from './payments.repository.js';
import { isInstalmentPayment, settleInstalment } from './instalments/settle-instalment.js';
import { reholdTickets } from './rehold-tickets.js';
import { settleUnsuccessful } from './settle-unsuccessful.js';
import { refundPayment } from './refund-payment.js';
import { applyOrderChange } from '../orders/self-edit/apply-order-change.js';
import { refundPendingOfCart } from '../orders/self-edit/refund-pending-of-cart.js';
import { mustExist } from '../must-exist.js';

export { OPEN_PAYMENT } from './payments.repository.js';

export type PayOutcome = { outcome: 'completed'; orderId: string } | { outcome: 'partial' } | { outcome: 'pending' };

export interface SettleDeps {
  db: Db;
  dialect: Dialect;
  now: Date;
  /** Base of the links in the confirmation e-mail. */
  publicUrl: string;
  gateways: Gateways;
}

export const LATE_REFUSAL = 'Your cart has timed out and the tickets are no longer available. Your payment has been refunded.';

/** Thrown inside the settling transaction to roll back a re-hold that could not be completed. */
class LateRefusal extends Error {}

/**
 * Records what a gateway answered for a payment — from the pay call, the Stripe webhook or the
 * reconciler, in any order and any number of times: every change is conditional on the payment
 * still being open, so only the first answer counts. A success books the order (or records the
 * part paid) in the same transaction. A success for a cart whose hold expired re-takes the
 * capacity; when it is gone the payment is refused and refunded, never oversold (docs/architecture.md#inventory-never-oversell).
 */
export async function settlePayment(deps: SettleDeps, paymentId: string, result: ChargeResult): Promise<PayOutcome | AppError> {
  const nowIso = deps.now.toISOString();
  // A change cart confirmed: its refunds go out after the commit. Set inside the transaction's callback, so held in an object (a `let` would read as always null).
  const confirmed: { changeCart: string | null } = { changeCart: null };
  try {
    const outcome = await inWriteTransaction(deps.db, deps.dialect, async (tx): Promise<PayOutcome | AppError> => {
      const payment = await paymentById(tx, paymentId);
      if (!payment) throw new Error(`settlePayment: no payment ${paymentId}`);
      if (isInstalmentPayment(payment)) return settleInstalment(tx, deps, payment, result);
      if (result.status !== 'succeeded') return settleUnsuccessful(tx, paymentId, result, { release: () => releaseCheckout(tx, payment.cart_id, nowIso), settled: () => outcomeOf(tx, payment.id) });
      if (!(await updateOpenPayment(tx, paymentId, { status: 'succeeded', reference: result.reference }))) return outcomeOf(tx, payment.id);

      // Claim the cart against the sweeper (it expires only pending carts).
      if (!(await claimCartForCheckout(tx, payment.cart_id, nowIso, ['pending', 'checkout']))) {
        const expired = await cartById(tx, payment.cart_id);
        const ticketIds = JSON.parse(payment.ticket_ids ?? '[]') as string[];
        // An expired change cart gave the order its tickets back: the change is refused, not re-held.
        if (expired?.state !== 'expired' || expired.edits_order_id || !(await reholdTickets(tx, payment.cart_id, ticketIds, deps.now))) throw new LateRefusal();
        await updateCartRow(tx, payment.cart_id, { state: 'checkout', updated_at: nowIso });
      }
      // The cart, its tickets and its plan are read once here and passed on to the booking.
      const cart = mustExist(await cartById(tx, payment.cart_id), `cart ${payment.cart_id}`);
      const tickets = await heldTicketsOfCart(tx, cart.id);
      const plan = cart.injected ? await planOfCart(tx, cart.id) : [];
      // A payment's method fee is charged on top of the balance (docs/payments.md "Payment-method fees").
      const paid = cart.paid + payment.amount - payment.method_fee;
      const methodFee = cart.method_fee + payment.method_fee;
      const amounts = cartAmounts({ ...cart, paid }, tickets, plan, deps.now);
      if (paid > Math.max(0, amounts.total - cart.credit)) throw new LateRefusal();
      await updateCartRow(tx, cart.id, { paid, method_fee: methodFee });
      // A payment plan books the order once what is due now is paid; the rest stays on the order.
      const planSettled = cart.injected === 1 && amounts.due === 0;
      if (amounts.outstanding > 0 && !planSettled) {
        await releaseCheckout(tx, cart.id, nowIso);
        return { outcome: 'partial' };
      }
      // A change cart (self-edit) changes its order instead of making one (orders/self-edit/).
      if (cart.edits_order_id) confirmed.changeCart = cart.id;
      const orderId = cart.edits_order_id
        ? await applyOrderChange(tx, { cart: { ...cart, paid, method_fee: methodFee }, tickets, amounts, now: deps.now, publicUrl: deps.publicUrl })
        : await bookOrder(tx, deps.dialect, { cart: { ...cart, paid, method_fee: methodFee }, amounts, tickets, plan }, deps.now, deps.publicUrl);
      return { outcome: 'completed', orderId };
    });
    if (confirmed.changeCart) await refundPendingOfCart(deps, confirmed.changeCart);
    return outcome;
  } catch (error) {
    if (!(error instanceof LateRefusal) || result.status !== 'succeeded') throw error;
    await updateOpenPayment(deps.db, paymentId, { status: 'refund_pending', reference: result.reference, error_code: 'cart_expired' });
    await refundPayment(deps, paymentId).catch(() => undefined); // the reconciler retries
    return new AppError(410, 'cart_expired', LATE_REFUSAL, 'payment', { payment_id: paymentId });
  }
}

/** A payment some earlier answer already settled: what it came to. */
async function outcomeOf(tx: Tx, paymentId: string): Promise<PayOutcome | AppError> {
  const payment = mustExist(await paymentById(tx, paymentId), `payment ${paymentId}`);
  const cart = await cartById(tx, payment.cart_id);
  if (payment.status === 'succeeded') return cart?.state === 'booked' ? { outcome: 'completed', orderId: mustExist(cart.ticket_order_id, `order of booked cart ${cart.id}`) } : { outcome: 'partial' };
  if (payment.status.startsWith('refund')) return new AppError(410, 'cart_expired', LATE_REFUSAL, 'payment', { payment_id: paymentId });
  if (payment.status === 'processing') return { outcome: 'pending' };
  return new AppError(402, 'payment_failed', 'Please edit your payment details and try again.', 'payment', { payment_id: paymentId });
}
