import { SELF_EDIT_RULES_KEY } from '@foyer/contracts';
import { parseSelfEditRules, type SelfEditRules } from '@foyer/contracts/rules';
import type { Tx } from '../../db/database.js';
import { sellerConfigValue } from '../../config/public.js';

/** The seller's `web.self_edit_rules` (docs/after-sale.md#who-may-read-or-change-an-order); null when self-edit is off. */
export async function selfEditRulesOf(tx: Tx, sellerId: string): Promise<SelfEditRules | null> {
  return parseSelfEditRules(await sellerConfigValue(tx, sellerId, SELF_EDIT_RULES_KEY.namespace, SELF_EDIT_RULES_KEY.name));
}
