import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppTestEnv } from './app-test-env.js';
import { ticket } from './cart-fixtures.js';
import { configDocument, installFetch } from './fixtures.js';
import { renderApp } from './render-app.js';

/**
 * Orders open to their buyer's browser or an e-mail link's key only (issue 13; docs/after-sale.md
 * "Who may read or change an order"): the complete and tickets pages read through /api and pass
 * the key of the link they were opened by to every read, QR image and link of the order.
 */

const list = <T,>(items: T[]) => ({ _count: items.length, _total: items.length, _data: items });
const fees = { total_after_fees_price: '0.00', total_payments: '0.00', total_outstanding: '0.00' };
const order = { id: 'order-1', order_number: '500001', seller_id: 'seller-1', identity_id: 'i-1', cart_id: 'c-1', state: 'completed', created_at: '2026-11-20T10:00:00.000Z', ticket_order_fees: fees };
const free = ticket({ id: 't-1', ticket_type_id: 'tt-child', state: 'booked', ticket_order_id: 'order-1', face_value: '0.00', adjusted_value: '0.00', scan_code: 'SCAN-0001' });

function server(orders: (typeof order)[] = [order]) {
  return installFetch((url) => {
    if (url.pathname === '/api/config') return { body: configDocument([]) };
    if (url.pathname === '/api/ticket_order') return { body: { ticket_order: list(orders), ticket: list(orders.length ? [free] : []), _total: orders.length } };
    if (url.pathname === '/api/ticket_order/order-1') return { body: { ticket_order: list(orders), ticket: list([]), _total: orders.length } };
    if (url.pathname === '/api/ticket_order/order-1/walletprecheck') return { body: { wallet_precheck: list([{ provider: 'apple', ok: true }]), _total: 1 } };
    return undefined;
  });
}

describe('order pages and the e-mail key', () => {
  useAppTestEnv();

  it('the complete page from the e-mail passes the key to its id-list read (/api), QR image, wallet, member cards and links', async () => {
    const { calls } = server();
    const router = renderApp('/checkout/complete?orderIds=order-1&key=k-123');
    expect(router.state.location.search).toBe('?orderIds=order-1');
    const qr = await screen.findByRole('img', { name: 'QR code for order 500001' }, { timeout: 15_000 });
    expect(qr.getAttribute('src')).toBe('/api/ticket_order/order-1/qrcode?_seller=seller-1&margin=4&key=k-123');
    const listRead = calls.find((c) => c.url.pathname.endsWith('/ticket_order'))!;
    expect(listRead.url.pathname).toBe('/api/ticket_order');
    expect(listRead.url.searchParams.get('id._in')).toBe('order-1');
    expect(listRead.url.searchParams.get('key')).toBe('k-123');
    // Its links carry no key: the pages they open take it from the tab.
    expect(screen.getByRole('link', { name: 'View and print tickets' }).getAttribute('href')).toBe('/checkout/tickets/order-1');
    expect(screen.getByRole('link', { name: 'Cancel tickets' }).getAttribute('href')).toBe('/manage/order-1');
    expect((await screen.findByRole('link', { name: 'Add to Apple Wallet' }, { timeout: 15_000 })).getAttribute('href')).toContain('key=k-123');
    await waitFor(() => expect(calls.find((c) => c.url.pathname === '/api/ticket_order/order-1')?.url.searchParams.get('key')).toBe('k-123'));
    expect(calls.filter((c) => c.url.pathname.startsWith('/cached_api/ticket_order'))).toEqual([]);
  });

  it('right after paying (no key) the browser itself is the proof: no key anywhere', async () => {
    const { calls } = server();
    renderApp('/checkout/complete?orderIds=order-1');
    const qr = await screen.findByRole('img', { name: 'QR code for order 500001' }, { timeout: 15_000 });
    expect(qr.getAttribute('src')).toBe('/api/ticket_order/order-1/qrcode?_seller=seller-1&margin=4');
    expect(calls.find((c) => c.url.pathname === '/api/ticket_order')?.url.searchParams.has('key')).toBe(false);
    expect(screen.getByRole('link', { name: 'View and print tickets' }).getAttribute('href')).toBe('/checkout/tickets/order-1');
  });

  it('the tickets page passes the key to its read, its QR image and the way back', async () => {
    const { calls } = server();
    renderApp('/checkout/tickets/order-1?key=k-123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tickets for order 500001' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByTestId('scan-code').textContent).toBe('SCAN-0001');
    expect(calls.find((c) => c.url.pathname === '/api/ticket_order')?.url.searchParams.get('key')).toBe('k-123');
    expect(screen.getByRole('img', { name: 'QR code for order 500001' }).getAttribute('src')).toContain('key=k-123');
    expect(screen.getByRole('link', { name: /Back to your order/ }).getAttribute('href')).toBe('/checkout/complete?orderIds=order-1');
  });

  it('an order the server leaves out of the list (not this browser\'s, no key) is not found', async () => {
    server([]);
    renderApp('/checkout/complete?orderIds=order-1');
    expect(await screen.findByText('We could not find anything at this URL. (404 Not Found)', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText('500001')).toBeNull();
  });
});
