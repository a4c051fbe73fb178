import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { ScheduledPaymentTable } from '../db/schema.js';
import { cartAmounts } from './cart-amounts.js';

export type Instalment = Selectable<ScheduledPaymentTable>;

/** A cart's payment plan, in order; empty without one. */
export function planOfCart(db: Tx, cartId: string): Promise<Instalment[]> {
  return db.selectFrom('scheduled_payment').selectAll().where('cart_id', '=', cartId).orderBy('rank').execute();
}

const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * What is due now (minor units): the instalments due by today less what was paid, never below 0
 * nor above what is outstanding. Without a plan everything outstanding is due.
 */
export function dueNow(plan: Pick<Instalment, 'due_date' | 'amount'>[], paid: number, outstanding: number, now: Date): number {
  if (!plan.length) return outstanding;
  const due = plan.filter((p) => p.due_date <= today(now)).reduce((n, p) => n + p.amount, 0);
  return Math.min(outstanding, Math.max(0, due - paid));
}

/** Each instalment's status once `paid` has been taken in order: paid, due (date passed) or scheduled. */
export function instalmentStatuses<T extends Pick<Instalment, 'due_date' | 'amount'>>(plan: T[], paid: number, now: Date): (T & { status: string })[] {
  let covered = paid;
  return plan.map((p) => {
    const status = covered >= p.amount ? 'paid' : p.due_date <= today(now) ? 'due' : 'scheduled';
    covered = Math.max(0, covered - p.amount);
    return { ...p, status };
  });
}

/** 001 §3 scheduled payment: id, dueDate, amount, status. */
export function instalmentOut(p: Instalment & { status: string }, fromMinor: (n: number) => string) {
  return { id: p.id, cart_id: p.cart_id, ticket_order_id: p.ticket_order_id, dueDate: p.due_date, amount: fromMinor(p.amount), status: p.status };
}

/** What a cart owes and what of it is due now (minor units). */
export async function amountsDue(tx: Tx, cart: { id: string; paid: number; injected: number }, now: Date) {
  const { total, outstanding } = await cartAmounts(tx, cart);
  const plan = cart.injected ? await planOfCart(tx, cart.id) : [];
  return { total, outstanding, plan, due: dueNow(plan, cart.paid, outstanding, now) };
}

/** Booking: the plan's instalments go onto the order with what the payments so far covered. */
export async function recordPlanOnOrder(tx: Tx, cartId: string, orderId: string, paid: number, now: Date) {
  for (const p of instalmentStatuses(await planOfCart(tx, cartId), paid, now)) {
    await tx.updateTable('scheduled_payment').set({ ticket_order_id: orderId, status: p.status }).where('id', '=', p.id).execute();
  }
}
