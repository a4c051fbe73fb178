import { GIFT_CARD_TEXT } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/ids.js';
import { CartClient, useCatalogApp, type CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';

// docs/payments.md "Gift cards": applied gift cards are kept on the cart (number, balance, state) until it is paid.
const GA_0604_18 = '2026-06-04T22:00:00.000Z';

describe.each(dialects())('gift cards kept on the cart on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useCatalogApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));
  const card = async (number: string, balance: number, state = 'active') => {
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    await t.db.insertInto('ledger').values({ id: uuidv7(), seller_id: seller.id, ledger_type: 'giftcard', number, state, balance, ticket_id: null, created_at: t.clock.now.toISOString() }).execute();
  };
  const kept = (body: { cart: { _data: { giftCards?: unknown }[] } }) => body.cart._data[0].giftCards;

  it('kept across reads, refused when unknown, empty or twice, paid with, and taken off', async () => {
    await card('KEEP0000000000A1', 1500);
    await card('KEEP0000000000B2', 0);
    const c = new CartClient(t.app);
    const created = await c.create([{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', GA_0604_18) }]);
    const cartId = created.body.cart._data[0].id;
    expect(kept(created.body)).toEqual([]);
    const added = await c.call('POST', `/api/cart/${cartId}/gift_card`, { number: ' keep0000000000a1 ' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(kept(added.body)).toEqual([{ number: 'KEEP0000000000A1', balance: '15.00', state: 'active' }]);
    // A reload reads them back.
    expect(kept((await c.call('GET', `/api/cart/${cartId}`)).body)).toEqual([{ number: 'KEEP0000000000A1', balance: '15.00', state: 'active' }]);
    const twice = await c.call('POST', `/api/cart/${cartId}/gift_card`, { number: 'KEEP0000000000A1' });
    expect([twice.status, twice.body._data[0]._description]).toEqual([409, GIFT_CARD_TEXT.duplicate]);
    const empty = await c.call('POST', `/api/cart/${cartId}/gift_card`, { number: 'KEEP0000000000B2' });
    expect([empty.status, empty.body._data[0]._description]).toEqual([422, GIFT_CARD_TEXT.zeroBalance]);
    const unknown = await c.call('POST', `/api/cart/${cartId}/gift_card`, { number: 'NOSUCHCARD' });
    expect([unknown.status, unknown.body._data[0]._code]).toEqual([404, 'not_found']);
    expect((await new CartClient(t.app).call('POST', `/api/cart/${cartId}/gift_card`, { number: 'KEEP0000000000A1' })).status).toBe(403);
    // Paying with it leaves it listed with what is left on it.
    const paid = await c.call('POST', `/api/cart/${cartId}/pay`, { amount: '15.00', gateway_id: 'ledger', gateway_data: { number: 'KEEP0000000000A1' } });
    expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('partial');
    expect(kept(paid.body)).toEqual([{ number: 'KEEP0000000000A1', balance: '0.00', state: 'active' }]);
    const dropped = await c.call('DELETE', `/api/cart/${cartId}/gift_card/KEEP0000000000A1`);
    expect(dropped.status).toBe(200);
    expect(kept(dropped.body)).toEqual([]);
    expect((await c.call('DELETE', `/api/cart/${cartId}/gift_card/KEEP0000000000A1`)).status).toBe(404);
  });
});
