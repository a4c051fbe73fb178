import { DEMO_CARDS } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/ids.js';
import { CartClient, useCatalogApp, type CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';
import { Browser, createUser, PASSWORD } from './auth-harness.js';

const HOT = '2026-06-07T14:00:00.000Z';

/**
 * The configurable "your information" form (docs/checkout.md#your-information): the seller's web.identity_form and the
 * cart's group meta identity_form / extra_checkout_fields, checked by the server at guest checkout
 * with the same rules the browser runs, and kept with the cart its order comes from.
 */
describe.each(dialects())('the identity form at guest checkout on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useCatalogApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  const adult = () => ({ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) });

  async function configure(sellerForm: unknown, groupMeta: Record<string, unknown>, eventMeta: Record<string, unknown> = {}) {
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    await t.db.updateTable('event_template').set({ meta: JSON.stringify(eventMeta) }).where('id', '=', ids.event('hot')).execute();
    await t.db.deleteFrom('config_entry').where('namespace', '=', 'web').where('name', '=', 'identity_form').execute();
    await t.db.insertInto('config_entry').values({ id: uuidv7(), seller_id: seller.id, resource_id: seller.id, namespace: 'web', name: 'identity_form', value: JSON.stringify(sellerForm) }).execute();
    await t.db.updateTable('ticket_group').set({ meta: JSON.stringify(groupMeta) }).where('id', '=', ids.group('hot', 'hot')).execute();
  }

  async function guestWithCart(email: string) {
    const c = new CartClient(t.app);
    const cartId = (await c.create([adult()])).body.cart._data[0].id as string;
    const user = await c.call('POST', '/api/user', { first_name: 'Ada', last_name: 'Lovelace', email, meta: { member_of: 'Analytical Society' } });
    const identityId = (user.body.identity?._data?.[0]?.id ?? user.body.user?._data?.[0]?.identity_id) as string;
    return { c, cartId, identityId };
  }

  const checkout = (c: CartClient, cartId: string, identityId: string, identity_form?: Record<string, string | boolean>) =>
    c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: identityId, send_email: false, ...(identity_form ? { identity_form } : {}) });

  const accountMeta = async (identityId: string) => JSON.parse((await t.db.selectFrom('user_account').select('meta').where('identity_id', '=', identityId).executeTakeFirstOrThrow()).meta);
  const purchaserMeta = async (cartId: string) => {
    const row = await t.db.selectFrom('cart').select(['purchaser_meta', 'purchaser_identity_id']).where('id', '=', cartId).executeTakeFirstOrThrow();
    return { meta: row.purchaser_meta ? JSON.parse(row.purchaser_meta) : null, purchaser: row.purchaser_identity_id };
  };

  it('refuses missing, too long, unlisted and unmatched answers with every field named, and keeps nothing', async () => {
    await configure(
      [
        { key: 'phone', required: true },
        { key: 'member_of', type: 'text', required: true },
        { key: 'heard_from', type: 'select', options: ['Friend', 'Radio', 'Web'] },
        { key: 'email_confirm', type: 'email', mustEqual: 'email', required: true },
      ],
      { extra_checkout_fields: [{ key: 'photo_consent', type: 'checkbox', required: true }] },
    );
    const { c, cartId, identityId } = await guestWithCart('ada@example.org');
    const refused = await checkout(c, cartId, identityId, { member_of: 'x'.repeat(1001), heard_from: 'Television', email_confirm: 'other@example.org', photo_consent: false });
    expect(refused.status).toBe(400);
    const error = refused.body._data[0];
    expect(error._code).toBe('validation_failed');
    expect(error._description).toBe('There were errors found in the information you submitted. Please address the errors and re-submit the form.');
    expect(error._extra.fields).toEqual({
      phone: { code: 'required' },
      member_of: { code: 'too_long', limit: 1000 },
      heard_from: { code: 'not_option' },
      email_confirm: { code: 'must_equal', other: 'email' },
      photo_consent: { code: 'required' },
    });
    expect(await purchaserMeta(cartId)).toEqual({ meta: null, purchaser: null });
    expect(await accountMeta(identityId)).toEqual({ member_of: 'Analytical Society' });

    // Without any answers (an old client): the required ones are still missing.
    expect((await checkout(c, cartId, identityId)).status).toBe(400);
  });

  it('accepts the answers (e-mail confirmation without case), keeps those of fields that apply, drops unknown keys', async () => {
    await configure(
      [
        { key: 'phone', required: true },
        { key: 'member_of', required: true },
        { key: 'email_confirm', type: 'email', mustEqual: 'email', required: true },
        { key: 'newsletter', type: 'checkbox' },
        { key: 'internal_note', disabled: true, required: true },
        { key: 'country', required: true },
        { key: 'state', required: true },
      ],
      { identity_form: [{ key: 'photo_consent', type: 'checkbox', required: true }] },
    );
    const { c, cartId, identityId } = await guestWithCart('lovelace@example.org');
    // A state the country does not have is refused; a country without states needs none.
    const wrongState = await checkout(c, cartId, identityId, { phone: '+44 20 7946 0000', member_of: 'Royal Society', email_confirm: 'LOVELACE@example.org', photo_consent: true, country: 'us', state: 'ON' });
    expect(wrongState.body._data[0]._extra.fields).toEqual({ state: { code: 'not_option' } });
    const ok = await checkout(c, cartId, identityId, {
      phone: '+44 20 7946 0000',
      member_of: ' Royal Society ',
      email_confirm: 'LOVELACE@example.org',
      photo_consent: true,
      country: 'gb',
      state: 'ignored',
      internal_note: 'not asked',
      smuggled: 'never kept',
    });
    expect(ok.status).toBe(200);
    const kept = await purchaserMeta(cartId);
    expect(kept.purchaser).toBe(identityId);
    expect(kept.meta).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'lovelace@example.org',
      phone: '+44 20 7946 0000',
      member_of: 'Royal Society',
      email_confirm: 'LOVELACE@example.org',
      photo_consent: true,
      country: 'gb',
    });

    // The order is made from this cart: its purchaser details stay with it.
    const paid = await c.call('POST', `/api/cart/${cartId}/pay`, { amount: '20.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(paid.body.outcome).toBe('completed');
    expect((await purchaserMeta(cartId)).meta.member_of).toBe('Royal Society');
    // The checked answers are copied onto the guest identity's meta (over what POST user was sent); nothing unchecked is.
    expect(await accountMeta(identityId)).toEqual({ phone: '+44 20 7946 0000', member_of: 'Royal Society', email_confirm: 'LOVELACE@example.org', photo_consent: true, country: 'gb' });

    // Someone else who types her e-mail (POST user's 409) may name her as purchaser, but their answers stay on their cart.
    const stranger = new CartClient(t.app, '10.9.0.9');
    const strangerCart = (await stranger.create([adult()])).body.cart._data[0].id as string;
    const taken = await stranger.call('POST', '/api/user', { first_name: 'Ada', last_name: 'Lovelace', email: 'lovelace@example.org' });
    expect(taken.status).toBe(409);
    const named = await checkout(stranger, strangerCart, identityId, { phone: '+1 555 0100', member_of: 'Not her society', email_confirm: 'lovelace@example.org', photo_consent: true, country: 'gb' });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect((await purchaserMeta(strangerCart)).meta.member_of).toBe('Not her society');
    expect((await accountMeta(identityId)).member_of).toBe('Royal Society');
  });

  it('an answer the form allows but the meta limits do not (1,000 characters, quoted in JSON) checks out; it stays on the cart only', async () => {
    await configure([{ key: 'member_of', required: true }], {});
    const { c, cartId, identityId } = await guestWithCart('long-answer@example.org');
    const long = 'x'.repeat(1000);
    const res = await checkout(c, cartId, identityId, { member_of: long });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await purchaserMeta(cartId)).meta.member_of).toBe(long);
    expect((await accountMeta(identityId)).member_of).toBe('Analytical Society');
  });

  it("an event's meta identity_form adds its fields to the form of a cart holding that event's tickets", async () => {
    await configure([], {}, { identity_form: [{ key: 'dietary', label: 'Dietary needs', required: true }, { key: 'wheelchair', type: 'checkbox' }] });
    const { c, cartId, identityId } = await guestWithCart('event-form@example.org');
    const refused = await checkout(c, cartId, identityId, { wheelchair: true });
    expect([refused.status, refused.body._data[0]._extra.fields]).toEqual([400, { dietary: { code: 'required' } }]);
    expect((await checkout(c, cartId, identityId, { dietary: 'Vegetarian', wheelchair: true })).status).toBe(200);
    expect((await purchaserMeta(cartId)).meta).toMatchObject({ dietary: 'Vegetarian', wheelchair: true });
    expect(await accountMeta(identityId)).toEqual({ member_of: 'Analytical Society', dietary: 'Vegetarian', wheelchair: true });
  });

  it("a logged-in member's checkout asks for nothing, even with required custom fields, and pays; a guest naming the member's e-mail never writes to the member's meta", async () => {
    await configure([{ key: 'member_of', required: true }], {});
    const { identityId: memberIdentity } = await createUser(t.db, { email: 'member-form@example.org', first_name: 'Grace', last_name: 'Hopper' });
    const member = new Browser(t.app, '10.9.0.1');
    expect((await member.post('/api/login', { username: 'member-form@example.org', password: PASSWORD })).status).toBe(200);
    const cart = (await member.post('/api/my/cart/modify', { add: [adult()] })).body.cart._data[0];
    const checkedOut = await member.post(`/api/my/cart/${cart.id}/checkout`, {});
    expect(checkedOut.status, JSON.stringify(checkedOut.body)).toBe(200);
    const paid = await member.post(`/api/my/cart/${cart.id}/pay`, { amount: cart.cart_fees.total_outstanding, gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
    expect(await purchaserMeta(cart.id)).toEqual({ meta: null, purchaser: memberIdentity });

    // A guest who types the member's e-mail may name them as purchaser (POST user's 409), but their answers stay on the cart only.
    const guest = new CartClient(t.app);
    const guestCart = (await guest.create([adult()])).body.cart._data[0].id as string;
    const taken = await guest.call('POST', '/api/user', { first_name: 'Grace', last_name: 'Hopper', email: 'member-form@example.org' });
    expect(taken.status).toBe(409);
    expect((await checkout(guest, guestCart, memberIdentity, { member_of: 'Not the member' })).status).toBe(200);
    expect(await accountMeta(memberIdentity)).toEqual({});
  });

  it('with the default form the account alone suffices', async () => {
    await configure([], {});
    const { c, cartId, identityId } = await guestWithCart('grace@example.org');
    expect((await checkout(c, cartId, identityId)).status).toBe(200);
    expect((await purchaserMeta(cartId)).meta).toEqual({ first_name: 'Ada', last_name: 'Lovelace', email: 'grace@example.org' });
  });

  it('refuses a malformed answer body in the error envelope', async () => {
    const { c, cartId, identityId } = await guestWithCart('bad@example.org');
    const res = await checkout(c, cartId, identityId, { nested: { deep: true } } as unknown as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body._data[0]._code).toBe('validation_failed');
  });
});
