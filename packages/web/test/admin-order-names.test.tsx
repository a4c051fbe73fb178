import { ADMIT_NAME_PART_MAX } from '@foyer/contracts/constants';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as OrderPage } from '../src/features/admin/order-page.js';
import { adminText } from '../src/i18n/en-admin.js';
import { installFetch } from './fixtures.js';
import { renderAtRoute } from './render-at-route.js';

/** The order page's attendee names (docs/box-office.md, Attendee names): a field per ticket that may be renamed. */
const ticket = (id: string, state: string, admit_name: string | null) => ({ id, state, event_name: 'Tour', ticket_type_name: 'Adult', session_start: '2026-06-07T14:00:00.000Z', seat: null, scan_code: `SC${id}`, admit_name, value: '20.00', redeemed_at: null });
const detail = (names: Record<string, string | null>) => ({
  admin_order: { id: 'o1', order_number: '1001', state: 'booked', created_at: '2026-06-01T10:00:00.000Z', total: '60.00', paid: '60.00', email: 'ada@example.com', name: 'Ada Byron', phone: null, ticket_count: 3, cart_id: 'c1', refunded: '0.00', refundable: '60.00' },
  tickets: [ticket('1', 'booked', names['1'] ?? null), ticket('2', 'redeemed', names['2'] ?? null), ticket('3', 'cancelled', 'Gone Person')],
  payments: [],
  changes: [],
  instalments: [],
  mails: [],
  timeline: [],
});

function renderOrder() {
  const names: Record<string, string | null> = { '1': 'Ada Byron', '2': null };
  const server = installFetch((url, request) => {
    if (url.pathname === '/api/admin/orders/o1') return { body: detail(names) };
    const rename = /^\/api\/admin\/orders\/o1\/tickets\/(\w+)$/.exec(url.pathname);
    if (rename && request.method === 'PATCH') {
      const body = request.body as { first_name: string; last_name: string };
      if (body.first_name.trim() === '') return { status: 400, body: { _data: [{ _code: 'validation_failed', _context: 'admin_ticket', _description: 'first_name: Too small', _extra: null }] } };
      names[rename[1]] = `${body.first_name} ${body.last_name}`;
      return { body: { admin_ticket: { ...ticket(rename[1], 'booked', names[rename[1]]) } } };
    }
    return undefined;
  });
  renderAtRoute('/admin/orders/:id', OrderPage, '/admin/orders/o1');
  return server;
}

const nameCell = (scanCode: string) => screen.getByText(scanCode).closest('tr')!;

describe('attendee names on the order page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers a name field for booked and checked-in tickets only, prefilled, within the storefront limits', async () => {
    renderOrder();
    await screen.findByRole('heading', { name: 'Order 1001' });
    expect(within(nameCell('SC3')).queryByRole('button', { name: /Change name of/ })).toBeNull();
    expect(within(nameCell('SC2')).getByRole('button', { name: fill('SC2') })).toBeTruthy();
    fireEvent.click(within(nameCell('SC1')).getByRole('button', { name: fill('SC1') }));
    const first = await screen.findByLabelText<HTMLInputElement>(adminText.ticketName.first);
    const last = screen.getByLabelText<HTMLInputElement>(adminText.ticketName.last);
    expect([first.value, last.value]).toEqual(['Ada', 'Byron']);
    expect([first.maxLength, last.maxLength]).toEqual([ADMIT_NAME_PART_MAX, ADMIT_NAME_PART_MAX]);
    expect(first.required && last.required).toBe(true);
  });

  it('saves the name, says so and shows the new name; a refusal shows the server\'s message and keeps the dialog', async () => {
    const { calls } = renderOrder();
    await screen.findByRole('heading', { name: 'Order 1001' });
    fireEvent.click(within(nameCell('SC2')).getByRole('button', { name: fill('SC2') }));
    fireEvent.change(await screen.findByLabelText(adminText.ticketName.first), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText(adminText.ticketName.last), { target: { value: 'Lovelace' } });
    fireEvent.click(screen.getByRole('button', { name: adminText.ticketName.save }));
    expect((await screen.findByRole('alert')).textContent).toBe('first_name: Too small');

    fireEvent.change(screen.getByLabelText(adminText.ticketName.first), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: adminText.ticketName.save }));
    expect((await screen.findByRole('status')).textContent).toBe('The name on Adult SC2 is now Ada Lovelace.');
    await waitFor(() => expect(within(nameCell('SC2')).getByText('Ada Lovelace')).toBeTruthy());
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.url.pathname, c.body])).toEqual([
      ['/api/admin/orders/o1/tickets/2', { first_name: ' ', last_name: 'Lovelace' }],
      ['/api/admin/orders/o1/tickets/2', { first_name: 'Ada', last_name: 'Lovelace' }],
    ]);
  });
});

function fill(scanCode: string) {
  return adminText.ticketName.editLabel.replace('{ticket}', `Adult ${scanCode}`);
}
