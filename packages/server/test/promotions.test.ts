import { DEMO_CARDS, PROMO_TEXT } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { releaseExpiredCarts } from '../src/cart/release-expired-carts.js';
import { LATE_REFUSAL } from '../src/payments/settle-payment.js';
import { CartClient, type CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';
import { usePromotionsApp } from './promotions-harness.js';
import { mailbox } from './auth-harness.js';
import { jsonContentType } from './harness.js';
import { uuidv7 } from '../src/ids.js';

const GA = '2026-06-02T18:00:00.000Z';

/** Promo codes and cart modifiers through the real API (docs/promotions.md#applying-codes). */
describe.each(dialects())('promotions on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  usePromotionsApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  const line = (type: string) => ({ ticket_type_id: ids.type(type), event_session_id: ids.session('ga', GA) });
  const vip = () => line('vip');
  async function cartOf(types: string[], c = new CartClient(t.app)) {
    const res = await c.create(types.map(line));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { c, cartId: res.body.cart._data[0].id as string };
  }
  const apply = (c: CartClient, cartId: string, code: string, extra: object = {}) => c.call('POST', `/api/my/cart/${cartId}/apply_code`, { code, require_benefit: true, ...extra });
  const used = async (code: string) => (await t.db.selectFrom('promo_code').select('used').where('code', '=', code).executeTakeFirstOrThrow()).used;
  const fees = (body: { cart: { _data: { cart_fees: Record<string, string> }[] } }) => body.cart._data[0].cart_fees;

  it('WELCOME10 takes 10% off each admission ticket: per line, in the totals, in the cart mods; removing it puts the price back', async () => {
    const { c, cartId } = await cartOf(['adult', 'adult', 'child']);
    const res = await apply(c, cartId, '  welcome10 ');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(fees(res.body)).toMatchObject({ total_before_cartmod_price: '50.50', total_cartmod_amount: '5.05', total_outstanding: '45.45' });
    expect(res.body.ticket._data.map((x: { adjusted_value: string }) => x.adjusted_value)).toEqual(['18.00', '18.00', '9.45']);
    const cart = res.body.cart._data[0];
    expect(cart.promo_codes).toEqual([{ code: 'WELCOME10', code_group_id: expect.any(String), phase: 'post' }]);
    expect(cart.cartmods).toEqual([expect.objectContaining({ name: '10% off admission', discount: '5.05', blocking_checkout: false, resource: 'ticket_type', tickets_affected: res.body.ticket._data.map((x: { id: string }) => x.id) })]);
    expect(await used('WELCOME10')).toBe(1);
    // Read back the same.
    expect(fees((await c.call('GET', `/api/my/cart/${cartId}`)).body)).toMatchObject({ total_cartmod_amount: '5.05', total_outstanding: '45.45' });

    const removed = await c.call('POST', `/api/my/cart/${cartId}/apply_code`, { code: 'WELCOME10', remove: true });
    expect(removed.status).toBe(200);
    expect(fees(removed.body)).toMatchObject({ total_before_cartmod_price: '50.50', total_cartmod_amount: '0.00', total_outstanding: '50.50' });
    expect(removed.body.cart._data[0].promo_codes).toEqual([]);
    expect(await used('WELCOME10')).toBe(0);
  });

  it('a ticket added after the code is priced with it too; one removed takes its discount with it', async () => {
    const { c, cartId } = await cartOf(['adult']);
    expect((await apply(c, cartId, 'WELCOME10')).status).toBe(200);
    const more = await c.modify(cartId, { add: [line('child')] });
    expect(fees(more.body)).toMatchObject({ total_cartmod_amount: '3.05', total_outstanding: '27.45' });
    const adultId = more.body.ticket._data.find((x: { ticket_type_id: string }) => x.ticket_type_id === ids.type('adult')).id;
    const fewer = await c.modify(cartId, { remove: [adultId] });
    expect(fees(fewer.body)).toMatchObject({ total_cartmod_amount: '1.05', total_outstanding: '9.45' });
  });

  it('every bad code gets its spec code and changes nothing', async () => {
    const { c, cartId } = await cartOf(['adult', 'child']);
    const cases: [string, number, string, string | RegExp][] = [
      ['A', 400, 'validation_failed', /2 to 35/],
      ['A'.repeat(36), 400, 'validation_failed', /2 to 35/],
      ['NOPE', 404, 'code_not_found', `NOPE ${PROMO_TEXT.notValid}`],
      ['OLDCODE', 422, 'validation_failed', PROMO_TEXT.expired],
      ['SOON', 422, 'validation_failed', PROMO_TEXT.notYetValid],
      ['FAMILYDAY', 422, 'no_code_benefit', PROMO_TEXT.noBenefit],
    ];
    for (const [code, status, errorCode, text] of cases) {
      const res = await apply(c, cartId, code);
      expect(res.status, code).toBe(status);
      expect(res.body._data[0]._code, code).toBe(errorCode);
      if (typeof text === 'string') expect(res.body._data[0]._description).toBe(text);
      else expect(res.body._data[0]._description).toMatch(text);
    }
    expect(await used('FAMILYDAY')).toBe(0);
    const before = await used('WELCOME10');
    expect((await apply(c, cartId, 'WELCOME10')).status).toBe(200);
    const twice = await apply(c, cartId, 'welcome10');
    expect([twice.status, twice.body._data[0]._code, twice.body._data[0]._description]).toEqual([409, 'duplicate_code', PROMO_TEXT.duplicate]);
    expect(await used('WELCOME10')).toBe(before + 1);
    const after = await c.call('GET', `/api/my/cart/${cartId}`);
    expect(after.body.cart._data[0].promo_codes.map((p: { code: string }) => p.code)).toEqual(['WELCOME10']);

    // Another seller's code is unknown here (and its use untouched).
    const other = { seller: uuidv7(), group: uuidv7(), code: uuidv7() };
    await t.db.insertInto('seller').values({ id: other.seller, catalog_key: `other-${other.seller}`, name: 'Other museum', timezone: 'America/New_York', currency: 'USD', meta: '{}' }).execute();
    await t.db.insertInto('promo_code_group').values({ id: other.group, seller_id: other.seller, catalog_key: 'theirs', name: 'Theirs', description: null, resident: null, citypass: null }).execute();
    await t.db.insertInto('promo_code').values({ id: other.code, seller_id: other.seller, code: 'THEIRS10', code_group_id: other.group, max_uses: 5, max_per_order: null, max_per_identity: null, valid_from: null, valid_to: null }).execute();
    const theirs = await apply(c, cartId, 'theirs10');
    expect([theirs.status, theirs.body._data[0]._code, theirs.body._data[0]._description]).toEqual([404, 'code_not_found', `THEIRS10 ${PROMO_TEXT.notValid}`]);
    expect(await used('THEIRS10')).toBe(0);
    // One seller again: requests without _seller go to the only one.
    await t.db.deleteFrom('promo_code').where('id', '=', other.code).execute();
    await t.db.deleteFrom('promo_code_group').where('id', '=', other.group).execute();
    await t.db.deleteFrom('seller').where('id', '=', other.seller).execute();

    // Another identity's cart, an empty cart.
    const stranger = new CartClient(t.app);
    await stranger.create([line('adult')]);
    expect((await apply(stranger, cartId, 'FIVER')).status).toBe(403);
    const empty = await cartOf(['adult']);
    const ticketId = (await empty.c.call('GET', `/api/my/cart/${empty.cartId}`)).body.ticket._data[0].id;
    await empty.c.modify(empty.cartId, { remove: [ticketId] });
    const none = await apply(empty.c, empty.cartId, 'FIVER');
    expect([none.status, none.body._data[0]._code, none.body._data[0]._description]).toEqual([422, 'no_code_benefit', PROMO_TEXT.emptyCart]);
  });

  it('a booked cart takes no code; the order keeps the discount the buyer paid', async () => {
    const { c, cartId } = await cartOf(['adult', 'adult']);
    const applied = await apply(c, cartId, 'FIVER');
    expect(fees(applied.body).total_outstanding).toBe('35.00');
    const paid = await c.call('POST', `/api/cart/${cartId}/pay`, { amount: '35.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
    const order = await t.db.selectFrom('ticket_order').select(['total', 'paid']).where('cart_id', '=', cartId).executeTakeFirstOrThrow();
    expect(order).toEqual({ total: 3500, paid: 3500 });
    const late = await apply(c, cartId, 'WELCOME10');
    expect([late.status, late.body._data[0]._code]).toEqual([409, 'cart_already_booked']);
  });

  it('FAMILYDAY: children free with two adults, not with one', async () => {
    const one = await cartOf(['adult', 'child']);
    expect((await apply(one.c, one.cartId, 'FAMILYDAY')).body._data[0]._code).toBe('no_code_benefit');
    const two = await cartOf(['adult', 'adult', 'child', 'child']);
    const res = await apply(two.c, two.cartId, 'FAMILYDAY');
    expect(fees(res.body)).toMatchObject({ total_cartmod_amount: '21.00', total_outstanding: '40.00' });
  });

  it('PAIR (at most 2 tickets per order) prices the two dearest tickets at $10', async () => {
    const { c, cartId } = await cartOf(['child', 'adult', 'adult']);
    const res = await apply(c, cartId, 'PAIR');
    expect(fees(res.body)).toMatchObject({ total_cartmod_amount: '20.00', total_outstanding: '30.50' });
  });

  it('stackable modifiers stack (FIVER then BONUS); a ticket a non-stackable one discounted takes no other', async () => {
    const fivers = await used('FIVER');
    const { c, cartId } = await cartOf(['adult']);
    expect(fees((await apply(c, cartId, 'FIVER')).body).total_outstanding).toBe('15.00');
    const res = await apply(c, cartId, 'BONUS');
    expect(fees(res.body)).toMatchObject({ total_cartmod_amount: '6.50', total_outstanding: '13.50' });
    expect(res.body.cart._data[0].cartmods.map((m: { name: string; discount: string }) => [m.name, m.discount])).toEqual([['$5 off your visit', '5.00'], ['10% bonus', '1.50']]);

    const other = await cartOf(['adult']);
    await apply(other.c, other.cartId, 'WELCOME10');
    const refused = await apply(other.c, other.cartId, 'FIVER');
    expect(refused.body._data[0]._code).toBe('no_code_benefit');
    const limited = await apply(other.c, other.cartId, 'LIMIT1');
    expect(limited.body._data[0]._code).toBe('no_code_benefit');
    expect([await used('FIVER'), await used('LIMIT1')]).toEqual([fivers + 1, 0]);
  });

  it('a code used up is code_exhausted; expiry gives the use back once', async () => {
    const first = await cartOf(['adult']);
    expect((await apply(first.c, first.cartId, 'LIMIT1')).status).toBe(200);
    const second = await cartOf(['adult']);
    const refused = await apply(second.c, second.cartId, 'LIMIT1');
    expect([refused.status, refused.body._data[0]._code, refused.body._data[0]._description]).toEqual([409, 'code_exhausted', PROMO_TEXT.exhausted]);
    expect((await t.app.inject({ method: 'GET', url: '/api/code/limit1' })).json().code._data[0]).toMatchObject({ code: 'LIMIT1', exhausted: true });

    t.clock.advance(31 * 60_000);
    try {
      await releaseExpiredCarts(t.db, t.dialect, t.clock.now);
      await releaseExpiredCarts(t.db, t.dialect, t.clock.now);
      expect(await used('LIMIT1')).toBe(0);
      const third = await cartOf(['adult']);
      expect((await apply(third.c, third.cartId, 'LIMIT1')).status).toBe(200);
      expect(await used('LIMIT1')).toBe(1);
      // Deleting the cart gives it back too.
      expect((await third.c.call('DELETE', `/api/my/cart/${third.cartId}`)).status).toBe(200);
      expect(await used('LIMIT1')).toBe(0);
    } finally {
      t.clock.advance(-31 * 60_000);
    }
  });

  it('a payment completing after its hold expired takes its code use again, once; refused and refunded when the code is used up by then', async () => {
    const pay = (c: CartClient, cartId: string, data: object) => c.call('POST', `/api/cart/${cartId}/pay`, { amount: '19.00', gateway_id: 'demo', gateway_data: data });
    const confirm = (intent: string) => t.app.inject({ method: 'POST', url: `/api/payments/demo/${intent}/confirm`, headers: jsonContentType('POST') });
    /** A cart with the code ($1 off) whose payment needs the bank's confirmation, then its hold runs out. */
    const lateCart = async (code = 'LATE1') => {
      const { c, cartId } = await cartOf(['adult']);
      expect(fees((await apply(c, cartId, code)).body).total_outstanding).toBe('19.00');
      const first = await pay(c, cartId, { card_number: DEMO_CARDS.requires_action });
      expect(first.body._data[0]._code).toBe('intent_requires_action');
      return { c, cartId, intent: first.body._data[0]._extra.payment_intent_id as string };
    };
    const counted = async (cartId: string) => (await t.db.selectFrom('cart_promo_code').select('counted').where('cart_id', '=', cartId).executeTakeFirstOrThrow()).counted;

    const a = await lateCart();
    t.clock.advance(31 * 60_000);
    try {
      await releaseExpiredCarts(t.db, t.dialect, t.clock.now);
      expect([await used('LATE1'), await counted(a.cartId)]).toEqual([0, 0]);
      expect((await confirm(a.intent)).statusCode).toBe(200);
      const done = await pay(a.c, a.cartId, { payment_intent_id: a.intent });
      expect(done.body.outcome, JSON.stringify(done.body)).toBe('completed');
      expect(done.body.ticket_order._data[0].ticket_order_fees.total_after_fees_price).toBe('19.00');
      // Taken again exactly once: the same answer again changes nothing.
      expect((await pay(a.c, a.cartId, { payment_intent_id: a.intent })).body.outcome).toBe('completed');
      expect([await used('LATE1'), await counted(a.cartId)]).toEqual([1, 1]);
    } finally {
      t.clock.advance(-31 * 60_000);
    }

    // Used up meanwhile: another cart takes LATE2 while the late one's hold has run out.
    const b = await lateCart('LATE2');
    t.clock.advance(31 * 60_000);
    try {
      await releaseExpiredCarts(t.db, t.dialect, t.clock.now);
      const other = await cartOf(['adult']);
      expect((await apply(other.c, other.cartId, 'LATE2')).status).toBe(200);
      expect((await confirm(b.intent)).statusCode).toBe(200);
      const refused = await pay(b.c, b.cartId, { payment_intent_id: b.intent });
      expect([refused.status, refused.body._data[0]._code, refused.body._data[0]._description]).toEqual([410, 'cart_expired', LATE_REFUSAL]);
      expect([await used('LATE2'), await counted(b.cartId)]).toEqual([1, 0]);
      expect((await t.db.selectFrom('ticket').select('state').where('cart_id', '=', b.cartId).execute()).map((x) => x.state)).toEqual(['cancelled']);
      expect((await t.db.selectFrom('payment').select('status').where('cart_id', '=', b.cartId).executeTakeFirstOrThrow()).status).toMatch(/^refund/);
    } finally {
      t.clock.advance(-31 * 60_000);
    }
  });

  it('an offer that ends while the cart is held: the pay call prices it again and refuses the stale total, charging nothing; the new total pays', async () => {
    const toLateEvening = 11 * 3_600_000 + 50 * 60_000; // 23:50 in New York, the day LASTDAY's modifier ends
    t.clock.advance(toLateEvening);
    try {
      const { c, cartId } = await cartOf(['adult']);
      expect(fees((await apply(c, cartId, 'LASTDAY')).body).total_outstanding).toBe('10.00');
      t.clock.advance(15 * 60_000); // 00:05: the offer is over, the cart still held
      const pay = (amount: string) => c.call('POST', `/api/cart/${cartId}/pay`, { amount, gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
      const stale = await pay('10.00');
      expect([stale.status, stale.body._data[0]._code, stale.body._data[0]._description, stale.body._data[0]._extra.outstanding]).toEqual([409, 'incorrect_cart_state', PROMO_TEXT.priceChanged, '20.00']);
      expect(await t.db.selectFrom('payment').select('id').where('cart_id', '=', cartId).execute()).toEqual([]);
      const read = (await c.call('GET', `/api/my/cart/${cartId}`)).body;
      expect([fees(read).total_outstanding, read.cart._data[0].cartmods]).toEqual(['20.00', []]);
      const paid = await pay('20.00');
      expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
      expect(paid.body.ticket_order._data[0].ticket_order_fees.total_after_fees_price).toBe('20.00');
    } finally {
      t.clock.advance(-toLateEvening - 15 * 60_000);
    }
  });

  it('ONCE: one order per buyer', async () => {
    const c = new CartClient(t.app);
    const a = await cartOf(['adult'], c);
    expect((await apply(c, a.cartId, 'ONCE')).status).toBe(200);
    await c.call('DELETE', `/api/my/cart/${a.cartId}`);
    const b = await cartOf(['adult'], c);
    expect((await apply(c, b.cartId, 'ONCE')).status).toBe(200);
    const other = await cartOf(['adult'], c);
    const res = await apply(c, other.cartId, 'ONCE');
    expect([res.body._data[0]._code, res.body._data[0]._description]).toEqual(['code_exhausted', PROMO_TEXT.perIdentity]);
    expect(await used('ONCE')).toBe(1);
  });

  it('a cancelled free order gives its code use back, once', async () => {
    const { c, cartId } = await cartOf(['adult']);
    expect(fees((await apply(c, cartId, 'FREEBIE')).body).total_outstanding).toBe('0.00');
    const user = await c.call('POST', '/api/user', { first_name: 'Ada', last_name: 'Byron', email: 'freebie@example.com' });
    await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.body.user._data[0].identity_id });
    const paid = await c.call('POST', `/api/cart/${cartId}/pay`, { amount: '0', gateway_id: 'free' });
    expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
    const orderId = paid.body.ticket_order._data[0].id;
    const ticketId = paid.body.ticket._data[0].id;
    expect(await used('FREEBIE')).toBe(1);
    // The confirmation says what the code took off.
    expect((await mailbox(t.app, 'freebie@example.com'))[0].text).toContain('Total: 0.00 USD.\n\nDiscounts: 20.00 USD (FREEBIE).');
    const cancel = await c.call('POST', `/api/ticket_order/${orderId}/cancel`, { tickets: [{ ticket_id: ticketId }] });
    expect(cancel.body).toEqual({ cancelled: 1 });
    expect(await used('FREEBIE')).toBe(0);
    await c.call('POST', `/api/ticket_order/${orderId}/cancel`, { tickets: [{ ticket_id: ticketId }] });
    expect(await used('FREEBIE')).toBe(0);
  });

  it('a code-required group: refused without its code (rule_blocks_reserve, code_required, the description); reserved with it as a pre-reserve code', async () => {
    const c = new CartClient(t.app);
    const preview = line('preview');
    const refused = await c.create([preview]);
    expect(refused.status).toBe(400);
    expect(refused.body._data[0]).toMatchObject({
      _code: 'rule_blocks_reserve',
      _context: 'checkout_rules',
      _description: 'Enter your Friends of the Museum code to book the preview.',
      _extra: { block_reason: 'code_required' },
    });
    const wrong = await c.create([preview], { preReservePromoCodes: ['NOTFRIENDS'] });
    expect([wrong.status, wrong.body._data[0]._code]).toEqual([404, 'code_not_found']);
    expect(await t.db.selectFrom('ticket').select('id').where('ticket_type_id', '=', ids.type('preview')).execute()).toEqual([]);
    const ok = await c.create([preview], { preReservePromoCodes: ['friends'] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.cart._data[0].promo_codes).toEqual([expect.objectContaining({ code: 'FRIENDS', phase: 'pre' })]);
    // More of them later need nothing more; the same code named again is not a duplicate.
    const more = await c.modify(ok.body.cart._data[0].id, { add: [preview], preReservePromoCodes: ['FRIENDS'] });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(more.body.ticket._count).toBe(2);
  });

  it('preloadedPromoCodes (a ?code= link) apply when valid and are passed over when not', async () => {
    const c = new CartClient(t.app);
    const good = await c.create([line('adult')], { preloadedPromoCodes: ['WELCOME10', 'NOSUCH'] });
    expect(good.status).toBe(200);
    expect(fees(good.body).total_outstanding).toBe('18.00');
    expect(good.body.cart._data[0].promo_codes.map((p: { code: string }) => p.code)).toEqual(['WELCOME10']);
  });

  it('a blocking modifier stops payment until its code is applied (docs/promotions.md#applying-codes blocked cart)', async () => {
    const c = new CartClient(t.app);
    const made = await c.create([vip()]);
    const cartId = made.body.cart._data[0].id;
    expect(made.body.cart._data[0].cartmods).toEqual([expect.objectContaining({ blocking_checkout: true, description: 'VIP tickets need a VIP pass code.' })]);
    const refused = await c.call('POST', `/api/cart/${cartId}/pay`, { amount: '99.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(refused.body._data[0]).toMatchObject({ _code: 'rule_blocks_reserve', _context: 'checkout_rules', _extra: { block_reason: 'code_required' } });
    const unblocked = await apply(c, cartId, 'VIPPASS');
    expect(unblocked.status, JSON.stringify(unblocked.body)).toBe(200);
    expect(unblocked.body.cart._data[0].cartmods).toEqual([]);
    const paid = await c.call('POST', `/api/cart/${cartId}/pay`, { amount: '99.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
  });

  it('GET code/{code}: dates, exhausted, and with mode=advertise what it gives', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/code/welcome10?mode=advertise' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code._data[0]).toEqual({ code: 'WELCOME10', code_group_id: expect.any(String), valid_from: null, valid_to: null, exhausted: false });
    expect(body.cartmod._data[0]).toMatchObject({ name: '10% off admission', kind: 'percent_off', value: '10' });
    const old = (await t.app.inject({ method: 'GET', url: '/api/code/OLDCODE' })).json().code._data[0];
    expect(old.valid_to).toBe('2026-06-01T04:00:00.000Z');
    expect((await t.app.inject({ method: 'GET', url: '/api/code/NOSUCH' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/code/X' })).statusCode).toBe(400);
  });

  it('resident discounts: a ZIP starting 021 or a SW1 postcode, applied as a zip; others refused with their text', async () => {
    const { c, cartId } = await cartOf(['adult']);
    const zip = (code: string) => c.call('POST', `/api/my/cart/${cartId}/apply_code`, { code, handler: 'zip', require_benefit: true });
    const bad = await zip('1234');
    expect([bad.status, bad.body._data[0]._code, bad.body._data[0]._description]).toEqual([400, 'validation_failed', PROMO_TEXT.zipFormat]);
    const elsewhere = await zip('10001');
    expect([elsewhere.status, elsewhere.body._data[0]._code, elsewhere.body._data[0]._description]).toEqual([422, 'no_code_benefit', PROMO_TEXT.noResidentDiscount]);
    const local = await zip(' 02139 ');
    expect(local.status, JSON.stringify(local.body)).toBe(200);
    expect(fees(local.body)).toMatchObject({ total_cartmod_amount: '4.00', total_outstanding: '16.00' });
    expect(local.body.cart._data[0].promo_codes).toEqual([expect.objectContaining({ code: '02139', phase: 'zip' })]);
    // Applied again on the next blur: still one; a London postcode replaces it.
    expect((await zip('02139')).status).toBe(200);
    const london = await zip('sw1a  1aa');
    expect(london.body.cart._data[0].promo_codes).toEqual([expect.objectContaining({ code: 'SW1A 1AA', phase: 'zip' })]);
    expect(fees(london.body).total_outstanding).toBe('16.00');
    const removed = await c.call('POST', `/api/my/cart/${cartId}/apply_code`, { code: 'SW1A 1AA', remove: true });
    expect(fees(removed.body).total_outstanding).toBe('20.00');
    // The hidden code cannot be typed.
    expect((await apply(c, cartId, 'RESIDENT:LOCALS')).body._data[0]._code).toBe('code_not_found');
  });

  it('city-pass vouchers: each matches an adult or child expression, covers one ticket of its kind, and is used once', async () => {
    const { c, cartId } = await cartOf(['adult', 'adult', 'child']);
    const voucher = (code: string, id = cartId, client = c) => client.call('POST', `/api/my/cart/${id}/apply_code`, { code, handler: 'citypass', require_benefit: true });
    const wrong = await voucher('XYZ123');
    expect([wrong.status, wrong.body._data[0]._code, wrong.body._data[0]._description]).toEqual([400, 'invalid_citypass', PROMO_TEXT.citypassFormat]);
    const adult = await voucher('cpa-123 456');
    expect(adult.status, JSON.stringify(adult.body)).toBe(200);
    expect(fees(adult.body)).toMatchObject({ total_cartmod_amount: '20.00', total_outstanding: '30.50' });
    const child = await voucher('CPC000001');
    expect(fees(child.body)).toMatchObject({ total_cartmod_amount: '30.50', total_outstanding: '20.00' });
    expect(child.body.cart._data[0].promo_codes.map((p: { code: string; phase: string }) => [p.code, p.phase])).toEqual([['CPA123456', 'citypass'], ['CPC000001', 'citypass']]);
    // The same voucher on another cart: used.
    const other = await cartOf(['adult']);
    const used = await voucher('CPA123456', other.cartId, other.c);
    expect([used.status, used.body._data[0]._code, used.body._data[0]._description]).toEqual([409, 'code_exhausted', PROMO_TEXT.citypassUsed]);
    // As a pre-reserve code of the reserve itself (docs/promotions.md#cart-modifiers: handler citypass, handler_data visit_datetime).
    const fresh = new CartClient(t.app);
    const reserved = await fresh.create([line('adult')], { preReservePromoCodes: [{ code: 'CPA000002', handler: 'citypass', handler_data: { visit_datetime: GA } }] });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
    expect(fees(reserved.body).total_outstanding).toBe('0.00');
    const bad = await fresh.create([line('adult')], { preReservePromoCodes: [{ code: 'NOPE', handler: 'citypass' }] });
    expect(bad.body._data[0]._code).toBe('invalid_citypass');
  });

  it('guessing codes through the reserve is rate limited too: pre-reserve and preloaded codes per address, and per cart', async () => {
    // Its own address, so the other tests' wrong codes do not count here.
    const c = new CartClient(t.app, '10.9.8.7');
    for (let i = 0; i < 10; i++) expect((await c.create([line('adult')], { preReservePromoCodes: [`PRE${i}`] })).status).toBe(404);
    // A preloaded code (a ?code= link) is passed over without an error, but counts as a wrong guess all the same.
    const made = await c.create([line('adult')], { preloadedPromoCodes: Array.from({ length: 19 }, (_, i) => `LINK${i}`) });
    expect(made.status).toBe(200);
    const cartId = made.body.cart._data[0].id as string;
    const welcome = await c.modify(cartId, { preloadedPromoCodes: ['WELCOME10'] });
    expect(welcome.body.cart._data[0].promo_codes.map((x: { code: string }) => x.code)).toEqual(['WELCOME10']);
    expect((await c.modify(cartId, { preloadedPromoCodes: ['LINK-LAST'] })).status).toBe(200); // the 30th wrong code
    const limited = await c.create([line('adult')], { preReservePromoCodes: ['FRIENDS'] });
    expect([limited.status, limited.body._data[0]._code]).toEqual([429, 'rate_limited']);
    // A reserve without codes is not limited; another address is not either.
    expect((await c.create([line('adult')])).status).toBe(200);
    const other = new CartClient(t.app, '10.9.8.6');
    const cart = await other.create([line('adult')]);
    const id = cart.body.cart._data[0].id as string;
    for (let i = 0; i < 10; i++) expect((await other.modify(id, { postReservePromoCodes: [`POST${i}`] })).status).toBe(404);
    const perCart = await other.modify(id, { postReservePromoCodes: ['WELCOME10'] });
    expect([perCart.status, perCart.body._data[0]._code]).toEqual([429, 'rate_limited']);
  });

  it('guessing codes is rate limited per cart', async () => {
    const { c, cartId } = await cartOf(['adult']);
    for (let i = 0; i < 10; i++) expect((await apply(c, cartId, `GUESS${i}`)).status).toBe(404);
    const limited = await apply(c, cartId, 'WELCOME10');
    expect([limited.status, limited.body._data[0]._code]).toEqual([429, 'rate_limited']);
  });
});
