import { describe, expect, it } from 'vitest';
import type { CatalogIds } from './cart-client.js';
import { documentChecker, makeStaff, signedIn } from './admin-harness.js';
import { buyMembership, dualMembers, registered, useMembershipApp } from './membership-harness.js';
import { dialects, type TestApp } from './harness.js';

/** Cards to print (docs/box-office.md, Members): new and renewed member cards since the last export, as CSV. */
describe.each(dialects())('member cards to print on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useMembershipApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  it('exports the cards made since the last export, with name, member id, level, valid to and address; then only newer ones', async () => {
    const desk = await signedIn(t, await makeStaff(t, 'desk@example.org', 'box_office'));
    const buyer = await registered(t, 'Ada');
    await t.db.updateTable('user_account').set({ address: '1 Harbour Rd, Flat "B"', city: 'Portsmouth', country: 'GB' }).where('id', '=', buyer.user.id).execute();
    await buyMembership(buyer.b, ids, 'm-dual', { members: dualMembers(buyer.email) }, '120.00');
    const first = await desk.call('POST', '/api/admin/members/cards-to-print');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = (first.body as string).trim().split('\r\n');
    expect(lines[0]).toBe('name,member_id,level,valid_to,address,address_more,city,state,zip_code,country');
    expect(lines.length).toBe(3);
    const scan = (await t.db.selectFrom('membership').select(['scan_code', 'first_name']).where('first_name', '=', 'Ada').executeTakeFirstOrThrow()).scan_code;
    expect(lines.find((l) => l.startsWith('Ada Lovelace,'))).toContain(`${scan},`);
    expect(first.body).toContain('"1 Harbour Rd, Flat ""B"""');

    t.clock.advance(60_000);
    const again = await desk.call('POST', '/api/admin/members/cards-to-print');
    expect((again.body as string).trim().split('\r\n').length).toBe(1);
    t.clock.advance(60_000);
    const second = await registered(t, 'Grace');
    await buyMembership(second.b, ids, 'm-dual', { members: dualMembers(second.email) }, '120.00');
    const third = (await desk.call('POST', '/api/admin/members/cards-to-print')).body as string;
    expect(third.trim().split('\r\n').length).toBe(3);
    expect(third).not.toContain(scan);
    const audit = await t.db.selectFrom('audit_log').select('after').where('action', '=', 'members.cards_export').orderBy('created_at').execute();
    expect(audit.map((a) => JSON.parse(a.after!).count)).toEqual([2, 0, 2]);

    // Find: by member id, name in part, e-mail; paged; validated.
    const checker = await documentChecker(t);
    const byId = await desk.get(`/api/admin/members?q=${scan.toLowerCase()}`);
    expect(byId.status).toBe(200);
    checker.check('GET', '/admin/members', 200, byId.body);
    expect(byId.body.admin_member._data).toEqual([expect.objectContaining({ scan_code: scan, name: 'Ada Lovelace', role: 'member', auto_renew_state: expect.any(String) })]);
    expect(byId.body.admin_member._data[0].ticket_order_id).toBeTruthy();
    expect((await desk.get('/api/admin/members?q=babbage')).body.admin_member._total).toBe(2);
    expect((await desk.get(`/api/admin/members?q=${encodeURIComponent(buyer.email.toUpperCase())}`)).body.admin_member._total).toBe(1);
    expect((await desk.get('/api/admin/members?q=babbage&_limit=1&_offset=1')).body.admin_member._data.length).toBe(1);
    expect((await desk.get('/api/admin/members?q=x')).status).toBe(400);
  });
});
