import { mustExist } from '../must-exist.js';

/**
 * The one pricing of cart modifiers (docs/memberships.md#3-being-recognised: face value → cart modifiers → fees), pure and in
 * minor units: which modifiers apply to which tickets and how much each takes off. A discount never
 * takes a ticket below 0; the caller recomputes fees from the discounted price.
 */

export interface PricingTicket {
  id: string;
  face_value: number;
  ticket_type_id: string;
  ticket_group_id: string;
  event_template_id: string;
  /** The session's start (ISO), null without a session. */
  valid_from: string | null;
}

export interface PricingMod {
  id: string;
  name: string;
  description: string | null;
  kind: 'percent_off' | 'amount_off' | 'fixed_price';
  /** percent_off: hundredths of a percent; otherwise minor units. */
  value: number;
  scope: 'ticket_type' | 'ticket_group' | 'event' | 'cart';
  resource_ids: string[];
  min_tickets: number | null;
  max_tickets: number | null;
  requires: { ticket_type_ids: string[]; min: number } | null;
  valid_from: string | null;
  valid_to: string | null;
  session_from: string | null;
  session_to: string | null;
  stackable: boolean;
  blocking_checkout: boolean;
  code_group_ids: string[];
}

/** The code groups the cart's codes activate, each with the most tickets its code may discount per order (null: no cap). */
export type ActiveGroups = Map<string, number | null>;

/** City-pass vouchers on the cart by code group: how many adult and child tickets they cover, and which types are child types. */
export type Vouchers = Map<string, { adult: number; child: number; childTypes: ReadonlySet<string> }>;

export interface PricedMod {
  mod: PricingMod;
  /** Taken off in all (0 for a blocking modifier). */
  discount: number;
  tickets: string[];
  /** Matching tickets wait for a code of the modifier's groups (blocks checkout). */
  blocking: boolean;
}

export interface Pricing {
  /** Ticket id → its discount (only tickets with one). */
  discounts: Map<string, number>;
  mods: PricedMod[];
}

const within = (at: string | null, from: string | null, to: string | null) => at !== null && (from === null || at >= from) && (to === null || at < to);

function inScope(mod: PricingMod, t: PricingTicket): boolean {
  const ids = mod.resource_ids;
  const scoped = mod.scope === 'cart' || ids.includes(mod.scope === 'ticket_type' ? t.ticket_type_id : mod.scope === 'ticket_group' ? t.ticket_group_id : t.event_template_id);
  if (!scoped) return false;
  if (mod.session_from === null && mod.session_to === null) return true;
  return within(t.valid_from, mod.session_from, mod.session_to);
}

/** `amount` spread over prices in proportion, largest remainders first, never more than a price. */
export function spread(amount: number, prices: number[]): number[] {
  const sum = prices.reduce((a, b) => a + b, 0);
  const total = Math.min(amount, sum);
  if (total <= 0) return prices.map(() => 0);
  const shares = prices.map((p) => Math.floor((total * p) / sum));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = prices.map((p, i) => ({ i, r: (total * p) % sum })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    if (shares[i] < prices[i]) {
      shares[i] += 1;
      left -= 1;
    }
  }
  return shares;
}

export function priceCart(tickets: readonly PricingTicket[], mods: readonly PricingMod[], active: ActiveGroups, nowIso: string, vouchers: Vouchers = new Map()): Pricing {
  const price = new Map(tickets.map((t) => [t.id, t.face_value]));
  const priceOf = (id: string) => mustExist(price.get(id), `price of ticket ${id}`);
  const discounts = new Map<string, number>();
  const locked = new Set<string>();
  const out: PricedMod[] = [];

  for (const mod of mods) {
    if (!within(nowIso, mod.valid_from, mod.valid_to)) continue;
    const matching = tickets.filter((t) => inScope(mod, t));
    const activating = mod.code_group_ids.filter((g) => active.has(g));
    const activated = mod.code_group_ids.length === 0 || activating.length > 0;
    if (!activated) {
      if (mod.blocking_checkout && matching.length) out.push({ mod, discount: 0, tickets: matching.map((t) => t.id), blocking: true });
      continue;
    }
    const { requires } = mod;
    if (requires && tickets.filter((t) => requires.ticket_type_ids.includes(t.ticket_type_id)).length < requires.min) continue;
    const eligible = matching.filter((t) => !locked.has(t.id) && (mod.stackable || !discounts.has(t.id)) && priceOf(t.id) > 0);
    if (mod.min_tickets !== null && eligible.length < mod.min_tickets) continue;
    const caps = activating.map((g) => active.get(g) ?? null);
    const codeCap = !caps.length || caps.includes(null) ? Infinity : Math.max(...(caps as number[]));
    const cap = Math.min(mod.max_tickets ?? Infinity, codeCap);
    const sorted = [...eligible].sort((a, b) => priceOf(b.id) - priceOf(a.id) || (a.id < b.id ? -1 : 1));
    const covering = activating.flatMap((g) => vouchers.get(g) ?? []);
    const covered = covering.length === activating.length ? byVouchers(sorted, covering) : sorted;
    const chosen = covered.slice(0, cap);
    const prices = chosen.map((t) => priceOf(t.id));
    const off =
      mod.kind === 'percent_off'
        ? prices.map((p) => Math.min(p, Math.round((p * mod.value) / 10_000)))
        : mod.kind === 'fixed_price'
          ? prices.map((p) => Math.max(0, p - mod.value))
          : mod.scope === 'cart'
            ? spread(mod.value, prices)
            : prices.map((p) => Math.min(p, mod.value));
    const affected: string[] = [];
    let total = 0;
    chosen.forEach((t, i) => {
      if (off[i] <= 0) return;
      price.set(t.id, prices[i] - off[i]);
      discounts.set(t.id, (discounts.get(t.id) ?? 0) + off[i]);
      if (!mod.stackable) locked.add(t.id);
      affected.push(t.id);
      total += off[i];
    });
    if (total > 0) out.push({ mod, discount: total, tickets: affected, blocking: false });
  }
  return { discounts, mods: out };
}

/** A city-pass modifier discounts one ticket per voucher: child vouchers child types, adult vouchers the others. */
function byVouchers(sorted: PricingTicket[], groups: { adult: number; child: number; childTypes: ReadonlySet<string> }[]): PricingTicket[] {
  let adult = groups.reduce((n, g) => n + g.adult, 0);
  let child = groups.reduce((n, g) => n + g.child, 0);
  return sorted.filter((t) => (groups.some((g) => g.childTypes.has(t.ticket_type_id)) ? child-- > 0 : adult-- > 0));
}
