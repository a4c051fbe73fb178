import type { Selectable } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { Dialect, Tx } from '../db/database.js';
import type { CartTable } from '../db/schema.js';
import { nextSequenceValue } from '../db/sequences.js';
import { issueGiftCards } from '../payments/issue-gift-cards.js';
import { recordPlanOnOrder } from '../payments/payment-plan.js';
import { readableCode } from '../readable-code.js';
import { createMembershipsForOrder } from '../membership/create-memberships-for-order.js';
import { enqueueMail } from '../mail/enqueue-mail.js';
import { orderConfirmationMail } from './order-confirmation-mail.js';


/**
 * The cart becomes an order: tickets held → booked with scan codes, the order row, the cart
 * booked, the payments linked. Runs inside the paying transaction, so all of it commits or none.
 */
export async function bookOrder(tx: Tx, dialect: Dialect, cart: Selectable<CartTable>, total: number, paid: number, now: Date, publicUrl: string): Promise<string> {
  const nowIso = now.toISOString();
  const orderId = uuidv7();
  const number = await nextSequenceValue(tx, dialect, 'order_number');
  await tx
    .insertInto('ticket_order')
    .values({ id: orderId, seller_id: cart.seller_id, identity_id: cart.identity_id, cart_id: cart.id, order_number: String(number), state: 'completed', total, paid, created_at: nowIso })
    .execute();
  const held = await tx.selectFrom('ticket').select('id').where('cart_id', '=', cart.id).where('state', '=', 'held').execute();
  for (const t of held) {
    await tx.updateTable('ticket').set({ state: 'booked', ticket_order_id: orderId, scan_code: readableCode(16) }).where('id', '=', t.id).execute();
  }
  await tx.updateTable('cart').set({ state: 'booked', ticket_order_id: orderId, expires_at: null, updated_at: nowIso }).where('id', '=', cart.id).execute();
  await tx.updateTable('payment').set({ ticket_order_id: orderId }).where('cart_id', '=', cart.id).where('status', '=', 'succeeded').execute();
  await recordPlanOnOrder(tx, cart.id, orderId, paid, now);
  await issueGiftCards(tx, cart.seller_id, orderId, nowIso);
  await createMembershipsForOrder(tx, { cart, orderId, now });
  // The confirmation joins the outbox in the same transaction: sent exactly when the order exists.
  if (cart.send_email) {
    const mail = await orderConfirmationMail(tx, orderId, publicUrl);
    if (mail) await enqueueMail(tx, mail, now, 'order_confirmation');
  }
  return orderId;
}
