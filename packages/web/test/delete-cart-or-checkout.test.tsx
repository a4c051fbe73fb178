import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../src/api/query-client.js';
import { CartProvider, useCart } from '../src/shared/cart/cart-context.js';
import { DeleteCartOrCheckoutDialog } from '../src/features/cart/delete-cart-or-checkout-dialog.js';
import { readCartId, writeCartId } from '../src/shared/cart/storage.js';
import { useAppTestEnv } from './app-test-env.js';
import { cartDocument } from './cart-fixtures.js';
import { configDocument, installFetch, SELLER_ID } from './fixtures.js';

/** The delete-cart-or-checkout dialog (docs/checkout.md#screens): go to checkout, or delete the cart and carry on. */

useAppTestEnv();

function Probe() {
  const [open, setOpen] = useState(true);
  const [emptied, setEmptied] = useState(false);
  const { cartId } = useCart();
  return (
    <>
      <p data-testid="state">{emptied ? 'emptied' : cartId ?? 'none'}</p>
      <DeleteCartOrCheckoutDialog open={open} onClose={() => setOpen(false)} onEmptied={() => {
          setEmptied(true);
          setOpen(false);
        }} />
    </>
  );
}

function mount(fail = false) {
  writeCartId(SELLER_ID, 'cart-1');
  const { calls } = installFetch((url, request) => {
    if (url.pathname === '/api/config') return { body: configDocument() };
    if (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET') return { body: cartDocument() };
    if (url.pathname === '/api/my/cart/cart-1' && request.method === 'DELETE') return fail ? { status: 500, body: { _data: [{ _code: 'internal_error', _context: null, _description: 'x', _extra: null }] } } : { body: { deleted: true } };
    return undefined;
  });
  const router = createMemoryRouter(
    [
      { path: '/events/:id/gift', element: <Suspense fallback={null}><CartProvider sellerId={SELLER_ID} timezone="UTC"><Probe /></CartProvider></Suspense> },
      { path: '/checkout', element: <p>Checkout page</p> },
    ],
    { initialEntries: ['/events/m-1/gift'] },
  );
  const root = document.createElement('div');
  root.id = 'root';
  document.body.appendChild(root);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { container: root },
  );
  return { router, calls };
}

describe('delete-cart-or-checkout dialog', () => {
  it('Go to checkout leaves the cart as it is', async () => {
    const { router, calls } = mount();
    const dialog = await screen.findByRole('dialog', { name: 'Your cart has items' });
    fireEvent.click(screen.getByRole('button', { name: 'Go to checkout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(dialog).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('Delete my cart deletes it on the server and forgets it, then carries on', async () => {
    const { calls } = mount();
    await screen.findByRole('dialog', { name: 'Your cart has items' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my cart' }));
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('emptied'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/my/cart/cart-1')).toBe(true);
    expect(readCartId(SELLER_ID)).toBeNull();
  });

  it('a failed delete says so and keeps the cart', async () => {
    mount(true);
    await screen.findByRole('dialog', { name: 'Your cart has items' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my cart' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Sorry. Please try again later.');
    expect(readCartId(SELLER_ID)).toBe('cart-1');
  });
});
