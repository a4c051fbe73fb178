import type { Kysely } from 'kysely';

/**
 * Auto-renew (issue 12; docs/memberships.md#8-auto-renew Saved payment method, docs/memberships.md#8-auto-renew Auto-renew): a cart paid with
 * `auto_renew: true` marks the memberships it books "scheduled", and the card it was paid with is
 * kept by the gateway for later off-session charges — here only the gateway's reusable reference
 * (Stripe: customer and payment method ids; the demo gateway: its test card) with brand and last 4
 * for display, one per identity (the newest replaces it). Never a card number of a real card.
 * One renewal row per card set and term end: the renewal job's claim (a conditional update on it,
 * so several processes renew once), its attempts, the reminder sent, and how it ended.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cart').addColumn('auto_renew', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .createTable('saved_payment_method')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull().references('seller.id'))
    .addColumn('identity_id', 'text', (c) => c.notNull())
    .addColumn('gateway_id', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('membership_renewal')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('card_set_id', 'text', (c) => c.notNull())
    .addColumn('term_end', 'text', (c) => c.notNull())
    // due → charging → renewed | retrying → … → lapsed
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text')
    .addColumn('reminded_at', 'text')
    .addColumn('ticket_order_id', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('membership_renewal_term').on('membership_renewal').columns(['card_set_id', 'term_end']).unique().execute();
  await db.schema.createIndex('saved_payment_method_identity').on('saved_payment_method').columns(['seller_id', 'identity_id']).unique().execute();
}
