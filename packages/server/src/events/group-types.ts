import type { Tx } from '../db/database.js';
import { rulesOfGroups, typesByIds } from './events.repository.js';
import { groupTypesOf, type GroupTypes } from './serialize.js';

/** The types and list price of groups read outside an offer (cart, order and membership documents). */
export async function loadGroupTypes(db: Tx, groupIds: string[]): Promise<Map<string, GroupTypes>> {
  const rules = await rulesOfGroups(db, groupIds);
  const types = await typesByIds(db, [...new Set(rules.map((r) => r.ticket_type_id))]);
  return groupTypesOf(rules, new Map(types.map((t) => [t.id, t])));
}
