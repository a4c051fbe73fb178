import type { TLevelRole } from '@foyer/contracts';
import { CONFIG } from '@foyer/contracts/constants';
import { canAddMember } from '@foyer/contracts/rules';
import { configValue } from '../../config/config.js';
import { useAppConfig } from '../../config/use-config.js';
import type { MembershipCard } from './api.js';
import { cardSets } from './cards.js';
import { memberEntry, type MemberEntry } from './members.js';

/**
 * `membership.prevent_membership_updates` (docs/memberships.md "Locked member details"):
 * a member's new cards name the people already on its cards, read-only. The server refuses others.
 */
export function usePreventMembershipUpdates(): boolean {
  const value = configValue(CONFIG.preventMembershipUpdates, useAppConfig().entries);
  return value === true || value === 'true';
}

/**
 * The people of the member's newest card set as locked entries, each under its own role when the
 * level has it (at most the role's maximum); null without cards (nothing to lock: a first membership).
 */
export function lockedMembers(cards: readonly MembershipCard[], roles: readonly TLevelRole[]): MemberEntry[] | null {
  const newest = cardSets(cards).at(0);
  if (!newest) return null;
  const out: MemberEntry[] = [];
  for (const card of newest.cards) {
    const role = roles.find((r) => r.role === card.role);
    if (!role || !canAddMember(roles, out, role.role)) continue;
    out.push(memberEntry(role.role, { firstName: card.first_name, lastName: card.last_name, email: card.email ?? '', locked: true }));
  }
  // A level without the cards' roles still carries the main member, under its first role.
  if (!out.length && roles.length) out.push(memberEntry(roles[0].role, { firstName: newest.main.first_name, lastName: newest.main.last_name, email: newest.main.email ?? '', locked: true }));
  return out;
}
