import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../src/api/query-client.js';
import { fixStartAddress } from '../src/app/start-address.js';
import { takeManageKey } from '../src/features/manage/manage-key.js';
import { useAppTestEnv } from './app-test-env.js';
import { ticket } from './cart-fixtures.js';
import { configDocument, configEntry, eventDocument, installFetch, session } from './fixtures.js';
import { renderApp } from './render-app.js';

/**
 * An order e-mail's key never stays in the address (docs/after-sale.md "Who may read or change an
 * order"): before the app starts it moves into the tab's store, the history entry is replaced
 * without it, and every read takes it from the store — so the tag manager, third-party scripts,
 * the history and the Referer never see it. A reload in the same tab keeps working.
 */

const list = <T,>(items: T[]) => ({ _count: items.length, _total: items.length, _data: items });
const here = () => window.location.pathname + window.location.search + window.location.hash;
const stored = (orderId: string) => sessionStorage.getItem(`foyer.manage-key.${orderId}`);

function orderDocument() {
  const event = eventDocument();
  return {
    ticket_order: list([{ id: 'o-1', order_number: '500123', seller_id: 'seller-1', identity_id: 'i-1', cart_id: 'c-1', state: 'completed', created_at: '2026-11-20T10:00:00.000Z', ticket_order_fees: { total_after_fees_price: '0.00', total_payments: '0.00', total_outstanding: '0.00' } }]),
    ticket: list([ticket({ id: 't-1', ticket_type_id: 'tt-child', state: 'booked', ticket_order_id: 'o-1', event_session_id: 's-1', face_value: '0.00', adjusted_value: '0.00', scan_code: 'SC-1' })]),
    ticket_type: event.ticket_type,
    event_template: event.event_template,
    event_session: list([session('s-1', '2026-11-25', '10:00', 10)]),
    venue: list([]),
  };
}

/** The order opens with its key only (as the server's readOwnOrder): anything else is its 404. */
function server(config = configDocument()) {
  return installFetch((url, request) => {
    if (url.pathname === '/api/config') return { body: config };
    if (url.pathname === '/api/ticket_order/o-1' && request.method === 'GET') {
      if (url.searchParams.get('key') === 'k-1') return { body: orderDocument() };
      return { status: 404, body: { _data: [{ _code: 'not_found', _context: 'ticket_order', _description: 'We could not find that order.', _extra: null }] } };
    }
    if (url.pathname === '/api/my/cart/cart-1/transfer') return { status: 403, body: { _data: [{ _code: 'scope_error', _context: 'cart', _description: 'Access denied to cart.', _extra: null }] } };
    return undefined;
  });
}

