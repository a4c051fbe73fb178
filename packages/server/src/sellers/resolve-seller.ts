import type { Tx } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import type { TtlCache } from '../ttl-cache.js';
import { sellerByIdOrKey, someSellers } from './seller.repository.js';

/**
 * The seller a request is about: `_seller` (id or catalog key) when given, else the default —
 * FOYER_DEFAULT_SELLER, or the only seller there is.
 */
export function resolveSeller(db: Tx, requested: string | null, defaultSeller: string | null, cache?: TtlCache) {
  const load = () => findSeller(db, requested, defaultSeller);
  return cache ? cache.get(`seller:${requested ?? ''}:${defaultSeller ?? ''}`, load) : load();
}

async function findSeller(db: Tx, requested: string | null, defaultSeller: string | null) {
  const wanted = requested ?? defaultSeller;
  if (wanted) {
    const seller = await sellerByIdOrKey(db, wanted);
    if (!seller) throw new AppError(404, 'seller_not_found', 'This shop could not be found.', 'seller', { seller: wanted });
    return seller;
  }
  const sellers = await someSellers(db, 2);
  if (sellers.length === 1) return sellers[0];
  if (!sellers.length) throw new AppError(404, 'seller_not_found', 'No shop has been set up yet. Import a catalog first.', 'seller');
  throw new AppError(400, 'seller_not_found', 'Several shops exist: name one with _seller.', 'seller');
}
