import { DEMO_CARDS } from '@foyer/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { Browser, PASSWORD, deliverMail, errorOf, mailbox, setLoginMethods } from './auth-harness.js';
import type { CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';
import { buyMembership, dualMembers, registered, useMembershipApp } from './membership-harness.js';

describe.each(dialects())('buying a membership on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useMembershipApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  it('a member asks for the membership e-mail again (my/ticket_order/resend, memberships_only): it goes to the account address', async () => {
    const { b, email } = await registered(t);
    const { order } = await buyMembership(b, ids, 'm-individual', { members: [{ role: 'member', first_name: 'Ada', last_name: 'Lovelace', email }] }, '75.00');
    await deliverMail(t);
    const before = (await mailbox(t.app, email)).length;
    const res = await b.post('/api/my/ticket_order/resend', { memberships_only: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await deliverMail(t);
    const mails = await mailbox(t.app, email);
    expect(mails.length - before).toBe(1);
    expect(mails[0].subject).toBe(`Your tickets — order ${order.order_number}`);
    const [card] = (await b.get(`/api/ticket_order/${order.id}?_embed=membership`)).body.membership._data;
    expect(mails[0].text).toContain(card.scan_code);

    expect((await new Browser(t.app).post('/api/my/ticket_order/resend', { memberships_only: true })).status).toBe(401);
    const stranger = await registered(t, 'Cleo');
    const none = await stranger.b.post('/api/my/ticket_order/resend', { memberships_only: true });
    expect(none.status).toBe(404);
    expect(errorOf(none.body)._description).toBe('No orders could be found for this email address.');
  });

  it('a paid Dual membership creates one card per member in the order, and the buyer becomes a member', async () => {
    const { b, email, user } = await registered(t);
    const { order } = await buyMembership(b, ids, 'm-dual', { members: dualMembers(email) }, '120.00');

    const doc = await b.get(`/api/ticket_order/${order.id}?_embed=membership`);
    const cards = doc.body.membership._data;
    expect(cards).toHaveLength(2);
    expect(cards.map((c: { role: string }) => c.role)).toEqual(['member', 'second-card']);
    expect(cards[0]).toMatchObject({
      first_name: 'Ada', email, level_name: 'Dual', ticket_type_id: ids.type('m-dual'), ticket_order_id: order.id, ticket_group_id: ids.group('membership', 'levels'),
      user_id: user.id, identity_id: user.identity_id, status: 'current', auto_renew_state: 'none', member_event_purchase_limit: 4,
      valid_from: t.clock.now.toISOString(), valid_to: '2027-06-01T16:00:00.000Z',
    });
    expect(cards[0].scan_code).not.toBe(cards[1].scan_code);
    expect(cards[1].card_set_id).toBe(cards[0].card_set_id);
    // The id-list read never carries member cards; another visitor gets nothing by the id.
    for (const prefix of ['/api', '/cached_api']) {
      const listed = await new Browser(t.app).get(`${prefix}/ticket_order?id._in=${order.id}&_embed=membership`);
      expect(listed.status).toBe(400);
      expect(errorOf(listed.body)._code).toBe('unknown_embed');
      expect(JSON.stringify(listed.body)).not.toContain(cards[0].scan_code);
    }
    expect((await new Browser(t.app).get(`/api/ticket_order/${order.id}?_embed=membership`)).status).toBe(404);

    // GET my/user carries the member id; GET my/membership the same cards, with its embeds.
    const me = await b.get('/api/my/user');
    expect(me.body.user._data[0].scan_code).toBe(cards[0].scan_code);
    const mine = await b.get('/api/my/membership?_embed=role,identity_link,ticket,ticket_order,ticket_type,event_template,ticket_group');
    expect(mine.status).toBe(200);
    expect(mine.body.membership._data.map((c: { id: string }) => c.id)).toEqual(cards.map((c: { id: string }) => c.id));
    expect(mine.body.role._data).toEqual([{ id: 'member', name: 'Member' }, { id: 'second-card', name: 'Second card' }]);
    expect(mine.body.identity_link._data[0]).toEqual({ id: cards[0].id, membership_id: cards[0].id, identity_id: user.identity_id, user_id: user.id });
    expect(mine.body.ticket._data[0].id).toBe(cards[0].ticket_id);
    expect(mine.body.ticket_order._data[0].id).toBe(order.id);
    expect(mine.body.ticket_type._data[0].name).toBe('Dual');
    expect(mine.body.event_template._data[0].name).toBe('Become a Member');
    expect(mine.body.ticket_group._data[0].id).toBe(cards[0].ticket_group_id);

    // The confirmation carries each card's number and QR code.
    const box = JSON.stringify((await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` })).json());
    for (const c of cards) expect(box).toContain(`member number ${c.scan_code}`);
    expect(box).toContain(`cid:member-2-${order.id}@foyer`);
  });

  it('the second card logs in with its member id and last name to the buyer\'s account, whose login answer carries the cards', async () => {
    const { b, email, user } = await registered(t, 'Grace');
    const { order } = await buyMembership(b, ids, 'm-dual', { members: dualMembers(email) }, '120.00');
    const cards = (await b.get(`/api/ticket_order/${order.id}?_embed=membership`)).body.membership._data;
    await setLoginMethods(t.db, ['password', 'scan_code_last_name', 'scan_code_password']);
    const login = await new Browser(t.app, '10.8.0.1').post('/api/login', { scan_code: cards[1].scan_code.toLowerCase(), last_name: 'lovelace' });
    expect(login.status).toBe(200);
    expect(login.body.user._data[0].id).toBe(user.id);
    expect(login.body.membership._data.map((c: { scan_code: string }) => c.scan_code)).toEqual(cards.map((c: { scan_code: string }) => c.scan_code));
    const withPassword = await new Browser(t.app, '10.8.0.2').post('/api/login', { scan_code: cards[0].scan_code, password: PASSWORD });
    expect(withPassword.status).toBe(200);
  });

  it('refuses members that do not fit the level, before anything is held', async () => {
    const { b, email } = await registered(t);
    const add = (level: string, handler_data: unknown) => b.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type(level), handler_data }] });
    const cases: [string, unknown, string][] = [
      ['m-dual', { members: [dualMembers(email)[0]] }, 'second-card'], // Dual needs its second card
      ['m-individual', { members: [{ role: 'member', first_name: 'Ada', last_name: 'L' }] }, 'e-mail'], // e-mail required
      ['m-individual', { members: [{ role: 'child', first_name: 'Ada', last_name: 'L', email }] }, 'role'],
      ['m-individual', { members: [] }, 'at least one member'],
      ['m-individual', {}, 'either members'],
      ['m-individual', { members: [{ role: 'member', first_name: 'A'.repeat(51), last_name: 'L', email }] }, ''],
      ['m-individual', { members: [{ role: 'member', first_name: 'Ada', last_name: 'L', email: `${'a'.repeat(250)}@x.org` }] }, ''],
    ];
    const held = await add('m-dual', { members: dualMembers(email) });
    expect(held.body.membership_item._data).toEqual([
      { id: held.body.ticket._data[0].id, ticket_id: held.body.ticket._data[0].id, ticket_type_id: ids.type('m-dual'), renew_membership_id: null, gift: false, email_giftee_on: null, redeem_code: null, members: [{ ...dualMembers(email)[0] }, { ...dualMembers(email)[1], email: null }] },
    ]);
    await b.call('DELETE', `/api/my/cart/${held.body.cart._data[0].id}`);
    for (const [level, data, words] of cases) {
      const res = await add(level, data);
      expect(res.status, JSON.stringify(data)).toBe(400);
      expect(errorOf(res.body)._code).toBe('validation_failed');
      expect(errorOf(res.body)._description.toLowerCase()).toContain(words.toLowerCase());
    }
    expect(await t.db.selectFrom('membership_item').select('ticket_id').where('cart_id', 'in', t.db.selectFrom('cart').select('id').where('identity_id', '=', (await b.get('/api/my/user')).body.user._data[0].identity_id)).execute()).toHaveLength(1);
  });

  it('a declined card creates no membership', async () => {
    const { b, email, user } = await registered(t);
    const cart = await b.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type('m-individual'), handler_data: { members: [{ role: 'member', first_name: 'Ada', last_name: 'L', email }] } }] });
    const cartId = cart.body.cart._data[0].id;
    await b.post(`/api/my/cart/${cartId}/checkout`, {});
    const paid = await b.post(`/api/my/cart/${cartId}/pay`, { amount: '75.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.card_declined } });
    expect(paid.status).toBe(402);
    expect(await t.db.selectFrom('membership').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('a booking that fails after the cards were written leaves no membership (one transaction)', async () => {
    const { b, email, user } = await registered(t);
    const cart = await b.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type('m-individual'), handler_data: { members: [{ role: 'member', first_name: 'Ada', last_name: 'L', email }] } }] });
    const cartId = cart.body.cart._data[0].id;
    await b.post(`/api/my/cart/${cartId}/checkout`, {});
    // The confirmation is queued after the cards in the same transaction: make that write fail.
    await sql`ALTER TABLE outbox RENAME TO outbox_away`.execute(t.db);
    try {
      const paid = await b.post(`/api/my/cart/${cartId}/pay`, { amount: '75.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
      expect(paid.body?.outcome).not.toBe('completed');
    } finally {
      await sql`ALTER TABLE outbox_away RENAME TO outbox`.execute(t.db);
    }
    expect(await t.db.selectFrom('membership').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('ticket_order').select('id').where('cart_id', '=', cartId).execute()).toEqual([]);
    expect((await t.db.selectFrom('user_account').select('scan_code').where('id', '=', user.id).executeTakeFirstOrThrow()).scan_code).toBeNull();
  });

  it('a member id never repeats (unique index)', async () => {
    const { b, email } = await registered(t);
    const { order } = await buyMembership(b, ids, 'm-individual', { members: [{ role: 'member', first_name: 'Ada', last_name: 'L', email }] }, '75.00');
    const card = await t.db.selectFrom('membership').selectAll().where('ticket_order_id', '=', order.id).executeTakeFirstOrThrow();
    await expect(t.db.insertInto('membership').values({ ...card, id: 'another-card', card_set_id: 'another-set' }).execute()).rejects.toThrow();
  });

  it('the QR code of a card is a PNG for its owner only', async () => {
    const { b, email } = await registered(t);
    const { order } = await buyMembership(b, ids, 'm-individual', { members: [{ role: 'member', first_name: 'Ada', last_name: 'L', email }] }, '75.00');
    const [card] = (await b.get(`/api/ticket_order/${order.id}?_embed=membership`)).body.membership._data;
    const png = await t.app.inject({ method: 'GET', url: `/api/membership/${card.id}/qrcode?margin=2`, headers: { cookie: [...b.cookies].map(([n, c]) => `${n}=${c.value}`).join('; ') } });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(png.headers['cache-control']).toMatch(/private/);
    const stranger = await registered(t, 'Eve');
    expect((await stranger.b.get(`/api/membership/${card.id}/qrcode?margin=2`)).status).toBe(404);
    expect((await new Browser(t.app).get(`/api/membership/${card.id}/qrcode`)).status).toBe(401);
    expect((await b.get(`/api/membership/${card.id}/qrcode?margin=99`)).status).toBe(400);
  });

  it('GET membership_levels gives each level its term, window and roles; GET my/membership needs a login', async () => {
    const levels = await new Browser(t.app).get('/cached_api/membership_levels');
    expect(levels.status).toBe(200);
    expect(levels.body.membership_level._data.map((l: { name: string }) => l.name)).toEqual(['Individual', 'Dual', 'Family']);
    expect(levels.body.membership_level._data[1]).toMatchObject({ term_months: 12, allowed_period_days: 30, roles: [{ role: 'member', min: 1, max: 1, email_required: true }, { role: 'second-card', min: 1, max: 1, email_required: false }] });
    expect((await new Browser(t.app).get('/api/my/membership')).status).toBe(401);
  });

  it('a membership needs an account: an anonymous cart is refused before any charge; a guest account named at checkout owns the cards', async () => {
    const guest = new Browser(t.app, '10.9.9.9');
    const member = { role: 'member', first_name: 'Grace', last_name: 'Hopper', email: 'grace.h@example.org' };
    const cart = await guest.post('/api/cart/modify', { add: [{ ticket_type_id: ids.type('m-individual'), handler_data: { members: [member] } }] });
    const cartId = cart.body.cart._data[0].id;
    const pay = () => guest.post(`/api/cart/${cartId}/pay`, { amount: '75.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    const refused = await pay();
    expect(refused.status).toBe(401);
    expect(errorOf(refused.body)._code).toBe('not_authorized');
    expect(await t.db.selectFrom('payment').select('id').where('cart_id', '=', cartId).execute()).toEqual([]);

    const account = await guest.post('/api/user', { first_name: 'Grace', last_name: 'Hopper', email: 'grace.h@example.org' });
    expect((await guest.post(`/api/cart/${cartId}/guest_checkout`, { guest_identity_id: account.body.user._data[0].identity_id })).status).toBe(200);
    const paid = await pay();
    expect(paid.body.outcome).toBe('completed');
    const cards = await t.db.selectFrom('membership').selectAll().where('ticket_order_id', '=', paid.body.ticket_order._data[0].id).execute();
    expect(cards).toHaveLength(1);
    expect(cards[0].user_id).toBe(account.body.user._data[0].id);
  });
});
