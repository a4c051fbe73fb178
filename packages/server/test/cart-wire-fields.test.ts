import { DEMO_CARDS } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { CartClient, useCatalogApp, type CatalogIds } from './cart-client.js';
import { dialects, testApp, type TestApp } from './harness.js';

// docs/cart.md#data: cart_fees' gateway_id, account_id and face_value; the gateway_audit embed; ticket groups' originalPrice and types.
const GA_0604_18 = '2026-06-04T22:00:00.000Z';

describe.each(dialects())('cart and ticket group wire fields on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useCatalogApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));
  const adult = () => ({ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', GA_0604_18) });
  const pay = (c: CartClient, cartId: string, number: string) => c.call('POST', `/api/cart/${cartId}/pay`, { amount: '40.00', gateway_id: 'demo', gateway_data: { card_number: number } });

  it('cart_fees name the gateway and account the balance goes to, and the face value; gateway_audit lists every attempt', async () => {
    const c = new CartClient(t.app);
    const created = await c.create([adult(), adult()]);
    const cartId = created.body.cart._data[0].id;
    expect(created.body.cart._data[0].cart_fees).toMatchObject({ gateway_id: 'demo', account_id: null, face_value: '40.00', total_outstanding: '40.00' });
    expect((await pay(c, cartId, DEMO_CARDS.card_declined)).status).toBe(402);
    expect((await pay(c, cartId, DEMO_CARDS.success)).status).toBe(200);
    const read = await c.call('GET', `/api/cart/${cartId}?_embed=gateway_audit`);
    expect(read.status).toBe(200);
    expect(read.body.cart._data[0].cart_fees).toMatchObject({ gateway_id: 'free', account_id: null, face_value: '40.00', total_outstanding: '0.00' });
    const audit = read.body.gateway_audit._data;
    expect(audit.map((a: { gateway_id: string; amount: string; status: string; error_code: string | null }) => [a.gateway_id, a.amount, a.status, a.error_code])).toEqual([
      ['demo', '40.00', 'failed', 'card_declined'],
      ['demo', '40.00', 'succeeded', null],
    ]);
    // Without the embed, no audit.
    expect((await c.call('GET', `/api/cart/${cartId}`)).body.gateway_audit).toBeUndefined();
  });

  it('ticket groups carry their type ids and the lowest price before discounts', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/events/${ids.event('hot')}?_embed=ticket_group` });
    const group = JSON.parse(res.body).ticket_group._data[0];
    expect(group).toMatchObject({ price: '12.00', originalPrice: '15.00', types: [ids.type('adult'), ids.type('student')] });
    const c = new CartClient(t.app);
    const cart = await c.create([adult()]);
    const read = await c.call('GET', `/api/cart/${cart.body.cart._data[0].id}?_embed=ticket.ticket_group`);
    expect(read.body.ticket_group._data[0]).toMatchObject({ originalPrice: '10.50', types: [ids.type('adult'), ids.type('child')] });
  });
});

describe.each(dialects())('a Stripe seller on %s', (dialect) => {
  it('cart_fees carry the Stripe account id from STRIPE_ACCOUNT_ID', async () => {
    const env = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_URL: 'http://127.0.0.1:9', STRIPE_ACCOUNT_ID: 'acct_123abc' };
    const t = await testApp(dialect, { env });
    try {
      const sessions = await t.db.selectFrom('event_session').innerJoin('event_template', 'event_template.id', 'event_session.event_template_id').select(['event_session.id']).where('event_template.catalog_key', '=', 'ga').where('event_session.start_datetime', '=', GA_0604_18).executeTakeFirstOrThrow();
      const type = await t.db.selectFrom('ticket_type').select('id').where('catalog_key', '=', 'adult').executeTakeFirstOrThrow();
      const res = await new CartClient(t.app).create([{ ticket_type_id: type.id, event_session_id: sessions.id }]);
      expect(res.body.cart._data[0].cart_fees).toMatchObject({ gateway_id: 'stripe', account_id: 'acct_123abc', face_value: '20.00' });
    } finally {
      await t.close();
    }
  });
});
