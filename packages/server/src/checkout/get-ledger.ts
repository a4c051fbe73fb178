import { fromMinor, type TLedgerDocument } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { document } from '../http/envelope.js';
import { giftCard } from '../payments/public.js';

/** GET ledger/{ledgerType}/{number} (docs/payments.md#gift-cards): a gift card's number, state and balance. */
export async function getLedger(db: Db, input: { sellerId: string; ledgerType: string; number: string }): Promise<TLedgerDocument> {
  const number = input.number.trim().toUpperCase();
  if (!number || number.length > 70) throw new AppError(400, 'validation_failed', 'Enter the gift card number.', 'ledger');
  const row = await giftCard(db, input.sellerId, input.ledgerType, number);
  if (!row) throw new AppError(404, 'not_found', 'We could not find a gift card with that number.', 'ledger');
  return document('ledger', [{ number: row.number, state: row.state, balance: fromMinor(row.balance) }], 1) as TLedgerDocument;
}
