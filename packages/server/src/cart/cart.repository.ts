import { sql } from 'kysely';
import type { Dialect, Tx } from '../db/database.js';

export function cartById(db: Tx, id: string) {
  return db.selectFrom('cart').selectAll().where('id', '=', id).executeTakeFirst();
}

export function heldTicketsOfCart(db: Tx, cartId: string) {
  return db.selectFrom('ticket').selectAll().where('cart_id', '=', cartId).where('state', '=', 'held').orderBy('created_at').orderBy('id').execute();
}

/**
 * The next cart number. PostgreSQL: a sequence, which takes no row lock, so concurrent carts
 * never queue behind each other. SQLite serialises writers anyway: a counter row.
 */
export async function nextCartNumber(tx: Tx, dialect: Dialect): Promise<number> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ n: number }>`select nextval('cart_number_seq')::int as n`.execute(tx);
    return rows[0].n;
  }
  return nextCounter(tx, 'cart_number');
}

async function nextCounter(tx: Tx, name: string): Promise<number> {
  const row = await tx.updateTable('counter').set({ value: sql`value + 1` }).where('name', '=', name).returning('value').executeTakeFirst();
  if (row) return row.value;
  // The migration creates the counter; this only runs on a database where it went missing.
  await tx.insertInto('counter').values({ name, value: 1 }).onConflict((oc) => oc.column('name').doNothing()).execute();
  return nextCounter(tx, name);
}

export async function holdMinutes(db: Tx, sellerId: string, fallback: number): Promise<number> {
  const row = await db
    .selectFrom('config_entry')
    .select('value')
    .where('seller_id', '=', sellerId)
    .where('resource_id', '=', sellerId)
    .where('namespace', '=', 'cart')
    .where('name', '=', 'hold_minutes')
    .executeTakeFirst();
  const minutes = row ? Number(JSON.parse(row.value)) : fallback;
  return Number.isFinite(minutes) && minutes > 0 ? minutes : fallback;
}
