import { DEMO_CARDS } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { CartClient, useCatalogApp, type CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';

const HOT = '2026-06-07T14:00:00.000Z';

describe.each(dialects())('Idempotency-Key on pay names one attempt (%s)', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useCatalogApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  const card = (number: string, amount = '20.00') => ({ amount, gateway_id: 'demo', gateway_data: { card_number: number } });
  const pay = (c: CartClient, cartId: string, body: object, key: string) =>
    c.app
      .inject({ method: 'POST', url: `/api/cart/${cartId}/pay`, payload: body, headers: { cookie: c.cookie!, 'idempotency-key': key } })
      .then((r) => ({ status: r.statusCode, body: JSON.parse(r.body) }));
  async function cart() {
    const c = new CartClient(t.app);
    const res = await c.create([{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) }]);
    return { c, cartId: res.body.cart._data[0].id as string };
  }
  const payments = (cartId: string) => t.db.selectFrom('payment').select(['status', 'idempotency_key']).where('cart_id', '=', cartId).orderBy('created_at').orderBy('id').execute();
  const reused = (res: { status: number; body: { _data: { _code: string }[] } }) => {
    expect(res.status).toBe(422);
    expect(res.body._data[0]._code).toBe('idempotency_key_reused');
  };

  it('a failed attempt may be retried with the same key and request (no 500); a different request with the key is refused', async () => {
    const { c, cartId } = await cart();
    const key = `declined-${cartId}`;
    const first = await pay(c, cartId, card(DEMO_CARDS.card_declined), key);
    expect([first.status, first.body._data[0]._code]).toEqual([402, 'card_declined']);
    const again = await pay(c, cartId, card(DEMO_CARDS.card_declined), key);
    expect([again.status, again.body._data[0]._code]).toEqual([402, 'card_declined']);
    reused(await pay(c, cartId, card(DEMO_CARDS.success), key));
    expect((await payments(cartId)).map((p) => p.status)).toEqual(['failed', 'failed']);
    // The cart is still payable with a new key.
    expect((await pay(c, cartId, card(DEMO_CARDS.success), `new-${cartId}`)).body.outcome).toBe('completed');
  });

  it('a succeeded attempt is replayed for the same request; a different request or another cart with its key is refused', async () => {
    const { c, cartId } = await cart();
    const key = `ok-${cartId}`;
    const first = await pay(c, cartId, card(DEMO_CARDS.success), key);
    expect(first.body.outcome).toBe('completed');
    const replay = await pay(c, cartId, card(DEMO_CARDS.success), key);
    expect(replay.status).toBe(200);
    expect(replay.body.ticket_order._data[0].id).toBe(first.body.ticket_order._data[0].id);
    reused(await pay(c, cartId, card(DEMO_CARDS.success, '10.00'), key));
    const other = await cart();
    reused(await pay(other.c, other.cartId, card(DEMO_CARDS.success), key));
    expect(await payments(cartId)).toHaveLength(1);
    expect(await payments(other.cartId)).toHaveLength(0);
  });

  it('a key left on a failed payment by a crash (no fingerprint) does not block the retry', async () => {
    const { c, cartId } = await cart();
    const key = `crash-${cartId}`;
    const seller = await t.db.selectFrom('cart').select('seller_id').where('id', '=', cartId).executeTakeFirstOrThrow();
    await t.db
      .insertInto('payment')
      .values({ id: `p-${cartId}`, seller_id: seller.seller_id, cart_id: cartId, ticket_order_id: null, gateway_id: 'demo', amount: 2000, status: 'failed', idempotency_key: key, reference: null, error_code: 'payment_failed', created_at: t.clock.now.toISOString() })
      .execute();
    const res = await pay(c, cartId, card(DEMO_CARDS.success), key);
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('completed');
  });
});
