import type { Kysely } from 'kysely';

/**
 * Promotions (issue 14, docs/promotions.md): code groups (and the ticket groups that need one of
 * their codes before reserving), codes with their use counters, cart modifiers, the codes applied
 * to a cart (a row per cart and code: `counted` says whether it holds a use, so a release gives it
 * back once), uses per buyer, and the cart's priced modifiers (cart.cartmods, JSON).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('promo_code_group')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull().references('seller.id'))
    .addColumn('catalog_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    // A resident discount: JSON { country, zip_prefixes }; null for other groups
    .addColumn('resident', 'text')
    // A city-pass group: JSON { adult_regexp, child_regexp, child_keyword }; null for other groups
    .addColumn('citypass', 'text')
    .addUniqueConstraint('promo_code_group_key', ['seller_id', 'catalog_key'])
    .execute();
  await db.schema
    .createTable('promo_code_requirement')
    .addColumn('code_group_id', 'text', (c) => c.notNull())
    .addColumn('ticket_group_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('promo_code_requirement_pk', ['code_group_id', 'ticket_group_id'])
    .execute();
  await db.schema.createIndex('promo_code_requirement_group').on('promo_code_requirement').column('ticket_group_id').execute();
  await db.schema
    .createTable('promo_code')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull().references('seller.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('code_group_id', 'text', (c) => c.notNull())
    .addColumn('max_uses', 'integer', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_per_order', 'integer')
    .addColumn('max_per_identity', 'integer')
    .addColumn('valid_from', 'text')
    .addColumn('valid_to', 'text')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('promo_code_code', ['seller_id', 'code'])
    .execute();
  await db.schema
    .createTable('promo_cartmod')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull().references('seller.id'))
    .addColumn('catalog_key', 'text', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    // percent_off: hundredths of a percent; amount_off, fixed_price: minor units
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('resource_ids', 'text', (c) => c.notNull())
    .addColumn('min_tickets', 'integer')
    .addColumn('max_tickets', 'integer')
    .addColumn('requires', 'text')
    .addColumn('valid_from', 'text')
    .addColumn('valid_to', 'text')
    .addColumn('session_from', 'text')
    .addColumn('session_to', 'text')
    .addColumn('stackable', 'integer', (c) => c.notNull())
    .addColumn('blocking_checkout', 'integer', (c) => c.notNull())
    .addColumn('code_group_ids', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('promo_cartmod_key', ['seller_id', 'catalog_key'])
    .execute();
  await db.schema
    .createTable('cart_promo_code')
    .addColumn('cart_id', 'text', (c) => c.notNull())
    .addColumn('code_id', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('phase', 'text', (c) => c.notNull())
    .addColumn('identity_id', 'text', (c) => c.notNull())
    .addColumn('counted', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_promo_code_pk', ['cart_id', 'code_id'])
    .execute();
  await db.schema
    .createTable('promo_identity_use')
    .addColumn('code_id', 'text', (c) => c.notNull())
    .addColumn('identity_id', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('promo_identity_use_pk', ['code_id', 'identity_id'])
    .execute();
  await db.schema.alterTable('cart').addColumn('cartmods', 'text', (c) => c.notNull().defaultTo('[]')).execute();
}
