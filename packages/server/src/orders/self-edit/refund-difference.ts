import { fromMinor } from '@foyer/contracts';
import type { Tx } from '../../db/database.js';
import { uuidv7 } from '../../ids.js';
import { insertLedger, insertPayment } from '../../payments/public.js';
import { readableCode } from '../../readable-code.js';
import { selfEditRulesOf } from './self-edit-rules.js';
import { refundableChargesOfOrder, refundedOfCharge } from './self-edit.repository.js';

/** The error_code that marks a payment row as the refund of a cheaper change (not a late refusal). */
export const CHANGE_REFUND = 'order_change';

/**
 * A cheaper change gives the difference back (docs/after-sale.md#how-a-change-works-server): by default to the order's own payments,
 * newest first, as refund rows (status refund_pending, the charge's reference) that
 * refundPendingOfCart sends after the commit and the reconciler retries; with
 * `refund_method: "gift_card"` in web.self_edit_rules, or when no payment can take it back, as a
 * new gift card (its number is answered for the e-mail).
 */
export async function refundDifference(tx: Tx, input: { sellerId: string; orderId: string; cartId: string; amount: number; nowIso: string }): Promise<string | null> {
  const rules = await selfEditRulesOf(tx, input.sellerId);
  let left = input.amount;
  if (rules?.refund_method !== 'gift_card') {
    left = (await refundToPayments(tx, { ...input, errorCode: CHANGE_REFUND, keyOf: (paymentId) => `change_refund:${input.cartId}:${paymentId}` })).left;
  }
  if (left <= 0) return null;
  const number = readableCode(16);
  await insertLedger(tx, { id: uuidv7(), seller_id: input.sellerId, ledger_type: 'giftcard', number, state: 'active', balance: left, ticket_id: null, created_at: input.nowIso });
  return `${number} (${fromMinor(left)})`;
}

/** The error_code of a box-office refund's rows (admin/refund-order.ts, docs/box-office.md). */
export const STAFF_REFUND = 'staff_refund';
/** Refund rows of every kind: what they give back is no longer refundable. */
export const REFUND_KINDS = [CHANGE_REFUND, STAFF_REFUND];

/**
 * Spreads `amount` over the order's succeeded payments, newest first, each up to what it took less
 * what earlier refunds (of any kind, but failed ones) gave back: one refund_pending row per payment
 * touched, carrying the charge's reference, for refundPayment to send (and the reconciler to retry).
 * Answers what no payment could take back and the rows made.
 */
export async function refundToPayments(
  tx: Tx,
  input: { sellerId: string; orderId: string; cartId: string; amount: number; nowIso: string; errorCode: string; keyOf: (paymentId: string) => string },
): Promise<{ left: number; rowIds: string[] }> {
  let left = input.amount;
  const rowIds: string[] = [];
  const payments = await refundableChargesOfOrder(tx, input.orderId);
  for (const p of payments) {
    if (left <= 0 || !p.reference) break;
    const refunded = await refundedOfCharge(tx, { reference: p.reference, gateway_id: p.gateway_id }, REFUND_KINDS);
    const part = Math.min(left, p.amount - (refunded?.sum ?? 0));
    if (part <= 0) continue;
    const id = uuidv7();
    await insertPayment(tx, { id, seller_id: input.sellerId, cart_id: input.cartId, ticket_order_id: input.orderId, gateway_id: p.gateway_id, amount: part, status: 'refund_pending', idempotency_key: input.keyOf(p.id), reference: p.reference, error_code: input.errorCode, created_at: input.nowIso });
    rowIds.push(id);
    left -= part;
  }
  return { left, rowIds };
}
