import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppTestEnv } from './app-test-env.js';
import { ticket } from './cart-fixtures.js';
import { configDocument, eventDocument, installFetch } from './fixtures.js';
import { logIn, USER_DOC } from './membership-fixtures.js';
import { renderApp } from './render-app.js';

/** /my/orders: My Account's recent orders (docs/accounts.md#my-account "You have no recent orders."). */

const list = <T,>(items: T[]) => ({ _count: items.length, _total: items.length, _data: items });
const order = (id: string, number: string, total: string, outstanding = '0.00') => ({ id, order_number: number, seller_id: 'seller-1', identity_id: 'i1', cart_id: `c-${id}`, state: 'completed', created_at: '2026-11-20T15:00:00.000Z', ticket_order_fees: { total_after_fees_price: total, total_payments: total, total_outstanding: outstanding } });

function server(orders: ReturnType<typeof order>[]) {
  const event = eventDocument();
  return installFetch((url) => {
    if (url.pathname === '/api/config') return { body: configDocument() };
    if (url.pathname === '/api/my/user') return { body: { ...USER_DOC, membership: list([]) } };
    if (url.pathname === '/api/my/ticket_order') {
      return { body: { ticket_order: list(orders), ticket: list(orders.map((o) => ticket({ ticket_type_id: 'tt-adult', state: 'booked', ticket_order_id: o.id, event_session_id: null }))), event_template: event.event_template, ticket_type: event.ticket_type, venue: list([]) } };
    }
    return undefined;
  });
}

describe('/my/orders', () => {
  useAppTestEnv();

  it("lists the logged-in user's orders with their tickets and the way to manage each", async () => {
    logIn();
    const { requests } = server([order('o-2', '500002', '50.00'), order('o-1', '500001', '0.00')]);
    renderApp('/my/orders');
    const first = (await screen.findByRole('heading', { level: 2, name: 'Order 500002' }, { timeout: 15_000 })).closest('li')!;
    expect(first.textContent).toContain('$50');
    expect(within(first).getByRole('link', { name: 'Manage order' }).getAttribute('href')).toBe('/manage/o-2');
    // Its number opens its detail (issue 29 row 17).
    expect(within(first).getByRole('link', { name: 'Order 500002' }).getAttribute('href')).toBe('/my/orders/o-2');
    expect(within(first).getByRole('link', { name: 'View and print tickets' }).getAttribute('href')).toBe('/checkout/tickets/o-2');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Order 500002', 'Order 500001']);
    expect(requests.find((u) => u.pathname === '/api/my/ticket_order')).toBeTruthy();
  });

  it('an order on a payment plan says what is still to pay', async () => {
    logIn();
    server([order('o-3', '500003', '90.00', '30.00'), order('o-4', '500004', '10.00')]);
    renderApp('/my/orders');
    const planned = (await screen.findByRole('heading', { level: 2, name: 'Order 500003' }, { timeout: 15_000 })).closest('li')!;
    expect(planned.textContent).toContain('$30 still to pay');
    expect(screen.getByRole('heading', { level: 2, name: 'Order 500004' }).closest('li')!.textContent).not.toContain('still to pay');
  });

  it('says "You have no recent orders." when there are none', async () => {
    logIn();
    server([]);
    renderApp('/my/orders');
    expect(await screen.findByText('You have no recent orders.', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('a logged-out visitor sees the login form', async () => {
    server([]);
    renderApp('/my/orders');
    expect(await screen.findByText('Log in to see your orders.', {}, { timeout: 15_000 })).toBeTruthy();
  });
});
