import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../src/api/query-client.js';
import { useAppTestEnv } from './app-test-env.js';
import { ticket } from './cart-fixtures.js';
import { configDocument, eventDocument, installFetch, session } from './fixtures.js';
import { renderApp } from './render-app.js';

/** /manage/{id}: cancel free order (docs/after-sale.md#cancelling-a-free-order Cancel free order, docs/after-sale.md#cancelling-a-free-order). */

const list = <T,>(items: T[]) => ({ _count: items.length, _total: items.length, _data: items });
const booked = (id: string, sessionId: string, value = '0.00') => ticket({ id, ticket_type_id: 'tt-child', state: 'booked', ticket_order_id: 'o-1', event_session_id: sessionId, face_value: value, adjusted_value: value, scan_code: `SC-${id}` });

function orderDocument(tickets: ReturnType<typeof ticket>[]) {
  const event = eventDocument();
  return {
    ticket_order: list([{ id: 'o-1', order_number: '500123', seller_id: 'seller-1', identity_id: 'i-1', cart_id: 'c-1', state: 'completed', created_at: '2026-11-20T10:00:00.000Z', ticket_order_fees: { total_after_fees_price: '0.00', total_payments: '0.00', total_outstanding: '0.00' } }]),
    ticket: list(tickets),
    ticket_type: event.ticket_type,
    event_template: event.event_template,
    event_session: list([session('s-1', '2026-11-25', '10:00', 10), session('s-2', '2026-11-26', '14:00', 10)]),
    venue: list([]),
  };
}

const refusals: Record<number, { _code: string; _description: string }> = {
  404: { _code: 'not_found', _description: 'We could not find that order.' },
  500: { _code: 'internal_error', _description: 'Something went wrong on our side.' },
};

function server(tickets: ReturnType<typeof ticket>[], options: { status?: number } = {}) {
  return installFetch((url, request) => {
    if (url.pathname === '/api/config') return { body: configDocument() };
    if (url.pathname === '/api/ticket_order/o-1' && request.method === 'GET') {
      return options.status ? { status: options.status, body: { _data: [{ ...refusals[options.status], _context: 'ticket_order', _extra: null }] } } : { body: orderDocument(tickets) };
    }
    if (url.pathname === '/api/ticket_order/o-1/cancel') return { body: { cancelled: (request.body as { tickets: unknown[] }).tickets.length } };
    return undefined;
  });
}

