import { createHash, randomBytes } from 'node:crypto';
import { fromMinor, toMinor, type TReserveTicket } from '@foyer/contracts';
import { uuidv7 } from '../ids.js';
import type { Db, Dialect } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { registerGiftee } from '../checkout/register-giftee.js';
import { resolveSeller } from '../sellers/resolve-seller.js';
import { cartAmounts } from '../payments/cart-amounts.js';
import { insertInstalment } from '../payments/public.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { updateCartRow } from './cart.repository.js';
import { modifyCart } from './modify-cart.js';

export interface InjectItem {
  ticket_type_id: string;
  event_session_id?: string | null;
  quantity: number;
  face_value?: string;
  admit_name?: string;
  admit_email?: string;
}

/** An instalment: due from `due_date` (YYYY-MM-DD), an amount with 2 decimals or 'rest' (the last one). */
export interface PlanEntry {
  due_date: string;
  amount: string;
}

export interface InjectInput {
  db: Db;
  dialect: Dialect;
  seller?: string | null;
  items: InjectItem[];
  purchaser?: { email: string; first_name: string; last_name: string } | null;
  plan?: PlanEntry[] | null;
  /** The hold's end; none by default: a staff-created cart keeps its tickets until paid or deleted. */
  expiresAt?: string | null;
  publicUrl: string;
  now: Date;
}

/** The payment link's key is stored only as this hash. */
export const transferKeyHash = (key: string) => createHash('sha256').update(key).digest('base64url');

const refuse = (message: string, extra: Record<string, unknown> = {}): never => {
  throw new AppError(400, 'validation_failed', message, 'cart_inject', extra);
};

/**
 * Staff create a cart for a customer (docs/payments.md#partial-payments-and-payment-links "staff-created cart", CLI `cart inject`): the tickets
 * are reserved by the same rules as any cart, under a placeholder identity nobody holds, then the
 * cart is marked injected with a single-use payment-link key and its payment plan. The customer
 * takes the cart over through /transfer-cart/{id}?key=… (POST cart/{id}/transfer).
 */
export async function injectCart(input: InjectInput) {
  const seller = await resolveSeller(input.db, input.seller ?? null, null);
  if (!input.items.length) refuse('Name at least one ticket.');
  const add: TReserveTicket[] = [];
  for (const [index, item] of input.items.entries()) {
    if (!Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > 100) refuse('A quantity is a whole number from 1 to 100.', { index });
    for (let i = 0; i < item.quantity; i++) {
      add.push({ ticket_type_id: item.ticket_type_id, event_session_id: item.event_session_id ?? undefined, face_value: item.face_value, admit_name: item.admit_name, admit_email: item.admit_email });
    }
  }
  if (input.expiresAt !== undefined && input.expiresAt !== null && !(Date.parse(input.expiresAt) > input.now.getTime())) refuse('The hold must end in the future.');
  // The purchaser: a guest account like guest checkout's (the same e-mail is the same person).
  // Staff are trusted: the per-address limit of public sign-ups does not apply to them.
  const purchaserId = input.purchaser ? await registerGiftee(input.db, { sellerId: seller.id, body: input.purchaser, ip: `staff:${randomBytes(8).toString('hex')}`, now: input.now }) : null;

  const token = randomBytes(32).toString('base64url');
  const placeholder = { identity: { id: uuidv7(), kind: 'public' as const }, fresh: { token, tokenHash: transferKeyHash(token) } };
  const made = await modifyCart({
    db: input.db,
    dialect: input.dialect,
    sellerId: seller.id,
    writer: placeholder,
    // Staff may sell what members see.
    viewer: { isMember: true },
    cartId: null,
    body: { add, remove: [] },
    now: input.now,
    defaultHoldMinutes: 15,
  });
  const key = randomBytes(24).toString('base64url');
  const nowIso = input.now.toISOString();
  const total = await inWriteTransaction(input.db, input.dialect, async (tx) => {
    const { total } = cartAmounts(made.cart, made.tickets, [], input.now);
    const rows = planRows(input.plan ?? [], total);
    await updateCartRow(tx, made.cart.id, { injected: 1, transfer_key_hash: transferKeyHash(key), expires_at: input.expiresAt ?? null, purchaser_identity_id: purchaserId, updated_at: nowIso });
    for (const [rank, row] of rows.entries()) {
      await insertInstalment(tx, { id: uuidv7(), cart_id: made.cart.id, ticket_order_id: null, rank, due_date: row.due_date, amount: row.amount, status: 'scheduled', created_at: nowIso });
    }
    return total;
  });
  const link = `${input.publicUrl.replace(/\/$/, '')}/transfer-cart/${made.cart.id}?key=${key}`;
  return { cartId: made.cart.id, cartNumber: made.cart.cart_number, total: fromMinor(total), key, link };
}

/** Validates a plan against the cart's total: dates in order, amounts adding up exactly ('rest' last). */
function planRows(plan: PlanEntry[], total: number): { due_date: string; amount: number }[] {
  if (!plan.length) return [];
  let left = total;
  return plan.map((entry, index) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(entry.due_date) || Number.isNaN(Date.parse(entry.due_date))) refuse('A due date is YYYY-MM-DD.', { index });
    if (index > 0 && entry.due_date < plan[index - 1].due_date) refuse('Instalments must be in date order.', { index });
    const last = index === plan.length - 1;
    let amount: number;
    if (entry.amount === 'rest') {
      if (!last) refuse("Only the last instalment may be 'rest'.", { index });
      amount = left;
    } else {
      try {
        amount = toMinor(entry.amount);
      } catch {
        return refuse('An instalment amount has 2 decimals, e.g. 20.00.', { index });
      }
    }
    if (amount <= 0 || amount > left) refuse(`The instalments must add up to the cart's total of ${fromMinor(total)}.`, { index });
    left -= amount;
    if (last && left !== 0) refuse(`The instalments must add up to the cart's total of ${fromMinor(total)}.`, { index });
    return { due_date: entry.due_date, amount };
  });
}
