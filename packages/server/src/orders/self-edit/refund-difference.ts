import { fromMinor } from '@foyer/contracts';
import type { Tx } from '../../db/database.js';
import { uuidv7 } from '../../ids.js';
import { insertLedger, insertPayment } from '../../payments/payments.repository.js';
import { readableCode } from '../../readable-code.js';
import { selfEditRulesOf } from './self-edit-rules.js';

/** The error_code that marks a payment row as the refund of a cheaper change (not a late refusal). */
export const CHANGE_REFUND = 'order_change';

/**
 * A cheaper change gives the difference back (001 §4): by default to the order's own payments,
 * newest first, as refund rows (status refund_pending, the charge's reference) that
 * refundPendingOfCart sends after the commit and the reconciler retries; with
 * `refund_method: "gift_card"` in web.self_edit_rules, or when no payment can take it back, as a
 * new gift card (its number is answered for the e-mail).
 */
export async function refundDifference(tx: Tx, input: { sellerId: string; orderId: string; cartId: string; amount: number; nowIso: string }): Promise<string | null> {
  const rules = await selfEditRulesOf(tx, input.sellerId);
  let left = input.amount;
  if (rules?.refund_method !== 'gift_card') {
    const payments = await tx
      .selectFrom('payment')
      .select(['id', 'gateway_id', 'amount', 'reference'])
      .where('ticket_order_id', '=', input.orderId)
      .where('status', '=', 'succeeded')
      .where('gateway_id', '!=', 'free')
      .where('amount', '>', 0)
      .orderBy('created_at', 'desc')
      .execute();
    for (const p of payments) {
      if (left <= 0 || !p.reference) break;
      const refunded = await tx
        .selectFrom('payment')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
        .where('reference', '=', p.reference)
        .where('gateway_id', '=', p.gateway_id)
        .where('error_code', '=', CHANGE_REFUND)
        .executeTakeFirst();
      const part = Math.min(left, p.amount - Number(refunded?.sum ?? 0));
      if (part <= 0) continue;
      const id = uuidv7();
      await insertPayment(tx, { id, seller_id: input.sellerId, cart_id: input.cartId, ticket_order_id: input.orderId, gateway_id: p.gateway_id, amount: part, status: 'refund_pending', idempotency_key: `change_refund:${input.cartId}:${p.id}`, reference: p.reference, error_code: CHANGE_REFUND, created_at: input.nowIso });
      left -= part;
    }
  }
  if (left <= 0) return null;
  const number = readableCode(16);
  await insertLedger(tx, { id: uuidv7(), seller_id: input.sellerId, ledger_type: 'giftcard', number, state: 'active', balance: left, ticket_id: null, created_at: input.nowIso });
  return `${number} (${fromMinor(left)})`;
}
