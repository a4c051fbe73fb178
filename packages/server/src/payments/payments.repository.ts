import { sql, type Insertable, type Updateable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { LedgerTable, PaymentTable, ScheduledPaymentTable } from '../db/schema.js';

/** Payment states that a gateway answer may still change; every other state is final. */
export const OPEN_PAYMENT = ['processing', 'requires_action', 'confirmed'];

export function paymentById(db: Tx, id: string) {
  return db.selectFrom('payment').selectAll().where('id', '=', id).executeTakeFirst();
}

export function paymentByIdempotencyKey(db: Tx, key: string) {
  return db.selectFrom('payment').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** The payment a gateway reference (e.g. a card intent) belongs to, on this cart and gateway. */
export function paymentOfCartByReference(db: Tx, cartId: string, reference: string, gatewayId: string) {
  return db.selectFrom('payment').selectAll().where('cart_id', '=', cartId).where('reference', '=', reference).where('gateway_id', '=', gatewayId).executeTakeFirst();
}

/** A Stripe payment named by its id (intent metadata) or its intent id. */
export function stripePaymentOfIntent(db: Tx, paymentId: string | undefined, intentId: string) {
  return db
    .selectFrom('payment')
    .select(['id', 'seller_id'])
    .where('gateway_id', '=', 'stripe')
    .where((eb) => (paymentId ? eb.or([eb('id', '=', paymentId), eb('reference', '=', intentId)]) : eb('reference', '=', intentId)))
    .executeTakeFirst();
}

export function openPaymentsOfCart(db: Tx, cartId: string) {
  return db.selectFrom('payment').select(['id', 'gateway_id', 'reference']).where('cart_id', '=', cartId).where('status', 'in', OPEN_PAYMENT).execute();
}

export function succeededPaymentsOfCart(db: Tx, cartId: string) {
  return db.selectFrom('payment').select(['id', 'created_at', 'amount', 'status']).where('cart_id', '=', cartId).where('status', '=', 'succeeded').orderBy('created_at').execute();
}

/** Every payment attempt on a cart, oldest first (the cart's gateway_audit embed). */
export function paymentsOfCart(db: Tx, cartId: string) {
  return db.selectFrom('payment').selectAll().where('cart_id', '=', cartId).orderBy('created_at').orderBy('id').execute();
}

export function paymentsToRefund(db: Tx, limit: number) {
  return db.selectFrom('payment').select(['id', 'seller_id']).where('status', '=', 'refund_pending').limit(limit).execute();
}

export async function insertPayment(db: Tx, row: Insertable<PaymentTable>) {
  await db.insertInto('payment').values(row).execute();
}

/** Changes a payment only while it is still open; true when it was (the first answer wins). */
export async function updateOpenPayment(db: Tx, id: string, changes: Updateable<PaymentTable>): Promise<boolean> {
  const changed = await db.updateTable('payment').set(changes).where('id', '=', id).where('status', 'in', OPEN_PAYMENT).executeTakeFirst();
  return Number(changed.numUpdatedRows) === 1;
}

/** Moves a payment from one status to another; true when it was in `from` (claims against other workers). */
export async function movePaymentStatus(db: Tx, id: string, from: string | string[], to: string): Promise<boolean> {
  const changed = await db
    .updateTable('payment')
    .set({ status: to })
    .where('id', '=', id)
    .where('status', 'in', Array.isArray(from) ? from : [from])
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) === 1;
}

/** The demo gateway's 3-D Secure confirmation: requires_action → confirmed. */
/** Hands an attempt's Idempotency-Key over to the next attempt: the earlier one keeps `newKey`, when still in one of `states`. */
export async function moveIdempotencyKey(db: Tx, id: string, newKey: string, states: string[]) {
  await db.updateTable('payment').set({ idempotency_key: newKey }).where('id', '=', id).where('status', 'in', states).execute();
}

export async function confirmDemoPayment(db: Tx, reference: string): Promise<boolean> {
  const changed = await db.updateTable('payment').set({ status: 'confirmed' }).where('reference', '=', reference).where('gateway_id', '=', 'demo').where('status', '=', 'requires_action').executeTakeFirst();
  return Number(changed.numUpdatedRows) === 1;
}

export async function setPaymentReference(db: Tx, id: string, reference: string) {
  await db.updateTable('payment').set({ reference }).where('id', '=', id).execute();
}

/** The card's last 4 as the gateway reported them (docs/box-office.md, Find); digits only. */
export async function setPaymentCardLast4(db: Tx, id: string, last4: string) {
  if (/^\d{4}$/.test(last4)) await db.updateTable('payment').set({ card_last4: last4 }).where('id', '=', id).execute();
}

export async function linkPaymentsToOrder(db: Tx, cartId: string, orderId: string) {
  await db.updateTable('payment').set({ ticket_order_id: orderId }).where('cart_id', '=', cartId).where('status', '=', 'succeeded').execute();
}

// Gift cards (ledger).

export function giftCard(db: Tx, sellerId: string, ledgerType: string, number: string) {
  return db.selectFrom('ledger').select(['number', 'state', 'balance']).where('seller_id', '=', sellerId).where('ledger_type', '=', ledgerType).where('number', '=', number).executeTakeFirst();
}

/** One conditional update: false when the card is unknown, inactive or holds less than `amount`. */
export async function debitGiftCard(db: Tx, sellerId: string, number: string, amount: number): Promise<boolean> {
  const result = await db
    .updateTable('ledger')
    .set({ balance: sql`balance - ${amount}` })
    .where('seller_id', '=', sellerId)
    .where('ledger_type', '=', 'giftcard')
    .where('number', '=', number)
    .where('state', '=', 'active')
    .where('balance', '>=', amount)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function creditGiftCard(db: Tx, sellerId: string, number: string, amount: number) {
  await db.updateTable('ledger').set({ balance: sql`balance + ${amount}` }).where('seller_id', '=', sellerId).where('ledger_type', '=', 'giftcard').where('number', '=', number).execute();
}

export async function insertLedger(db: Tx, row: Insertable<LedgerTable>) {
  await db.insertInto('ledger').values(row).execute();
}

// Payment plans.

/** A cart's payment plan, in order; empty without one. */
export function planOfCart(db: Tx, cartId: string) {
  return db.selectFrom('scheduled_payment').selectAll().where('cart_id', '=', cartId).orderBy('rank').execute();
}

export function planOfOrders(db: Tx, orderIds: string[]) {
  return db.selectFrom('scheduled_payment').selectAll().where('ticket_order_id', 'in', orderIds).orderBy('ticket_order_id').orderBy('rank').execute();
}

export async function linkInstalmentToOrder(db: Tx, id: string, orderId: string, status: string) {
  await db.updateTable('scheduled_payment').set({ ticket_order_id: orderId, status }).where('id', '=', id).execute();
}

export async function insertInstalment(db: Tx, row: Insertable<ScheduledPaymentTable>) {
  await db.insertInto('scheduled_payment').values(row).execute();
}

/** The seller's gift cards among these numbers, with their state and balance. */
export function giftCardsByNumbers(db: Tx, sellerId: string, numbers: string[]) {
  return db.selectFrom('ledger').select(['number', 'state', 'balance']).where('seller_id', '=', sellerId).where('ledger_type', '=', 'giftcard').where('number', 'in', numbers).execute();
}