describe('/manage/{id} (cancel free order)', () => {
  useAppTestEnv();

  it('groups the tickets by session (collapsed when more than one); select all for a session, cancel selected after confirming', async () => {
    const { calls } = server([booked('t-a', 's-1'), booked('t-b', 's-1'), booked('t-c', 's-2')]);
    renderApp('/manage/o-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order 500123' }, { timeout: 15_000 })).toBeTruthy();
    const groups = document.querySelectorAll('details.manage__session');
    expect(groups).toHaveLength(2);
    expect([...groups].every((d) => !(d as HTMLDetailsElement).open)).toBe(true);
    fireEvent.click(within(groups[0] as HTMLElement).getByRole('checkbox', { name: /Select all for/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel tickets?' });
    expect(dialog.textContent).toContain('2 ticket(s) will be cancelled.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    expect((await screen.findByRole('status')).textContent).toBe('2 ticket(s) cancelled. We have sent you an e-mail.');
    expect(calls.find((c) => c.url.pathname === '/api/ticket_order/o-1/cancel')?.body).toEqual({ tickets: [{ ticket_id: 't-a' }, { ticket_id: 't-b' }] });
  });

  it('Cancel order names every cancellable ticket', async () => {
    const { calls } = server([booked('t-a', 's-1'), booked('t-c', 's-2')]);
    renderApp('/manage/o-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }, { timeout: 15_000 }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() => expect(calls.find((c) => c.url.pathname === '/api/ticket_order/o-1/cancel')?.body).toEqual({ tickets: [{ ticket_id: 't-a' }, { ticket_id: 't-c' }] }));
  });

  it('an order with tickets that are not free: "You must contact us to cancel this order." and nothing to press', async () => {
    server([booked('t-a', 's-1'), booked('t-p', 's-1', '25.00')]);
    renderApp('/manage/o-1');
    expect(await screen.findByText('You must contact us to cancel this order.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('a ticket that cannot be cancelled says why: Redeemed, Cancelled', async () => {
    server([booked('t-a', 's-1'), { ...booked('t-r', 's-1'), state: 'redeemed' }, { ...booked('t-c', 's-1'), state: 'cancelled' }]);
    renderApp('/manage/o-1');
    expect(await screen.findByRole('checkbox', { name: /SC-t-a/ }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText(/SC-t-r/).textContent).toContain('(Redeemed)');
    expect(screen.getByText(/SC-t-c/).textContent).toContain('(Cancelled)');
    expect(screen.queryByRole('checkbox', { name: /SC-t-r/ })).toBeNull();
  });

  it('an order not found (or someone else\'s: the server answers the same 404) shows docs/after-sale.md#errors\'s "We could not find that order.", how to open it and the way to a new link', async () => {
    server([booked('t-a', 's-1')], { status: 404 });
    renderApp('/manage/o-1');
    expect((await screen.findByRole('alert', {}, { timeout: 15_000 })).textContent).toBe('We could not find that order.');
    expect(screen.getByRole('heading', { level: 1, name: 'Manage your order' })).toBeTruthy();
    expect(screen.getByText(/"Manage your order" link in its e-mail/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get a new link' }).getAttribute('href')).toBe('/resend');
    expect(screen.queryByText('We could not find anything at this URL. (404 Not Found)')).toBeNull();
    expect(screen.queryByText('Order 500123')).toBeNull();
  });

  it('any other failure to load: docs/after-sale.md#errors\'s "Oops! Sorry, something went wrong. Please try again." and Try again reloads', async () => {
    const { calls } = server([booked('t-a', 's-1')], { status: 500 });
    renderApp('/manage/o-1');
    await expectOopsThenRetry(calls);
  });

  it.each(['/manage/o-1/reschedule/s-1', '/manage/o-1/pay'])('%s answers a failed read of the order with the manage page\'s docs/after-sale.md#errors texts', async (path) => {
    server([booked('t-a', 's-1')], { status: 404 });
    renderApp(path);
    expect((await screen.findByRole('alert', {}, { timeout: 15_000 })).textContent).toBe('We could not find that order.');
    expect(screen.getByRole('link', { name: 'Get a new link' }).getAttribute('href')).toBe('/resend');
    expect(screen.queryByText('We could not find anything at this URL. (404 Not Found)')).toBeNull();

    cleanup();
    queryClient.clear();
    const { calls } = server([booked('t-a', 's-1')], { status: 500 });
    renderApp(path);
    await expectOopsThenRetry(calls);
  });

  it('/manage/{id}/confirm: a failed read of the change says docs/after-sale.md#errors\'s "Oops! …" with Try again (a change that is gone: nothing to pay)', async () => {
    sessionStorage.setItem('foyer.change-cart.o-1', 'change-1');
    let status = 500;
    installFetch((url) => {
      if (url.pathname === '/api/config') return { body: configDocument() };
      if (url.pathname === '/api/cart/change-1') return { status, body: { _data: [{ ...refusals[status], _context: 'cart', _extra: null }] } };
      return undefined;
    });
    renderApp('/manage/o-1/confirm');
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert.textContent).toContain('Oops! Sorry, something went wrong. Please try again.');
    status = 404;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/nothing to pay/i, {}, { timeout: 15_000 })).toBeTruthy();
  });

  it("the e-mail's manage link: the key goes with the read and the cancel", async () => {
    const { calls } = server([booked('t-a', 's-1')]);
    renderApp('/manage/o-1?key=k-123');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }, { timeout: 15_000 }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/ticket_order/o-1/cancel')).toBe(true));
    expect(calls.find((c) => c.url.pathname === '/api/ticket_order/o-1' && c.method === 'GET')?.url.searchParams.get('key')).toBe('k-123');
    expect(calls.find((c) => c.url.pathname === '/api/ticket_order/o-1/cancel')?.url.searchParams.get('key')).toBe('k-123');
  });
});

/** docs/after-sale.md#errors's "Oops! …" in place of the order, and its Try again reading the order again. */
async function expectOopsThenRetry(calls: { url: URL }[]) {
  const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
  expect(alert.textContent).toContain('Oops! Sorry, something went wrong. Please try again.');
  expect(alert.textContent).not.toContain('Something went wrong on our side.');
  const reads = () => calls.filter((c) => c.url.pathname === '/api/ticket_order/o-1').length;
  const before = reads();
  fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(reads()).toBeGreaterThan(before));
}
