import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { binaryColumnType, type DatabaseHandle, type Dialect } from './database.js';

type AnyDb = Kysely<any>;

/** One migration set for both dialects. Append only: never edit a migration that has shipped. */
function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_catalog': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('seller')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('catalog_key', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('timezone', 'text', (c) => c.notNull())
          .addColumn('currency', 'text', (c) => c.notNull())
          .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
          .execute();
        await db.schema
          .createTable('venue')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('seller_id', 'text', (c) => c.notNull().references('seller.id'))
          .addColumn('catalog_key', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('timezone', 'text', (c) => c.notNull())
          .addColumn('address', 'text')
          .addUniqueConstraint('venue_key', ['seller_id', 'catalog_key'])
          .execute();
        await db.schema
          .createTable('image')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('seller_id', 'text', (c) => c.notNull().references('seller.id'))
          .addColumn('catalog_key', 'text', (c) => c.notNull())
          .addColumn('content_type', 'text', (c) => c.notNull())
          .addColumn('width', 'integer', (c) => c.notNull())
          .addColumn('height', 'integer', (c) => c.notNull())
          .addColumn('alt_text', 'text')
          .addColumn('data', binaryColumnType(dialect), (c) => c.notNull())
          .addUniqueConstraint('image_key', ['seller_id', 'catalog_key'])
          .execute();
        await db.schema
          .createTable('event_template')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('seller_id', 'text', (c) => c.notNull().references('seller.id'))
          .addColumn('venue_id', 'text', (c) => c.notNull().references('venue.id'))
          .addColumn('catalog_key', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('subtitle', 'text')
          .addColumn('summary', 'text')
          .addColumn('description', 'text')
          .addColumn('category', 'text')
          .addColumn('event_type', 'text', (c) => c.notNull())
          .addColumn('hidden_type', 'text', (c) => c.notNull())
          .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
          .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
          .addUniqueConstraint('event_template_key', ['seller_id', 'catalog_key'])
          .execute();
        await db.schema
          .createTable('ticket_type')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('seller_id', 'text', (c) => c.notNull().references('seller.id'))
          .addColumn('catalog_key', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('summary', 'text')
          .addColumn('description', 'text')
          .addColumn('currency_amount', 'integer', (c) => c.notNull())
          .addColumn('currency_amount_min', 'integer')
          .addColumn('currency_amount_max', 'integer')
          .addColumn('discounted_amount', 'integer')
          .addColumn('fee_fixed_outside', 'integer')
          .addColumn('fee_percent_outside', 'text')
          .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
          .addUniqueConstraint('ticket_type_key', ['seller_id', 'catalog_key'])
          .execute();
        await db.schema
          .createTable('ticket_group')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('event_template_id', 'text', (c) => c.notNull().references('event_template.id'))
          .addColumn('catalog_key', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('summary', 'text')
          .addColumn('handler', 'text', (c) => c.notNull())
          .addColumn('hidden_type', 'text', (c) => c.notNull())
          .addColumn('min_tickets_per_order', 'integer')
          .addColumn('max_tickets_per_order', 'integer')
          .addColumn('capacity', 'integer', (c) => c.notNull())
          .addColumn('oversell_capacity', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('exclude_from_event_capacity', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('color', 'text')
          .addColumn('start_policy', 'text')
          .addColumn('start_policy_date', 'text')
          .addColumn('duration_new', 'text')
          .addColumn('additional_info_spec', 'text')
          .addColumn('sales_start', 'text')
          .addColumn('sales_end', 'text')
          .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
          .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
          .addUniqueConstraint('ticket_group_key', ['event_template_id', 'catalog_key'])
          .execute();
        await db.schema
          .createTable('ticket_group_rule')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('ticket_group_id', 'text', (c) => c.notNull().references('ticket_group.id'))
          .addColumn('ticket_type_id', 'text', (c) => c.notNull().references('ticket_type.id'))
          .addColumn('party_role', 'text')
          .addColumn('named', 'text', (c) => c.notNull().defaultTo('no'))
          .addColumn('emailed', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('min', 'integer')
          .addColumn('max', 'integer')
          .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
          .addUniqueConstraint('ticket_group_rule_pair', ['ticket_group_id', 'ticket_type_id'])
          .execute();
        await db.schema
          .createTable('event_session')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('event_template_id', 'text', (c) => c.notNull().references('event_template.id'))
          .addColumn('start_datetime', 'text', (c) => c.notNull())
          .addColumn('end_datetime', 'text', (c) => c.notNull())
          .addColumn('capacity', 'integer', (c) => c.notNull())
          .addColumn('oversell_capacity', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('used_capacity', 'integer', (c) => c.notNull().defaultTo(0))
          .addUniqueConstraint('event_session_start', ['event_template_id', 'start_datetime'])
          .execute();
        await db.schema
          .createIndex('event_session_by_start')
          .on('event_session')
          .columns(['start_datetime'])
          .execute();
        await db.schema
          .createTable('session_group_usage')
          .addColumn('event_session_id', 'text', (c) => c.notNull().references('event_session.id'))
          .addColumn('ticket_group_id', 'text', (c) => c.notNull().references('ticket_group.id'))
          .addColumn('used_capacity', 'integer', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('session_group_usage_pk', ['event_session_id', 'ticket_group_id'])
          .execute();
        await db.schema
          .createTable('message_rule')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('event_template_id', 'text', (c) => c.notNull().references('event_template.id'))
          .addColumn('catalog_key', 'text', (c) => c.notNull())
          .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('actions', 'text', (c) => c.notNull())
          .addColumn('triggers', 'text', (c) => c.notNull())
          .addUniqueConstraint('message_rule_key', ['event_template_id', 'catalog_key'])
          .execute();
        await db.schema
          .createTable('membership_rule')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('seller_id', 'text', (c) => c.notNull().references('seller.id'))
          .addColumn('catalog_key', 'text', (c) => c.notNull())
          .addColumn('membership_ticket_type_id', 'text', (c) => c.notNull())
          .addColumn('ticket_type_id', 'text', (c) => c.notNull())
          .addColumn('quantity', 'integer', (c) => c.notNull())
          .addColumn('period', 'text', (c) => c.notNull())
          .addUniqueConstraint('membership_rule_key', ['seller_id', 'catalog_key'])
          .execute();
        await db.schema
          .createTable('config_entry')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('seller_id', 'text', (c) => c.notNull().references('seller.id'))
          .addColumn('resource_id', 'text', (c) => c.notNull())
          .addColumn('namespace', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('value', 'text', (c) => c.notNull())
          .addUniqueConstraint('config_entry_key', ['resource_id', 'namespace', 'name'])
          .execute();
      },
    },
    '0002_cart': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('identity')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('cart')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('seller_id', 'text', (c) => c.notNull().references('seller.id'))
          .addColumn('identity_id', 'text', (c) => c.notNull().references('identity.id'))
          .addColumn('cart_number', 'text', (c) => c.notNull().unique())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addColumn('campaign', 'text')
          .addColumn('additional_info', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('ticket_order_id', 'text')
          .execute();
        await db.schema.createIndex('cart_by_expiry').on('cart').columns(['state', 'expires_at']).execute();
        await db.schema.createIndex('cart_by_identity').on('cart').columns(['identity_id']).execute();
        await db.schema
          .createTable('ticket')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('cart_id', 'text', (c) => c.notNull().references('cart.id'))
          .addColumn('seller_id', 'text', (c) => c.notNull())
          .addColumn('ticket_type_id', 'text', (c) => c.notNull().references('ticket_type.id'))
          .addColumn('ticket_group_id', 'text', (c) => c.notNull().references('ticket_group.id'))
          .addColumn('event_template_id', 'text', (c) => c.notNull().references('event_template.id'))
          .addColumn('event_session_id', 'text', (c) => c.references('event_session.id'))
          .addColumn('counts_session', 'integer', (c) => c.notNull())
          .addColumn('handler', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('face_value', 'integer', (c) => c.notNull())
          .addColumn('adjusted_value', 'integer', (c) => c.notNull())
          .addColumn('fee_fixed_outside', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('fee_percent_outside', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('admit_name', 'text')
          .addColumn('admit_email', 'text')
          .addColumn('valid_from', 'text')
          .addColumn('valid_to', 'text')
          .addColumn('ticket_order_id', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('ticket_by_cart').on('ticket').columns(['cart_id', 'state']).execute();
        await db.schema.createIndex('ticket_by_session').on('ticket').columns(['event_session_id', 'state']).execute();
        await db.schema
          .createTable('counter')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('value', 'integer', (c) => c.notNull())
          .execute();
        if (dialect === 'postgres') await sql`CREATE SEQUENCE cart_number_seq START 100001`.execute(db);
        else await db.insertInto('counter').values({ name: 'cart_number', value: 100000 }).execute();
      },
    },
  };
}

class InlineProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations() {
    return migrations(this.dialect);
  }
}

/** Runs pending migrations; safe to call from several processes at once (Kysely takes a lock). */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({ db: handle.db as AnyDb, provider: new InlineProvider(handle.dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** A cheap round trip for /api/health. */
export async function pingDatabase(handle: { db: Kysely<any> }): Promise<void> {
  await sql`select 1`.execute(handle.db);
}
