import { AUTH_METHODS_CONFIG, DEFAULT_LOGIN_METHODS, LOGIN_METHODS, type TLoginMethod } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { sellerConfigText } from '../config/public.js';

/**
 * The seller's login methods: configuration entry auth.methods (a list such as ["password","otp"],
 * or "none" / [] for no login); default password and e-mail passcode.
 */
export async function loginMethods(db: Tx, sellerId: string): Promise<TLoginMethod[]> {
  const stored = await sellerConfigText(db, sellerId, AUTH_METHODS_CONFIG.namespace, AUTH_METHODS_CONFIG.name);
  if (stored === undefined) return [...DEFAULT_LOGIN_METHODS];
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    value = stored;
  }
  if (value === 'none' || value === null) return [];
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return list.map((m) => String(m).trim()).filter((m): m is TLoginMethod => (LOGIN_METHODS as readonly string[]).includes(m));
}
