import type { Tx } from '../db/database.js';
import { typesByIds } from '../events/public.js';
import { document } from '../http/envelope.js';
import type { ParsedQuery, QuerySpec } from '../http/query.js';
import { levelOut } from './levels.js';
import { loadLevels } from './load-levels.js';
import { membershipTypesOfSeller } from './membership.repository.js';
import { mustExist } from '../must-exist.js';

export const MEMBERSHIP_LEVELS_QUERY: QuerySpec = { defaultLimit: 100 };

/**
 * GET membership_levels (cacheable): term, renewal window and member roles of each ticket type
 * sold in a "membership" group (a type without a catalog level has the default: one member).
 */
export async function listMembershipLevels(db: Tx, input: { sellerId: string; query: ParsedQuery }) {
  const typeIds = await membershipTypesOfSeller(db, input.sellerId);
  const levels = await loadLevels(db, typeIds);
  const types = (await typesByIds(db, typeIds)).sort((a, b) => a.rank - b.rank);
  const rows = types.map((t) => levelOut(mustExist(levels.get(t.id), `membership level ${t.id}`), t.name));
  return document('membership_level', rows.slice(input.query.offset, input.query.offset + input.query.limit), rows.length);
}
