import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as MembersPage } from '../src/features/admin/members-page.js';
import { adminText } from '../src/i18n/en-admin.js';
import { installFetch } from './fixtures.js';
import { renderAtRoute } from './render-at-route.js';

/** The Members screen (docs/box-office.md, Members): find cards, extend, stop auto-renew, cancel. */
const member = (id: string, name: string, auto_renew_state: string) => ({ id, card_set_id: `set-${id}`, scan_code: `M${id}`, name, email: null, role: 'member', level: 'Dual', valid_from: '2026-01-01T00:00:00.000Z', valid_to: '2026-12-31T23:59:59.000Z', auto_renew_state, ticket_order_id: `o${id}` });

function renderPage() {
  const server = installFetch((url, request) => {
    if (url.pathname === '/api/admin/members') return { body: { admin_member: { _count: 2, _total: 2, _data: [member('1', 'Ada Lovelace', 'scheduled'), member('2', 'Grace Hopper', 'none')] }, _total: 2, _limit: [0, 25] } };
    if (url.pathname === '/api/admin/members/set-2/resend' && request.method === 'POST') {
      const body = (request.body ?? {}) as { email?: string };
      if (!body.email) return { status: 400, body: { _data: [{ _code: 'validation_failed', _context: 'admin_member', _description: 'These cards have no e-mail address to send to: type one.', _extra: null }] } };
      return { body: { sent_to: body.email } };
    }
    if (url.pathname === '/api/admin/members/set-2/cancel' && request.method === 'POST') return { status: 409, body: { _data: [{ _code: 'membership_expired', _context: 'admin_member', _description: 'This membership has ended already.', _extra: null }] } };
    if (url.pathname.startsWith('/api/admin/members/set-1/') && request.method === 'POST') return { body: { admin_member: [member('1', 'Ada Lovelace', 'cancelled')] } };
    return undefined;
  });
  renderAtRoute('/admin/members', MembersPage, '/admin/members?q=dual');
  return server;
}

describe('the Members screen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the cards with their order; offers Stop auto-renew only to a renewing one; extends and cancels with a reason, showing a refusal', async () => {
    const { calls } = renderPage();
    const table = within(await screen.findByRole('table'));
    expect(table.getByText('Ada Lovelace')).toBeTruthy();
    expect(table.getAllByRole('link', { name: adminText.members.viewOrder }).map((a) => a.getAttribute('href'))).toEqual(['/admin/orders/o1', '/admin/orders/o2']);
    expect(table.getByRole('button', { name: 'Stop auto-renew of Ada Lovelace' })).toBeTruthy();
    expect(table.queryByRole('button', { name: 'Stop auto-renew of Grace Hopper' })).toBeNull();

    fireEvent.click(table.getByRole('button', { name: 'Extend the membership of Ada Lovelace' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(adminText.members.newEnd), { target: { value: '2027-03-31' } });
    fireEvent.change(within(dialog).getByLabelText(adminText.members.reason), { target: { value: 'goodwill' } });
    fireEvent.click(within(dialog).getByRole('button', { name: adminText.members.confirm.extend }));
    expect((await screen.findByRole('status')).textContent).toBe('The membership of Ada Lovelace was extended.');

    fireEvent.click(table.getByRole('button', { name: 'Cancel the membership of Grace Hopper' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(adminText.members.reason), { target: { value: 'moved' } });
    fireEvent.click(within(dialog).getByRole('button', { name: adminText.members.confirm.cancel }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This membership has ended already.');

    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url.pathname)).toEqual(['/api/admin/members/set-1/extend', '/api/admin/members/set-2/cancel']);
    expect(posts[0].body).toEqual({ reason: 'goodwill', valid_to: new Date('2027-03-31T23:59:59').toISOString() });
    expect(posts[1].body).toEqual({ reason: 'moved' });
  });

  it('resends a set’s cards on their own: a refusal shown in the dialog, then sent to the address typed', async () => {
    const { calls } = renderPage();
    const table = within(await screen.findByRole('table'));
    fireEvent.click(table.getByRole('button', { name: 'Resend the cards of Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: adminText.members.resendTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: adminText.members.resendSubmit }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('These cards have no e-mail address to send to: type one.');
    fireEvent.change(within(dialog).getByLabelText(adminText.members.resendTo), { target: { value: 'grace@example.org' } });
    fireEvent.click(within(dialog).getByRole('button', { name: adminText.members.resendSubmit }));
    expect((await screen.findByRole('status')).textContent).toBe('The cards of Grace Hopper were sent to grace@example.org.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url.pathname, c.body])).toEqual([
      ['/api/admin/members/set-2/resend', {}],
      ['/api/admin/members/set-2/resend', { email: 'grace@example.org' }],
    ]);
  });
});
