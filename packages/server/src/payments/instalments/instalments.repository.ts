import type { Tx } from '../../db/database.js';

/**
 * The pay call's claim on a booked order (ticket_order.instalment_claimed_at): only one pay for a
 * later instalment moves money at a time. Conditional, so two concurrent calls cannot both hold it.
 */
export async function claimOrderForInstalment(db: Tx, orderId: string, nowIso: string, paidAsRead?: number): Promise<boolean> {
  let claim = db.updateTable('ticket_order').set({ instalment_claimed_at: nowIso }).where('id', '=', orderId).where('instalment_claimed_at', 'is', null);
  // The amount was checked against `paidAsRead`: a pay that claimed, charged and settled since then leaves it stale.
  if (paidAsRead !== undefined) claim = claim.where('paid', '=', paidAsRead);
  const claimed = await claim.executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** The order is payable again (the payment settled, failed or awaits the buyer's bank). */
export async function releaseInstalmentClaim(db: Tx, orderId: string) {
  await db.updateTable('ticket_order').set({ instalment_claimed_at: null }).where('id', '=', orderId).execute();
}

/**
 * A later payment counted on the order and its cart (conditional on what was read: never twice):
 * `amount` on the balance paid, `methodFee` (its method's fee, charged on top) on their fees.
 */
export async function addPaidToOrder(db: Tx, order: { id: string; cart_id: string; paid: number }, amount: number, methodFee = 0): Promise<boolean> {
  const moved = await db
    .updateTable('ticket_order')
    .set((eb) => ({ paid: order.paid + amount, method_fee: eb('method_fee', '+', methodFee) }))
    .where('id', '=', order.id)
    .where('paid', '=', order.paid)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  await db
    .updateTable('cart')
    .set((eb) => ({ paid: eb('paid', '+', amount), method_fee: eb('method_fee', '+', methodFee) }))
    .where('id', '=', order.cart_id)
    .execute();
  return true;
}

/** Instalments due on or before `lastDay` (YYYY-MM-DD) whose reminder was not sent, not yet paid. */
export function instalmentsToRemind(db: Tx, fromDay: string, lastDay: string, limit: number) {
  return unpaidInstalmentsOfBookedOrders(db, 'reminded_at', limit).where('scheduled_payment.due_date', '>=', fromDay).where('scheduled_payment.due_date', '<=', lastDay).execute();
}

/** The reminder's claim: true for the one caller that marks it first. */
export function claimReminder(db: Tx, instalmentId: string, nowIso: string): Promise<boolean> {
  return markInstalment(db, instalmentId, 'reminded_at', nowIso);
}

/** Unpaid instalments of booked orders due before `today` (YYYY-MM-DD) whose overdue notice was not sent. */
export function instalmentsOverdue(db: Tx, today: string, limit: number) {
  return unpaidInstalmentsOfBookedOrders(db, 'overdue_at', limit).where('scheduled_payment.due_date', '<', today).execute();
}

/** The overdue notice's claim: true for the one caller that marks the instalment overdue first. */
export function claimOverdue(db: Tx, instalmentId: string, nowIso: string): Promise<boolean> {
  return markInstalment(db, instalmentId, 'overdue_at', nowIso);
}

/** The buyer's consent: their kept card pays the order's later instalments on their due dates. */
export async function recordAutopayConsent(db: Tx, orderId: string, nowIso: string) {
  await db.updateTable('ticket_order').set({ instalment_autopay_at: nowIso }).where('id', '=', orderId).execute();
}

/** Unpaid instalments due by `today` of booked orders whose buyer consented to the charge, not yet tried. */
export function instalmentsToCharge(db: Tx, today: string, limit: number) {
  return unpaidInstalmentsOfBookedOrders(db, 'autopay_at', limit).where('scheduled_payment.due_date', '<=', today).where('ticket_order.instalment_autopay_at', 'is not', null).execute();
}

/** The due-date charge's claim (conditional: one caller); `release` undoes it so a later pass tries again. */
export async function claimAutopay(db: Tx, instalmentId: string, nowIso: string, release = false): Promise<boolean> {
  if (!release) return markInstalment(db, instalmentId, 'autopay_at', nowIso);
  const released = await db.updateTable('scheduled_payment').set({ autopay_at: null }).where('id', '=', instalmentId).where('autopay_at', '=', nowIso).executeTakeFirst();
  return Number(released.numUpdatedRows) === 1;
}

/** A pass's mark on one instalment (reminded, overdue, charge tried) that no pass has made yet. */
type InstalmentMark = 'reminded_at' | 'overdue_at' | 'autopay_at';

/** Unpaid instalments of booked orders without `mark`, earliest due first; each pass adds its due-date window. */
function unpaidInstalmentsOfBookedOrders(db: Tx, mark: InstalmentMark, limit: number) {
  return db
    .selectFrom('scheduled_payment')
    .innerJoin('ticket_order', 'ticket_order.id', 'scheduled_payment.ticket_order_id')
    .select(['scheduled_payment.id', 'scheduled_payment.ticket_order_id', 'scheduled_payment.due_date', 'scheduled_payment.amount'])
    .where('scheduled_payment.status', '!=', 'paid')
    .where(`scheduled_payment.${mark}`, 'is', null)
    .where('ticket_order.state', '=', 'completed')
    .orderBy('scheduled_payment.due_date')
    .limit(limit);
}

/** Sets `mark` only where it is unset (conditional: true for the one caller that marks it first). */
async function markInstalment(db: Tx, instalmentId: string, mark: InstalmentMark, nowIso: string): Promise<boolean> {
  const claimed = await db.updateTable('scheduled_payment').set({ [mark]: nowIso }).where('id', '=', instalmentId).where(mark, 'is', null).executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Orders claimed for an instalment pay since before `beforeIso` (a pay call that never finished). */
export function stuckInstalmentOrders(db: Tx, beforeIso: string, limit: number) {
  return db.selectFrom('ticket_order').select(['id', 'seller_id']).where('instalment_claimed_at', '<=', beforeIso).limit(limit).execute();
}

/** An order's instalment payments still open (processing, awaiting the bank, confirmed). */
export function openInstalmentPayments(db: Tx, orderId: string, openStates: string[]) {
  return db.selectFrom('payment').select(['id', 'gateway_id', 'reference']).where('ticket_order_id', '=', orderId).where('ticket_ids', 'is', null).where('status', 'in', openStates).execute();
}
