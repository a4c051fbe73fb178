import { uuidv7 } from '../src/ids.js';
import { describe, expect, it } from 'vitest';
import { releaseExpiredCarts } from '../src/cart/release-expired-carts.js';
import { reholdTickets } from '../src/payments/rehold-tickets.js';
import { Browser, errorOf } from './auth-harness.js';
import type { CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';
import { GA_10, GA_11, GA_NEXT_YEAR, PREVIEW, days, giveMembership, registered, useMembershipApp } from './membership-harness.js';

describe.each(dialects())('members-only visibility and member allowances on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useMembershipApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  async function member(level: string, validTo = days(t, 200)) {
    const r = await registered(t);
    const card = await giveMembership(t, ids, r.user, level, days(t, -10), validTo);
    return { ...r, card };
  }
  const ticket = (type: string, startUtc: string, event = 'ga') => ({ ticket_type_id: ids.type(type), event_session_id: ids.session(event, startUtc) });
  const heldCount = async (b: Browser, cartId: string) => (await b.get(`/api/my/cart/${cartId}`)).body.ticket._data.filter((x: { state: string }) => x.state === 'held').length;

  it('members with a current membership see members-only events and groups; others, lapsed members and the public cache do not', async () => {
    const listing = '/events/available?_withmemberevents=T&hidden_type._in=public_browsable,public_member_only';
    const names = (body: { event_template: { _data: { name: string }[] } }) => body.event_template._data.map((e) => e.name);
    const { b } = await member('m-individual');
    expect(names((await b.get(`/api${listing}`)).body)).toContain("Members' Preview Evening");
    expect(names((await b.get(`/cached_api${listing}`)).body)).not.toContain("Members' Preview Evening");
    expect(names((await new Browser(t.app).get(`/api${listing}`)).body)).not.toContain("Members' Preview Evening");
    const lapsed = await member('m-individual', days(t, -1));
    expect(names((await lapsed.b.get(`/api${listing}`)).body)).not.toContain("Members' Preview Evening");

    const groups = (body: { ticket_group: { _data: { name: string }[] } }) => body.ticket_group._data.map((g) => g.name);
    expect(groups((await b.get(`/api/events/${ids.event('ga')}?_embed=ticket_group`)).body)).toEqual(['Tickets', 'Members']);
    expect(groups((await new Browser(t.app).get(`/api/events/${ids.event('ga')}?_embed=ticket_group`)).body)).toEqual(['Tickets']);
    expect(groups((await b.get(`/cached_api/events/${ids.event('ga')}?_embed=ticket_group`)).body)).toEqual(['Tickets']);
    const sessions = await b.get(`/api/events/${ids.event('preview')}/sessions`);
    expect(sessions.status).toBe(200);
    expect(sessions.body.event_session._data).toHaveLength(1);
  });

  it('a lapsed member asking for member tickets gets membership_expired; a non-member cannot have them either', async () => {
    const lapsed = await member('m-individual', days(t, -1));
    const res = await lapsed.b.post('/api/my/cart/modify', { add: [ticket('member', GA_10)] });
    expect(res.status).toBe(403);
    expect(errorOf(res.body)._code).toBe('membership_expired');
    const stranger = await new Browser(t.app).post('/api/my/cart/modify', { add: [ticket('member', GA_10)] });
    expect(stranger.status).toBe(400);
  });

  it('an allowance refuses beyond it with member_limit_exceeded and nothing changes; per session; removal gives it back once', async () => {
    const { b } = await member('m-individual');
    const first = await b.post('/api/my/cart/modify', { add: [ticket('member', GA_10)] });
    expect(first.status).toBe(200);
    const cartId = first.body.cart._data[0].id;
    const second = await b.post(`/api/my/cart/${cartId}/modify`, { add: [ticket('member', GA_10), ticket('adult', GA_10)] });
    expect(second.status).toBe(409);
    expect(errorOf(second.body)).toMatchObject({ _code: 'member_limit_exceeded', _extra: { remaining: 0, ticket_type_id: ids.type('member') } });
    expect(await heldCount(b, cartId)).toBe(1);
    // Another session is another visit.
    expect((await b.post(`/api/my/cart/${cartId}/modify`, { add: [ticket('member', GA_11)] })).status).toBe(200);

    const allowance = await b.get(`/api/my/member_allowance?event_session_id._in=${ids.session('ga', GA_10)},${ids.session('ga', GA_11)}`);
    expect(allowance.body.member_allowance._data.filter((a: { ticket_type_id: string }) => a.ticket_type_id === ids.type('member')).map((a: { remaining: number }) => a.remaining)).toEqual([0, 0]);

    const held = (await b.get(`/api/my/cart/${cartId}`)).body.ticket._data.find((x: { event_session_id: string; state: string }) => x.event_session_id === ids.session('ga', GA_10) && x.state === 'held');
    expect((await b.post(`/api/my/cart/${cartId}/modify`, { remove: [held.id] })).status).toBe(200);
    const after = await b.get(`/api/my/member_allowance?event_session_id=${ids.session('ga', GA_10)}`);
    expect(after.body.member_allowance._data.find((a: { ticket_type_id: string }) => a.ticket_type_id === ids.type('member')).remaining).toBe(1);
    expect((await b.post(`/api/my/cart/${cartId}/modify`, { add: [ticket('member', GA_10)] })).status).toBe(200);
    expect((await b.post(`/api/my/cart/${cartId}/modify`, { add: [ticket('member', GA_10)] })).status).toBe(409);
    expect((await new Browser(t.app).get('/api/my/member_allowance')).body.member_allowance._data).toEqual([]);
  });

  it('a free member order cancelled (POST ticket_order/{id}/cancel) gives its allowance back exactly once, two cancels at once included', async () => {
    const { b } = await member('m-individual');
    const remaining = async () => (await b.get(`/api/my/member_allowance?event_session_id=${ids.session('ga', GA_10)}`)).body.member_allowance._data.find((a: { ticket_type_id: string }) => a.ticket_type_id === ids.type('member')).remaining as number;
    const cart = await b.post('/api/my/cart/modify', { add: [ticket('member', GA_10)] });
    const cartId = cart.body.cart._data[0].id as string;
    expect((await b.post(`/api/my/cart/${cartId}/checkout`, {})).status).toBe(200);
    const paid = await b.post(`/api/my/cart/${cartId}/pay`, { amount: '0.00', gateway_id: 'free', gateway_data: {} });
    expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
    const orderId = paid.body.ticket_order._data[0].id as string;
    const ticketId = paid.body.ticket._data[0].id as string;
    expect(await remaining()).toBe(0);

    const cancels = await Promise.all([1, 2].map(() => b.post(`/api/ticket_order/${orderId}/cancel`, { tickets: [{ ticket_id: ticketId }] })));
    const cancelled = cancels.filter((r) => r.status === 200).reduce((n, r) => n + (r.body.cancelled as number), 0);
    expect(cancelled, JSON.stringify(cancels.map((r) => r.body))).toBe(1);
    expect(await remaining()).toBe(1);
    // Once more, one after the other: nothing more comes back.
    expect((await b.post(`/api/ticket_order/${orderId}/cancel`, { tickets: [{ ticket_id: ticketId }] })).status).toBe(409);
    expect(await remaining()).toBe(1);
    // The allowance is one place again, not two.
    const again = await b.post('/api/my/cart/modify', { add: [ticket('member', GA_10)] });
    expect(again.status).toBe(200);
    expect((await b.post(`/api/my/cart/${again.body.cart._data[0].id}/modify`, { add: [ticket('member', GA_10)] })).status).toBe(409);
  });

  it("the '*' pool counts every member ticket type together; per-membership rules count across sessions", async () => {
    const family = await member('m-family');
    const cart = await family.b.post('/api/my/cart/modify', { add: [ticket('member', GA_10), ticket('member', GA_10), ticket('member', GA_10)] });
    expect(cart.status).toBe(200);
    const cartId = cart.body.cart._data[0].id;
    const over = await family.b.post(`/api/my/cart/${cartId}/modify`, { add: [ticket('member', GA_10), ticket('member', GA_10)] });
    expect(errorOf(over.body)).toMatchObject({ _code: 'member_limit_exceeded', _extra: { remaining: 1 } });
    expect((await family.b.post(`/api/my/cart/${cartId}/modify`, { add: [ticket('member', GA_10)] })).status).toBe(200);

    const dual = await member('m-dual');
    const two = await dual.b.post('/api/my/cart/modify', { add: [ticket('preview-member', PREVIEW, 'preview'), ticket('preview-member', PREVIEW, 'preview')] });
    expect(two.status).toBe(200);
    const third = await dual.b.post(`/api/my/cart/${two.body.cart._data[0].id}/modify`, { add: [ticket('preview-member', PREVIEW, 'preview')] });
    expect(errorOf(third.body)._code).toBe('member_limit_exceeded');
    // A members-only type no rule names (the member's guest) has no member limit.
    expect((await dual.b.post(`/api/my/cart/${two.body.cart._data[0].id}/modify`, { add: [ticket('preview-guest', PREVIEW, 'preview'), ticket('preview-guest', PREVIEW, 'preview'), ticket('preview-guest', PREVIEW, 'preview')] })).status).toBe(200);
  });

  it('member_reserve_session_beyond_term: refused by default, allowed with always, with if_autorenew only when auto-renew is scheduled', async () => {
    const { b } = await member('m-individual', days(t, 200));
    const refused = await b.post('/api/my/cart/modify', { add: [ticket('member', GA_NEXT_YEAR)] });
    expect(errorOf(refused.body)._code).toBe('membership_beyond_term');
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    const setConfig = async (value: string) => {
      await t.db.deleteFrom('config_entry').where('name', '=', 'member_reserve_session_beyond_term').execute();
      await t.db.insertInto('config_entry').values({ id: uuidv7(), seller_id: seller.id, resource_id: seller.id, namespace: 'membership', name: 'member_reserve_session_beyond_term', value: JSON.stringify(value) }).execute();
      t.clock.advance(0);
      await new Promise((r) => setTimeout(r, 2_100)); // the reserve path's catalog memo lives 2 s
    };
    try {
      await setConfig('if_autorenew');
      expect(errorOf((await b.post('/api/my/cart/modify', { add: [ticket('member', GA_NEXT_YEAR)] })).body)._code).toBe('membership_beyond_term');
      const renewing = await member('m-individual', days(t, 200));
      await t.db.updateTable('membership').set({ auto_renew_state: 'scheduled' }).where('id', '=', renewing.card.id).execute();
      expect((await renewing.b.post('/api/my/cart/modify', { add: [ticket('member', GA_NEXT_YEAR)] })).status).toBe(200);
      await setConfig('always');
      expect((await b.post('/api/my/cart/modify', { add: [ticket('member', GA_NEXT_YEAR)] })).status).toBe(200);
    } finally {
      await t.db.deleteFrom('config_entry').where('name', '=', 'member_reserve_session_beyond_term').execute();
      await new Promise((r) => setTimeout(r, 2_100));
    }
  });

  it('50 concurrent reservations by one Dual member never exceed its 2 per visit; expired holds give it back once', async () => {
    const { b, card } = await member('m-dual');
    const results = await Promise.all(Array.from({ length: 50 }, () => b.post('/api/my/cart/modify', { add: [ticket('member', GA_11)] })));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(2);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409 && errorOf(r.body)._code === 'member_limit_exceeded')).toBe(true);
    const usage = () => t.db.selectFrom('member_allowance_usage').select('used').where('membership_id', '=', card.id).where('period_key', '=', ids.session('ga', GA_11)).executeTakeFirstOrThrow();
    expect((await usage()).used).toBe(2);

    t.clock.advance(31 * 60_000);
    try {
      await releaseExpiredCarts(t.db, t.dialect, t.clock.now);
      expect((await usage()).used).toBe(0);
      await releaseExpiredCarts(t.db, t.dialect, t.clock.now);
      expect((await usage()).used).toBe(0);
    } finally {
      t.clock.advance(-31 * 60_000);
    }
  });

  it('member_event_purchase_limit caps member tickets per members-only event for the card set, races included, and is given back once', async () => {
    const r = await registered(t);
    await giveMembership(t, ids, r.user, 'm-dual', days(t, -10), days(t, 200), { member_event_purchase_limit: 3 });
    const guest = ticket('preview-guest', PREVIEW, 'preview');
    const results = await Promise.all(Array.from({ length: 10 }, () => r.b.post('/api/my/cart/modify', { add: [guest] })));
    expect(results.filter((x) => x.status === 200)).toHaveLength(3);
    const refused = results.find((x) => x.status !== 200)!;
    expect(errorOf(refused.body)).toMatchObject({ _code: 'member_limit_exceeded', _extra: { remaining: 0, ticket_type_id: ids.type('preview-guest') } });
    const allowance = await r.b.get(`/api/my/member_allowance?event_session_id=${ids.session('preview', PREVIEW)}`);
    expect(allowance.body.member_allowance._data.find((a: { membership_rule_id: string }) => a.membership_rule_id === 'member_event_purchase_limit')).toMatchObject({ ticket_type_id: '*', quantity: 3, remaining: 0 });
    // Not a members-only event: General Admission's member tickets are not counted by it.
    expect((await r.b.post('/api/my/cart/modify', { add: [ticket('member', GA_10), ticket('member', GA_10)] })).status).toBe(200);

    const cartId = results.find((x) => x.status === 200)!.body.cart._data[0].id;
    const held = (await r.b.get(`/api/my/cart/${cartId}`)).body.ticket._data.find((x: { ticket_type_id: string; state: string }) => x.ticket_type_id === ids.type('preview-guest') && x.state === 'held');
    expect((await r.b.post(`/api/my/cart/${cartId}/modify`, { remove: [held.id] })).status).toBe(200);
    expect((await r.b.post(`/api/my/cart/${cartId}/modify`, { remove: [held.id] })).status).not.toBe(500);
    const after = await r.b.get(`/api/my/member_allowance?event_session_id=${ids.session('preview', PREVIEW)}`);
    expect(after.body.member_allowance._data.find((a: { membership_rule_id: string }) => a.membership_rule_id === 'member_event_purchase_limit').remaining).toBe(1);
  });

  it('without a session, a per-visit allowance answers its whole quantity (the quantity-first flow asks before a session)', async () => {
    const { b } = await member('m-dual');
    expect((await b.post('/api/my/cart/modify', { add: [ticket('member', GA_10)] })).status).toBe(200);
    const all = (await b.get('/api/my/member_allowance')).body.member_allowance._data;
    expect(all.find((a: { ticket_type_id: string }) => a.ticket_type_id === ids.type('member'))).toMatchObject({ period_key: 'any', used: 0, remaining: 2 });
    const session = (await b.get(`/api/my/member_allowance?event_session_id=${ids.session('ga', GA_10)}`)).body.member_allowance._data;
    expect(session.find((a: { ticket_type_id: string }) => a.ticket_type_id === ids.type('member')).remaining).toBe(1);
  });

  it('a payment completing after its hold expired takes the member allowance again, or is refused when it is gone', async () => {
    const { b, card } = await member('m-individual');
    const cart = await b.post('/api/my/cart/modify', { add: [ticket('member', GA_11)] });
    const cartId = cart.body.cart._data[0].id;
    const ticketIds = [cart.body.ticket._data[0].id];
    const usage = async () => (await t.db.selectFrom('member_allowance_usage').select('used').where('membership_id', '=', card.id).where('period_key', '=', ids.session('ga', GA_11)).executeTakeFirst())?.used;
    t.clock.advance(31 * 60_000);
    try {
      await releaseExpiredCarts(t.db, t.dialect, t.clock.now);
      expect(await usage()).toBe(0);
      await t.db.updateTable('cart').set({ state: 'expired' }).where('id', '=', cartId).execute();
      // Still free: re-held, the allowance taken again.
      expect(await t.db.transaction().execute((tx) => reholdTickets(tx, cartId, ticketIds, t.clock.now))).toBe(true);
      expect(await usage()).toBe(1);
      await t.db.transaction().execute(async (tx) => {
        await tx.updateTable('ticket').set({ state: 'cancelled' }).where('id', 'in', ticketIds).execute();
        await tx.deleteFrom('member_allowance_take').where('ticket_id', 'in', ticketIds).execute();
        await tx.updateTable('member_allowance_usage').set({ used: 0 }).where('membership_id', '=', card.id).execute();
      });
      // Gone: another cart took the visit's one member ticket meanwhile.
      expect((await b.post('/api/my/cart/modify', { add: [ticket('member', GA_11)] })).status).toBe(200);
      expect(await t.db.transaction().execute((tx) => reholdTickets(tx, cartId, ticketIds, t.clock.now))).toBe(false);
    } finally {
      t.clock.advance(-31 * 60_000);
    }
  });
});
