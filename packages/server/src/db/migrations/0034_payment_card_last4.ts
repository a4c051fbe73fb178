import type { Kysely } from 'kysely';

/**
 * The last 4 digits of the card a payment charged, as its gateway reported them (display and the
 * box office's Find: "a card's last 4", docs/box-office.md); null for other methods and before 0034.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment').addColumn('card_last4', 'text').execute();
  await db.schema.createIndex('payment_card_last4').on('payment').column('card_last4').execute();
}
