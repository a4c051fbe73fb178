import type { Kysely } from 'kysely';

/**
 * docs/payments.md "Captcha and terms": the proof of the buyer's acceptance of the seller's
 * terms (when, and a hash of the terms text accepted), kept on the cart at the pay call and on the
 * order it books; and how long one passing captcha answer keeps a cart's checkout open.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cart').addColumn('terms_accepted_at', 'text').execute();
  await db.schema.alterTable('cart').addColumn('terms_hash', 'text').execute();
  await db.schema.alterTable('cart').addColumn('captcha_until', 'text').execute();
  await db.schema.alterTable('ticket_order').addColumn('terms_accepted_at', 'text').execute();
  await db.schema.alterTable('ticket_order').addColumn('terms_hash', 'text').execute();
}
