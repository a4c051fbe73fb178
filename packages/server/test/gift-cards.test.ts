import { fileURLToPath } from 'node:url';
import { DEMO_CARDS } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { CartClient, catalogIds, useCatalogApp, type CatalogIds } from './cart-client.js';
import { dialects, testApp, type TestApp } from './harness.js';

const HOT = '2026-06-07T14:00:00.000Z';

describe.each(dialects())('gift cards on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useCatalogApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  const pay = (c: CartClient, cartId: string, body: object) =>
    t.app.inject({ method: 'POST', url: `/api/cart/${cartId}/pay`, payload: body, headers: { cookie: c.cookie! } }).then((r) => ({ status: r.statusCode, body: JSON.parse(r.body) }));
  const ledger = (number: string) => t.app.inject({ method: 'GET', url: `/api/ledger/giftcard/${number}` }).then((r) => ({ status: r.statusCode, body: JSON.parse(r.body) }));

  async function buyGiftCard(): Promise<string> {
    const c = new CartClient(t.app);
    const cart = await c.create([{ ticket_type_id: ids.type('gift25') }]);
    expect(cart.body.ticket._data[0]).toMatchObject({ handler: 'ledger', event_session_id: null });
    const done = await pay(c, cart.body.cart._data[0].id, { amount: '25.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success }, terms_accepted: true });
    expect(done.body.outcome).toBe('completed');
    const row = await t.db.selectFrom('ledger').select('number').where('ticket_id', '=', done.body.ticket._data[0].id).executeTakeFirstOrThrow();
    return row.number;
  }

  it('buying a gift card issues one with its value; it pays part of an order and a card the rest', async () => {
    const number = await buyGiftCard();
    expect(number).toMatch(/^[A-Z2-9]{16}$/);
    expect((await ledger(number)).body.ledger._data[0]).toEqual({ number, state: 'active', balance: '25.00' });
    expect((await ledger(number.toLowerCase())).status).toBe(200);

    const c = new CartClient(t.app);
    const adult = { ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) };
    const cartId = (await c.create([adult, adult])).body.cart._data[0].id; // 40.00
    const part = await pay(c, cartId, { amount: '25.00', gateway_id: 'ledger', gateway_data: { number } });
    expect(part.body.outcome).toBe('partial');
    expect(part.body.cart._data[0].cart_fees.total_outstanding).toBe('15.00');
    expect((await ledger(number)).body.ledger._data[0].balance).toBe('0.00');
    const rest = await pay(c, cartId, { amount: '15.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(rest.body.outcome).toBe('completed');

    const again = new CartClient(t.app);
    const cart2 = (await again.create([adult])).body.cart._data[0].id;
    const empty = await pay(again, cart2, { amount: '20.00', gateway_id: 'ledger', gateway_data: { number } });
    expect(empty.status).toBe(402);
    expect(empty.body._data[0]._description).toBe('Gift Card balance is $0');
  });

  it('two checkouts spending one card at once never take more than it holds', async () => {
    const number = await buyGiftCard();
    const adult = { ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) };
    const buyers = await Promise.all(
      [0, 1, 2].map(async () => {
        const c = new CartClient(t.app);
        return { c, cartId: (await c.create([adult])).body.cart._data[0].id as string };
      }),
    );
    const results = await Promise.all(buyers.map(({ c, cartId }) => pay(c, cartId, { amount: '20.00', gateway_id: 'ledger', gateway_data: { number } })));
    expect(results.filter((r) => r.body.outcome === 'completed')).toHaveLength(1);
    expect((await ledger(number)).body.ledger._data[0].balance).toBe('5.00');
  });

  it('an unknown number is not found', async () => {
    const res = await ledger('NOSUCHCARD');
    expect(res.status).toBe(404);
    expect(res.body._data[0]._code).toBe('not_found');
  });
});

describe('gift card number in the confirmation', () => {
  it("a gift card's line shows no date or time, even when its event has an open session (the demo)", async () => {
    const t = await testApp('sqlite', { catalog: fileURLToPath(new URL('../../../catalog/demo.json', import.meta.url)) });
    try {
      const ids = await catalogIds(t.db);
      const session = await t.db.selectFrom('event_session').select('id').where('event_template_id', '=', ids.event('gift-cards')).executeTakeFirstOrThrow();
      const c = new CartClient(t.app);
      const cartId = (await c.create([{ ticket_type_id: ids.type('gift-card-25'), event_session_id: session.id }])).body.cart._data[0].id;
      const user = await c.call('POST', '/api/user', { first_name: 'Ada', last_name: 'Byron', email: 'ada@example.org' });
      await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.body.user._data[0].identity_id });
      expect((await c.call('POST', `/api/cart/${cartId}/pay`, { amount: '25.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success }, terms_accepted: true })).body.outcome).toBe('completed');
      const box = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=ada@example.org' });
      const text = JSON.parse(box.body).mailbox._data[0].text as string;
      const line = text.split('\n').find((l) => l.includes('Gift card number'))!;
      expect(line).toMatch(/^\s*Gift Cards — \$25 Gift Card — Gift card number /);
    } finally {
      await t.close();
    }
  });

  it('the buyer of a gift card receives its number by e-mail', async () => {
    const t = await testApp('sqlite');
    try {
      const ids = await catalogIds(t.db);
      const c = new CartClient(t.app);
      const cartId = (await c.create([{ ticket_type_id: ids.type('gift25') }])).body.cart._data[0].id;
      const user = await c.call('POST', '/api/user', { first_name: 'Ada', last_name: 'Byron', email: 'ada@example.org' });
      const identityId = user.body.identity?._data?.[0]?.id ?? user.body.user?._data?.[0]?.identity_id;
      await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: identityId });
      await c.call('POST', `/api/cart/${cartId}/pay`, { amount: '25.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success }, terms_accepted: true });
      const number = (await t.db.selectFrom('ledger').select('number').executeTakeFirstOrThrow()).number;
      const box = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=ada@example.org' });
      expect(box.body).toContain(`Gift card number ${number} (25.00 USD)`);

    } finally {
      await t.close();
    }
  });
});
