import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, PASSWORD, createUser, setLoginMethods } from './auth-harness.js';
import { catalogIds } from './cart-client.js';
import { dialects, testApp, type TestApp } from './harness.js';

const GA_0604_18 = '2026-06-04T22:00:00.000Z';

/** docs/accounts.md#web-screens: the cart's identity embed says whether a public identity owns the cart (the member menu's rule). */
describe.each(dialects())('cart owner in the identity embed on %s', (dialect) => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof catalogIds>>;

  beforeAll(async () => {
    t = await testApp(dialect);
    ids = await catalogIds(t.db);
    await createUser(t.db, { email: 'owner@example.com' });
  });
  afterAll(() => t.close());

  it('is true for a guest cart and false once a member owns it', async () => {
    const b = new Browser(t.app, '10.9.0.1');
    const cart = await b.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', GA_0604_18) }] });
    const cartId = cart.body.cart._data[0].id;
    const guest = await b.get(`/api/my/cart/${cartId}?_embed=identity`);
    expect(guest.body.identity._data).toEqual([{ id: cart.body.cart._data[0].identity_id, ownedByPublicIdentity: true }]);

    const login = await b.post('/api/login', { username: 'owner@example.com', password: PASSWORD, cart_id: cartId });
    expect(login.body.cart_id).toBe(cartId);
    const member = await b.get(`/api/my/cart/${cartId}?_embed=identity`);
    expect(member.body.identity._data).toEqual([{ id: login.body.user._data[0].identity_id, ownedByPublicIdentity: false }]);
    // A member id login answers with the member's membership; an e-mail account has none.
    expect(login.body.membership._data).toEqual([]);
  });

  it('answers a member id login with the membership', async () => {
    await createUser(t.db, { email: 'm@example.com', scan_code: 'M-2001', zip_code: '10001' });
    await setLoginMethods(t.db, ['scan_code']);
    const res = await new Browser(t.app, '10.9.0.2').post('/api/login', { scan_code: 'm-2001', zip_code: '10001' });
    expect(res.status).toBe(200);
    expect(res.body.membership._data).toEqual([expect.objectContaining({ scan_code: 'M-2001', role: 'member', identity_id: res.body.user._data[0].identity_id })]);
  });
});
