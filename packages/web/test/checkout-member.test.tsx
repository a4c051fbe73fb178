import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app.js';
import { api } from '../src/api/client.js';
import { queryClient } from '../src/api/query-client.js';
import { writeCartId } from '../src/shared/cart/storage.js';
import { cartDocument } from './cart-fixtures.js';
import { configDocument, installFetch, SELLER_ID, type Handler } from './fixtures.js';

configure({ asyncUtilTimeout: 15_000 });

const list = <T,>(items: T[]) => ({ _count: items.length, _total: items.length, _data: items });
const member = (overrides: Record<string, unknown> = {}) => ({
  user: list([{ id: 'u1', identity_id: 'i1', email: 'ann@example.com', first_name: 'Ann', last_name: 'Lee', scan_code: 'M-1', zip_code: null, additional_info: {}, has_password: true, needs_email: false, created_at: '2026-01-01T00:00:00Z', ...overrides }]),
  membership: list([]),
  _total: 1,
});

function server(user: object): Handler {
  const cart = cartDocument();
  return (url, request) => {
    if (url.pathname === '/api/config') return { body: configDocument([]) };
    if (url.pathname === '/api/my/user') return { body: user };
    if (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET') return { body: cart };
    if (url.pathname === '/api/my/cart/cart-1/checkout') return { body: cart };
    if (url.pathname === '/api/my/cart/cart-1/pay') return { body: { ...cartDocument(), outcome: 'completed', ticket_order: { _data: [{ id: 'order-1', order_number: '500001' }] } } };
    return undefined;
  };
}

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  queryClient.clear();
  localStorage.clear();
  api.setSellerId(null);
  writeCartId(SELLER_ID, 'cart-1');
  document.cookie = `session_expires=${encodeURIComponent('2099-01-01T00:00:00.000Z')}; path=/`;
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  document.cookie = 'session_expires=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('checkout as a logged-in member (docs/memberships.md#2-buying)', () => {
  it('never shows the guest form to a member while their account is still loading', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const answer = server(member());
    const { fetch } = installFetch((url, request) => answer(url, request));
    // The account answer is held back: the cart is there, the member is not known yet.
    const slow = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input: string, init?: RequestInit) => {
      if (new URL(input, 'http://x').pathname === '/api/my/user') await gate;
      return slow(input, init);
    });
    renderApp('/checkout');
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => u.includes('/api/my/cart/cart-1'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('textbox', { name: 'First name' })).toBeNull();
    release();
    expect(await screen.findByText('You are checking out as a member.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'First name' })).toBeNull();
  });

  it('shows the member message instead of the identity form and pays through my/cart', async () => {
    const { fetch } = installFetch(server(member()));
    const router = renderApp('/checkout');
    expect(await screen.findByText('You are checking out as a member.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'First name' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Card number' }), { target: { value: '4242424242424242' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Expiry date (MM / YY)' }), { target: { value: '1234' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Security code (CVC)' }), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/complete'));
    const paths = fetch.mock.calls.map(([u]) => new URL(u, 'http://x').pathname);
    expect(paths).toContain('/api/my/cart/cart-1/checkout');
    expect(paths).toContain('/api/my/cart/cart-1/pay');
    expect(paths).not.toContain('/api/user');
  });

  it('a member without a real e-mail address is sent to set one first', async () => {
    installFetch(server(member({ email: 'no-email+u1@example.invalid', needs_email: true })));
    const router = renderApp('/checkout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/set-email-address'));
  });
});
