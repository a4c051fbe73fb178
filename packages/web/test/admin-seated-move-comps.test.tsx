import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TSeat } from '@foyer/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as OrderPage } from '../src/features/admin/order-page.js';
import { Component as SessionsPage } from '../src/features/admin/sessions-page.js';
import { adminText } from '../src/i18n/en-admin.js';
import { installFetch } from './fixtures.js';
import { renderAtRoute } from './render-at-route.js';

/**
 * Seats in the staff Move and Comps dialogs (docs/box-office.md#seats): staff choose on the
 * storefront's seat map exactly as many seats as tickets; the request carries them as seat_ids; a
 * seat taken meanwhile is said, the choice cleared and the map asked again.
 */
const AT = '2026-06-07T14:00:00.000Z';
const LATER = '2026-06-07T16:00:00.000Z';

/** Row B of the hall: 6 seats of the seated group gs. */
const seats = (): TSeat[] =>
  Array.from({ length: 6 }, (_, i) => ({
    id: `B${i + 1}`, state: 'available', name: String(i + 1), section: 'Stalls', row: 'B', seat_template_id: 't',
    x: 20 + 20 * i, y: 20, r: 8, zone: 'standard', ticket_groups: ['gs'], previous: i ? `B${i}` : null, next: i < 5 ? `B${i + 2}` : null,
  }));
const geometryDoc = () => ({
  seat_map: { _count: 1, _total: 1, _data: [{ id: 't', seat_template_id: 't', event_session_id: 's2', name: 'Hall', width: 160, height: 60, map_geometry: { sections: [], zones: [] }, other_elements: [], geometry_version: 'v' }] },
  seat: { _count: 6, _total: 6, _data: seats() },
  _total: 6,
});
const statesDoc = () => ({ seat_state: { _count: 1, _total: 1, _data: [{ event_session_id: 's2', geometry_version: 'v', states: 'aaaaaa' }] }, _total: 1 });
const seatMap = (url: URL) => (url.pathname.endsWith('/seat_map') ? { body: url.searchParams.get('_withgeometry') === 'true' ? geometryDoc() : statesDoc() } : undefined);
const seatTaken = { status: 409, body: { _data: [{ _code: 'seat_unavailable', _context: 'reserve', _description: 'Sorry, that seat has just been taken. Please choose another.', _extra: null }] } };

const ticket = (id: string) => ({ id, state: 'booked', event_id: 'e1', event_name: 'Concert', ticket_type_name: 'Adult', ticket_group_id: 'gs', seated: true, session_start: AT, seat: `Stalls A ${id}`, scan_code: `SC${id}`, admit_name: null, value: '20.00', redeemed_at: null });
const detail = {
  admin_order: { id: 'o1', order_number: '1001', state: 'booked', created_at: '2026-06-01T10:00:00.000Z', total: '40.00', paid: '40.00', email: 'ada@example.com', name: 'Ada Byron', phone: null, ticket_count: 2, cart_id: 'c1', refunded: '0.00', refundable: '40.00', terms_accepted_at: null, terms_hash: null },
  tickets: [ticket('1'), ticket('2')],
  payments: [],
  changes: [],
  instalments: [],
  mails: [],
  timeline: [],
};
const session = (id: string, start: string) => ({
  id, event_id: 'e1', event_name: 'Concert', start_datetime: start, capacity: 100, oversell_capacity: 0, sold: 10, held: 0, oldest_hold_at: null, checked_in: 0, available: 90, closed: false,
  ticket_types: [{ id: 'tf', name: 'Foyer pass', ticket_group_id: 'gf', seated: false }, { id: 'ta', name: 'Adult', ticket_group_id: 'gs', seated: true }],
});
const me = { staff: { id: 'st', email: 'desk@museum.example', role: 'box_office', disabled: false, totp_enrolled: true, created_at: '2026-11-01T10:00:00.000Z', last_login_at: null }, admin_session: { stage: 'complete', expires_at: '2026-11-21T16:00:00.000Z', otpauth_uri: null, qr_code_svg: null } };

const seat = (n: number) => screen.getByRole('button', { name: new RegExp(`^Stalls, row B, seat ${n},`) });
const geometryCalls = (calls: { url: URL }[]) => calls.filter((c) => c.url.pathname.endsWith('/seat_map') && c.url.searchParams.get('_withgeometry') === 'true').length;

/** Opens the seat map from a staff dialog, clicks a seat (its neighbours fill the rest) and confirms. */
async function chooseSeats(dialog: HTMLElement, first: number) {
  fireEvent.click(within(dialog).getByRole('button', { name: adminText.seats.choose }));
  await waitFor(() => seat(first), { timeout: 15_000 });
  fireEvent.click(seat(first));
  fireEvent.click(screen.getByRole('button', { name: 'Confirm Selection' }));
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm Selection' })).toBeNull());
}

