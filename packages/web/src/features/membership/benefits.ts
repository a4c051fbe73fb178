import type { TMemberAllowance } from '@foyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useOptionalAccount } from '../account/public.js';
import { useOptionalCart } from '../../shared/cart/cart-context.js';
import type { PriceGroup } from '../../shared/events/model.js';
import { typeKey, type BenefitPool } from '../events/public.js';
import { memberAllowanceQuery } from './api.js';

/**
 * The quantity maximum from the remaining member benefit (docs/memberships.md#4-refusals-error-envelope), pure: a ticket of a
 * members-only group, or of a type an allowance names, takes from the allowances of one card set
 * — the type's own and the '*' pool. Each allowance becomes a pool over the type keys that take
 * from it, so a '*' pool of 4 caps the sum over every type it covers. The card set is the first
 * (the server lists the newest term first) with an allowance for the type, as the server picks it.
 */
export function benefitPools(allowances: readonly TMemberAllowance[], groups: readonly PriceGroup[]): BenefitPool[] {
  const pools = new Map<string, { keys: string[]; remaining: number }>();
  const named = new Set(allowances.map((a) => a.ticket_type_id));
  for (const { group, types } of groups) {
    for (const { type } of types) {
      if (group.hidden_type !== 'public_member_only' && !named.has(type.id)) continue;
      const matches = (a: TMemberAllowance) => a.ticket_type_id === type.id || a.ticket_type_id === '*';
      const holder = allowances.find(matches)?.membership_id;
      if (!holder) continue;
      const key = typeKey(group.id, type.id);
      for (const a of allowances) {
        if (a.membership_id !== holder || !matches(a)) continue;
        const pool = pools.get(a.id) ?? { keys: [], remaining: Math.max(0, a.remaining) };
        if (!pool.keys.includes(key)) pool.keys.push(key);
        pools.set(a.id, pool);
      }
    }
  }
  return [...pools.values()];
}

const NO_POOLS: BenefitPool[] = [];

/**
 * The logged-in viewer's benefit pools for a session (GET my/member_allowance), refetched when
 * the cart's tickets in that session change; with no session yet (quantity-first), the most one
 * visit may take. Visitors have none; until the answer arrives the
 * limits wait (`pending`); a failed read leaves the server to refuse beyond the allowance.
 */
export function useBenefitPools(sessionId: string | null, groups: readonly PriceGroup[]): { pools: readonly BenefitPool[]; pending: boolean } {
  const account = useOptionalAccount();
  const cart = useOptionalCart();
  const version = (cart?.view?.tickets ?? []).filter((t) => sessionId === null || t.event_session_id === sessionId).length;
  const enabled = !!account?.user;
  const query = useQuery(memberAllowanceQuery(sessionId, version, enabled));
  const allowances = query.data?.member_allowance?._data;
  const pools = useMemo(() => (allowances?.length ? benefitPools(allowances, groups) : NO_POOLS), [allowances, groups]);
  return { pools, pending: enabled && query.isPending };
}
