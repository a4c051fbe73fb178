import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { ScheduledPaymentTable } from '../db/schema.js';
import { linkInstalmentToOrder } from './payments.repository.js';

export type Instalment = Selectable<ScheduledPaymentTable>;

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

/**
 * Each instalment's status once `paid` has been taken in order: paid, due (its due date is today),
 * overdue (its due date has passed unpaid) or scheduled.
 */
export function instalmentStatuses<T extends Pick<Instalment, 'due_date' | 'amount'>>(plan: T[], paid: number, now: Date): (T & { status: string })[] {
  let covered = paid;
  return plan.map((p) => {
    const status = covered >= p.amount ? 'paid' : p.due_date < today(now) ? 'overdue' : p.due_date === today(now) ? 'due' : 'scheduled';
    covered = Math.max(0, covered - p.amount);
    return { ...p, status };
  });
}

/** docs/payments.md#partial-payments-and-payment-links scheduled payment: id, dueDate, amount, status. */
export function instalmentOut(p: Instalment & { status: string }, fromMinor: (n: number) => string) {
  return { id: p.id, cart_id: p.cart_id, ticket_order_id: p.ticket_order_id, dueDate: p.due_date, amount: fromMinor(p.amount), status: p.status };
}

/** Booking: the plan's instalments go onto the order with what the payments so far covered. */
export async function recordPlanOnOrder(tx: Tx, plan: Instalment[], orderId: string, paid: number, now: Date) {
  for (const p of instalmentStatuses(plan, paid, now)) await linkInstalmentToOrder(tx, p.id, orderId, p.status);
}
