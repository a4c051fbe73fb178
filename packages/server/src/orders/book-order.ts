import type { Selectable } from 'kysely';
import { uuidv7 } from '../ids.js';
import type { Dialect, Tx } from '../db/database.js';
import type { CartTable, TicketTable } from '../db/schema.js';
import { nextSequenceValue } from '../db/sequences.js';
import { updateCartRow } from '../cart/public.js';
import type { CartAmounts } from '../payments/cart-amounts.js';
import { issueGiftCards } from '../payments/issue-gift-cards.js';
import { recordPlanOnOrder, type Instalment } from '../payments/payment-plan.js';
import { linkPaymentsToOrder } from '../payments/public.js';
import { readableCode } from '../readable-code.js';
import { createMembershipsForOrder } from '../membership/create-memberships-for-order.js';
import { enqueueMail } from '../mail/enqueue-mail.js';
import { orderConfirmationMail } from './order-confirmation-mail.js';
import { bookTicket, insertOrder } from './orders.repository.js';

/** A cart being booked, as the settling transaction read it: its held tickets, plan and amounts. */
export interface CartToBook {
  cart: Selectable<CartTable>;
  tickets: Pick<Selectable<TicketTable>, 'id'>[];
  plan: Instalment[];
  amounts: Pick<CartAmounts, 'total' | 'paid'>;
}

/**
 * The cart becomes an order: tickets held → booked with scan codes, the order row, the cart
 * booked, the payments linked. Runs inside the paying transaction, so all of it commits or none.
 */
export async function bookOrder(tx: Tx, dialect: Dialect, { cart, tickets, plan, amounts }: CartToBook, now: Date, publicUrl: string): Promise<string> {
  const nowIso = now.toISOString();
  const orderId = uuidv7();
  const number = await nextSequenceValue(tx, dialect, 'order_number');
  await insertOrder(tx, { id: orderId, seller_id: cart.seller_id, identity_id: cart.identity_id, cart_id: cart.id, order_number: String(number), state: 'completed', total: amounts.total, paid: amounts.paid, method_fee: cart.method_fee, created_at: nowIso, terms_accepted_at: cart.terms_accepted_at, terms_hash: cart.terms_hash, instalment_autopay_at: cart.instalment_autopay_at });
  for (const t of tickets) await bookTicket(tx, t.id, orderId, readableCode(16));
  await updateCartRow(tx, cart.id, { state: 'booked', ticket_order_id: orderId, expires_at: null, updated_at: nowIso });
  await linkPaymentsToOrder(tx, cart.id, orderId);
  await recordPlanOnOrder(tx, plan, orderId, amounts.paid, now);
  await issueGiftCards(tx, cart.seller_id, orderId, nowIso);
  await createMembershipsForOrder(tx, { cart, orderId, now });
  // The confirmation joins the outbox in the same transaction: sent exactly when the order exists.
  if (cart.send_email) {
    const mail = await orderConfirmationMail(tx, orderId, publicUrl, now);
    if (mail) await enqueueMail(tx, mail, now, 'order_confirmation');
  }
  return orderId;
}
