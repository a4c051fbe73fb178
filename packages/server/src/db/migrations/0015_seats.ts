import { sql, type Kysely } from 'kysely';

/**
 * Reserved seating (issue 15): seat templates (a venue room's map), their seats, which template
 * and zones a "seated" ticket group sells, and the seat a ticket holds. A seat is held by at most
 * one live ticket per session: a partial unique index over live tickets (both dialects), so a
 * release (state → cancelled) frees the seat with the same conditional update that gives back
 * capacity, exactly once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('seat_template')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull().references('seller.id'))
    .addColumn('venue_id', 'text', (c) => c.notNull().references('venue.id'))
    .addColumn('catalog_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('width', 'real', (c) => c.notNull())
    .addColumn('height', 'real', (c) => c.notNull())
    .addColumn('seat_radius', 'real', (c) => c.notNull())
    .addColumn('zones', 'text', (c) => c.notNull())
    .addColumn('sections', 'text', (c) => c.notNull())
    .addColumn('other_elements', 'text', (c) => c.notNull())
    .addColumn('geometry_version', 'text', (c) => c.notNull())
    .addUniqueConstraint('seat_template_key', ['seller_id', 'catalog_key'])
    .execute();
  await db.schema
    .createTable('seat')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seat_template_id', 'text', (c) => c.notNull().references('seat_template.id'))
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('row_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('x', 'real', (c) => c.notNull())
    .addColumn('y', 'real', (c) => c.notNull())
    .addColumn('r', 'real')
    .addColumn('zone', 'text', (c) => c.notNull())
    .addColumn('unavailable', 'integer', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    // A seat dropped from the catalog stays (tickets may name it) but is no longer on the map.
    .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('seat_name', ['seat_template_id', 'section', 'row_name', 'name'])
    .execute();
  await db.schema
    .createTable('seat_group')
    .addColumn('ticket_group_id', 'text', (c) => c.primaryKey().references('ticket_group.id'))
    .addColumn('seat_template_id', 'text', (c) => c.notNull().references('seat_template.id'))
    .addColumn('zones', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('ticket').addColumn('seat_id', 'text').execute();
  await db.schema
    .createIndex('ticket_live_seat')
    .on('ticket')
    .columns(['event_session_id', 'seat_id'])
    .unique()
    .where(sql<boolean>`seat_id is not null and state in ('held', 'booked', 'redeemed')`)
    .execute();
}
