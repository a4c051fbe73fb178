import { MEMBERSHIP_TEXT } from '@foyer/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/ids.js';
import { errorOf } from './auth-harness.js';
import { books } from './books.js';
import type { CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';
import { buyMembership, days, giveMembership, registered, useMembershipApp } from './membership-harness.js';

/**
 * docs/memberships.md "Locked member details": with `membership.prevent_membership_updates` on, a
 * member's names and e-mail change neither on the account nor on the cards it buys; everyone else,
 * and everyone when the setting is off, goes on as before.
 */
describe.each(dialects())('prevent_membership_updates on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useMembershipApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  async function setLock(on: boolean) {
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    await t.db.deleteFrom('config_entry').where('namespace', '=', 'membership').where('name', '=', 'prevent_membership_updates').execute();
    if (on) await t.db.insertInto('config_entry').values({ id: uuidv7(), seller_id: seller.id, resource_id: seller.id, namespace: 'membership', name: 'prevent_membership_updates', value: 'true' }).execute();
  }
  beforeEach(() => setLock(true));

  /** A member whose Dual cards ran out: Ada (with her e-mail) and Charles. */
  async function lapsedDual() {
    const m = await registered(t);
    await giveMembership(t, ids, m.user, 'm-dual', days(t, -400), days(t, -35), { email: m.email });
    await giveMembership(t, ids, m.user, 'm-dual', days(t, -400), days(t, -35), { role: 'second-card', first_name: 'Charles', last_name: 'Babbage' });
    return m;
  }
  const dual = (email: string, second = 'Charles') => ({ members: [{ role: 'member', first_name: 'Ada', last_name: 'Lovelace', email }, { role: 'second-card', first_name: second, last_name: 'Babbage' }] });

  it('a member cannot change its names or e-mail (PUT my/user, PATCH my/user/{id}); the same values and contact details still save', async () => {
    const { b, email, user } = await registered(t);
    await giveMembership(t, ids, user, 'm-individual', days(t, -10), days(t, 300));
    const before = await books(t);
    const rename = await b.call('PUT', '/api/my/user', { first_name: 'Eve', last_name: 'Lovelace' });
    expect(rename.status, JSON.stringify(rename.body)).toBe(403);
    expect(errorOf(rename.body)).toMatchObject({ _code: 'member_details_locked', _description: MEMBERSHIP_TEXT.detailsLocked, _extra: { fields: ['first_name'] } });
    const move = await b.call('PATCH', `/api/my/user/${user.id}`, { email: 'elsewhere@example.org', phone: '555-0100' });
    expect(move.status).toBe(403);
    expect(errorOf(move.body)).toMatchObject({ _code: 'member_details_locked', _extra: { fields: ['email'] } });
    expect(await books(t)).toEqual(before);
    const same = await b.call('PUT', '/api/my/user', { first_name: 'Ada', last_name: 'Lovelace', email, phone: '555-0100' });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.user._data[0]).toMatchObject({ first_name: 'Ada', email, phone: '555-0100' });
  });

  it('a member without a real address (a placeholder) may still set one; its names stay locked', async () => {
    const { b, user } = await registered(t);
    await giveMembership(t, ids, user, 'm-individual', days(t, -10), days(t, 300));
    await t.db.updateTable('user_account').set({ email: 'no-email+lock@members.invalid', email_key: 'no-email+lock@members.invalid' }).where('id', '=', user.id).execute();
    const set = await b.call('PUT', '/api/my/user', { email: 'found@example.org' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await b.call('PUT', '/api/my/user', { last_name: 'Byron' })).status).toBe(403);
  });

  it('a lapsed member buying a new card set names only the people on its cards: anyone else is refused before anything is held', async () => {
    const { b, email } = await lapsedDual();
    const before = await books(t);
    const other = await b.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type('m-dual'), handler_data: dual(email, 'Mary') }] });
    expect(other.status, JSON.stringify(other.body)).toBe(403);
    expect(errorOf(other.body)).toMatchObject({ _code: 'member_details_locked', _context: 'reserve', _extra: { index: 0, member: 1 } });
    const newAddress = await b.post('/api/my/cart/modify', { add: [{ ticket_type_id: ids.type('m-dual'), handler_data: dual('ada-new@example.org') }] });
    expect(errorOf(newAddress.body)).toMatchObject({ _code: 'member_details_locked', _extra: { member: 0 } });
    expect(await books(t)).toEqual(before);
    // The same people, as written on the cards (letter case aside): bought.
    const { order } = await buyMembership(b, ids, 'm-dual', dual(email.toUpperCase(), 'charles'), '120.00');
    const cards = (await b.get(`/api/ticket_order/${order.id}?_embed=membership`)).body.membership._data as { first_name: string }[];
    expect(cards.map((c) => c.first_name)).toEqual(['Ada', 'charles']);
  });

  it('not locked: a first membership names anyone; with the setting off a lapsed member renames freely and a member edits its names', async () => {
    const first = await registered(t);
    await buyMembership(first.b, ids, 'm-dual', dual(first.email, 'Mary'), '120.00');
    await setLock(false);
    const { b, email } = await lapsedDual();
    await buyMembership(b, ids, 'm-dual', dual(email, 'Mary'), '120.00');
    const renamed = await b.call('PUT', '/api/my/user', { first_name: 'Augusta' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  });
});
