import { DEMO_CARDS, GIFT_TO_SELF } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { Browser, createUser, PASSWORD } from './auth-harness.js';
import { CartClient, useCatalogApp, type CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';

const GA = '2026-06-04T22:00:00.000Z';

describe.each(dialects())('gifts on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useCatalogApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));
  const line = () => ({ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', GA) });

  async function member(email: string) {
    await createUser(t.db, { email });
    const b = new Browser(t.app);
    expect((await b.post('/api/login', { username: email, password: PASSWORD })).status).toBe(200);
    const cart = await b.post('/api/my/cart/modify', { add: [line()] });
    return { b, cartId: cart.body.cart._data[0].id as string, outstanding: cart.body.cart._data[0].cart_fees.total_outstanding as string };
  }

  it('POST giftee gives an identity id, the same one for the same e-mail; bad input is a 400', async () => {
    const a = await new Browser(t.app).post('/api/giftee', { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.org' });
    expect(a.status).toBe(200);
    expect(a.body.identity_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.body.giftee._data[0]).toMatchObject({ identity_id: a.body.identity_id, first_name: 'Grace', email: 'grace@example.org' });
    const again = await new Browser(t.app, '10.0.0.2').post('/api/giftee', { first_name: 'G', last_name: 'H', email: 'GRACE@example.org' });
    expect(again.body.identity_id).toBe(a.body.identity_id);
    const bad = await new Browser(t.app).post('/api/giftee', { first_name: '', last_name: 'H', email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body._data[0]._code).toBe('validation_failed');
  });

  it('a member gift-checks-out for the giftee and pays; the giver is the purchaser', async () => {
    const { b, cartId, outstanding } = await member('giver@example.org');
    const giftee = await b.post('/api/giftee', { first_name: 'Grace', last_name: 'Hopper', email: 'grace2@example.org' });
    const res = await b.post(`/api/my/cart/${cartId}/gift_checkout`, { giftee_identity_id: giftee.body.identity_id });
    expect(res.status).toBe(200);
    expect(res.body.cart._data[0].id).toBe(cartId);
    // docs/memberships.md#7-gifts-of-membership: the cart names its giftee.
    expect(res.body.cart._data[0].giftee).toEqual({ id: giftee.body.identity_id, name: 'Grace Hopper', email: 'grace2@example.org' });
    const row = await t.db.selectFrom('cart').select(['giftee_identity_id', 'purchaser_identity_id', 'identity_id']).where('id', '=', cartId).executeTakeFirstOrThrow();
    expect(row.giftee_identity_id).toBe(giftee.body.identity_id);
    expect(row.purchaser_identity_id).toBe(row.identity_id);
    const paid = await b.post(`/api/my/cart/${cartId}/pay`, { amount: outstanding, gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(paid.body.outcome).toBe('completed');
  });

  it('refuses a gift to oneself (same identity or same e-mail), an unknown giftee, and a guest', async () => {
    const { b, cartId } = await member('self@example.org');
    const me = await t.db.selectFrom('user_account').select('identity_id').where('email', '=', 'self@example.org').executeTakeFirstOrThrow();
    const self = await b.post(`/api/my/cart/${cartId}/gift_checkout`, { giftee_identity_id: me.identity_id });
    expect(self.status).toBe(400);
    expect(self.body._data[0]._description).toBe(GIFT_TO_SELF);
    const sameEmail = await b.post('/api/giftee', { first_name: 'A', last_name: 'B', email: 'SELF@example.org' });
    expect((await b.post(`/api/my/cart/${cartId}/gift_checkout`, { giftee_identity_id: sameEmail.body.identity_id })).body._data[0]._description).toBe(GIFT_TO_SELF);
    const unknown = await b.post(`/api/my/cart/${cartId}/gift_checkout`, { giftee_identity_id: '0190a000-0000-7000-8000-000000000000' });
    expect(unknown.status).toBe(404);

    const guest = new CartClient(t.app);
    const cart = await guest.create([line()]);
    const giftee = await new Browser(t.app, '10.0.0.3').post('/api/giftee', { first_name: 'Grace', last_name: 'Hopper', email: 'grace3@example.org' });
    const refused = await guest.call('POST', `/api/my/cart/${cart.body.cart._data[0].id}/gift_checkout`, { giftee_identity_id: giftee.body.identity_id });
    expect(refused.status).toBe(401);
    expect(refused.body._data[0]._code).toBe('not_authorized');
  });

  it("never names another account from its identity id: only giftees the giver registered (or typed the e-mail of)", async () => {
    // The victim's identity id leaks elsewhere (ticket_order, the register 409); it names nobody by itself.
    const victim = await createUser(t.db, { email: 'victim@example.org', first_name: 'Victoria', last_name: 'Secret' });
    const { b, cartId } = await member('snoop@example.org');
    const probe = await b.post(`/api/my/cart/${cartId}/gift_checkout`, { giftee_identity_id: victim.identityId });
    expect(probe.status).toBe(404);
    expect(JSON.stringify(probe.body)).not.toMatch(/victim@example\.org|Victoria/);
    const row = await t.db.selectFrom('cart').select('giftee_identity_id').where('id', '=', cartId).executeTakeFirstOrThrow();
    expect(row.giftee_identity_id).toBeNull();
    // A giftee another member registered is not this giver's to name either.
    const other = await member('other-giver@example.org');
    const theirs = await other.b.post('/api/giftee', { first_name: 'Ada', last_name: 'Byron', email: 'ada-gift@example.org' });
    expect((await b.post(`/api/my/cart/${cartId}/gift_checkout`, { giftee_identity_id: theirs.body.identity_id })).status).toBe(404);
    // Typing the person's e-mail in POST giftee is how a giver names them, an existing account included.
    const typed = await b.post('/api/giftee', { first_name: 'V', last_name: 'S', email: 'victim@example.org' });
    expect(typed.body.identity_id).toBe(victim.identityId);
    const named = await b.post(`/api/my/cart/${cartId}/gift_checkout`, { giftee_identity_id: victim.identityId });
    expect(named.status).toBe(200);
    // …but typing an e-mail never reads back the account holder's name (only the e-mail the giver typed).
    expect(named.body.cart._data[0].giftee).toEqual({ id: victim.identityId, name: '', email: 'victim@example.org' });
    expect(JSON.stringify((await b.get(`/api/my/cart/${cartId}`)).body)).not.toMatch(/Victoria|Secret/);
  });
});

