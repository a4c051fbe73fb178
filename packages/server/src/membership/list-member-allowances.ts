import type { TMemberAllowance } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import type { Viewer } from '../events/viewer.js';
import { document } from '../http/envelope.js';
import type { ParsedQuery, QuerySpec } from '../http/query.js';
import type { TtlCache } from '../ttl-cache.js';
import { memberCatalog } from './member-catalog.js';
import { allowanceUsed, sessionStartsByIds } from './membership.repository.js';
import { currentHolders, EVENT_PURCHASE_LIMIT, periodKey } from './take-member-allowance.js';

export const MEMBER_ALLOWANCE_QUERY: QuerySpec = {
  filters: { event_session_id: 'string', ticket_type_id: 'string' },
  defaultLimit: 1000,
};

/**
 * GET my/member_allowance (docs/memberships.md#4-refusals-error-envelope): what remains of each allowance of the viewer's current
 * memberships, per session asked for (event_session_id, event_session_id._in); per-term rules
 * once. The web's quantity maximum for a member ticket type is the least `remaining` over the
 * rules matching it (its own and '*'). Without a session, a per-visit rule (per_session,
 * per_day) answers its whole quantity: the most one visit can take (the quantity-first flow asks
 * before a session is chosen). A session of a members-only event adds the card set's
 * member_event_purchase_limit as a '*' allowance. Empty for a non-member.
 */
export async function listMemberAllowances(db: Tx, input: { sellerId: string; viewer: Viewer; query: ParsedQuery; now: Date; cache?: TtlCache }) {
  const holders = currentHolders(input.viewer, input.now);
  const filter = (field: string) => {
    const f = input.query.filters.find((x) => x.field === field);
    return f ? (Array.isArray(f.value) ? f.value : [f.value]).map(String) : [];
  };
  const sessionIds = filter('event_session_id');
  const typeFilter = new Set(filter('ticket_type_id'));
  const sessions = sessionIds.length ? await sessionStartsByIds(db, sessionIds.slice(0, 100)) : [];
  const catalog = await memberCatalog(db, input.sellerId, input.cache);
  const used = await allowanceUsed(db, holders.map((h) => h.id));
  const usedOf = (membershipId: string, ruleId: string, key: string) => used.find((u) => u.membership_id === membershipId && u.membership_rule_id === ruleId && u.period_key === key)?.used ?? 0;
  const out = new Map<string, TMemberAllowance>();
  for (const holder of holders) {
    for (const rule of catalog.rules.filter((r) => r.membership_ticket_type_id === holder.ticket_type_id)) {
      if (typeFilter.size && !typeFilter.has(rule.ticket_type_id) && rule.ticket_type_id !== '*') continue;
      const targets = rule.period === 'per_membership' || !sessions.length ? [null] : sessions;
      for (const s of targets) {
        const anyVisit = !s && rule.period !== 'per_membership';
        const key = anyVisit ? 'any' : periodKey(rule, holder, { event_session_id: s?.id ?? null, valid_from: s?.start_datetime ?? null }, catalog.timezone, input.now);
        const n = anyVisit ? 0 : usedOf(holder.id, rule.id, key);
        const id = `${rule.id}:${key}`;
        if (out.has(id)) continue;
        out.set(id, {
          id,
          membership_rule_id: rule.id,
          membership_id: holder.id,
          ticket_type_id: rule.ticket_type_id,
          period: rule.period as TMemberAllowance['period'],
          period_key: key,
          event_session_id: rule.period === 'per_session' ? (s?.id ?? null) : null,
          quantity: rule.quantity,
          used: n,
          remaining: Math.max(0, rule.quantity - n),
        });
      }
    }
  }
  const memberEvents = new Set(catalog.memberEventGroups.values());
  for (const holder of holders) {
    const limit = holder.member_event_purchase_limit;
    if (limit === null) continue;
    for (const s of sessions.filter((x) => memberEvents.has(x.event_template_id))) {
      const key = `event:${s.event_template_id}|term:${holder.valid_to}`;
      const n = usedOf(holder.id, EVENT_PURCHASE_LIMIT, key);
      const row = { membership_rule_id: EVENT_PURCHASE_LIMIT, membership_id: holder.id, ticket_type_id: '*', period: 'per_membership' as const, period_key: key, event_session_id: null };
      out.set(`${EVENT_PURCHASE_LIMIT}:${key}`, { id: `${EVENT_PURCHASE_LIMIT}:${key}`, ...row, quantity: limit, used: n, remaining: Math.max(0, limit - n) });
    }
  }
  const rows = [...out.values()];
  return document('member_allowance', rows, rows.length);
}
