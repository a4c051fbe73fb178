import type { Db, Dialect, Tx } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { cartById } from '../cart/cart.repository.js';
import { bookOrder } from '../orders/book-order.js';
import { cartAmounts } from './cart-amounts.js';
import { amountsDue } from './payment-plan.js';
import type { ChargeResult, PaymentGateway } from './gateway.js';
import { reholdTickets } from './rehold-tickets.js';
import { refundPayment } from './refund-payment.js';

export type PayOutcome = { outcome: 'completed'; orderId: string } | { outcome: 'partial' } | { outcome: 'pending' };

/** Payment states that a gateway answer may still change; every other state is final. */
export const OPEN_PAYMENT = ['processing', 'requires_action', 'confirmed'];

export interface SettleDeps {
  db: Db;
  dialect: Dialect;
  now: Date;
  /** Base of the links in the confirmation e-mail. */
  publicUrl: string;
  gateways: Record<string, PaymentGateway>;
}

export const LATE_REFUSAL = 'Your cart has timed out and the tickets are no longer available. Your payment has been refunded.';
const releaseCart = (tx: Tx, cartId: string, nowIso: string) =>
  tx.updateTable('cart').set({ state: 'pending', updated_at: nowIso }).where('id', '=', cartId).where('state', '=', 'checkout').execute();

/** Thrown inside the settling transaction to roll back a re-hold that could not be completed. */
class LateRefusal extends Error {}

/**
 * Records what a gateway answered for a payment — from the pay call, the Stripe webhook or the
 * reconciler, in any order and any number of times: every change is conditional on the payment
 * still being open, so only the first answer counts. A success books the order (or records the
 * part paid) in the same transaction. A success for a cart whose hold expired re-takes the
 * capacity; when it is gone the payment is refused and refunded, never oversold (DESIGN §4).
 */
export async function settlePayment(deps: SettleDeps, paymentId: string, result: ChargeResult): Promise<PayOutcome | AppError> {
  const nowIso = deps.now.toISOString();
  try {
    return await deps.db.transaction().execute(async (tx): Promise<PayOutcome | AppError> => {
      const payment = await tx.selectFrom('payment').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
      const open = () => tx.updateTable('payment').where('id', '=', paymentId).where('status', 'in', OPEN_PAYMENT);
      switch (result.status) {
        case 'unknown':
          // Money may have moved: the cart stays claimed until the webhook or reconciler knows.
          return new AppError(409, 'intent_processing', 'Your payment is being processed. Please wait a moment.', 'payment', { payment_id: paymentId });
        case 'processing':
          await open().set({ status: 'processing', reference: result.reference }).execute();
          return { outcome: 'pending' };
        case 'failed': {
          const changed = await open().set({ status: 'failed', error_code: result.code }).executeTakeFirst();
          if (Number(changed.numUpdatedRows) !== 1) return outcomeOf(tx, payment.id);
          await releaseCart(tx, payment.cart_id, nowIso);
          return new AppError(402, result.code, result.message, 'payment', { payment_id: paymentId });
        }
        case 'requires_action': {
          const changed = await open().set({ status: 'requires_action', reference: result.reference }).executeTakeFirst();
          if (Number(changed.numUpdatedRows) !== 1) return outcomeOf(tx, payment.id);
          await releaseCart(tx, payment.cart_id, nowIso);
          return new AppError(402, 'intent_requires_action', 'Your bank asks you to confirm this payment.', 'payment', {
            payment_id: paymentId,
            payment_intent_id: result.reference,
            payment_intent_client_secret: result.clientSecret,
          });
        }
        case 'succeeded':
          break;
      }
      const changed = await open().set({ status: 'succeeded', reference: result.reference }).executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) return outcomeOf(tx, payment.id);

      // Claim the cart against the sweeper (it expires only pending carts).
      const claimed = await tx.updateTable('cart').set({ state: 'checkout', updated_at: nowIso }).where('id', '=', payment.cart_id).where('state', 'in', ['pending', 'checkout']).executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) {
        const state = (await cartById(tx, payment.cart_id))?.state;
        const ticketIds = JSON.parse(payment.ticket_ids ?? '[]') as string[];
        if (state !== 'expired' || !(await reholdTickets(tx, payment.cart_id, ticketIds, deps.now))) throw new LateRefusal();
        await tx.updateTable('cart').set({ state: 'checkout', updated_at: nowIso }).where('id', '=', payment.cart_id).execute();
      }
      const cart = (await cartById(tx, payment.cart_id))!;
      const { total } = await cartAmounts(tx, { id: cart.id, paid: 0 });
      const paid = cart.paid + payment.amount;
      if (paid > total) throw new LateRefusal();
      await tx.updateTable('cart').set({ paid }).where('id', '=', cart.id).execute();
      // A payment plan books the order once what is due now is paid; the rest stays on the order.
      const planSettled = cart.injected === 1 && (await amountsDue(tx, { ...cart, paid }, deps.now)).due === 0;
      if (paid < total && !planSettled) {
        await releaseCart(tx, cart.id, nowIso);
        return { outcome: 'partial' };
      }
      const orderId = await bookOrder(tx, deps.dialect, { ...cart, paid }, total, paid, deps.now, deps.publicUrl);
      return { outcome: 'completed', orderId };
    });
  } catch (error) {
    if (!(error instanceof LateRefusal) || result.status !== 'succeeded') throw error;
    await deps.db
      .updateTable('payment')
      .set({ status: 'refund_pending', reference: result.reference, error_code: 'cart_expired' })
      .where('id', '=', paymentId)
      .where('status', 'in', OPEN_PAYMENT)
      .execute();
    await refundPayment(deps, paymentId).catch(() => undefined); // the reconciler retries
    return new AppError(410, 'cart_expired', LATE_REFUSAL, 'payment', { payment_id: paymentId });
  }
}

/** A payment some earlier answer already settled: what it came to. */
async function outcomeOf(tx: Tx, paymentId: string): Promise<PayOutcome | AppError> {
  const payment = await tx.selectFrom('payment').select(['status', 'cart_id', 'error_code']).where('id', '=', paymentId).executeTakeFirstOrThrow();
  const cart = await cartById(tx, payment.cart_id);
  if (payment.status === 'succeeded') return cart?.state === 'booked' ? { outcome: 'completed', orderId: cart.ticket_order_id! } : { outcome: 'partial' };
  if (payment.status.startsWith('refund')) return new AppError(410, 'cart_expired', LATE_REFUSAL, 'payment', { payment_id: paymentId });
  if (payment.status === 'processing') return { outcome: 'pending' };
  return new AppError(402, 'payment_failed', 'Please edit your payment details and try again.', 'payment', { payment_id: paymentId });
}
