import fc from 'fast-check';
import { DEMO_CARDS, toMinor } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { priceCart, spread, type PricingMod, type PricingTicket } from '../src/promotions/price-cart.js';
import { CartClient, type CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';
import { usePromotionsApp } from './promotions-harness.js';

const TYPES = ['t1', 't2', 't3'];
const ticket = fc.record({ face_value: fc.integer({ min: 0, max: 50_000 }), ticket_type_id: fc.constantFrom(...TYPES), ticket_group_id: fc.constantFrom('g1', 'g2'), event_template_id: fc.constantFrom('e1', 'e2') });
const mod = fc.record({
  kind: fc.constantFrom<PricingMod['kind']>('percent_off', 'amount_off', 'fixed_price'),
  value: fc.integer({ min: 0, max: 60_000 }),
  scope: fc.constantFrom<PricingMod['scope']>('ticket_type', 'ticket_group', 'event', 'cart'),
  resource_ids: fc.subarray(['t1', 't2', 't3', 'g1', 'g2', 'e1', 'e2']),
  min_tickets: fc.option(fc.integer({ min: 1, max: 4 })),
  max_tickets: fc.option(fc.integer({ min: 1, max: 4 })),
  stackable: fc.boolean(),
  group: fc.constantFrom('c1', 'c2', 'none'),
});

/** price-cart.ts for random carts and modifiers (issue 14: never negative, line sums equal the total). */
describe('pricing properties (fast-check)', () => {
  it('no ticket goes below 0; each modifier’s discount is the sum of its tickets’; the cart total is the sum of its lines', () => {
    fc.assert(
      fc.property(fc.array(ticket, { maxLength: 8 }), fc.array(mod, { maxLength: 5 }), fc.subarray(['c1', 'c2']), (rawTickets, rawMods, codes) => {
        const tickets: PricingTicket[] = rawTickets.map((t, i) => ({ ...t, id: `k${i}`, valid_from: '2026-06-02T18:00:00.000Z' }));
        const mods: PricingMod[] = rawMods.map((m, i) => ({
          id: `m${i}`, name: `m${i}`, description: null, kind: m.kind, value: m.kind === 'percent_off' ? m.value % 10_001 : m.value, scope: m.scope,
          resource_ids: m.resource_ids, min_tickets: m.min_tickets, max_tickets: m.max_tickets, requires: null, valid_from: null, valid_to: null,
          session_from: null, session_to: null, stackable: m.stackable, blocking_checkout: false, code_group_ids: m.group === 'none' ? [] : [m.group],
        }));
        const { discounts, mods: priced } = priceCart(tickets, mods, new Map(codes.map((c) => [c, null])), '2026-06-01T16:00:00.000Z');
        for (const t of tickets) {
          const d = discounts.get(t.id) ?? 0;
          expect(d).toBeGreaterThanOrEqual(0);
          expect(t.face_value - d).toBeGreaterThanOrEqual(0);
        }
        const byMods = priced.reduce((sum, m) => sum + m.discount, 0);
        const byLines = [...discounts.values()].reduce((a, b) => a + b, 0);
        expect(byMods).toBe(byLines);
        for (const m of priced) expect(m.tickets.length).toBeLessThanOrEqual(m.mod.max_tickets ?? Infinity);
      }),
      { numRuns: 500 },
    );
  });

  it('spread never gives a line more than its price and gives out exactly min(amount, total)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 10 }), (amount, prices) => {
        const shares = spread(amount, prices);
        shares.forEach((s, i) => expect(s >= 0 && s <= prices[i]).toBe(true));
        expect(shares.reduce((a, b) => a + b, 0)).toBe(Math.min(amount, prices.reduce((a, b) => a + b, 0)));
      }),
    );
  });
});

describe.each(dialects())('the server’s total is what pay charges on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  usePromotionsApp(dialect, (app, catalog) => ((t = app), (ids = catalog)), { FOYER_MAX_HELD_TICKETS_PER_IP: '1000', FOYER_CARTS_PER_IP_PER_HOUR: '1000' });

  it('for random carts and codes: a cent more is refused, the total itself completes the order at that total', async () => {
    await fc.assert(
      // At most 4: the catalog allows 4 of a type per order (5 children were refused, seed 967145771).
      fc.asyncProperty(fc.array(fc.constantFrom('adult', 'child'), { minLength: 1, maxLength: 4 }), fc.subarray(['WELCOME10', 'FIVER', 'BONUS', 'PAIR', 'FAMILYDAY', 'VIPPASS']), async (types, codes) => {
        const c = new CartClient(t.app);
        const made = await c.create(types.map((type) => ({ ticket_type_id: ids.type(type), event_session_id: ids.session('ga', '2026-06-02T18:00:00.000Z') })));
        expect(made.status, JSON.stringify(made.body)).toBe(200);
        const cartId = made.body.cart._data[0].id;
        for (const code of codes) await c.call('POST', `/api/my/cart/${cartId}/apply_code`, { code });
        const cart = (await c.call('GET', `/api/my/cart/${cartId}`)).body;
        const fees = cart.cart._data[0].cart_fees;
        const lines = cart.ticket._data.reduce((sum: number, x: { adjusted_value: string }) => sum + toMinor(x.adjusted_value), 0);
        expect(lines).toBe(toMinor(fees.total_before_cartmod_price) - toMinor(fees.total_cartmod_amount));
        expect(toMinor(fees.total_outstanding)).toBeGreaterThanOrEqual(0);
        const outstanding = toMinor(fees.total_outstanding);
        if (cart.cart._data[0].cartmods.some((m: { blocking_checkout: boolean }) => m.blocking_checkout) || outstanding < 50) return;
        const card = (minor: number) => ({ amount: (minor / 100).toFixed(2), gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
        expect((await c.call('POST', `/api/cart/${cartId}/pay`, card(outstanding + 1))).status).toBe(400);
        const paid = await c.call('POST', `/api/cart/${cartId}/pay`, card(outstanding));
        expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
        const order = await t.db.selectFrom('ticket_order').select('total').where('cart_id', '=', cartId).executeTakeFirstOrThrow();
        expect(order.total).toBe(outstanding);
      }),
      { numRuns: 12 },
    );
  });
});
