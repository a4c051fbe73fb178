import type { Kysely } from 'kysely';

/**
 * Gifts of membership (issue 12; docs/memberships.md#2-buying, docs/memberships.md#4-refusals-error-envelope): buying a membership as a gift issues a code of 10
 * characters instead of member cards; the giftee (or whoever the giver forwards it to) redeems it
 * for a membership of their own. The code is unique (index) and single use: a redeeming cart holds
 * it through its membership ticket (`held_ticket_id`: one holder at a time, let go when that ticket is released) and booking marks
 * it redeemed, each by a conditional update. A membership cart item says whether it is a gift and
 * which gift it redeems.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('membership_gift')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull().references('seller.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    // The level given and what the giver paid for it (minor units): the redeemer's discount.
    .addColumn('ticket_type_id', 'text', (c) => c.notNull().references('ticket_type.id'))
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('ticket_order_id', 'text', (c) => c.notNull())
    .addColumn('ticket_id', 'text', (c) => c.notNull())
    .addColumn('giver_identity_id', 'text')
    .addColumn('giftee_identity_id', 'text')
    // The day the giftee is e-mailed the code (null: the giver forwards it) and when that was sent.
    .addColumn('email_giftee_on', 'text')
    .addColumn('giftee_mailed_at', 'text')
    .addColumn('valid_from', 'text', (c) => c.notNull())
    .addColumn('valid_to', 'text', (c) => c.notNull())
    .addColumn('held_ticket_id', 'text')
    .addColumn('redeemed_at', 'text')
    .addColumn('redeemed_order_id', 'text')
    .addColumn('membership_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('membership_gift_code').on('membership_gift').columns(['code']).unique().execute();
  await db.schema.createIndex('membership_gift_by_order').on('membership_gift').columns(['ticket_order_id']).execute();
  await db.schema.createIndex('membership_gift_by_holder').on('membership_gift').columns(['held_ticket_id']).execute();
  await db.schema.createIndex('membership_gift_mail_due').on('membership_gift').columns(['giftee_mailed_at', 'email_giftee_on']).execute();

  await db.schema.alterTable('membership_item').addColumn('gift', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('membership_item').addColumn('email_giftee_on', 'text').execute();
  await db.schema.alterTable('membership_item').addColumn('redeem_gift_id', 'text').execute();
}
