import { CONFIG, RESERVE_BEYOND_TERM } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { MembershipRuleTable } from '../db/schema.js';
import { memo } from '../cart/memo.js';
import { memberCatalogRows } from './member-catalog.repository.js';
import type { TtlCache } from '../ttl-cache.js';
import { sellerConfigValue } from '../config/public.js';

export type MemberRule = Selectable<MembershipRuleTable>;

/** The seller's member-benefit catalog: rules, members-only groups, beyond-term setting. */
export interface MemberCatalog {
  rules: MemberRule[];
  /** Ticket types some rule names: booking one is a member benefit. */
  ruledTypes: Set<string>;
  memberOnlyGroups: Set<string>;
  /** The groups of members-only events, each with its event (member_event_purchase_limit counts per event). */
  memberEventGroups: Map<string, string>;
  timezone: string;
  beyondTerm: (typeof RESERVE_BEYOND_TERM)[number] | null;
}

async function load(tx: Tx, sellerId: string): Promise<MemberCatalog> {
  const { rules, groups, eventGroups, seller } = await memberCatalogRows(tx, sellerId);
  const beyond = await sellerConfigValue(tx, sellerId, CONFIG.memberReserveSessionBeyondTerm.namespace, CONFIG.memberReserveSessionBeyondTerm.name);
  return {
    rules,
    ruledTypes: new Set(rules.map((r) => r.ticket_type_id).filter((id) => id !== '*')),
    memberOnlyGroups: new Set(groups.map((g) => g.id)),
    memberEventGroups: new Map(eventGroups.map((g) => [g.id, g.event_template_id])),
    timezone: seller.timezone,
    beyondTerm: (RESERVE_BEYOND_TERM as readonly unknown[]).includes(beyond) ? (beyond as MemberCatalog['beyondTerm']) : null,
  };
}

/** Catalog data: memoised like the other reserve-path catalog reads (changes only on import). */
export function memberCatalog(tx: Tx, sellerId: string, cache?: TtlCache): Promise<MemberCatalog> {
  return memo(cache, `member-catalog:${sellerId}`, () => load(tx, sellerId));
}

/** Whether a ticket is a member benefit: a members-only group, or a type a member rule names. */
export function isBenefit(catalog: MemberCatalog, ticket: { ticket_type_id: string; ticket_group_id: string }): boolean {
  return catalog.memberOnlyGroups.has(ticket.ticket_group_id) || catalog.ruledTypes.has(ticket.ticket_type_id);
}

/** The rules of a level that a ticket type takes from: its own and the '*' pool. */
export function matchingRules(catalog: MemberCatalog, levelTypeId: string, ticketTypeId: string): MemberRule[] {
  return catalog.rules.filter((r) => r.membership_ticket_type_id === levelTypeId && (r.ticket_type_id === ticketTypeId || r.ticket_type_id === '*'));
}
