import { fromMinor } from '@foyer/contracts';
import type { Db, Dialect } from '../../db/database.js';
import { inWriteTransaction } from '../../db/write-batch.js';
import { AppError } from '../../http/app-error.js';
import { enqueueMail } from '../../mail/enqueue-mail.js';
import { payCart } from '../../checkout/pay-cart.js';
import { cartById } from '../../cart/public.js';
import { orderById, orderForConfirmation } from '../../orders/public.js';
import { savedMethodOf } from '../../membership/public.js';
import type { Gateways } from '../gateway.js';
import { dueNow } from '../payment-plan.js';
import { planOfOrders } from '../payments.repository.js';
import { instalmentChargeFailedMail } from './instalment-mails.js';
import { claimAutopay, instalmentsToCharge } from './instalments.repository.js';
import { mustExist } from '../../must-exist.js';

const BATCH = 50;

export interface AutopayDeps {
  db: Db;
  dialect: Dialect;
  publicUrl: string;
  gatewaysFor: (sellerId: string) => Gateways;
}

/**
 * On an instalment's due date (UTC day), charges what the order then owes on the buyer's kept card,
 * the buyer absent — only for orders whose buyer consented (pay with `auto_renew`, docs/payments.md
 * "Later instalments"). The charge is the order's own pay path (payCart → payInstalment) with the
 * off-session reference, as the membership renewal job does, under a key per instalment; each
 * instalment is claimed first (`scheduled_payment.autopay_at`), so it is charged once however many
 * processes run. A refusal (or a bank asking for the buyer) queues the failure notice; the buyer then
 * pays by hand and the overdue notice follows as for anyone. An order busy with another payment is
 * left for the next pass. Returns how many were charged.
 */
export async function chargeDueInstalments(deps: AutopayDeps, now: Date): Promise<number> {
  const nowIso = now.toISOString();
  let charged = 0;
  for (const instalment of await instalmentsToCharge(deps.db, nowIso.slice(0, 10), BATCH)) {
    if (!(await claimAutopay(deps.db, instalment.id, nowIso))) continue;
    const orderId = mustExist(instalment.ticket_order_id, `order of instalment ${instalment.id}`);
    const order = mustExist(await orderById(deps.db, orderId), `order ${orderId}`);
    const amount = dueNow(await planOfOrders(deps.db, [orderId]), order.paid, order.total - order.paid, now);
    if (amount <= 0) continue; // paid meanwhile
    const cart = mustExist(await cartById(deps.db, order.cart_id), `cart ${order.cart_id}`);
    const saved = await savedMethodOf(deps.db, order.seller_id, cart.purchaser_identity_id ?? cart.identity_id);
    let reason: string;
    try {
      if (!saved) throw new AppError(402, 'payment_failed', 'no card is kept for it', 'payment');
      const currency = mustExist(await orderForConfirmation(deps.db, orderId), `order ${orderId}`).currency;
      await payCart({
        db: deps.db,
        dialect: deps.dialect,
        sellerId: order.seller_id,
        currency,
        identity: { id: order.identity_id, kind: 'user' },
        cartId: order.cart_id,
        body: { amount: fromMinor(amount), gateway_id: saved.gateway_id as 'demo' | 'stripe', gateway_data: {} },
        idempotencyKey: `instalment_${instalment.id}`,
        gateways: deps.gatewaysFor(order.seller_id),
        now,
        publicUrl: deps.publicUrl,
        offSession: { reference: saved.reference },
      });
      charged += 1; // completed, or pending until the webhook or the reconciler settles it
      continue;
    } catch (error) {
      if (error instanceof AppError && error.code === 'intent_processing') {
        await claimAutopay(deps.db, instalment.id, nowIso, true); // another payment holds the order: next pass
        continue;
      }
      reason = error instanceof AppError && error.code === 'intent_requires_action' ? 'your bank asks you to confirm this payment' : error instanceof AppError ? `the payment was refused (${error.message})` : 'the payment could not be processed';
    }
    await inWriteTransaction(deps.db, deps.dialect, async (tx) => {
      const mail = await instalmentChargeFailedMail(tx, orderId, instalment, amount, reason, deps.publicUrl, now);
      if (mail) await enqueueMail(tx, mail, now, 'instalment_charge_failed');
    });
  }
  return charged;
}
