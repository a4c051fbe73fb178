import type { TTicketGroup } from '@foyer/contracts';
import { HARD_MAX_PER_TICKET_TYPE, ruleMax } from '@foyer/contracts/rules';
import type { PriceGroup } from '../../../../shared/events/model.js';

/**
 * Quantity rules of docs/events.md#field-rules (pure):
 * - step 1; a type starts at the group minimum when its group has one type, else at 0;
 * - increasing from 0 jumps to the type's minimum; decreasing from the minimum goes to 0;
 * - no increase when the remaining capacity is 0 or less;
 * - the maximum per type is the least of 1000, the rule's limit (an unnamed rule with max < 0
 *   means 10), the group limit (max_tickets_per_order, the group's room in the session) and the
 *   session's availableCapacity unless the group is excluded from event capacity; for member
 *   benefits, what remains of each allowance the type takes from (its own and the '*' pool, shared
 *   by every type it covers).
 */

/** A ticket type within a group: types may be sold through several groups. */
export function typeKey(groupId: string, typeId: string): string {
  return `${groupId}:${typeId}`;
}

export type Quantities = Record<string, number>;

/** -1 (unlimited) → Infinity; anything else never below 0. */
function room(value: number | null | undefined): number {
  if (value === null || value === undefined || value < 0) return Infinity;
  return value;
}

export interface TypeLimit {
  key: string;
  groupId: string;
  typeId: string;
  /** 0, or the least quantity once chosen at all. */
  min: number;
  /** The most that may be chosen (the least of every limit); 0 when nothing can be. */
  max: number;
  /** Counts against the session's capacity (its group is not excluded). */
  countsSession: boolean;
}

/** What remains of one member allowance and the type keys that take from it (docs/events.md#field-rules). */
export interface BenefitPool {
  keys: readonly string[];
  remaining: number;
}

export interface QuantityLimits {
  types: Map<string, TypeLimit>;
  /** Per group: the most tickets of the group in this order. */
  groupMax: Map<string, number>;
  /** Per group: min_tickets_per_order still to reach (after what the cart already holds). */
  groupMin: Map<string, number>;
  /** Room in the session for groups that count against it (Infinity when unlimited). */
  sessionRoom: number;
  /** The most tickets of the whole selection (an add-on matching its anchor); Infinity when unbounded. */
  orderMax: number;
  /** Member allowances (a type's own and the '*' pool): each caps the sum of its keys. */
  pools?: readonly BenefitPool[];
}

export interface LimitsInput {
  groups: PriceGroup[];
  /**
   * Room for each group in the chosen session: the session list's availableCapacity asked with
   * ticket_group_id._in=<group> (bounded by the group's own capacity and, unless excluded, the
   * session's). -1 = unlimited; a missing group = not known, treated as the session's room.
   */
  groupAvailable: ReadonlyMap<string, number>;
  /** The session's own room: capacity + oversell_capacity − used_capacity (-1 unlimited). */
  sessionAvailable: number;
  /** What the cart already holds in this session, by group and by type key. */
  held?: { byGroup: ReadonlyMap<string, number>; byType: ReadonlyMap<string, number> };
  /** The most tickets of the whole selection (tickets_must_match_anchor_tickets). */
  orderMax?: number;
  /** Remaining member benefits of the viewer for this session (membership/benefits.ts). */
  benefitPools?: readonly BenefitPool[];
}

export function groupLimit(group: TTicketGroup, available: number | undefined, sessionAvailable: number, heldInGroup: number): number {
  const perOrder = group.max_tickets_per_order !== null ? Math.max(0, group.max_tickets_per_order - heldInGroup) : Infinity;
  const ownRoom = available === undefined ? room(sessionAvailable) : room(available);
  const sessionBound = group.exclude_from_event_capacity ? Infinity : room(sessionAvailable);
  return Math.min(HARD_MAX_PER_TICKET_TYPE, perOrder, ownRoom, sessionBound);
}

export function quantityLimits(input: LimitsInput): QuantityLimits {
  const types = new Map<string, TypeLimit>();
  const groupMax = new Map<string, number>();
  const groupMin = new Map<string, number>();
  for (const { group, types: groupTypes } of input.groups) {
    const heldGroup = input.held?.byGroup.get(group.id) ?? 0;
    const gMax = groupLimit(group, input.groupAvailable.get(group.id), input.sessionAvailable, heldGroup);
    groupMax.set(group.id, gMax);
    const gMin = Math.max(0, (group.min_tickets_per_order ?? 0) - heldGroup);
    groupMin.set(group.id, gMin);
    for (const { type, rule } of groupTypes) {
      const key = typeKey(group.id, type.id);
      const heldType = input.held?.byType.get(key) ?? 0;
      let min = rule.min && rule.min > 0 ? Math.max(0, rule.min - heldType) : 0;
      // A group of one type starts at (and cannot go below) the group minimum.
      if (groupTypes.length === 1) min = Math.max(min, gMin);
      const benefit = Math.min(...(input.benefitPools ?? []).filter((p) => p.keys.includes(key)).map((p) => p.remaining));
      let max = Math.max(0, Math.min(HARD_MAX_PER_TICKET_TYPE, ruleMax(rule) - heldType, gMax, input.orderMax ?? Infinity, benefit));
      if (min > max) max = 0;
      types.set(key, { key, groupId: group.id, typeId: type.id, min, max, countsSession: !group.exclude_from_event_capacity });
    }
  }
  return { types, groupMax, groupMin, sessionRoom: room(input.sessionAvailable), orderMax: Math.max(0, input.orderMax ?? Infinity), pools: input.benefitPools };
}

