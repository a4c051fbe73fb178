import type { Kysely } from 'kysely';

/**
 * The gift cards a buyer applied at checkout, kept on the cart until it is paid (docs/payments.md
 * "Gift cards"): a JSON array of card numbers; null when none. Their balance and state are read
 * from the ledger each time the cart is read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cart').addColumn('gift_cards', 'text').execute();
}
