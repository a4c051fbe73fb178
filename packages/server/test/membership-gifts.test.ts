import { DEMO_CARDS, GIFT_CODE_TEXT, GIFT_TO_SELF } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { Browser, errorOf } from './auth-harness.js';
import type { CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';
import { GA_10, registered, useMembershipApp } from './membership-harness.js';
import { sendDueGifteeMails } from '../src/membership/gifts/send-giftee-mails.js';

type B = Browser;

describe.each(dialects())('gifts of membership on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useMembershipApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  let n = 0;
  const gifteeOf = async (b: B, email = `giftee${++n}@example.org`) => {
    const res = await b.post('/api/giftee', { first_name: 'Grace', last_name: 'Hopper', email });
    expect(res.status).toBe(200);
    return res.body.identity_id as string;
  };

  /** A logged-in member gives `level`; answers the order, its gift and the giver. */
  async function giveGift(level = 'm-individual', amount = '75.00', gift: Record<string, unknown> = {}) {
    const giver = await registered(t, 'Giver');
    const cart = await giver.b.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type(level), handler_data: { gift } }] });
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    const cartId = cart.body.cart._data[0].id as string;
    expect(cart.body.membership_item._data[0]).toMatchObject({ gift: true, members: [] });
    const giftee = await gifteeOf(giver.b);
    expect((await giver.b.post(`/api/my/cart/${cartId}/gift_checkout`, { giftee_identity_id: giftee })).status).toBe(200);
    const paid = await giver.b.post(`/api/my/cart/${cartId}/pay`, { amount, gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
    const orderId = paid.body.ticket_order._data[0].id as string;
    const order = await giver.b.get(`/api/ticket_order/${orderId}?_embed=membership,membership_gift`);
    expect(order.status).toBe(200);
    return { giver, orderId, giftee, order: order.body, code: order.body.membership_gift._data[0].code as string };
  }

  async function redeem(b: B, code: string, level = 'm-individual', api = '/api/my/cart') {
    const members = [{ role: 'member', first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.org' }];
    return b.post(`${api}/modify`, { add: [{ ticket_type_id: ids.type(level), handler_data: { members, redeem_code: code } }] });
  }

  it('a gift issues one 10-character code instead of member cards, shown to the giver and in the confirmation', async () => {
    const { order, orderId, giver } = await giveGift();
    expect(order.membership._data).toEqual([]);
    const gift = order.membership_gift._data[0];
    expect(gift.code).toMatch(/^[A-Z2-9]{10}$/);
    expect(gift).toMatchObject({ level_name: 'Individual', giftee_name: 'Grace Hopper', redeemed: false, redeem_path: `/membership/redeem?code=${gift.code}` });
    expect(await t.db.selectFrom('membership').select('id').where('ticket_order_id', '=', orderId).execute()).toEqual([]);
    const mail = await t.db.selectFrom('outbox').select(['text_body', 'html_body']).where('to_address', '=', giver.email).where('kind', '=', 'order_confirmation').executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`gift code ${gift.code}`);
    expect(mail.text_body).toContain(`/membership/redeem?code=${gift.code}`);
    // The id-list read never carries the code (not even to the giver: GET ticket_order/{id} does).
    const list = await giver.b.get(`/api/ticket_order?id._in=${orderId}&_embed=membership_gift`);
    expect(JSON.stringify(list.body)).not.toContain(gift.code);
  });

  it('the giftee is e-mailed on the day the giver chose, exactly once however many workers run', async () => {
    const today = t.clock.now.toISOString().slice(0, 10);
    const { code, giftee } = await giveGift('m-individual', '75.00', { email_giftee_on: '2099-01-01' });
    const soon = await giveGift('m-individual', '75.00', { email_giftee_on: today });
    const gifteeEmail = (id: string) => t.db.selectFrom('user_account').select('email').where('identity_id', '=', id).executeTakeFirstOrThrow();
    const runs = await Promise.all([1, 2, 3].map(() => sendDueGifteeMails(t.db, t.dialect, 'https://shop.example', t.clock.now)));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    const sent = await t.db.selectFrom('outbox').select(['text_body', 'subject']).where('to_address', '=', (await gifteeEmail(soon.giftee)).email).where('kind', '=', 'membership_gift').execute();
    expect(sent).toHaveLength(1);
    expect(sent[0].text_body).toContain(soon.code);
    expect(sent[0].text_body).toContain(`https://shop.example/membership/redeem?code=${soon.code}`);
    expect(sent[0].subject).toBe('A gift of membership from Giver Lovelace');
    // The later one waits for its day.
    const later = await t.db.selectFrom('outbox').select('id').where('to_address', '=', (await gifteeEmail(giftee)).email).execute();
    expect(later).toEqual([]);
    expect(code).not.toBe(soon.code);
  });

  it('gifting needs an empty cart, a giftee, and someone other than the giver', async () => {
    const giver = await registered(t, 'Giver');
    const full = await giver.b.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', GA_10) }] });
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    const cartId = full.body.cart._data[0].id;
    const refused = await giver.b.post(`/api/my/cart/${cartId}/modify`, { add: [{ ticket_type_id: ids.type('m-individual'), handler_data: { gift: {} } }] });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(errorOf(refused.body)).toMatchObject({ _code: 'gift_requires_empty_cart', _description: GIFT_CODE_TEXT.emptyCartFirst });
    // Nothing of the refused add stayed.
    expect(await t.db.selectFrom('ticket').select('id').where('cart_id', '=', cartId).execute()).toHaveLength(1);

    const other = await registered(t, 'Giver');
    const cart = await other.b.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type('m-individual'), handler_data: { gift: {} } }] });
    const giftCart = cart.body.cart._data[0].id;
    await other.b.post(`/api/my/cart/${giftCart}/checkout`, {});
    const noGiftee = await other.b.post(`/api/my/cart/${giftCart}/pay`, { amount: '75.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(noGiftee.status).toBe(400);
    expect(errorOf(noGiftee.body)._description).toBe(GIFT_CODE_TEXT.gifteeRequired);
    expect(await t.db.selectFrom('payment').select('id').where('cart_id', '=', giftCart).execute()).toEqual([]);
    const self = await gifteeOf(other.b, other.email.toUpperCase());
    const toSelf = await other.b.post(`/api/my/cart/${giftCart}/gift_checkout`, { giftee_identity_id: self });
    expect(toSelf.status).toBe(400);
    expect(errorOf(toSelf.body)._description).toBe(GIFT_TO_SELF);
    const both = await other.b.post(`/api/my/cart/${giftCart}/modify`, { add: [{ ticket_type_id: ids.type('m-individual'), handler_data: { gift: {}, redeem_code: 'ABCDEFGHJK' } }] });
    expect(both.status).toBe(400);
  });

  it('a guest gives a membership, naming the giftee at guest checkout', async () => {
    const guest = new Browser(t.app, '10.8.1.1');
    const cart = await guest.post('/api/cart/modify', { add: [{ ticket_type_id: ids.type('m-individual'), handler_data: { gift: {} } }] });
    const cartId = cart.body.cart._data[0].id;
    const buyer = await guest.post('/api/user', { first_name: 'Gus', last_name: 'Guest', email: 'gus@example.org' });
    const giftee = await gifteeOf(guest);
    const checkout = await guest.post(`/api/cart/${cartId}/guest_checkout`, { guest_identity_id: buyer.body.user._data[0].identity_id, giftee_identity_id: giftee });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(checkout.body.cart._data[0].giftee).toMatchObject({ id: giftee, name: 'Grace Hopper' });
    const paid = await guest.post(`/api/cart/${cartId}/pay`, { amount: '75.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(paid.body.outcome).toBe('completed');
    const gifts = await t.db.selectFrom('membership_gift').selectAll().where('ticket_order_id', '=', paid.body.ticket_order._data[0].id).execute();
    expect(gifts).toHaveLength(1);
    expect(gifts[0]).toMatchObject({ giver_identity_id: buyer.body.user._data[0].identity_id, giftee_identity_id: giftee, value: 7500 });
  });

  it('a code is looked up as typed (case, spaces), redeemed free for the level given, once', async () => {
    const { code } = await giveGift();
    const redeemer = await registered(t, 'Ruth');
    const typed = `${code.slice(0, 5).toLowerCase()} ${code.slice(5)}`;
    const lookup = await redeemer.b.get(`/api/membership_gift/${encodeURIComponent(typed)}`);
    expect(lookup.status).toBe(200);
    expect(lookup.body).toMatchObject({ code, exhausted: false, level_name: 'Individual' });
    expect(lookup.body.levels.length).toBeLessThanOrEqual(3);
    expect(lookup.body.levels[0]).toMatchObject({ name: 'Individual', price: '75.00', discount: '75.00', to_pay: '0.00' });
    const discounts = lookup.body.levels.map((l: { discount: string }) => Number(l.discount));
    expect([...discounts].sort((a, b) => b - a)).toEqual(discounts);

    const cart = await redeem(redeemer.b, typed);
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    const c = cart.body.cart._data[0];
    expect(c.cart_fees.total_outstanding).toBe('0.00');
    expect(cart.body.membership_item._data[0].redeem_code).toBe(code);
    expect((await redeemer.b.get(`/api/membership_gift/${code}`)).body.exhausted).toBe(true);
    await redeemer.b.post(`/api/my/cart/${c.id}/checkout`, {});
    const paid = await redeemer.b.post(`/api/my/cart/${c.id}/pay`, { amount: '0.00', gateway_id: 'free', gateway_data: {} });
    expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
    const mine = await redeemer.b.get('/api/my/membership');
    expect(mine.body.membership._data).toHaveLength(1);
    expect(mine.body.membership._data[0]).toMatchObject({ level_name: 'Individual', user_id: redeemer.user.id, status: 'current' });
    const gift = await t.db.selectFrom('membership_gift').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
    expect(gift.redeemed_at).not.toBeNull();
    expect(gift.redeemed_order_id).toBe(paid.body.ticket_order._data[0].id);

    const again = await redeem((await registered(t, 'Eve')).b, code);
    expect(again.status).toBe(409);
    expect(errorOf(again.body)).toMatchObject({ _code: 'gift_code_redeemed', _description: GIFT_CODE_TEXT.redeemed });
  });

  it('an upgrade pays the difference', async () => {
    const { code } = await giveGift();
    const redeemer = await registered(t, 'Uma');
    const members = [
      { role: 'member', first_name: 'Uma', last_name: 'U', email: 'uma@example.org' },
      { role: 'second-card', first_name: 'Ian', last_name: 'U' },
    ];
    const cart = await redeemer.b.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type('m-dual'), handler_data: { members, redeem_code: code } }] });
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    expect(cart.body.cart._data[0].cart_fees.total_outstanding).toBe('45.00');
    const cartId = cart.body.cart._data[0].id;
    await redeemer.b.post(`/api/my/cart/${cartId}/checkout`, {});
    const paid = await redeemer.b.post(`/api/my/cart/${cartId}/pay`, { amount: '45.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(paid.body.outcome).toBe('completed');
    const cards = await t.db.selectFrom('membership').selectAll().where('ticket_order_id', '=', paid.body.ticket_order._data[0].id).execute();
    expect(cards).toHaveLength(2);
    expect(cards.every((m) => m.redeemed_at !== null && m.giver_identity_id !== null)).toBe(true);
  });

  it('wrong, unknown and expired codes get the spec texts; a released hold frees the code', async () => {
    const b = (await registered(t, 'Walt')).b;
    for (const bad of ['SHORT', 'ABCDEFGHJKL', 'ZZZZZZZZZZ']) {
      const res = await redeem(b, bad);
      expect(res.status).toBe(404);
      expect(errorOf(res.body)).toMatchObject({ _code: 'gift_code_not_found', _description: GIFT_CODE_TEXT.invalid });
      expect((await b.get(`/api/membership_gift/${bad}`)).status).toBe(404);
    }
    const { code } = await giveGift();
    const held = await redeem(b, code);
    expect(held.status).toBe(200);
    expect(errorOf((await redeem((await registered(t, 'Xavi')).b, code)).body)._code).toBe('gift_code_redeemed');
    // Emptying the cart lets the code go.
    expect((await b.call('DELETE', `/api/my/cart/${held.body.cart._data[0].id}`)).status).toBeLessThan(300);
    expect((await b.get(`/api/membership_gift/${code}`)).body.exhausted).toBe(false);
    const later = await registered(t, 'Yan');
    t.clock.advance(400 * 86_400_000);
    try {
      const expired = await redeem(later.b, code);
      expect(expired.status).toBe(410);
      expect(errorOf(expired.body)).toMatchObject({ _code: 'gift_code_expired', _description: GIFT_CODE_TEXT.expired });
    } finally {
      t.clock.advance(-400 * 86_400_000);
    }
  });

  it('many people redeeming one code at once: exactly one cart gets it', async () => {
    const { code } = await giveGift();
    const racers = await Promise.all(Array.from({ length: 8 }, (_, i) => Promise.resolve(new Browser(t.app, `10.66.0.${i + 1}`))));
    const results = await Promise.all(racers.map((b) => redeem(b, code, 'm-individual', '/api/cart')));
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => errorOf(r.body)._code === 'gift_code_redeemed')).toBe(true);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const holders = await t.db.selectFrom('ticket').select('id').where('handler', '=', 'membership').where('state', '=', 'held').where('cart_id', 'in', won.map((r) => r.body.cart._data[0].id)).execute();
    expect(holders).toHaveLength(1);
  });

  it('looking codes up is rate limited per address', async () => {
    const b = new Browser(t.app, '10.77.7.7');
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await b.get('/api/membership_gift/ABCDEFGHJK')).status;
    expect(last).toBe(429);
  });
});
