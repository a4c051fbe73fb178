import type { Tx } from '../db/database.js';

/** Whether any seller stores a value for the entry (namespace, name). */
export async function anyConfigValue(db: Tx, key: { namespace: string; name: string }): Promise<boolean> {
  const row = await db
    .selectFrom('config_entry')
    .select('id')
    .where('namespace', '=', key.namespace)
    .where('name', '=', key.name)
    .where('value', 'not in', ['', 'null', '""'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
