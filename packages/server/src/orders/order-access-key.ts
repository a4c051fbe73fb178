import { randomToken, tokenHash } from '../auth/tokens.js';
import type { Tx } from '../db/database.js';

/** A new manage-link key to an order (each order e-mail gets a fresh one); only its hash is kept. */
export async function issueOrderKey(tx: Tx, orderId: string, now: Date): Promise<string> {
  const key = randomToken();
  await tx.insertInto('order_access_key').values({ key_hash: tokenHash(key), ticket_order_id: orderId, created_at: now.toISOString() }).execute();
  return key;
}

/** Whether a key opens this order (looked up by its hash: nothing to compare in time). */
export async function keyOpensOrder(db: Tx, orderId: string, key: string): Promise<boolean> {
  if (key.length > 100) return false;
  const row = await db.selectFrom('order_access_key').select('ticket_order_id').where('key_hash', '=', tokenHash(key)).executeTakeFirst();
  return row?.ticket_order_id === orderId;
}

/** The manage link an order e-mail carries (001 §2 /manage/{id}). */
export const manageUrl = (publicUrl: string, orderId: string, key: string) => `${publicUrl}/manage/${encodeURIComponent(orderId)}?key=${encodeURIComponent(key)}`;
