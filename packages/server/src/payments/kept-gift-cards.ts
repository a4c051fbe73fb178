import type { TCartGiftCard } from '@foyer/contracts';
import { fromMinor } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { giftCardsByNumbers } from './payments.repository.js';

/** The card numbers a cart keeps (docs/payments.md "Gift cards"); [] when none. */
export function keptGiftCardNumbers(cart: { gift_cards: string | null }): string[] {
  if (!cart.gift_cards) return [];
  try {
    const list: unknown = JSON.parse(cart.gift_cards);
    return Array.isArray(list) ? list.filter((n): n is string => typeof n === 'string') : [];
  } catch {
    return [];
  }
}

/** The cart's kept gift cards with their balance and state as the ledger has them now (no query when none). */
export async function keptGiftCards(db: Tx, cart: { seller_id: string; gift_cards: string | null }): Promise<TCartGiftCard[]> {
  const numbers = keptGiftCardNumbers(cart);
  if (!numbers.length) return [];
  const rows = await giftCardsByNumbers(db, cart.seller_id, numbers);
  const byNumber = new Map(rows.map((r) => [r.number, r]));
  return numbers.flatMap((number) => {
    const row = byNumber.get(number);
    return row ? [{ number, balance: fromMinor(row.balance), state: row.state }] : [];
  });
}
