import type { Kysely } from 'kysely';

/**
 * Memberships (docs/memberships.md): the levels a catalog sells, one row per member
 * card, the members a held membership ticket will create, and member allowances taken like
 * capacity (a usage counter per card set, rule and period; a take row per ticket so a release
 * gives back exactly once). Gift, redeem and auto-renew columns are nullable for the next issue.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('membership_level')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull().references('seller.id'))
    .addColumn('ticket_type_id', 'text', (c) => c.notNull().unique().references('ticket_type.id'))
    .addColumn('term_months', 'integer', (c) => c.notNull())
    .addColumn('allowed_period_days', 'integer', (c) => c.notNull())
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('member_event_purchase_limit', 'integer')
    .execute();

  await db.schema
    .createTable('membership')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull().references('seller.id'))
    .addColumn('card_set_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('scan_code', 'text', (c) => c.notNull())
    .addColumn('scan_code_key', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('ticket_type_id', 'text', (c) => c.notNull().references('ticket_type.id'))
    .addColumn('ticket_group_id', 'text')
    .addColumn('ticket_order_id', 'text')
    .addColumn('ticket_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('identity_id', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('valid_from', 'text', (c) => c.notNull())
    .addColumn('valid_to', 'text', (c) => c.notNull())
    .addColumn('auto_renew_state', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('member_event_purchase_limit', 'integer')
    // The next issue (gifts, redeem codes, auto-renew): who gave it, the hashed redeem code, when redeemed.
    .addColumn('giver_identity_id', 'text')
    .addColumn('giftee_identity_id', 'text')
    .addColumn('redeem_code_hash', 'text')
    .addColumn('redeemed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A member id never repeats within a seller (both dialects enforce it).
  await db.schema.createIndex('membership_scan_code').on('membership').columns(['seller_id', 'scan_code_key']).unique().execute();
  await db.schema.createIndex('membership_by_user').on('membership').columns(['user_id', 'valid_to']).execute();
  await db.schema.createIndex('membership_by_set').on('membership').columns(['card_set_id', 'position']).execute();
  await db.schema.createIndex('membership_by_order').on('membership').columns(['ticket_order_id']).execute();

  // The members a held membership ticket will create (or the membership it renews).
  await db.schema
    .createTable('membership_item')
    .addColumn('ticket_id', 'text', (c) => c.primaryKey())
    .addColumn('cart_id', 'text', (c) => c.notNull())
    .addColumn('renew_membership_id', 'text')
    .addColumn('members', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('membership_item_by_cart').on('membership_item').columns(['cart_id']).execute();

  await db.schema
    .createTable('member_allowance_usage')
    .addColumn('membership_id', 'text', (c) => c.notNull())
    .addColumn('membership_rule_id', 'text', (c) => c.notNull())
    .addColumn('period_key', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_allowance_usage_pk', ['membership_id', 'membership_rule_id', 'period_key'])
    .execute();
  await db.schema
    .createTable('member_allowance_take')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ticket_id', 'text', (c) => c.notNull())
    .addColumn('membership_id', 'text', (c) => c.notNull())
    .addColumn('membership_rule_id', 'text', (c) => c.notNull())
    .addColumn('period_key', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('member_allowance_take_by_ticket').on('member_allowance_take').columns(['ticket_id']).execute();
}
