import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as PaymentLinksPage } from '../src/features/admin/payment-links-page.js';
import { adminText } from '../src/i18n/en-admin.js';
import { installFetch } from './fixtures.js';
import { renderAtRoute } from './render-at-route.js';

/** The Payment links screen (docs/box-office.md, Payment links). */
const ROW = { id: 's1', event_id: 'e1', event_name: 'Tour', start_datetime: '2026-06-07T14:00:00.000Z', capacity: 100, oversell_capacity: 0, sold: 0, held: 0, oldest_hold_at: null, checked_in: 0, available: 100, closed: false, ticket_types: [{ id: 't1', name: 'Adult' }, { id: 't2', name: 'Child' }] };

function renderPage() {
  const server = installFetch((url, request) => {
    if (url.pathname === '/api/admin/sessions') return { body: { admin_session: { _count: 1, _total: 1, _data: [ROW] }, _total: 1, _limit: [0, 200] } };
    if (url.pathname === '/api/admin/carts' && request.method === 'POST') return { body: { cart_id: 'c1', cart_number: '77', total: '50.50', link: 'http://localhost/transfer-cart/c1?key=k', emailed_to: 'buyer@example.com' } };
    return undefined;
  });
  renderAtRoute('/admin/payment-links', PaymentLinksPage, '/admin/payment-links');
  return server;
}

describe('the Payment links screen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('builds the cart line by line from a day’s sessions and their types, then answers the link and says where it was e-mailed', async () => {
    const { calls } = renderPage();
    const create = screen.getByRole<HTMLButtonElement>('button', { name: adminText.links.create });
    expect(create.disabled).toBe(true);
    const sessionSelect = screen.getByLabelText(adminText.links.session);
    await screen.findByRole('option', { name: /^Tour — / });
    fireEvent.change(sessionSelect, { target: { value: 's1' } });
    fireEvent.change(screen.getByLabelText(adminText.links.quantity), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: adminText.links.add }));
    fireEvent.change(screen.getByLabelText(adminText.links.type), { target: { value: 't2' } });
    fireEvent.change(screen.getByLabelText(adminText.links.quantity), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: adminText.links.add }));
    const lines = within(screen.getByRole('list', { name: adminText.links.lines })).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([expect.stringMatching(/^2 × Adult, Tour/), expect.stringMatching(/^1 × Child, Tour/)]);
    fireEvent.change(screen.getByLabelText(adminText.links.first), { target: { value: 'Bea' } });
    fireEvent.change(screen.getByLabelText(adminText.links.last), { target: { value: 'Buyer' } });
    fireEvent.change(screen.getByLabelText(adminText.links.email), { target: { value: 'buyer@example.com' } });
    fireEvent.click(screen.getByLabelText(adminText.links.sendEmail));
    fireEvent.click(create);
    const done = await screen.findByRole('status');
    expect(done.textContent).toContain('Cart 77 (50.50) is held; the link was e-mailed to buyer@example.com:');
    expect(within(done).getByLabelText<HTMLInputElement>(adminText.links.link).value).toBe('http://localhost/transfer-cart/c1?key=k');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { items: [{ ticket_type: 't1', session: 's1', quantity: 2 }, { ticket_type: 't2', session: 's1', quantity: 1 }], purchaser: { email: 'buyer@example.com', first_name: 'Bea', last_name: 'Buyer' }, send_email: true },
    ]);
  });
});
