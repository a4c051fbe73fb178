import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as SessionsPage } from '../src/features/admin/sessions-page.js';
import { adminText } from '../src/i18n/en-admin.js';
import { installFetch } from './fixtures.js';
import { renderAtRoute } from './render-at-route.js';

/** Complimentary tickets from the Sessions screen (docs/box-office.md, Complimentary tickets). */
const ROW = { id: 's1', event_id: 'e1', event_name: 'Tour', start_datetime: '2026-06-07T14:00:00.000Z', capacity: 100, oversell_capacity: 0, sold: 98, held: 0, oldest_hold_at: null, checked_in: 0, available: 2, closed: false, ticket_types: [{ id: 't1', name: 'Adult' }, { id: 't2', name: 'Child' }] };
const me = { staff: { id: 'st', email: 'desk@museum.example', role: 'box_office', disabled: false, totp_enrolled: true, created_at: '2026-11-01T10:00:00.000Z', last_login_at: null }, admin_session: { stage: 'complete', expires_at: '2026-11-21T16:00:00.000Z', otpauth_uri: null, qr_code_svg: null } };

function renderPage() {
  const server = installFetch((url, request) => {
    if (url.pathname === '/api/admin/me') return { body: me };
    if (url.pathname === '/api/admin/sessions') return { body: { admin_session: { _count: 1, _total: 1, _data: [ROW] }, _total: 1, _limit: [0, 200] } };
    if (url.pathname === '/api/admin/comps' && request.method === 'POST') {
      const body = request.body as { items: { quantity: number }[] };
      if (body.items[0].quantity > 2) return { status: 409, body: { _data: [{ _code: 'session_capacity_exceeded', _context: 'reserve', _description: 'Only 2 tickets are left for this session.', _extra: null }] } };
      return { body: { admin_comp: { order_id: 'o9', order_number: '1009', tickets: [], emailed_to: 'critic@example.com' } } };
    }
    return undefined;
  });
  renderAtRoute('/admin/sessions', SessionsPage, '/admin/sessions?date=2026-06-07');
  return server;
}

describe('complimentary tickets', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("issues comps of one of the event's types to a recipient; shows the server's refusal, then the order made", async () => {
    const { calls } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /^Comps for Tour at / }));
    const dialog = await screen.findByRole('dialog');
    const type = within(dialog).getByLabelText<HTMLSelectElement>(adminText.comps.type);
    expect([...type.options].map((o) => o.textContent)).toEqual(['Adult', 'Child']);
    fireEvent.change(type, { target: { value: 't2' } });
    fireEvent.change(within(dialog).getByLabelText(adminText.comps.quantity), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText(adminText.comps.first), { target: { value: 'Theo' } });
    fireEvent.change(within(dialog).getByLabelText(adminText.comps.last), { target: { value: 'Critic' } });
    fireEvent.change(within(dialog).getByLabelText(adminText.comps.email), { target: { value: 'critic@example.com' } });
    fireEvent.click(within(dialog).getByLabelText(adminText.comps.sendEmail));
    fireEvent.change(within(dialog).getByLabelText(adminText.comps.reason), { target: { value: 'press night' } });
    fireEvent.click(within(dialog).getByRole('button', { name: adminText.comps.submit }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Only 2 tickets are left for this session.');
    fireEvent.change(within(dialog).getByLabelText(adminText.comps.quantity), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: adminText.comps.submit }));
    const done = await screen.findByRole('status');
    expect(done.textContent).toContain('Issued 0 complimentary tickets: order 1009.');
    expect(within(done).getByRole('link', { name: adminText.comps.view }).getAttribute('href')).toBe('/admin/orders/o9');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { items: [{ ticket_type: 't2', session: 's1', quantity: 3 }], recipient: { email: 'critic@example.com', first_name: 'Theo', last_name: 'Critic' }, send_email: true, reason: 'press night' },
      { items: [{ ticket_type: 't2', session: 's1', quantity: 2 }], recipient: { email: 'critic@example.com', first_name: 'Theo', last_name: 'Critic' }, send_email: true, reason: 'press night' },
    ]);
  });
});
