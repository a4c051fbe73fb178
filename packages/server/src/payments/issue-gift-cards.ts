import { uuidv7 } from 'uuidv7';
import type { Tx } from '../db/database.js';
import { readableCode } from '../readable-code.js';

/** Each booked ledger ticket issues a gift card holding its face value. Inside the booking transaction. */
export async function issueGiftCards(tx: Tx, sellerId: string, orderId: string, nowIso: string) {
  const tickets = await tx.selectFrom('ticket').select(['id', 'face_value']).where('ticket_order_id', '=', orderId).where('handler', '=', 'ledger').execute();
  for (const t of tickets) {
    await tx
      .insertInto('ledger')
      .values({ id: uuidv7(), seller_id: sellerId, ledger_type: 'giftcard', number: readableCode(16), state: 'active', balance: t.face_value, ticket_id: t.id, created_at: nowIso })
      .execute();
  }
}