describe('the manage key leaves the address', () => {
  useAppTestEnv();
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('before the app starts: into the tab, out of the address (the history entry replaced, nothing else in it changed)', () => {
    window.history.replaceState(null, '', '/manage/o-1?changed=rescheduled&key=k-1#top');
    const entries = window.history.length;
    expect(fixStartAddress()).toBe('/manage/o-1?changed=rescheduled#top');
    expect(here()).toBe('/manage/o-1?changed=rescheduled#top');
    expect(window.history.length).toBe(entries);
    expect(stored('o-1')).toBe('k-1');
    // A cache-busting reload's `_r` goes in the same step.
    window.history.replaceState(null, '', '/checkout/tickets/o-2?_r=123&key=k-2');
    fixStartAddress();
    expect([here(), stored('o-2')]).toEqual(['/checkout/tickets/o-2', 'k-2']);
  });

  it('every order page an e-mail or a page links to; the complete page keeps the key for each of its orders; other addresses are left alone', () => {
    for (const page of ['', '/reschedule/s-1', '/confirm', '/pay', '/cancel-auto-renew']) {
      sessionStorage.clear();
      expect(takeManageKey(`/manage/o-1${page}?key=k-1`)).toBe(`/manage/o-1${page}`);
      expect(stored('o-1')).toBe('k-1');
    }
    expect(takeManageKey('/checkout/complete?orderIds=o-3,o-4&key=k-3')).toBe('/checkout/complete?orderIds=o-3,o-4');
    expect([stored('o-3'), stored('o-4')]).toEqual(['k-3', 'k-3']);
    // However the parameter is spelt, every one of it goes.
    expect(takeManageKey('/manage/o-5?k%65y=a&key=b&x=1')).toBe('/manage/o-5?x=1');
    expect(stored('o-5')).toBe('a');
    // A transfer-cart link's key is the cart's (used once on arrival): not an order's, not taken.
    sessionStorage.clear();
    expect(takeManageKey('/transfer-cart/cart-1?key=s3cret')).toBe('/transfer-cart/cart-1?key=s3cret');
    expect(takeManageKey('/manage/o-1')).toBe('/manage/o-1');
    expect(sessionStorage.length).toBe(0);
  });

  it('the order opens with the key from the tab; a reload in the same tab still opens it; another tab (no key, not the buyer) gets "We could not find that order."', async () => {
    const { calls } = server();
    const reads = () => calls.filter((c) => c.url.pathname === '/api/ticket_order/o-1');
    const router = renderApp('/manage/o-1?key=k-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order 500123' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(reads().map((c) => c.url.searchParams.get('key'))).toEqual(['k-1']);

    // Reload: the address has no key any more, the tab has.
    cleanup();
    queryClient.clear();
    renderApp('/manage/o-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order 500123' })).toBeTruthy();
    expect(reads().map((c) => c.url.searchParams.get('key'))).toEqual(['k-1', 'k-1']);

    cleanup();
    queryClient.clear();
    sessionStorage.clear();
    renderApp('/manage/o-1');
    expect(await screen.findByText('We could not find that order.')).toBeTruthy();
    expect(reads().at(-1)!.url.searchParams.has('key')).toBe(false);
  });

  it('a newer e-mail link opened in the same tab replaces the kept key', () => {
    takeManageKey('/manage/o-1?key=old');
    takeManageKey('/manage/o-1?key=new');
    expect(stored('o-1')).toBe('new');
  });
});

describe('the tag manager never sees a key', () => {
  useAppTestEnv();
  const gtm = () => document.head.querySelector<HTMLScriptElement>('script[data-gtm]');
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
    window.dataLayer = [];
    document.head.querySelectorAll('script[data-gtm]').forEach((s) => s.remove());
  });

  /** The address at each thing the container could report (its start, its script, each push): what page_location would be. */
  function watchAddresses() {
    const seen: string[] = [];
    const layer = window.dataLayer!;
    const push = layer.push.bind(layer);
    layer.push = (...items: unknown[]) => (seen.push(`${window.location.href} ${JSON.stringify(items)}`), push(...items));
    const append = document.head.appendChild.bind(document.head);
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => (seen.push(`${window.location.href} ${node instanceof HTMLScriptElement ? node.src : ''}`), append(node)));
    return seen;
  }

  it('an order e-mail link: the key is out of the address before the container starts (as main.tsx runs), and nothing pushed carries it', async () => {
    const { calls } = server(configDocument([configEntry('tag_manager_id', 'GTM-TEST12')]));
    const seen = watchAddresses();
    window.history.replaceState(null, '', '/manage/o-1?key=k-1');
    renderApp(fixStartAddress());
    expect(await screen.findByRole('heading', { level: 1, name: 'Order 500123' })).toBeTruthy();
    await waitFor(() => expect(gtm()).not.toBeNull());
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((s) => s.includes('k-1') || s.includes('key='))).toEqual([]);
    expect(window.location.href).not.toContain('key=');
    expect(calls.find((c) => c.url.pathname === '/api/ticket_order/o-1')?.url.searchParams.get('key')).toBe('k-1');
  });

  it('an address that still has a key (a transfer-cart link) gets no container until the key is gone', async () => {
    server(configDocument([configEntry('tag_manager_id', 'GTM-TEST12')]));
    const seen = watchAddresses();
    window.history.replaceState(null, '', '/transfer-cart/cart-1?key=s3cret');
    const router = renderApp(fixStartAddress());
    // As the browser's router does, the address follows each navigation.
    router.subscribe(({ location }) => window.history.replaceState(null, '', location.pathname + location.search));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('403 Access denied to cart'));
    expect(gtm()).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: /home/i }));
    await waitFor(() => expect(gtm()).not.toBeNull());
    expect(router.state.location.pathname).toBe('/');
    expect(seen.filter((s) => s.includes('s3cret'))).toEqual([]);
  });
});
