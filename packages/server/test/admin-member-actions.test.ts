import { describe, expect, it } from 'vitest';
import type { CatalogIds } from './cart-client.js';
import { documentChecker, makeStaff, signedIn } from './admin-harness.js';
import { buyMembership, dualMembers, registered, useMembershipApp } from './membership-harness.js';
import { dialects, type TestApp } from './harness.js';

/** The box office extends, cancels and stops the renewal of memberships (docs/box-office.md, Members). */
describe.each(dialects())('membership changes at the box office on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useMembershipApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  it('extends to a later end, stops the renewal, cancels now — each once, audited; the door may not', async () => {
    const desk = await signedIn(t, await makeStaff(t, 'desk@example.org', 'box_office'));
    const checker = await documentChecker(t);
    const buyer = await registered(t, 'Ada');
    await buyMembership(buyer.b, ids, 'm-dual', { members: dualMembers(buyer.email) }, '120.00');
    const found = (await desk.get('/api/admin/members?q=ada')).body.admin_member._data as { card_set_id: string; valid_to: string }[];
    const set = found[0].card_set_id;
    const cards = async () => t.db.selectFrom('membership').select(['valid_to', 'auto_renew_state']).where('card_set_id', '=', set).orderBy('position').execute();
    const end = (await cards())[0].valid_to;
    expect((await cards()).length).toBe(2);

    const later = new Date(Date.parse(end) + 30 * 86_400_000).toISOString();
    const extended = await desk.post(`/api/admin/members/${set}/extend`, { valid_to: later, reason: 'goodwill' });
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    checker.check('POST', '/admin/members/{id}/extend', 200, extended.body);
    expect(extended.body.admin_member.map((m: { valid_to: string }) => m.valid_to)).toEqual([later, later]);
    const earlier = await desk.post(`/api/admin/members/${set}/extend`, { valid_to: end, reason: 'oops' });
    expect([earlier.status, earlier.body._data[0]._code]).toEqual([400, 'validation_failed']);
    expect((await cards()).map((c) => c.valid_to)).toEqual([later, later]);

    await t.db.updateTable('membership').set({ auto_renew_state: 'scheduled' }).where('card_set_id', '=', set).execute();
    const stopped = await desk.post(`/api/admin/members/${set}/auto_renew/cancel`, { reason: 'asked by phone' });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect((await cards()).map((c) => c.auto_renew_state)).toEqual(['cancelled', 'cancelled']);
    const again = await desk.post(`/api/admin/members/${set}/auto_renew/cancel`, { reason: 'again' });
    expect([again.status, again.body._data[0]._code]).toEqual([409, 'not_enrolled']);

    const cancelled = await desk.post(`/api/admin/members/${set}/cancel`, { reason: 'moved abroad' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await cards()).map((c) => c.valid_to)).toEqual([t.clock.now.toISOString(), t.clock.now.toISOString()]);
    const twice = await desk.post(`/api/admin/members/${set}/cancel`, { reason: 'again' });
    expect([twice.status, twice.body._data[0]._code]).toEqual([409, 'membership_expired']);

    const audit = await t.db.selectFrom('audit_log').select(['action', 'object_type', 'after']).where('object_id', '=', set).orderBy('created_at').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['membership.extend', 'membership.cancel_auto_renew', 'membership.cancel']);
    expect(JSON.parse(audit[0].after!)).toMatchObject({ valid_to: [later, later], reason: 'goodwill' });

    expect((await desk.post('/api/admin/members/0190aaaa-0000-7000-8000-000000000000/cancel', { reason: 'x' })).status).toBe(404);
    expect((await desk.post(`/api/admin/members/${set}/cancel`, {})).status).toBe(400);
    const door = await signedIn(t, await makeStaff(t, 'door@example.org', 'door'), '10.7.0.3');
    expect((await door.post(`/api/admin/members/${set}/extend`, { valid_to: later, reason: 'x' })).status).toBe(403);
  });
});
