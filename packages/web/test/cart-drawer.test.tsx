import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartDocument } from './cart-fixtures.js';
import { configDocument, configEntry, installFetch, type Handler } from './fixtures.js';
import { renderApp } from './render-app.js';
import { useCartTestEnv } from './cart-test-env.js';

/**
 * The cart drawer (docs/routes.md#app-shell-and-modals): the outstanding total, proceed (not on checkout) and more-events
 * (to /events); it closes by itself when its ticket count drops to 0.
 */

function server(extra?: Handler): Handler {
  return (url, request) => {
    const answer = extra?.(url, request);
    if (answer) return answer;
    if (url.pathname === '/api/config') return { body: configDocument([configEntry('upsells_enabled', true)]) };
    if (url.pathname === '/cached_api/events/available') return { body: { event_template: { _count: 0, _total: 0, _data: [] } } };
    if (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET') return { body: cartDocument({ cart: { cart_fees: { ...cartDocument().cart._data[0].cart_fees, total_payments: '12.00', total_outstanding: '50.00' } } }) };
    if (url.pathname === '/api/my/cart/cart-1' && request.method === 'DELETE') return { body: {} };
    return undefined;
  };
}

useCartTestEnv();

describe('the cart drawer', () => {
  it('shows what is left to pay, proceeds to checkout, and its more-events link goes to /events', async () => {
    installFetch(server());
    const router = renderApp('/account');
    fireEvent.click(await screen.findByRole('button', { name: 'Cart, 3 tickets' }, { timeout: 15_000 }));
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(within(drawer).getByTestId('cart-total').textContent).toBe('$50');
    expect(within(drawer).getByRole('link', { name: 'Proceed to checkout' }).getAttribute('href')).toBe('/checkout');
    fireEvent.click(within(drawer).getByRole('link', { name: 'Add more experiences' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your cart' })).toBeNull());
  });

  it('closes by itself when the last ticket is removed', async () => {
    const adults = cartDocument();
    adults.ticket._data = adults.ticket._data.filter((t) => t.ticket_type_id === 'tt-adult');
    const { calls } = installFetch(server((url, request) => (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET' ? { body: adults } : undefined)));
    renderApp('/events');
    fireEvent.click(await screen.findByRole('button', { name: 'Cart, 2 tickets' }, { timeout: 15_000 }));
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Remove 2 × Adult' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove from cart?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your cart' })).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('on checkout it has no proceed button', async () => {
    installFetch(server());
    renderApp('/checkout');
    await screen.findByRole('region', { name: 'Order summary' }, { timeout: 15_000 });
    fireEvent.click(await screen.findByRole('button', { name: 'Cart, 3 tickets' }));
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(within(drawer).getByTestId('cart-total').textContent).toBe('$50');
    expect(within(drawer).queryByRole('link', { name: 'Proceed to checkout' })).toBeNull();
    expect(within(drawer).getByRole('link', { name: 'Add more experiences' })).toBeTruthy();
  });

  it("shows each event's thumbnail beside its name: 64×51, the file requested at 2× (docs/cart.md#limits)", async () => {
    const withImage = cartDocument({ events: [{ meta: { image_profile: 'img-1', image_cover: 'img-2' } }] });
    installFetch(server((url, request) => (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET' ? { body: withImage } : undefined)));
    renderApp('/events');
    fireEvent.click(await screen.findByRole('button', { name: 'Cart, 3 tickets' }, { timeout: 15_000 }));
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    const thumbs = drawer.querySelectorAll('img.cart-section__thumb');
    expect(thumbs).toHaveLength(1);
    const thumb = thumbs[0] as HTMLImageElement;
    expect(thumb.getAttribute('src')).toBe('/api/image/img-1?sizex=128&sizey=102&shrink_only=T');
    expect([thumb.getAttribute('width'), thumb.getAttribute('height'), thumb.getAttribute('alt')]).toEqual(['64', '51', '']);
    expect(thumb.closest('.cart-section')!.querySelector('.cart-section__title')!.textContent).toBe('General Admission');
  });

  it('an event without a picture has no thumbnail', async () => {
    installFetch(server());
    renderApp('/events');
    fireEvent.click(await screen.findByRole('button', { name: 'Cart, 3 tickets' }, { timeout: 15_000 }));
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(within(drawer).getByText('General Admission')).toBeTruthy();
    expect(drawer.querySelectorAll('img.cart-section__thumb')).toHaveLength(0);
  });
});
