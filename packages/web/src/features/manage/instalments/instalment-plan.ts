import type { TOrderDocument, TScheduledPayment } from '@foyer/contracts';
import { toMinor } from '@foyer/contracts/constants';

/** What an order on a payment plan still owes (minor units), and its next instalment. */
export interface InstalmentView {
  outstanding: number;
  /** Due now: the instalments whose date has come, less what was paid (as the server counts it). */
  due: number;
  next: TScheduledPayment | null;
  /** The earliest instalment whose due date passed unpaid (the server marks it overdue), if any. */
  overdue: TScheduledPayment | null;
  plan: TScheduledPayment[];
}

/** The order's amounts from its document (embed scheduled_payment); null when nothing is owed. */
export function instalmentView(doc: TOrderDocument, orderId: string): InstalmentView | null {
  const order = doc.ticket_order._data.find((o) => o.id === orderId);
  if (!order) return null;
  const outstanding = toMinor(order.ticket_order_fees.total_outstanding);
  if (outstanding <= 0) return null;
  const plan = (doc.scheduled_payment?._data ?? []).filter((p) => p.ticket_order_id === orderId);
  const open = plan.filter((p) => p.status !== 'paid');
  // The server marks each instalment paid, due (today), overdue (its date passed) or scheduled, from what was paid in order.
  const paidOfPlan = plan.reduce((n, p) => n + toMinor(p.amount), 0) - outstanding;
  const dueTotal = plan.filter((p) => p.status !== 'scheduled').reduce((n, p) => n + toMinor(p.amount), 0);
  const due = plan.length ? Math.min(outstanding, Math.max(0, dueTotal - paidOfPlan)) : outstanding;
  return { outstanding, due, next: open[0] ?? null, overdue: plan.find((p) => p.status === 'overdue') ?? null, plan };
}

/** The pay screen of an order (its own route; the manage link's key stays in the tab, manage-key.ts). */
export const instalmentPayPath = (orderId: string) => `/manage/${encodeURIComponent(orderId)}/pay`;
