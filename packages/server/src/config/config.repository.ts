import type { Tx } from '../db/database.js';
import { prepared } from '../db/prepared.js';

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

/**
 * A seller's own config entry (resource = the seller), its JSON value, or undefined when unset.
 * The one read of seller settings that orders, payments, promotions and memberships share.
 */
export async function sellerConfigValue(tx: Tx, sellerId: string, namespace: string, name: string): Promise<unknown> {
  const row = (await sellerConfigRow(tx, sellerId, namespace, name)).rows.at(0);
  return row ? (JSON.parse(row.value) as unknown) : undefined;
}

/** A seller's own config entry as stored (JSON text, parsed by the caller), or undefined when unset. */
export async function sellerConfigText(tx: Tx, sellerId: string, namespace: string, name: string): Promise<string | undefined> {
  const { rows } = await sellerConfigRow(tx, sellerId, namespace, name);
  return rows.length ? rows[0].value : undefined;
}

// Prepared (db/prepared.ts): every cart answer reads the seller's payment-method fees, fresh (paying charges what it shows).
const sellerConfigRow = prepared((tx, sellerId: string, namespace: string, name: string) =>
  tx.selectFrom('config_entry').select('value').where('seller_id', '=', sellerId).where('resource_id', '=', sellerId).where('namespace', '=', namespace).where('name', '=', name),
);
