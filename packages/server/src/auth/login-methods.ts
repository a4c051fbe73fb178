import { AUTH_METHODS_CONFIG, DEFAULT_LOGIN_METHODS, LOGIN_METHODS, type TLoginMethod } from '@foyer/contracts';
import type { Tx } from '../db/database.js';

/**
 * The seller's login methods: configuration entry auth.methods (a list such as ["password","otp"],
 * or "none" / [] for no login); default password and e-mail passcode.
 */
export async function loginMethods(db: Tx, sellerId: string): Promise<TLoginMethod[]> {
  const row = await db
    .selectFrom('config_entry')
    .select('value')
    .where('seller_id', '=', sellerId)
    .where('resource_id', '=', sellerId)
    .where('namespace', '=', AUTH_METHODS_CONFIG.namespace)
    .where('name', '=', AUTH_METHODS_CONFIG.name)
    .executeTakeFirst();
  if (!row) return [...DEFAULT_LOGIN_METHODS];
  let value: unknown;
  try {
    value = JSON.parse(row.value);
  } catch {
    value = row.value;
  }
  if (value === 'none' || value === null) return [];
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return list.map((m) => String(m).trim()).filter((m): m is TLoginMethod => (LOGIN_METHODS as readonly string[]).includes(m));
}
