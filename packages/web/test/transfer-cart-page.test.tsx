import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app.js';
import { api } from '../src/api/client.js';
import { queryClient } from '../src/api/query-client.js';
import { readCartId } from '../src/shared/cart/storage.js';
import { cartDocument } from './cart-fixtures.js';
import { configDocument, installFetch, SELLER_ID } from './fixtures.js';

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  queryClient.clear();
  localStorage.clear();
  api.setSellerId(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/transfer-cart with a payment link (staff-created cart)', () => {
  it('hands the cart over with the key, keeps it as this browser’s cart and opens checkout', async () => {
    const cart = cartDocument({ cart: { injected: true } });
    const transfers: unknown[] = [];
    installFetch((url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument([]) };
      if (url.pathname === '/api/my/cart/cart-1/transfer' && request.method === 'POST') {
        transfers.push(request.body);
        return { body: cart };
      }
      if (url.pathname === '/api/my/cart/cart-1') return { body: cart };
      return undefined;
    });
    renderApp('/transfer-cart/cart-1?key=s3cret-key');
    await screen.findByTestId('payment-link');
    expect(transfers).toEqual([{ key: 's3cret-key' }]);
    expect(readCartId(SELLER_ID)).toBe('cart-1');
  });

  it('a spent or wrong key: the 403 text', async () => {
    installFetch((url) => {
      if (url.pathname === '/api/config') return { body: configDocument([]) };
      if (url.pathname === '/api/my/cart/cart-1/transfer') return { status: 403, body: { _data: [{ _code: 'scope_error', _context: 'cart', _description: 'Access denied to cart.', _extra: null }] } };
      return undefined;
    });
    renderApp('/transfer-cart/cart-1?key=used');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('403 Access denied to cart'));
  });
});
