import { DEMO_CARDS, PROMO_TEXT } from '@foyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/ids.js';
import { CartClient, catalogIds, type CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';
import { promotionsApp, promotionsCatalog } from './promotions-harness.js';

const TODAY_1 = '2026-06-02T18:00:00.000Z'; // GA 14:00 in New York, the day after the clock's
const TODAY_2 = '2026-06-03T18:00:00.000Z';
const TODAY_3 = '2026-06-04T18:00:00.000Z';

/**
 * The promotions catalog with a modifier of each remaining rule kind (docs/promotions.md "Cart
 * modifiers"): ticket_group scope on a type with a percentage fee, min_tickets, max_tickets,
 * session dates, a modifier not on offer yet; and a second code of the code-required group.
 */
function ruleKindsCatalog() {
  const catalog = promotionsCatalog();
  catalog.ticket_types.push({ key: 'tour', name: 'Guided tour', price: '30.00', fee_percent_outside: '10' });
  catalog.events.find((e: { key: string }) => e.key === 'ga').ticket_groups.push({ key: 'tours', name: 'Tours', types: [{ ticket_type: 'tour' }] });
  const p = catalog.promotions;
  p.code_groups.push(...['tourgroup', 'trio', 'maxtwo', 'midweek', 'tomorrow'].map((key) => ({ key, name: `${key} codes` })));
  p.codes.push(
    { code: 'TOURHALF', group: 'tourgroup' },
    { code: 'TRIO', group: 'trio' },
    { code: 'MAXTWO', group: 'maxtwo' },
    { code: 'MIDWEEK', group: 'midweek' },
    { code: 'TOMORROW', group: 'tomorrow' },
    { code: 'FRIENDS2', group: 'friends' },
  );
  p.cart_mods.push(
    { key: 'tour-half', name: 'Half-price tours', kind: 'percent_off', value: '50', scope: 'ticket_group', ticket_groups: ['ga/tours'], code_groups: ['tourgroup'] },
    { key: 'trio', name: 'Three adults: 25% off', kind: 'percent_off', value: '25', scope: 'ticket_type', ticket_types: ['adult'], min_tickets: 3, code_groups: ['trio'] },
    { key: 'max-two', name: '$5 off two tickets', kind: 'amount_off', value: '5.00', scope: 'ticket_type', ticket_types: ['adult', 'child'], max_tickets: 2, code_groups: ['maxtwo'] },
    { key: 'midweek', name: 'Wednesday half price', kind: 'percent_off', value: '50', scope: 'event', events: ['ga'], session_from: 'today+2', session_to: 'today+2', code_groups: ['midweek'] },
    { key: 'tomorrow', name: 'From tomorrow: 10% off', kind: 'percent_off', value: '10', scope: 'cart', valid_from: 'today+1', code_groups: ['tomorrow'] },
  );
  return catalog;
}

/** Code-required groups hold their code; modifier rule kinds; the edges of apply_code (docs/promotions.md#applying-codes). */
describe.each(dialects())('promotion rules on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  beforeAll(async () => {
    t = await promotionsApp(dialect, ruleKindsCatalog());
    ids = await catalogIds(t.db);
  });
  afterAll(() => t.close());

  const line = (type: string, start = TODAY_1) => ({ ticket_type_id: ids.type(type), event_session_id: ids.session('ga', start) });
  async function cartOf(lines: ReturnType<typeof line>[], extra: Record<string, unknown> = {}, c = new CartClient(t.app)) {
    const res = await c.create(lines, extra);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { c, cartId: res.body.cart._data[0].id as string, body: res.body };
  }
  const apply = (c: CartClient, cartId: string, code: string, extra: object = {}) => c.call('POST', `/api/my/cart/${cartId}/apply_code`, { code, require_benefit: true, ...extra });
  const remove = (c: CartClient, cartId: string, code: string) => c.call('POST', `/api/my/cart/${cartId}/apply_code`, { code, remove: true });
  const pay = (c: CartClient, cartId: string, amount: string) => c.call('POST', `/api/cart/${cartId}/pay`, { amount, gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
  const used = async (code: string) => (await t.db.selectFrom('promo_code').select('used').where('code', '=', code).executeTakeFirstOrThrow()).used;
  const fees = (body: { cart: { _data: { cart_fees: Record<string, string> }[] } }) => body.cart._data[0].cart_fees;
  const error = (res: { status: number; body: { _data: { _code: string; _description: string }[] } }) => [res.status, res.body._data[0]._code, res.body._data[0]._description];
  const codesOf = (body: { cart: { _data: { promo_codes: object[] }[] } }) => body.cart._data[0].promo_codes;

  describe('a code-required group keeps the code that admitted it', () => {
    it('its code cannot be removed while its tickets are held (422, the use stays taken); with a second code of the group either goes; without the tickets it goes', async () => {
      const before = await used('FRIENDS');
      const { c, cartId, body } = await cartOf([line('preview')], { preReservePromoCodes: ['FRIENDS'] });
      expect(codesOf(body)).toEqual([{ code: 'FRIENDS', code_group_id: expect.any(String), phase: 'pre', required: true }]);
      expect(await used('FRIENDS')).toBe(before + 1);

      const refused = await remove(c, cartId, 'friends');
      expect(error(refused)).toEqual([422, 'validation_failed', PROMO_TEXT.neededByTickets]);
      expect(refused.body._data[0]).toMatchObject({ _context: 'promo_code', _extra: { code: 'FRIENDS', block_reason: 'code_required', ticket_group_id: ids.group('ga', 'friends') } });
      expect(await used('FRIENDS')).toBe(before + 1);
      expect(codesOf((await c.call('GET', `/api/my/cart/${cartId}`)).body)).toEqual([expect.objectContaining({ code: 'FRIENDS', required: true })]);

      // Another code of the same group admits the tickets too: then neither is needed alone.
      const second = await apply(c, cartId, 'FRIENDS2', { require_benefit: false });
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      expect(codesOf(second.body)).toEqual([expect.not.objectContaining({ required: true }), expect.not.objectContaining({ required: true })]);
      const first = await remove(c, cartId, 'FRIENDS');
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(codesOf(first.body)).toEqual([expect.objectContaining({ code: 'FRIENDS2', required: true })]);
      expect(await used('FRIENDS')).toBe(before);
      expect(error(await remove(c, cartId, 'FRIENDS2'))).toEqual([422, 'validation_failed', PROMO_TEXT.neededByTickets]);

      // Once the group's tickets are gone the code is free to go.
      const ticketId = first.body.ticket._data[0].id;
      expect((await c.modify(cartId, { remove: [ticketId] })).status).toBe(200);
      const gone = await remove(c, cartId, 'FRIENDS2');
      expect(gone.status, JSON.stringify(gone.body)).toBe(200);
      expect(codesOf(gone.body)).toEqual([]);
    });

    it('a removal and a reserve into the group at once: never both (the cart row is taken first)', async () => {
      for (let round = 0; round < 6; round++) {
        const { c, cartId } = await cartOf([line('adult')]);
        expect((await apply(c, cartId, 'FRIENDS', { require_benefit: false })).status).toBe(200);
        const [removed, reserved] = await Promise.all([remove(c, cartId, 'FRIENDS'), c.modify(cartId, { add: [line('preview')] })]);
        expect([removed.status, reserved.status].filter((s) => s === 200), JSON.stringify([removed.body, reserved.body])).toHaveLength(1);
        if (removed.status === 200) expect(reserved.body._data[0]._extra).toMatchObject({ block_reason: 'code_required' });
        else expect(removed.body._data[0]._description).toBe(PROMO_TEXT.neededByTickets);
      }
    });

    it('the pay call checks the rule again: tickets of the group whose code is no longer on the cart are refused (rule_blocks_reserve, code_required), nothing charged', async () => {
      const { c, cartId, body } = await cartOf([line('preview')], { preReservePromoCodes: ['FRIENDS'] });
      const total = fees(body).total_outstanding;
      // As a removal racing a reserve could leave it (or a catalog change): the code is gone, the tickets are not.
      await t.db.deleteFrom('cart_promo_code').where('cart_id', '=', cartId).execute();
      const refused = await pay(c, cartId, total);
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body._data[0]).toMatchObject({
        _code: 'rule_blocks_reserve',
        _context: 'checkout_rules',
        _description: 'Enter your Friends of the Museum code to book the preview.',
        _extra: { block_reason: 'code_required', ticket_group_id: ids.group('ga', 'friends') },
      });
      expect(await t.db.selectFrom('payment').select('id').where('cart_id', '=', cartId).execute()).toEqual([]);
      // The code back on the cart: it pays.
      expect((await apply(c, cartId, 'FRIENDS', { require_benefit: false })).status).toBe(200);
      const paid = await pay(c, cartId, total);
      expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
    });
  });

  it('an order whose every ticket a self-edit takes out gives its code’s use back, once; a change that keeps a ticket does not', async () => {
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    await t.db.insertInto('config_entry').values({ id: uuidv7(), seller_id: seller.id, resource_id: seller.id, namespace: 'web', name: 'self_edit_rules', value: JSON.stringify({ categories: ['Admission'], horizon_hours: 2 }) }).execute();
    /** A free order (FREEBIE: 100% off, one use) bought by this browser. */
    const freeOrder = async (lines: ReturnType<typeof line>[], email: string) => {
      const { c, cartId } = await cartOf(lines);
      expect(fees((await apply(c, cartId, 'FREEBIE')).body).total_outstanding).toBe('0.00');
      const user = await c.call('POST', '/api/user', { first_name: 'Ada', last_name: 'Byron', email });
      await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.body.user._data[0].identity_id });
      const paid = await c.call('POST', `/api/cart/${cartId}/pay`, { amount: '0', gateway_id: 'free' });
      expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
      return { c, orderId: paid.body.ticket_order._data[0].id as string, ticketIds: (paid.body.ticket._data as { id: string }[]).map((x) => x.id) };
    };
    const confirm = (c: CartClient, cartId: string) => c.call('POST', `/api/cart/${cartId}/guest_checkout`, { send_email: false, gateway_id: 'free', gateway_data: {} });

    // A change that keeps one of two tickets: the order still holds the code's use.
    const kept = await freeOrder([line('adult'), line('adult')], 'kept@example.com');
    expect(await used('FREEBIE')).toBe(1);
    const partly = await kept.c.call('POST', '/api/cart/modify', { ticket_order_id: kept.orderId, remove: [kept.ticketIds[0]] });
    expect(partly.status, JSON.stringify(partly.body)).toBe(200);
    expect((await confirm(kept.c, partly.body.cart._data[0].id)).body.outcome).toBe('completed');
    expect(await used('FREEBIE')).toBe(1);
    // Its last ticket taken out: the use comes back, and confirming again gives nothing more.
    const last = await kept.c.call('POST', '/api/cart/modify', { ticket_order_id: kept.orderId, remove: [kept.ticketIds[1]] });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    const lastCart = last.body.cart._data[0].id;
    expect((await confirm(kept.c, lastCart)).body.outcome).toBe('completed');
    expect(await used('FREEBIE')).toBe(0);
    expect((await confirm(kept.c, lastCart)).body.outcome).toBe('completed');
    expect(await used('FREEBIE')).toBe(0);
    // The use is there to take again, once.
    const next = await freeOrder([line('adult')], 'next@example.com');
    expect(await used('FREEBIE')).toBe(1);
    const all = await next.c.call('POST', '/api/cart/modify', { ticket_order_id: next.orderId, remove: next.ticketIds });
    expect((await confirm(next.c, all.body.cart._data[0].id)).body.outcome).toBe('completed');
    expect(await used('FREEBIE')).toBe(0);
    // A ticket taken out by a change not yet confirmed is still the order's (a discard books it again):
    // cancelling the other ticket meanwhile gives nothing back.
    const pending = await freeOrder([line('adult'), line('adult')], 'pending@example.com');
    expect(await used('FREEBIE')).toBe(1);
    const change = await pending.c.call('POST', '/api/cart/modify', { ticket_order_id: pending.orderId, remove: [pending.ticketIds[1]] });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    const cancelled = await pending.c.call('POST', `/api/ticket_order/${pending.orderId}/cancel`, { tickets: [{ ticket_id: pending.ticketIds[0] }] });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await used('FREEBIE')).toBe(1);
  });

  describe('modifier rule kinds', () => {
    it('ticket_group scope: only the group’s tickets; its percentage fee follows the discounted price, and pay charges that total', async () => {
      const { c, cartId, body } = await cartOf([line('tour'), line('adult')]);
      expect(fees(body)).toMatchObject({ total_fee_percent_outside: '3.00', total_outstanding: '53.00' });
      const res = await apply(c, cartId, 'TOURHALF');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(fees(res.body)).toMatchObject({ total_before_cartmod_price: '50.00', total_cartmod_amount: '15.00', total_fee_percent_outside: '1.50', total_outstanding: '36.50' });
      const tour = res.body.ticket._data.find((x: { ticket_type_id: string }) => x.ticket_type_id === ids.type('tour'));
      expect([tour.adjusted_value, tour.fee_percent_outside]).toEqual(['15.00', '1.50']);
      expect(res.body.cart._data[0].cartmods).toEqual([expect.objectContaining({ name: 'Half-price tours', resource: 'ticket_group', resource_id: ids.group('ga', 'tours'), tickets_affected: [tour.id] })]);
      const paid = await pay(c, cartId, '36.50');
      expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
      expect(paid.body.ticket_order._data[0].ticket_order_fees.total_after_fees_price).toBe('36.50');
    });

    it('min_tickets: nothing below it (no_code_benefit), the discount from the third adult on, gone again below it', async () => {
      const { c, cartId } = await cartOf([line('adult'), line('adult')]);
      expect(error(await apply(c, cartId, 'TRIO'))).toEqual([422, 'no_code_benefit', PROMO_TEXT.noBenefit]);
      expect((await apply(c, cartId, 'TRIO', { require_benefit: false })).status).toBe(200);
      const three = await c.modify(cartId, { add: [line('adult')] });
      expect(fees(three.body)).toMatchObject({ total_cartmod_amount: '15.00', total_outstanding: '45.00' });
      const two = await c.modify(cartId, { remove: [three.body.ticket._data[0].id] });
      expect(fees(two.body)).toMatchObject({ total_cartmod_amount: '0.00', total_outstanding: '40.00' });
    });

    it('max_tickets: at most that many tickets, the dearest first', async () => {
      const { c, cartId } = await cartOf([line('child'), line('adult'), line('adult')]);
      const res = await apply(c, cartId, 'MAXTWO');
      expect(fees(res.body)).toMatchObject({ total_cartmod_amount: '10.00', total_outstanding: '40.50' });
      const adults = res.body.ticket._data.filter((x: { ticket_type_id: string }) => x.ticket_type_id === ids.type('adult')).map((x: { id: string }) => x.id);
      expect([...res.body.cart._data[0].cartmods[0].tickets_affected].sort()).toEqual([...adults].sort());
    });

    it('session_from / session_to: only tickets for sessions on those days', async () => {
      const { c, cartId } = await cartOf([line('adult', TODAY_1), line('adult', TODAY_2), line('adult', TODAY_3)]);
      const res = await apply(c, cartId, 'MIDWEEK');
      expect(fees(res.body)).toMatchObject({ total_cartmod_amount: '10.00', total_outstanding: '50.00' });
      const onDay = res.body.ticket._data.find((x: { event_session_id: string }) => x.event_session_id === ids.session('ga', TODAY_2));
      expect(res.body.cart._data[0].cartmods[0].tickets_affected).toEqual([onDay.id]);
    });

    it('a modifier’s valid_from: nothing before its first day; from then the cart is priced with it (the pay call finds the lower price)', async () => {
      const toLateEvening = 11 * 3_600_000 + 50 * 60_000; // 23:50 in New York, the day before the offer starts
      t.clock.advance(toLateEvening);
      try {
        const { c, cartId } = await cartOf([line('adult')]);
        expect(error(await apply(c, cartId, 'TOMORROW'))).toEqual([422, 'no_code_benefit', PROMO_TEXT.noBenefit]);
        expect(fees((await apply(c, cartId, 'TOMORROW', { require_benefit: false })).body).total_outstanding).toBe('20.00');
        t.clock.advance(15 * 60_000); // 00:05: on offer
        const stale = await pay(c, cartId, '20.00');
        expect([...error(stale), stale.body._data[0]._extra.outstanding]).toEqual([409, 'incorrect_cart_state', PROMO_TEXT.priceChanged, '18.00']);
        const paid = await pay(c, cartId, '18.00');
        expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
      } finally {
        t.clock.advance(-toLateEvening - 15 * 60_000);
      }
    });
  });

  describe('apply_code edges', () => {
    it('a cart partly paid takes no code and loses none (409 incorrect_cart_state)', async () => {
      const { c, cartId } = await cartOf([line('adult'), line('adult')]);
      expect((await apply(c, cartId, 'FIVER')).status).toBe(200);
      const part = await pay(c, cartId, '10.00');
      expect(part.body.outcome, JSON.stringify(part.body)).toBe('partial');
      const welcomes = await used('WELCOME10');
      expect(error(await apply(c, cartId, 'WELCOME10'))).toEqual([409, 'incorrect_cart_state', PROMO_TEXT.paidCart]);
      expect(error(await remove(c, cartId, 'FIVER'))).toEqual([409, 'incorrect_cart_state', PROMO_TEXT.paidCart]);
      expect(await used('WELCOME10')).toBe(welcomes);
      const read = (await c.call('GET', `/api/my/cart/${cartId}`)).body;
      expect([codesOf(read).map((x) => (x as { code: string }).code), fees(read).total_outstanding]).toEqual([['FIVER'], '25.00']);
    });

    it('removing a code that is not on the cart: 404 code_not_found, nothing changes', async () => {
      const { c, cartId } = await cartOf([line('adult')]);
      expect((await apply(c, cartId, 'WELCOME10')).status).toBe(200);
      const welcomes = await used('WELCOME10');
      expect(error(await remove(c, cartId, 'FIVER'))).toEqual([404, 'code_not_found', PROMO_TEXT.notApplied]);
      expect(error(await remove(c, cartId, 'NOSUCH'))).toEqual([404, 'code_not_found', PROMO_TEXT.notApplied]);
      expect(await used('WELCOME10')).toBe(welcomes);
      expect(codesOf((await c.call('GET', `/api/my/cart/${cartId}`)).body)).toEqual([expect.objectContaining({ code: 'WELCOME10' })]);
    });

    it('an empty cart takes no code, with or without require_benefit (422 no_code_benefit), nor through my/cart/modify, and no use is taken', async () => {
      const { c, cartId, body } = await cartOf([line('adult')]);
      await c.modify(cartId, { remove: [body.ticket._data[0].id] });
      const welcomes = await used('WELCOME10');
      for (const requireBenefit of [true, false]) {
        expect(error(await apply(c, cartId, 'WELCOME10', { require_benefit: requireBenefit }))).toEqual([422, 'no_code_benefit', PROMO_TEXT.emptyCart]);
      }
      // The same through my/cart/modify: named codes refuse the change, a link's preloaded code waits.
      const named = await c.modify(cartId, { postReservePromoCodes: ['WELCOME10'] });
      expect(error(named)).toEqual([422, 'no_code_benefit', PROMO_TEXT.emptyCart]);
      const preloaded = await c.modify(cartId, { preloadedPromoCodes: ['WELCOME10'] });
      expect(preloaded.status, JSON.stringify(preloaded.body)).toBe(200);
      expect(await used('WELCOME10')).toBe(welcomes);
      expect(codesOf((await c.call('GET', `/api/my/cart/${cartId}`)).body)).toEqual([]);
    });
  });
});
