import { sql } from 'kysely';
import type { Dialect, Tx } from './database.js';
import { prepared } from './prepared.js';

export type SequenceName = 'cart_number' | 'order_number' | 'calendar_summary';

/**
 * The next number of a sequence. PostgreSQL: a real sequence, which takes no row lock, so
 * concurrent writers never queue behind each other. SQLite serialises writers anyway: a counter
 * row (created by the migrations).
 */
export async function nextSequenceValue(tx: Tx, dialect: Dialect, name: SequenceName): Promise<number> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ n: number }>`select nextval(${sql.lit(`${name}_seq`)})::int as n`.execute(tx);
    return rows[0].n;
  }
  const row = (await bumpCounter(tx, name)).rows.at(0);
  if (!row) throw new Error(`counter ${name} is missing: run the migrations`);
  return row.value;
}

const bumpCounter = prepared((tx, name: string) => tx.updateTable('counter').set({ value: sql`value + 1` }).where('name', '=', name).returning('value'));
