import type { Kysely } from 'kysely';
import { binaryColumnType, type Dialect } from '../database.js';

/** Catalog: seller, venues, images, events, groups, types, rules, sessions, usage, message and membership rules, configuration. */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
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
      }
