import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fillCheckoutForm } from './checkout-steps.js';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.js';
import { useCartTestEnv } from './cart-test-env.js';
import { cartDocument } from './cart-fixtures.js';
import { configDocument, installFetch, type Handler } from './fixtures.js';

// docs/checkout.md#order-complete, docs/checkout.md#errors: the pending page follows the cart; intent_processing goes there; a 403 on /checkout/{cartId} continues.
function server(routes: Partial<Record<string, Handler>> = {}): Handler {
  return (url, request) => {
    const route = routes[`${request.method} ${url.pathname}`];
    if (route) return route(url, request);
    if (url.pathname === '/api/config') return { body: configDocument([]) };
    if (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET') return { body: cartDocument() };
    if (url.pathname === '/api/user') return { body: { user: { _data: [{ id: 'u1', identity_id: 'id-1' }] }, identity: { _data: [{ id: 'id-1' }] } } };
    if (url.pathname === '/api/cart/cart-1/guest_checkout') return { body: cartDocument() };
    return undefined;
  };
}

useCartTestEnv();

describe('the pending page', () => {
  it('shows the cart number as the reference while the payment clears', async () => {
    installFetch(server({ 'GET /api/my/cart/cart-9': () => ({ body: cartDocument({ cart: { id: 'cart-9', cart_number: '204518', state: 'checkout' } }) }) }));
    renderApp('/checkout/pending/cart-9');
    expect((await screen.findByTestId('reference')).textContent).toBe('204518');
    expect(screen.getByRole('heading', { name: 'Order pending' })).toBeTruthy();
    expect(screen.getByText('Your payment is waiting to clear. We will e-mail your tickets as soon as it does.')).toBeTruthy();
  });

  it('a cart that was booked meanwhile goes to its complete page', async () => {
    installFetch(server({ 'GET /api/my/cart/cart-9': () => ({ body: cartDocument({ cart: { id: 'cart-9', state: 'booked', ticket_order_id: 'order-7', expires_at: null, expires_in: null } }) }) }));
    const router = renderApp('/checkout/pending/cart-9');
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/checkout/complete?orderIds=order-7'));
  });

  it('a cart to be paid again goes back to its checkout; one that ended unbooked says so', async () => {
    installFetch(server({ 'GET /api/my/cart/cart-9': () => ({ body: cartDocument({ cart: { id: 'cart-9', state: 'pending' } }) }) }));
    const router = renderApp('/checkout/pending/cart-9');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/cart-9'));
  });

  it('an expired cart: not completed, with its reference', async () => {
    installFetch(server({ 'GET /api/my/cart/cart-9': () => ({ body: cartDocument({ cart: { id: 'cart-9', cart_number: '204519', state: 'expired' } }) }) }));
    renderApp('/checkout/pending/cart-9');
    expect(await screen.findByRole('heading', { name: 'Order not completed' })).toBeTruthy();
    expect(screen.getByTestId('reference').textContent).toBe('204519');
  });

  it('an unknown cart is not found', async () => {
    installFetch(server({ 'GET /api/my/cart/cart-9': () => ({ status: 404, body: { _data: [{ _code: 'not_found', _context: 'cart', _description: 'Cart not found', _extra: null }] } }) }));
    renderApp('/checkout/pending/cart-9');
    expect(await screen.findByText(/We could not find anything at this URL/)).toBeTruthy();
  });
});

describe('checkout', () => {
  it("a 403 on /checkout/{cartId} continues with the visitor's own cart", async () => {
    const denied = () => ({ status: 403, body: { _data: [{ _code: 'scope_error', _context: 'cart', _description: '403 Access denied to cart', _extra: null }] } });
    installFetch(server({ 'GET /api/my/cart/cart-other': denied }));
    const router = renderApp('/checkout/cart-other');
    expect(await screen.findByRole('button', { name: 'Pay $62' }, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkout/cart-other');
  });

  it('a payment already in flight (intent_processing) goes to the pending page', async () => {
    let paying = false;
    const processing = () => ((paying = true), { status: 409, body: { _data: [{ _code: 'intent_processing', _context: 'payment', _description: 'Your payment is being processed. Please wait a moment.', _extra: null }] } });
    const cart = () => ({ body: cartDocument({ cart: { state: paying ? 'checkout' : 'pending' } }) });
    installFetch(server({ 'POST /api/cart/cart-1/pay': processing, 'GET /api/my/cart/cart-1': cart }));
    const router = renderApp('/checkout');
    await fillCheckoutForm();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/pending/cart-1'), { timeout: 15000 });
    expect((await screen.findByTestId('reference')).textContent).toBe('100001');
  }, 20000);
});
