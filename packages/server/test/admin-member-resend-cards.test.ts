import { describe, expect, it } from 'vitest';
import type { CatalogIds } from './cart-client.js';
import { documentChecker, makeStaff, signedIn } from './admin-harness.js';
import { buyMembership, dualMembers, registered, useMembershipApp } from './membership-harness.js';
import { dialects, type TestApp } from './harness.js';

/** The box office sends a membership's cards again, on their own (docs/box-office.md#resending-cards). */
describe.each(dialects())('resending member cards on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useMembershipApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  it('e-mails the set’s cards to the holder or to the address typed, audited; bad input and the door refused, nothing sent', async () => {
    const desk = await signedIn(t, await makeStaff(t, 'desk@example.org', 'box_office'));
    const checker = await documentChecker(t);
    const buyer = await registered(t, 'Ada');
    await buyMembership(buyer.b, ids, 'm-dual', { members: dualMembers(buyer.email) }, '120.00');
    const set = ((await desk.get('/api/admin/members?q=ada')).body.admin_member._data as { card_set_id: string }[])[0].card_set_id;
    const codes = (await t.db.selectFrom('membership').select('scan_code').where('card_set_id', '=', set).orderBy('position').execute()).map((c) => c.scan_code);
    const cardsMails = () => t.db.selectFrom('outbox').select(['to_address', 'subject', 'text_body', 'attachments']).where('kind', '=', 'membership_cards').orderBy('created_at').orderBy('id').execute();

    const toHolder = await desk.post(`/api/admin/members/${set}/resend`, {});
    expect(toHolder.status, JSON.stringify(toHolder.body)).toBe(200);
    checker.check('POST', '/admin/members/{id}/resend', 200, toHolder.body);
    expect(toHolder.body).toEqual({ sent_to: buyer.email });
    const typed = await desk.post(`/api/admin/members/${set}/resend`, { email: 'ada.new@example.org' });
    expect(typed.body).toEqual({ sent_to: 'ada.new@example.org' });

    const mails = await cardsMails();
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([
      [buyer.email, 'Your membership cards'],
      ['ada.new@example.org', 'Your membership cards'],
    ]);
    // Both cards of the set, each with its member number and QR code; nothing of the order's tickets.
    for (const code of codes) expect(mails[0].text_body).toContain(`member number ${code}`);
    expect(JSON.parse(mails[0].attachments!).map((a: { filename: string }) => a.filename)).toEqual(codes.map((c) => `member-${c}.png`));

    const audit = await t.db.selectFrom('audit_log').select(['action', 'staff_email', 'after']).where('object_id', '=', set).orderBy('created_at').orderBy('id').execute();
    expect(audit.map((a) => [a.action, a.staff_email])).toEqual([
      ['membership.resend_cards', 'desk@example.org'],
      ['membership.resend_cards', 'desk@example.org'],
    ]);
    expect(JSON.parse(audit[1].after!)).toEqual({ to: 'ada.new@example.org', member_ids: codes });

    // Refusals send nothing and write nothing.
    const bad = await desk.post(`/api/admin/members/${set}/resend`, { email: 'not an address' });
    expect([bad.status, bad.body._data[0]._code]).toEqual([400, 'validation_failed']);
    const extra = await desk.post(`/api/admin/members/${set}/resend`, { email: 'a@example.org', reason: 'x' });
    expect(extra.status).toBe(400);
    const missing = await desk.post('/api/admin/members/0190aaaa-0000-7000-8000-000000000000/resend', {});
    expect([missing.status, missing.body._data[0]._code]).toEqual([404, 'not_found']);
    const door = await signedIn(t, await makeStaff(t, 'door@example.org', 'door'), '10.7.0.3');
    const refused = await door.post(`/api/admin/members/${set}/resend`, {});
    expect([refused.status, refused.body._data[0]._code]).toEqual([403, 'forbidden_role']);
    expect((await cardsMails()).length).toBe(2);
    expect((await t.db.selectFrom('audit_log').select('id').where('object_id', '=', set).execute()).length).toBe(2);
  });

  it('falls back to the buyer of the order when no card has an e-mail address, and refuses when there is none', async () => {
    const desk = await signedIn(t, await makeStaff(t, 'desk2@example.org', 'box_office'));
    const buyer = await registered(t, 'Grace');
    await buyMembership(buyer.b, ids, 'm-dual', { members: dualMembers(buyer.email) }, '120.00');
    const set = ((await desk.get('/api/admin/members?q=grace')).body.admin_member._data as { card_set_id: string }[])[0].card_set_id;
    await t.db.updateTable('membership').set({ email: null }).where('card_set_id', '=', set).execute();
    const sent = await desk.post(`/api/admin/members/${set}/resend`, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.sent_to).toBe(buyer.email);

    await t.db.updateTable('membership').set({ ticket_order_id: null }).where('card_set_id', '=', set).execute();
    const none = await desk.post(`/api/admin/members/${set}/resend`, {});
    expect([none.status, none.body._data[0]._code, none.body._data[0]._description]).toEqual([400, 'validation_failed', 'These cards have no e-mail address to send to: type one.']);
  });
});
