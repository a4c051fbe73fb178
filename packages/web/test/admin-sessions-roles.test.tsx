import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../src/features/admin/admin-api.js';
import { Component as SessionsPage } from '../src/features/admin/sessions-page.js';
import { adminText } from '../src/i18n/en-admin.js';
import { installFetch } from './fixtures.js';
import { renderAtRoute } from './render-at-route.js';

/** The Sessions screen offers closing, reopening and capacity to admins only (docs/box-office.md, Roles): the box office sees the figures. */
const ROW = { id: 's1', event_id: 'e1', event_name: 'Tour', start_datetime: '2026-06-07T14:00:00.000Z', capacity: 100, oversell_capacity: 0, sold: 2, held: 1, oldest_hold_at: null, checked_in: 0, available: 97, closed: false, ticket_types: [{ id: 't1', name: 'Adult' }] };
const me = (role: string) => ({ staff: { id: 'st', email: `${role}@museum.example`, role, disabled: false, totp_enrolled: true, created_at: '2026-11-01T10:00:00.000Z', last_login_at: null }, admin_session: { stage: 'complete', expires_at: '2026-11-21T16:00:00.000Z', otpauth_uri: null, qr_code_svg: null } });

function renderAs(role: string) {
  let closed = false;
  const server = installFetch((url, request) => {
    if (url.pathname === '/api/admin/me') return { body: me(role) };
    if (url.pathname === '/api/admin/sessions') return { body: { admin_session: { _count: 1, _total: 1, _data: [{ ...ROW, closed }] }, _total: 1, _limit: [0, 200] } };
    if (url.pathname === '/api/admin/sessions/s1' && request.method === 'PATCH') {
      closed = (request.body as { closed: boolean }).closed;
      return { body: { admin_session: { ...ROW, closed } } };
    }
    return undefined;
  });
  const { client } = renderAtRoute('/admin/sessions', SessionsPage, '/admin/sessions?date=2026-06-07');
  return { ...server, client };
}

const table = async () => within(await screen.findByRole('table'));

describe('the Sessions screen by role', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('box office: the figures and whether the sale is open, no close, reopen or capacity', async () => {
    const { client } = renderAs('box_office');
    const rows = await table();
    // Who is signed in is known: what is missing is left out for the role, not for want of an answer.
    await waitFor(() => expect(client.getQueryState(meQuery().queryKey)?.status).toBe('success'));
    expect(rows.getByText('Tour')).toBeTruthy();
    expect(rows.getByText(adminText.sessions.open)).toBeTruthy();
    expect(rows.queryByRole('columnheader', { name: adminText.sessions.columns.actions })).toBeNull();
    expect(screen.queryByRole('button', { name: adminText.sessions.close })).toBeNull();
    expect(screen.queryByRole('button', { name: adminText.sessions.changeCapacity })).toBeNull();
  });

  it('admin: closes the sale and reopens it, and may change capacity', async () => {
    const { calls } = renderAs('admin');
    const rows = await table();
    fireEvent.click(await rows.findByRole('button', { name: adminText.sessions.close }));
    fireEvent.click(await rows.findByRole('button', { name: adminText.sessions.reopen }));
    await rows.findByRole('button', { name: adminText.sessions.close });
    expect(rows.getByRole('button', { name: adminText.sessions.changeCapacity })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ closed: true }, { closed: false }]);
  });
});
