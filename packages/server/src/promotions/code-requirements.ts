import { PROMO_TEXT } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { memo } from '../cart/memo.js';
import type { TtlCache } from '../ttl-cache.js';
import { requirementsOf } from './promotions.repository.js';

/** A code-required ticket group (docs/promotions.md#applying-codes) and one code group whose codes admit it. */
export interface CodeRequirement {
  ticket_group_id: string;
  code_group_id: string;
  description: string | null;
}

/** A code-required ticket group on the cart that no code of the cart (nor the default code) admits. */
export interface UnmetRequirement {
  ticket_group_id: string;
  code_group_ids: string[];
  description: string | null;
}

/** The requirements of the tickets' groups (promo_code_requirement; they change only with a catalog import, so cached briefly). */
export async function requirementsOfTickets(tx: Tx, tickets: readonly { ticket_group_id: string }[], cache?: TtlCache): Promise<CodeRequirement[]> {
  const groupIds = [...new Set(tickets.map((t) => t.ticket_group_id))].sort();
  if (!groupIds.length) return [];
  return memo(cache, `code_required:${groupIds.join(',')}`, () => requirementsOf(tx, groupIds));
}

/** The ticket groups none of whose code groups is among `held`, in ticket-group order. */
export function unmetRequirements(requirements: readonly CodeRequirement[], held: ReadonlySet<string>): UnmetRequirement[] {
  const byGroup = new Map<string, CodeRequirement[]>();
  for (const r of requirements) byGroup.set(r.ticket_group_id, [...(byGroup.get(r.ticket_group_id) ?? []), r]);
  return [...byGroup]
    .filter(([, needed]) => !needed.some((r) => held.has(r.code_group_id)))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([ticketGroupId, needed]) => ({ ticket_group_id: ticketGroupId, code_group_ids: needed.map((r) => r.code_group_id), description: needed[0].description }));
}

/** docs/promotions.md#applying-codes: rule_blocks_reserve, context checkout_rules, block_reason code_required, with the code group's description. */
export const codeRequiredError = (unmet: UnmetRequirement) =>
  new AppError(400, 'rule_blocks_reserve', unmet.description ?? PROMO_TEXT.codeRequiredReserve, 'checkout_rules', {
    block_reason: 'code_required',
    ticket_group_id: unmet.ticket_group_id,
    code_group_ids: unmet.code_group_ids,
  });
