import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/** Carts: identities, carts, tickets, counters (and the cart-number sequence on PostgreSQL). */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
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
      }
