import { percentFee, type TCartModOut, type TCartPromoCode } from '@foyer/contracts';
import type { Selectable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { CartTable, TicketTable } from '../db/schema.js';
import { memo } from '../cart/memo.js';
import type { TtlCache } from '../ttl-cache.js';
import { priceCart, type ActiveGroups, type Pricing, type Vouchers } from './price-cart.js';
import { isChildType, voucherKind, type CitypassRules } from './citypass.js';
import { updateCartRow } from '../cart/public.js';
import { activeMods, codesOfCart, setHeldTicketPrice, typeFeePercents, typeNames } from './promotions.repository.js';
import { requirementsOfTickets, unmetRequirements, type UnmetRequirement } from './code-requirements.js';
import { citypassGroups, defaultCode } from './promotion-config.js';
import { giftCredits } from '../membership/gifts/gift-credits.js';

type CartCode = Awaited<ReturnType<typeof codesOfCart>>[number];

/** What cart.cartmods holds: the modifiers as priced (discounts in minor units) and the codes applied. */
export interface StoredCartMods {
  mods: (Omit<TCartModOut, 'discount'> & { discount: number })[];
  codes: TCartPromoCode[];
  /** Code-required groups of its tickets that no code admits (a catalog change, or a default code that ended): payment waits for a code. */
  code_required?: UnmetRequirement[];
}

export const readCartMods = (json: string): StoredCartMods => {
  const parsed = JSON.parse(json) as StoredCartMods | [];
  return Array.isArray(parsed) ? { mods: [], codes: [] } : parsed;
};

/** The seller's modifiers and promotion configuration change only with a catalog import: cached briefly. */
export const sellerPromotions = (tx: Tx, sellerId: string, cache?: TtlCache) =>
  memo(cache, `promotions:${sellerId}`, async () => ({ mods: await activeMods(tx, sellerId), defaultCode: await defaultCode(tx, sellerId), citypass: await citypassGroups(tx, sellerId) }));

/** The default code (web.default_promo_codes) as it applies now: within its dates. */
export const defaultCodeAt = <C extends { valid_from: string | null; valid_to: string | null }>(code: C | null, nowIso: string): C | null =>
  code && (!code.valid_from || nowIso >= code.valid_from) && (!code.valid_to || nowIso < code.valid_to) ? code : null;

/**
 * Prices a cart's held tickets again (price-cart.ts) from its codes, the default code and the
 * seller's modifiers: each ticket's adjusted value (face − gift credit − discount) and its percentage fee
 * (fees follow the discounted price), and the cart's cartmods. Writes only what changed.
 * `knownCodes`: the cart's codes when the caller knows them without reading (a cart it just made).
 */
export async function repriceCart(
  tx: Tx,
  cart: Selectable<CartTable>,
  tickets: Selectable<TicketTable>[],
  now: Date,
  cache?: TtlCache,
  knownCodes?: CartCode[],
): Promise<{ cart: Selectable<CartTable>; tickets: Selectable<TicketTable>[]; pricing: Pricing; unmet: UnmetRequirement[] }> {
  const promotions = await sellerPromotions(tx, cart.seller_id, cache);
  const { mods, citypass } = promotions;
  // docs/promotions.md#the-storefront, docs/promotions.md#codes: the first configured default code is on every cart, its uses not counted.
  const current = defaultCodeAt(promotions.defaultCode, now.toISOString());
  const defaults = current ? [current] : [];
  const codes = knownCodes ?? (await codesOfCart(tx, cart.id));
  const vouchers = await vouchersOf(tx, codes, citypass, tickets);
  const active: ActiveGroups = new Map();
  const activate = (groupId: string, cap: number | null) => {
    const was = active.get(groupId);
    active.set(groupId, was === undefined ? cap : was === null || cap === null ? null : Math.max(was, cap));
  };
  for (const c of codes) activate(c.code_group_id, c.max_per_order);
  for (const c of defaults) activate(c.code_group_id, c.max_per_order);
  // A gift code redeemed (issue 12) pays part of its ticket first: modifiers price what is left.
  const credits = await giftCredits(tx, tickets);
  const base = (t: Selectable<TicketTable>) => Math.max(0, t.face_value - (credits.get(t.id) ?? 0));
  const pricing = priceCart(credits.size ? tickets.map((t) => ({ ...t, face_value: base(t) })) : tickets, mods, active, now.toISOString(), vouchers);

  const changed = tickets.filter((t) => t.adjusted_value !== base(t) - (pricing.discounts.get(t.id) ?? 0));
  let out = tickets;
  if (changed.length) {
    const typeIds = [...new Set(changed.map((t) => t.ticket_type_id))];
    const percents = new Map((await typeFeePercents(tx, typeIds)).map((t) => [t.id, t.fee_percent_outside]));
    const updated = new Map<string, Selectable<TicketTable>>();
    for (const t of changed) {
      const adjusted = base(t) - (pricing.discounts.get(t.id) ?? 0);
      const fee = percentFee(adjusted, percents.get(t.ticket_type_id));
      await setHeldTicketPrice(tx, t.id, adjusted, fee);
      updated.set(t.id, { ...t, adjusted_value: adjusted, fee_percent_outside: fee });
    }
    out = tickets.map((t) => updated.get(t.id) ?? t);
  }

  // docs/promotions.md#applying-codes code-required groups: which of them no code admits, and which codes a ticket needs (no removing those).
  const requirements = await requirementsOfTickets(tx, tickets, cache);
  const applied = [...defaults, ...codes];
  const unmetWithout = (left: readonly { code_group_id: string }[]) => unmetRequirements(requirements, new Set(left.map((c) => c.code_group_id)));
  const unmet = requirements.length ? unmetWithout(applied) : [];
  const needed = (code: (typeof codes)[number]) => requirements.length > 0 && unmetWithout(applied.filter((c) => c !== code)).length > unmet.length;

  const stored: StoredCartMods = {
    mods: pricing.mods.map(({ mod, discount, tickets: affected, blocking }) => ({
      id: mod.id, name: mod.name, description: mod.description, discount, blocking_checkout: blocking,
      resource: mod.scope === 'event' ? 'event_template' : mod.scope, resource_id: mod.resource_ids[0] ?? null,
      tickets_affected: affected, activating_code_groups: mod.code_group_ids,
    })),
    codes: [...defaults.map((c) => ({ code: c.code, code_group_id: c.code_group_id, phase: 'default' as const })), ...codes.map((c) => ({ code: c.code, code_group_id: c.code_group_id, phase: c.phase as TCartPromoCode['phase'], ...(needed(c) ? { required: true } : {}) }))],
    ...(unmet.length ? { code_required: unmet } : {}),
  };
  const json = stored.mods.length || stored.codes.length || unmet.length ? JSON.stringify(stored) : '[]';
  if (json === cart.cartmods) return { cart, tickets: out, pricing, unmet };
  await updateCartRow(tx, cart.id, { cartmods: json });
  return { cart: { ...cart, cartmods: json }, tickets: out, pricing, unmet };
}

/** The cart's city-pass vouchers counted by group and kind; child types by the group's keyword. */
async function vouchersOf(tx: Tx, codes: { code: string; phase: string; code_group_id: string }[], groups: Map<string, CitypassRules>, tickets: Selectable<TicketTable>[]): Promise<Vouchers> {
  const out: Vouchers = new Map();
  const onCart = codes.flatMap((c) => { const rules = c.phase === 'citypass' ? groups.get(c.code_group_id) : undefined; return rules ? [{ ...c, rules }] : []; });
  if (!onCart.length) return out;
  const typeIds = [...new Set(tickets.map((t) => t.ticket_type_id))];
  const names = typeIds.length ? await typeNames(tx, typeIds) : [];
  for (const { rules, ...c } of onCart) {
    const entry = out.get(c.code_group_id) ?? { adult: 0, child: 0, childTypes: new Set(names.filter((n) => isChildType(n.name, rules.child_keyword)).map((n) => n.id)) };
    if (voucherKind(c.code, rules) === 'child') entry.child += 1;
    else entry.adult += 1;
    out.set(c.code_group_id, entry);
  }
  return out;
}
