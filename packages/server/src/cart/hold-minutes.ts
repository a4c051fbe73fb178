import { CONFIG } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { sellerConfigValue } from '../config/public.js';

/** How long a reserve holds its tickets: the seller's cart.hold_minutes when a positive number, else `fallback` (docs/cart.md#holds-and-expiry). */
export async function holdMinutes(tx: Tx, sellerId: string, fallback: number): Promise<number> {
  const value = await sellerConfigValue(tx, sellerId, CONFIG.holdMinutes.namespace, CONFIG.holdMinutes.name);
  const minutes = value === undefined ? fallback : Number(value);
  return Number.isFinite(minutes) && minutes > 0 ? minutes : fallback;
}
