import { fromMinor, type TTicketOrder } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { Tx } from '../../db/database.js';
import type { ScheduledPaymentTable, TicketOrderTable } from '../../db/schema.js';
import { feeOn } from '../method-fees.js';
import { dueNow } from '../payment-plan.js';
import { sellerMethodFees } from '../seller-method-fees.js';

/**
 * What each payment method adds to an order's next payment (docs/payments.md "Payment-method fees"):
 * priced on what is due now, or the whole outstanding when nothing is due yet, the way pay-instalment.ts
 * prices the part paid. Nothing for an order without a plan or with nothing left to pay.
 */
export async function instalmentMethodFees(db: Tx, order: Selectable<TicketOrderTable>, plan: readonly Pick<Selectable<ScheduledPaymentTable>, 'ticket_order_id' | 'due_date' | 'amount'>[], now: Date): Promise<Pick<TTicketOrder, 'stripeFee'>> {
  const own = plan.filter((p) => p.ticket_order_id === order.id);
  const outstanding = order.total - order.paid;
  if (!own.length || outstanding <= 0) return {};
  const fees = await sellerMethodFees(db, order.seller_id);
  if (!fees.length) return {};
  const due = dueNow([...own], order.paid, outstanding, now);
  const base = due > 0 ? due : outstanding;
  return { stripeFee: fees.map((f) => ({ pmc_id: f.pmc_id, payment_method: f.payment_method, amount: fromMinor(feeOn(base, f)), total: fromMinor(base + feeOn(base, f)) })) };
}
