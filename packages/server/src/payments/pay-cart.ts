import { CARD_MAX_MINOR, CARD_MIN_MINOR, CARD_MIN_MINOR_GBP, fromMinor, toMinor, type TPayBody } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { Db, Dialect, Tx } from '../db/database.js';
import type { CartTable } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import type { Identity } from '../identity/public-identity.js';
import { assertOwner } from '../cart/cart-access.js';
import { cartById } from '../cart/cart.repository.js';
import { bookOrder } from '../orders/book-order.js';
import type { ChargeResult, PaymentGateway } from './gateway.js';

export interface PayInput {
  db: Db;
  dialect: Dialect;
  sellerId: string;
  currency: string;
  identity: Identity | null;
  cartId: string;
  body: TPayBody;
  idempotencyKey: string | null;
  gateways: Record<string, PaymentGateway>;
  now: Date;
  /** Base of the links in the confirmation e-mail. */
  publicUrl: string;
}

export type PayOutcome = { outcome: 'completed'; orderId: string } | { outcome: 'partial' };

/** What the cart owes: tickets, fees outside, less what was paid already. */
async function amounts(tx: Tx, cart: Selectable<CartTable>) {
  const row = await tx
    .selectFrom('ticket')
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>(eb('adjusted_value', '+', eb('fee_fixed_outside', '+', eb.ref('fee_percent_outside')))), eb.lit(0)).as('total')])
    .where('cart_id', '=', cart.id)
    .where('state', '=', 'held')
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  return { total, outstanding: total - cart.paid };
}

function refuse(status: number, code: 'payment_not_supported' | 'validation_failed', description: string, extra: unknown = null): never {
  throw new AppError(status, code, description, 'payment', extra);
}

/**
 * POST cart/{id}/pay (001 §3, §4). The cart is claimed (pending → checkout) before any money
 * moves, so a double click or two concurrent pays charge once: the second is told the payment is
 * in progress. The hold cannot expire while claimed (the sweeper takes only pending carts). The
 * outcome — order, partial payment, refusal — commits in one transaction with its payment row.
 */
