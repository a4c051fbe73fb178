import { DEMO_CARDS } from '@foyer/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CartClient, useCatalogApp, type CatalogIds } from './cart-client.js';
import { dialects, jsonContentType, type TestApp } from './harness.js';

const HOT = '2026-06-07T14:00:00.000Z'; // capacity 100
const CONCERT = '2026-06-04T23:30:00.000Z';

describe.each(dialects())('paying on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useCatalogApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  const adult = () => ({ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) });
  const pay = (c: CartClient, cartId: string, body: object, key?: string) =>
    c.app.inject({ method: 'POST', url: `/api/cart/${cartId}/pay`, payload: body, headers: { cookie: c.cookie!, ...(key ? { 'idempotency-key': key } : {}) } }).then((r) => ({ status: r.statusCode, body: JSON.parse(r.body) }));
  const card = (amount: string, number: string = DEMO_CARDS.success, extra: object = {}) => ({ amount, gateway_id: 'demo', gateway_data: { card_number: number, ...extra } });
  async function cartWith(n = 2) {
    const c = new CartClient(t.app);
    const res = await c.create(Array.from({ length: n }, adult));
    return { c, cartId: res.body.cart._data[0].id as string, outstanding: res.body.cart._data[0].cart_fees.total_outstanding as string };
  }
  const count = async (table: 'ticket_order' | 'payment', cartId: string) =>
    (await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('cart_id', '=', cartId).executeTakeFirstOrThrow()).n;

  it('the success card books the order: order number, booked tickets with scan codes, QR code', async () => {
    const { c, cartId, outstanding } = await cartWith(2);
    expect(outstanding).toBe('40.00');
    const res = await pay(c, cartId, card('40.00'));
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('completed');
    const order = res.body.ticket_order._data[0];
    expect(order.order_number).toMatch(/^\d+$/);
    expect(order.ticket_order_fees).toEqual({ total_after_fees_price: '40.00', total_payments: '40.00', total_outstanding: '0.00', total_payment_method_fees: '0.00' });
    expect(res.body.cart._data[0]).toMatchObject({ state: 'booked', ticket_order_id: order.id, expires_at: null });
    expect(res.body.ticket._data.map((x: { state: string }) => x.state)).toEqual(['booked', 'booked']);
    expect(res.body.ticket._data[0].scan_code).toMatch(/^[A-Z2-9]{16}$/);

    const read = await c.call('GET', `/api/ticket_order/${order.id}?_embed=ticket.ticket_type,ticket.event_session,event_template.venue`);
    expect(read.status).toBe(200);
    expect(read.body.ticket._data).toHaveLength(2);
    expect(read.body.event_session._data[0].startTime).toBe('10:00');
    expect((await new CartClient(t.app).call('GET', `/api/ticket_order/${order.id}`)).status).toBe(404);
    // The complete page's id list: the buyer's browser reads its order (order-access.test.ts: nobody else does).
    const listed = await c.call('GET', `/api/ticket_order?id._in=${order.id}`);
    expect(listed.body.ticket_order._data[0].order_number).toBe(order.order_number);
    const codes = (doc: { ticket: { _data: { scan_code: string }[] } }) => doc.ticket._data.map((x) => x.scan_code).sort();
    expect(codes(listed.body)).toEqual(codes(res.body));

    const qr = await t.app.inject({ method: 'GET', url: `/api/ticket_order/${order.id}/qrcode?margin=4`, headers: { cookie: c.cookie! } });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    expect(qr.headers['cache-control']).toBe('private, no-cache');
    expect((await sharp(qr.rawPayload).metadata()).width).toBeGreaterThan(100);
    // A paid cart cannot change any more.
    const late = await c.modify(cartId, { add: [adult()] });
    expect(late.body._data[0]).toMatchObject({ _code: 'cart_already_booked', _extra: { ticket_order_id: order.id } });
  });

  it.each([
    [DEMO_CARDS.card_declined, 'card_declined'],
    [DEMO_CARDS.incorrect_cvc, 'incorrect_cvc'],
    [DEMO_CARDS.incorrect_zip, 'incorrect_zip'],
  ])('card %s is refused with %s; nothing is booked and the cart stays payable', async (number, code) => {
    const { c, cartId } = await cartWith(1);
    const res = await pay(c, cartId, card('20.00', number));
    expect(res.status).toBe(402);
    expect(res.body._data[0]._code).toBe(code);
    expect(await count('ticket_order', cartId)).toBe(0);
    const cart = await c.call('GET', `/api/cart/${cartId}`);
    expect(cart.body.cart._data[0]).toMatchObject({ state: 'pending' });
    expect(cart.body.cart._data[0].cart_fees.total_outstanding).toBe('20.00');
    expect((await pay(c, cartId, card('20.00'))).body.outcome).toBe('completed');
  });

  it('the requires-action card completes after confirmation', async () => {
    const { c, cartId } = await cartWith(1);
    const first = await pay(c, cartId, card('20.00', DEMO_CARDS.requires_action));
    expect(first.status).toBe(402);
    expect(first.body._data[0]._code).toBe('intent_requires_action');
    const intent = first.body._data[0]._extra.payment_intent_id;
    expect(first.body._data[0]._extra.payment_intent_client_secret).toContain(intent);
    // Retrying before confirming is refused.
    expect((await pay(c, cartId, card('20.00', '', { payment_intent_id: intent }))).status).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/payments/demo/${intent}/confirm`, headers: jsonContentType('POST') })).statusCode).toBe(200);
    const done = await pay(c, cartId, card('20.00', '', { payment_intent_id: intent }));
    expect(done.body.outcome).toBe('completed');
    expect(await count('payment', cartId)).toBe(1);
  });

  it('the same idempotency key twice makes one order and one charge', async () => {
    const { c, cartId } = await cartWith(1);
    const a = await pay(c, cartId, card('20.00'), `key-${cartId}`);
    const b = await pay(c, cartId, card('20.00'), `key-${cartId}`);
    expect([a.body.outcome, b.body.outcome]).toEqual(['completed', 'completed']);
    expect(b.body.ticket_order._data[0].id).toBe(a.body.ticket_order._data[0].id);
    expect([await count('ticket_order', cartId), await count('payment', cartId)]).toEqual([1, 1]);
  });

  it('two concurrent pays make exactly one order and one charge', async () => {
    const { c, cartId } = await cartWith(1);
    const results = await Promise.all([pay(c, cartId, card('20.00')), pay(c, cartId, card('20.00')), pay(c, cartId, card('20.00'))]);
    const completed = results.filter((r) => r.body.outcome === 'completed');
    const inProgress = results.filter((r) => r.status === 409 && r.body._data[0]._code === 'intent_processing');
    expect(completed.length + inProgress.length).toBe(3);
    expect(completed.length).toBeGreaterThanOrEqual(1);
    expect([await count('ticket_order', cartId), await count('payment', cartId)]).toEqual([1, 1]);
  });

  it('a payment after the hold expired is refused before any charge', async () => {
    const { c, cartId } = await cartWith(1);
    t.clock.advance(31 * 60_000);
    try {
      const res = await pay(c, cartId, card('20.00'));
      expect(res.status).toBe(410);
      expect(res.body._data[0]._code).toBe('cart_expired');
      expect(await count('payment', cartId)).toBe(0);
    } finally {
      t.clock.now = new Date('2026-06-01T16:00:00.000Z');
    }
  });

  it('pays in parts: partial, then the rest completes', async () => {
    const { c, cartId } = await cartWith(2);
    const part = await pay(c, cartId, card('15.00'));
    expect(part.body.outcome).toBe('partial');
    expect(part.body.cart._data[0]).toMatchObject({ state: 'pending' });
    expect(part.body.cart._data[0].cart_fees).toMatchObject({ total_payments: '15.00', total_outstanding: '25.00' });
    expect((await pay(c, cartId, card('30.00'))).status).toBe(400);
    const remove = await c.modify(cartId, { remove: [part.body.ticket._data[0].id] });
    expect(remove.status).toBe(409);
    expect(remove.body._data[0]._code).toBe('incorrect_cart_state');
    const rest = await pay(c, cartId, card('25.00'));
    expect(rest.body.outcome).toBe('completed');
    expect(rest.body.ticket_order._data[0].ticket_order_fees.total_payments).toBe('40.00');
  });

  it.each([
    [card('0.49'), 400, 'payment_not_supported'],
    [card('0'), 400, 'validation_failed'],
    [{ amount: '20.00', gateway_id: 'free', gateway_data: {} }, 400, 'payment_not_supported'],
    [{ amount: '20.001', gateway_id: 'demo' }, 400, 'validation_failed'],
    [{ amount: '20.00', gateway_id: 'bitcoin' }, 400, 'validation_failed'],
  ])('refuses %j', async (body, status, code) => {
    const { c, cartId } = await cartWith(1);
    const res = await pay(c, cartId, body);
    expect(res.status).toBe(status);
    expect(res.body._data[0]._code).toBe(code);
    expect(await count('payment', cartId)).toBe(0);
  });

  it('a free cart completes with the free gateway; another identity cannot pay', async () => {
    const c = new CartClient(t.app);
    const res = await c.create([{ ticket_type_id: ids.type('companion'), event_session_id: ids.session('concert', CONCERT) }]);
    const cartId = res.body.cart._data[0].id;
    const stranger = new CartClient(t.app);
    await stranger.create([adult()]);
    expect((await pay(stranger, cartId, { amount: '0', gateway_id: 'free' })).status).toBe(403);
    const done = await pay(c, cartId, { amount: '0', gateway_id: 'free' });
    expect(done.body.outcome).toBe('completed');
  });
});
