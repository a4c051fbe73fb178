import { uuidv7 } from '../ids.js';
import type { Tx } from '../db/database.js';
import { ledgerTicketsOfOrder } from '../orders/public.js';
import { readableCode } from '../readable-code.js';
import { insertLedger } from './payments.repository.js';

/** Each booked ledger ticket issues a gift card holding its face value. Inside the booking transaction. */
export async function issueGiftCards(tx: Tx, sellerId: string, orderId: string, nowIso: string) {
  for (const t of await ledgerTicketsOfOrder(tx, orderId)) {
    await insertLedger(tx, { id: uuidv7(), seller_id: sellerId, ledger_type: 'giftcard', number: readableCode(16), state: 'active', balance: t.face_value, ticket_id: t.id, created_at: nowIso });
  }
}
