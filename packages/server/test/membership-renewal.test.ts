import { describe, expect, it } from 'vitest';
import { PASSWORD, errorOf } from './auth-harness.js';
import type { CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';
import { buyMembership, days, dualMembers, giveMembership, registered, useMembershipApp } from './membership-harness.js';

describe.each(dialects())('renewing a membership on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useMembershipApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  const renew = (b: Awaited<ReturnType<typeof registered>>['b'], level: string, membershipId: string) =>
    b.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type(level), handler_data: { renew_membership_id: membershipId } }] });

  it('outside the allowed period it is refused, saying from when it can be renewed', async () => {
    const { b, user } = await registered(t);
    const card = await giveMembership(t, ids, user, 'm-dual', days(t, -300), '2026-08-01T16:00:00.000Z'); // 61 days left, window 30
    const res = await renew(b, 'm-dual', card.id);
    expect(res.status).toBe(409);
    expect(errorOf(res.body)).toMatchObject({ _code: 'renewal_not_allowed', _extra: { renew_from: '2026-07-02' } });
    expect(errorOf(res.body)._description).toContain('renew from 2026-07-02');
    const mine = await b.get('/api/my/membership');
    expect(mine.body.membership._data[0].renewal).toEqual({ allowed: false, from: '2026-07-02' });
    // Buying a new one for oneself meanwhile is refused too.
    const again = await b.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type('m-dual'), handler_data: { members: dualMembers('a@example.org') } }] });
    expect(errorOf(again.body)).toMatchObject({ _code: 'membership_exists', _extra: { renew_from: '2026-07-02' } });
  });

  it('inside the window it extends every card from the current end, keeping the member ids', async () => {
    const { b, email } = await registered(t);
    const { order } = await buyMembership(b, ids, 'm-dual', { members: dualMembers(email) }, '120.00');
    const cards = (await b.get(`/api/ticket_order/${order.id}?_embed=membership`)).body.membership._data;
    // Eleven and a half months later: 15 days before the end, inside the 30-day window.
    t.clock.advance(350 * 86_400_000);
    try {
      expect((await b.post('/api/login', { username: email, password: PASSWORD })).status).toBe(200); // the old session has ended
      const mine = await b.get('/api/my/membership');
      expect(mine.body.membership._data[0].renewal.allowed).toBe(true);
      const cart = await renew(b, 'm-dual', cards[1].id);
      expect(cart.status, JSON.stringify(cart.body)).toBe(200);
      const cartId = cart.body.cart._data[0].id;
      await b.post(`/api/my/cart/${cartId}/checkout`, {});
      const paid = await b.post(`/api/my/cart/${cartId}/pay`, { amount: '120.00', gateway_id: 'demo', gateway_data: { card_number: '4242424242424242' } });
      expect(paid.body.outcome).toBe('completed');
      const renewed = (await b.get(`/api/ticket_order/${paid.body.ticket_order._data[0].id}?_embed=membership`)).body.membership._data;
      expect(renewed.map((c: { scan_code: string }) => c.scan_code)).toEqual(cards.map((c: { scan_code: string }) => c.scan_code));
      expect(renewed.every((c: { valid_to: string }) => c.valid_to === '2028-06-01T16:00:00.000Z')).toBe(true);
      expect(await t.db.selectFrom('membership').select('id').where('card_set_id', '=', cards[0].card_set_id).execute()).toHaveLength(2);
    } finally {
      t.clock.advance(-350 * 86_400_000);
    }
  });

  it("buying for oneself inside the window renews; someone else's membership cannot be renewed", async () => {
    const { b, user } = await registered(t);
    const card = await giveMembership(t, ids, user, 'm-individual', days(t, -350), days(t, 10));
    const cart = await b.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type('m-individual'), handler_data: { members: [{ role: 'member', first_name: 'A', last_name: 'B', email: 'a@example.org' }] } }] });
    expect(cart.status).toBe(200);
    const item = await t.db.selectFrom('membership_item').selectAll().where('cart_id', '=', cart.body.cart._data[0].id).executeTakeFirstOrThrow();
    expect(item.renew_membership_id).toBe(card.id);

    const other = await registered(t, 'Eve');
    expect((await renew(other.b, 'm-individual', card.id)).status).toBe(404);
  });
});
