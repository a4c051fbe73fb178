import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.js';
import { useCartTestEnv } from './cart-test-env.js';
import { cartDocument } from './cart-fixtures.js';
import { configDocument, installFetch } from './fixtures.js';

// docs/payments.md#gift-cards: gift cards applied at checkout are kept on the cart, so a reload shows them again.
useCartTestEnv();

describe('kept gift cards', () => {
  it("a reload shows the cart's gift cards and pays with them first; removing one takes it off the cart", async () => {
    const kept = cartDocument({ cart: { giftCards: [{ number: 'GCKEPT0025', balance: '25.00', state: 'active' }, { number: 'GCSPENT000', balance: '0.00', state: 'active' }] } });
    const { fetch } = installFetch((url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument([]) };
      if (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET') return { body: kept };
      if (url.pathname === '/api/cart/cart-1/gift_card/GCKEPT0025' && request.method === 'DELETE') return { body: cartDocument() };
      return undefined;
    });
    renderApp('/checkout');
    expect(await screen.findByRole('button', { name: 'Pay $25 with gift card' }, { timeout: 15_000 })).toBeTruthy();
    // A spent card is not offered again.
    expect(screen.queryByRole('button', { name: 'Remove gift card •••• T000' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove gift card •••• 0025' }));
    expect(await screen.findByRole('button', { name: 'Pay $62' })).toBeTruthy();
    await waitFor(() => expect(fetch.mock.calls.some(([u, init]) => u.includes('/api/cart/cart-1/gift_card/GCKEPT0025') && init?.method === 'DELETE')).toBe(true));
  });
});