export async function payCart(input: PayInput): Promise<PayOutcome> {
  const { db, now } = input;
  const nowIso = now.toISOString();
  const gateway = input.gateways[input.body.gateway_id];
  if (!gateway) refuse(400, 'payment_not_supported', 'This payment method is not available.', { gateway_id: input.body.gateway_id });
  const amount = toMinor(input.body.amount);

  if (input.idempotencyKey) {
    const earlier = await db.selectFrom('payment').selectAll().where('idempotency_key', '=', input.idempotencyKey).executeTakeFirst();
    if (earlier && earlier.cart_id !== input.cartId) refuse(400, 'validation_failed', 'This idempotency key belongs to another payment.');
    if (earlier?.status === 'succeeded') {
      return earlier.ticket_order_id ? { outcome: 'completed', orderId: earlier.ticket_order_id } : { outcome: 'partial' };
    }
  }

  const intentId = typeof input.body.gateway_data.payment_intent_id === 'string' ? input.body.gateway_data.payment_intent_id : null;
  const claim = await db.transaction().execute(async (tx) => {
    const cart = await cartById(tx, input.cartId);
    assertOwner(cart, input.identity, input.sellerId);
    if (cart.state === 'booked') return { done: { outcome: 'completed', orderId: cart.ticket_order_id! } as PayOutcome };
    if (cart.state === 'checkout') throw new AppError(409, 'intent_processing', 'A payment for this cart is in progress. Please wait a moment.', 'payment');
    if (cart.state !== 'pending' || (cart.expires_at !== null && cart.expires_at <= nowIso)) {
      throw new AppError(410, 'cart_expired', 'Your cart has timed out and the tickets have been released. Your card has not been charged.', 'payment', { cart_id: cart.id });
    }
    const { total, outstanding } = await amounts(tx, cart);
    if (gateway.id === 'free') {
      if (outstanding !== 0 || amount !== 0) refuse(400, 'payment_not_supported', 'There is an amount to pay: choose a payment method.', { outstanding: fromMinor(outstanding) });
    } else {
      if (amount <= 0 || amount > outstanding) refuse(400, 'validation_failed', `The amount must be more than 0 and at most ${fromMinor(outstanding)}.`, { outstanding: fromMinor(outstanding) });
      const min = input.currency === 'GBP' ? CARD_MIN_MINOR_GBP : CARD_MIN_MINOR;
      if (gateway.isCard && (amount < min || amount > CARD_MAX_MINOR)) refuse(400, 'payment_not_supported', 'Payment is not supported for this amount.', { min: fromMinor(min), max: fromMinor(CARD_MAX_MINOR) });
    }
    const claimed = await tx.updateTable('cart').set({ state: 'checkout', updated_at: nowIso }).where('id', '=', cart.id).where('state', '=', 'pending').executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new AppError(409, 'intent_processing', 'A payment for this cart is in progress. Please wait a moment.', 'payment');

    let confirmed: { id: string; reference: string } | null = null;
    if (intentId) {
      const intent = await tx.selectFrom('payment').selectAll().where('cart_id', '=', cart.id).where('reference', '=', intentId).executeTakeFirst();
      if (!intent || intent.status !== 'confirmed' || intent.amount !== amount) refuse(400, 'validation_failed', 'Please edit your payment details and try again.');
      confirmed = { id: intent.id, reference: intent.reference! };
    }
    const paymentId = confirmed?.id ?? uuidv7();
    if (!confirmed) {
      await tx
        .insertInto('payment')
        .values({ id: paymentId, seller_id: cart.seller_id, cart_id: cart.id, ticket_order_id: null, gateway_id: gateway.id, amount, status: 'processing', idempotency_key: input.idempotencyKey, reference: null, error_code: null, created_at: nowIso })
        .execute();
    } else {
      await tx.updateTable('payment').set({ status: 'processing' }).where('id', '=', paymentId).execute();
    }
    return { cart, total, paymentId, confirmed };
  });
  if ('done' in claim) return claim.done!;

  let result: ChargeResult;
  try {
    result = await gateway.charge({
      paymentId: claim.paymentId,
      amount,
      currency: input.currency,
      data: input.body.gateway_data,
      idempotencyKey: input.idempotencyKey ?? claim.paymentId,
      confirmedIntent: claim.confirmed ? { reference: claim.confirmed.reference } : null,
    });
  } catch {
    // A gateway that throws has not charged (gateways report declines as results).
    result = { status: 'failed', code: 'payment_failed', message: 'The payment could not be processed.' };
  }

  // Refusals are returned from the transaction and thrown after it commits: the failed payment
  // and the cart's release must be kept.
  const outcome = await db.transaction().execute(async (tx): Promise<PayOutcome | AppError> => {
    const release = () => tx.updateTable('cart').set({ state: 'pending', updated_at: nowIso }).where('id', '=', input.cartId).where('state', '=', 'checkout').execute();
    if (result.status === 'failed') {
      await tx.updateTable('payment').set({ status: 'failed', error_code: result.code }).where('id', '=', claim.paymentId).execute();
      await release();
      return new AppError(402, result.code, result.message, 'payment', { payment_id: claim.paymentId });
    }
    if (result.status === 'requires_action') {
      await tx.updateTable('payment').set({ status: 'requires_action', reference: result.reference }).where('id', '=', claim.paymentId).execute();
      await release();
      return new AppError(402, 'intent_requires_action', 'Your bank asks you to confirm this payment.', 'payment', {
        payment_id: claim.paymentId,
        payment_intent_id: result.reference,
        payment_intent_client_secret: result.clientSecret,
      });
    }
    await tx.updateTable('payment').set({ status: 'succeeded', reference: result.reference }).where('id', '=', claim.paymentId).execute();
    const paid = claim.cart.paid + amount;
    await tx.updateTable('cart').set({ paid }).where('id', '=', input.cartId).execute();
    if (paid < claim.total) {
      await release();
      return { outcome: 'partial' };
    }
    const orderId = await bookOrder(tx, input.dialect, { ...claim.cart, paid }, claim.total, paid, now, input.publicUrl);
    return { outcome: 'completed', orderId };
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}