// The seat map's chunk is loaded on first use (a cold transform in the test runner).
describe('seats in the staff dialogs', { timeout: 40_000 }, () => {
  afterEach(() => {
    cleanup();
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
  });

  it('a move of seated tickets asks for as many seats as tickets, sends them, and after a seat taken asks the map again', async () => {
    let moves = 0;
    const { calls } = installFetch((url, request) => {
      if (url.pathname === '/api/admin/orders/o1') return { body: detail };
      if (url.pathname === '/api/admin/sessions') return { body: { admin_session: { _count: 2, _total: 2, _data: [session('s1', AT), session('s2', LATER)] }, _total: 2, _limit: [0, 200] } };
      if (url.pathname === '/api/admin/orders/o1/move' && request.method === 'POST') {
        if (++moves === 1) return seatTaken;
        return { body: { admin_move: { order_id: 'o1', moved_ticket_ids: ['1', '2'], tickets: [{ ...ticket('8'), session_start: LATER }, { ...ticket('9'), session_start: LATER }], difference: '0.00' } } };
      }
      return seatMap(url);
    });
    renderAtRoute('/admin/orders/:id', OrderPage, '/admin/orders/o1');
    await screen.findByRole('heading', { name: 'Order 1001' });
    fireEvent.click(screen.getByRole('checkbox', { name: /SC1/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /SC2/ }));
    fireEvent.click(screen.getByRole('button', { name: adminText.move.open }));
    const dialog = await screen.findByRole('dialog');
    const options = await within(dialog).findAllByRole('radio');
    expect(within(dialog).queryByRole('button', { name: adminText.seats.choose })).toBeNull();
    fireEvent.click(options[1]);
    expect(await within(dialog).findByText('Choose 2 seats on the seat map.', {}, { timeout: 15_000 })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(adminText.move.reason), { target: { value: 'wrong day' } });

    // Without seats: said, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: adminText.move.submit }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(adminText.seats.missing);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await chooseSeats(dialog, 2);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(within(dialog).getByRole('list', { name: adminText.seats.chosen })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Stalls B 2', 'Stalls B 3']);
    fireEvent.click(within(dialog).getByRole('button', { name: adminText.move.submit }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Sorry, that seat has just been taken. Please choose another.');
    // The choice is cleared and the map is asked again when opened.
    expect(await within(dialog).findByText('Choose 2 seats on the seat map.', {}, { timeout: 15_000 })).toBeTruthy();
    const before = geometryCalls(calls);
    await chooseSeats(dialog, 5);
    expect(geometryCalls(calls)).toBeGreaterThan(before);
    fireEvent.click(within(dialog).getByRole('button', { name: adminText.move.submit }));
    expect((await screen.findByRole('status')).textContent).toBe('Moved 2 tickets.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { ticket_ids: ['1', '2'], event_session_id: 's2', reason: 'wrong day', seat_ids: ['B2', 'B3'] },
      { ticket_ids: ['1', '2'], event_session_id: 's2', reason: 'wrong day', seat_ids: ['B5', 'B6'] },
    ]);
  });

  it('comps of a seated type name a seat for each ticket; an unseated type names none', async () => {
    const { calls } = installFetch((url, request) => {
      if (url.pathname === '/api/admin/me') return { body: me };
      if (url.pathname === '/api/admin/sessions') return { body: { admin_session: { _count: 1, _total: 1, _data: [session('s2', LATER)] }, _total: 1, _limit: [0, 200] } };
      if (url.pathname === '/api/admin/comps' && request.method === 'POST') return { body: { admin_comp: { order_id: 'o9', order_number: '1009', tickets: [], emailed_to: null } } };
      return seatMap(url);
    });
    renderAtRoute('/admin/sessions', SessionsPage, '/admin/sessions?date=2026-06-07');
    fireEvent.click(await screen.findByRole('button', { name: /^Comps for Concert at / }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: adminText.seats.choose })).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(adminText.comps.type), { target: { value: 'ta' } });
    fireEvent.change(within(dialog).getByLabelText(adminText.comps.quantity), { target: { value: '3' } });
    expect(await within(dialog).findByText('Choose 3 seats on the seat map.', {}, { timeout: 15_000 })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(adminText.comps.reason), { target: { value: 'press night' } });
    await chooseSeats(dialog, 1);
    fireEvent.click(within(dialog).getByRole('button', { name: adminText.comps.submit }));
    await screen.findByRole('status');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { items: [{ ticket_type: 'ta', session: 's2', quantity: 3 }], recipient: null, send_email: false, reason: 'press night', seat_ids: ['B1', 'B2', 'B3'] },
    ]);
  });
});
