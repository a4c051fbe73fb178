import { DEMO_CARDS } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { Browser } from './auth-harness.js';
import type { CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';
import { registered, useMembershipApp } from './membership-harness.js';

// docs/memberships.md: a gift code's source (typed or from the link) is recorded; a guest's giver_identity_id names the giver.
describe.each(dialects())('gift sources and givers on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useMembershipApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));
  let n = 0;
  const gift = (code: string) => t.db.selectFrom('membership_gift').selectAll().where('code', '=', code).executeTakeFirstOrThrow();

  /** A guest buys a gift of membership, naming its giver when given; answers the gift's code. */
  async function guestGift(giver?: 'other' | 'stranger') {
    const b = new Browser(t.app, `10.8.0.${++n}`);
    const cart = await b.post('/api/cart/modify', { add: [{ ticket_type_id: ids.type('m-individual'), handler_data: { gift: {} } }] });
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    const cartId = cart.body.cart._data[0].id as string;
    const buyer = await b.post('/api/user', { first_name: 'Bea', last_name: 'Buyer', email: `buyer${n}@example.org` });
    const other = giver === 'other' ? (await b.post('/api/user', { first_name: 'Gil', last_name: 'Giver', email: `giver${n}@example.org` })).body.user._data[0].identity_id : undefined;
    const strangerId = giver === 'stranger' ? (await registered(t, 'Stranger')).user.identity_id : undefined;
    const giftee = (await b.post('/api/giftee', { first_name: 'Grace', last_name: 'Hopper', email: `giftee${n}@example.org` })).body.identity_id;
    const checkout = await b.post(`/api/cart/${cartId}/guest_checkout`, { guest_identity_id: buyer.body.user._data[0].identity_id, giftee_identity_id: giftee, ...(other || strangerId ? { giver_identity_id: other ?? strangerId } : {}) });
    if (giver === 'stranger') return { checkout };
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const paid = await b.post(`/api/cart/${cartId}/pay`, { amount: '75.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
    const row = await t.db.selectFrom('membership_gift').selectAll().where('ticket_order_id', '=', paid.body.ticket_order._data[0].id).executeTakeFirstOrThrow();
    return { checkout, row, buyerId: buyer.body.user._data[0].identity_id as string, otherId: other as string | undefined };
  }

  it("a guest's giver_identity_id is the gift's giver; without it the buyer is", async () => {
    const named = await guestGift('other');
    expect(named.row!.giver_identity_id).toBe(named.otherId);
    const plain = await guestGift();
    expect(plain.row!.giver_identity_id).toBe(plain.buyerId);
  });

  it('a giver the caller may not name is refused, and nothing is recorded', async () => {
    const { checkout } = await guestGift('stranger');
    expect(checkout.status).toBe(404);
    expect(checkout.body._data[0]._extra).toMatchObject({ field: 'giver_identity_id' });
  });

  it('redeeming records whether the code was typed or came from the link', async () => {
    const first = (await guestGift()).row!;
    const second = (await guestGift()).row!;
    const members = [{ role: 'member', first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.org' }];
    const redeem = (code: string, source?: string) => new Browser(t.app, `10.8.1.${++n}`).post('/api/cart/modify', { add: [{ ticket_type_id: ids.type('m-individual'), handler_data: { members, redeem_code: code, ...(source ? { redeem_code_source: source } : {}) } }] });
    expect((await redeem(first.code, 'query')).status).toBe(200);
    expect((await gift(first.code)).redeem_source).toBe('query');
    expect((await redeem(second.code, 'sideways')).status).toBe(400);
    expect((await gift(second.code)).held_ticket_id).toBeNull();
    expect((await redeem(second.code, 'input')).status).toBe(200);
    expect((await gift(second.code)).redeem_source).toBe('input');
  });
});