export function groupTotal(limits: QuantityLimits, quantities: Quantities, groupId: string): number {
  let n = 0;
  for (const t of limits.types.values()) if (t.groupId === groupId) n += quantities[t.key] ?? 0;
  return n;
}

export function sessionTotal(limits: QuantityLimits, quantities: Quantities): number {
  let n = 0;
  for (const t of limits.types.values()) if (t.countsSession) n += quantities[t.key] ?? 0;
  return n;
}

export function totalQuantity(quantities: Quantities): number {
  return Object.values(quantities).reduce((n, q) => n + (q > 0 ? q : 0), 0);
}

/** How many more of a type may be added now (≤ 0: none). */
export function remainingFor(limits: QuantityLimits, quantities: Quantities, key: string): number {
  const t = limits.types.get(key);
  if (!t) return 0;
  const current = quantities[key] ?? 0;
  const byType = t.max - current;
  const byGroup = (limits.groupMax.get(t.groupId) ?? Infinity) - groupTotal(limits, quantities, t.groupId);
  const bySession = t.countsSession ? limits.sessionRoom - sessionTotal(limits, quantities) : Infinity;
  const byOrder = limits.orderMax - totalQuantity(quantities);
  const byBenefit = Math.min(...(limits.pools ?? []).filter((p) => p.keys.includes(key)).map((p) => p.remaining - p.keys.reduce((n, k) => n + (quantities[k] ?? 0), 0)));
  return Math.min(byType, byGroup, bySession, byOrder, byBenefit);
}

/** The quantities a session starts with: the group minimum for groups of one type. */
export function initialQuantities(limits: QuantityLimits): Quantities {
  const out: Quantities = {};
  for (const t of limits.types.values()) out[t.key] = 0;
  for (const t of limits.types.values()) {
    if (t.min > 0 && isOnlyTypeOfGroup(limits, t) && remainingFor(limits, out, t.key) >= t.min) out[t.key] = t.min;
  }
  return out;
}

function isOnlyTypeOfGroup(limits: QuantityLimits, t: TypeLimit): boolean {
  let n = 0;
  for (const other of limits.types.values()) if (other.groupId === t.groupId) n++;
  return n === 1;
}

export function canIncrease(limits: QuantityLimits, quantities: Quantities, key: string): boolean {
  const t = limits.types.get(key);
  if (!t) return false;
  const remaining = remainingFor(limits, quantities, key);
  if (remaining <= 0) return false;
  const current = quantities[key] ?? 0;
  return current > 0 || remaining >= Math.max(1, t.min);
}

export function increase(limits: QuantityLimits, quantities: Quantities, key: string): Quantities {
  const t = limits.types.get(key);
  if (!t || !canIncrease(limits, quantities, key)) return quantities;
  const current = quantities[key] ?? 0;
  return { ...quantities, [key]: current === 0 ? Math.max(1, t.min) : current + 1 };
}

export function decrease(limits: QuantityLimits, quantities: Quantities, key: string): Quantities {
  const t = limits.types.get(key);
  const current = quantities[key] ?? 0;
  if (!t || current <= 0) return quantities;
  return { ...quantities, [key]: current <= t.min ? 0 : current - 1 };
}

/** A typed-in quantity: below the minimum goes to the minimum (0 stays 0); capped by what remains. */
export function setQuantity(limits: QuantityLimits, quantities: Quantities, key: string, wanted: number): Quantities {
  const t = limits.types.get(key);
  if (!t) return quantities;
  const current = quantities[key] ?? 0;
  const cap = current + Math.max(0, remainingFor(limits, quantities, key));
  let next = Number.isFinite(wanted) ? Math.floor(wanted) : 0;
  if (next <= 0) next = 0;
  else {
    next = Math.max(next, t.min);
    next = Math.min(next, cap);
    if (next < t.min) next = 0;
  }
  return next === current ? quantities : { ...quantities, [key]: next };
}

/** Group minimums not met by a selection (groups with nothing chosen are fine). */
export function unmetGroupMinimums(limits: QuantityLimits, quantities: Quantities): { groupId: string; min: number }[] {
  const out: { groupId: string; min: number }[] = [];
  for (const [groupId, min] of limits.groupMin) {
    const n = groupTotal(limits, quantities, groupId);
    if (n > 0 && n < min) out.push({ groupId, min });
  }
  return out;
}

/** True when nothing at all can be chosen in this session. */
export function nothingAvailable(limits: QuantityLimits): boolean {
  for (const t of limits.types.values()) if (t.max > 0) return false;
  return true;
}
