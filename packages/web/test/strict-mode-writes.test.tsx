import { AUTO_RENEW_TEXT } from '@foyer/contracts/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../src/api/query-client.js';
import { routes } from '../src/app/router.js';
import { manageKeyStore } from '../src/features/manage/manage-key.js';
import { writeCartId } from '../src/shared/cart/storage.js';
import { useAppTestEnv } from './app-test-env.js';
import { cartDocument } from './cart-fixtures.js';
import { calendarDocument, configDocument, EVENT_ID, eventDocument, installFetch, SELLER_ID, session, sessionsDocument, type Handler } from './fixtures.js';
import { card } from './membership-fixtures.js';

/**
 * The app in <StrictMode>, as `npm run dev` runs it (main.tsx): React mounts, unmounts and mounts
 * each effect again, so an effect that writes without a guard writes twice. The reserve, pay and
 * cancel screens each send their one write once, the payment link of a staff-created cart too.
 */
function renderStrict(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const root = document.createElement('div');
  root.id = 'root';
  document.body.appendChild(root);
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
    { container: root },
  );
  return router;
}

/** Every write the page sent (all but GETs), as "METHOD /path". */
const writesOf = (calls: { method: string; url: URL }[]) => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url.pathname}`);

useAppTestEnv();
// The first screen of a file also compiles the lazily loaded routes: on a busy machine that takes a while.
const SLOW = { timeout: 15_000 };

describe('writes under StrictMode', () => {
  it('reserve: one POST per press of Reserve', async () => {
    const { calls } = installFetch((url) => {
      if (url.pathname === '/api/config') return { body: configDocument() };
      if (url.pathname === '/cached_api/events/available') return { body: { event_template: { _count: 0, _total: 0, _data: [] } } };
      if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: eventDocument() };
      if (url.pathname.endsWith(`/events/${EVENT_ID}/calendar`)) return { body: calendarDocument('2026-11-21', 12) };
      if (url.pathname.endsWith(`/events/${EVENT_ID}/sessions`)) return { body: sessionsDocument([session('s3', url.searchParams.get('_ondate') ?? '2026-11-21', '13:00', 40)]) };
      if (url.pathname.startsWith('/api/my/cart')) return { body: cartDocument() };
      return undefined;
    });
    const router = renderStrict(`/events/${EVENT_ID}`);
    fireEvent.click(within(await screen.findByRole('list', { name: 'Available dates' }, SLOW)).getAllByRole('button')[0]);
    fireEvent.click(await screen.findByRole('button', { name: /1:00 PM/ }, SLOW));
    fireEvent.click(await screen.findByRole('button', { name: 'Add one Adult' }, SLOW));
    fireEvent.click(screen.getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe(`/events/${EVENT_ID}`), SLOW);
    expect(writesOf(calls)).toEqual(['POST /api/my/cart/modify']);
  });

  it('pay: the return from a payment redirect asks the server once', async () => {
    writeCartId(SELLER_ID, 'cart-1');
    const completed = { body: { ...cartDocument(), outcome: 'completed', ticket_order: { _data: [{ id: 'order-1', order_number: '500001' }] } } };
    const { calls } = installFetch((url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument([]) };
      if (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET') return { body: cartDocument() };
      if (url.pathname === '/api/cart/cart-1/payment_return') return completed;
      return undefined;
    });
    const router = renderStrict('/checkout?cartId=cart-1&purchaser=guest&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=succeeded');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/complete'), SLOW);
    expect(writesOf(calls)).toEqual(['POST /api/cart/cart-1/payment_return']);
  });

  it('pay: a staff-created cart\'s payment link hands the cart over once', async () => {
    const cart = cartDocument({ cart: { injected: true } });
    const { calls } = installFetch((url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument([]) };
      if (url.pathname === '/api/my/cart/cart-1/transfer' && request.method === 'POST') return { body: cart };
      if (url.pathname === '/api/my/cart/cart-1') return { body: cart };
      return undefined;
    });
    renderStrict('/transfer-cart/cart-1?key=s3cret-key');
    await screen.findByTestId('payment-link', {}, SLOW);
    expect(writesOf(calls)).toEqual(['POST /api/my/cart/cart-1/transfer']);
  });

  it('cancel: confirming the auto-renew cancellation sends one write', async () => {
    manageKeyStore.write('o-1', 'key-1');
    const cards = [card({ auto_renew_state: 'scheduled' })];
    const server: Handler = (url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument() };
      if (url.pathname === '/api/ticket_order/o-1' && request.method === 'GET') return { body: { membership: { _count: 1, _total: 1, _data: cards } } };
      if (url.pathname === '/api/ticket_order/o-1/auto_renew' && request.method === 'DELETE') return { body: { membership: { _count: 1, _total: 1, _data: [{ ...cards[0], auto_renew_state: 'cancelled' }] } } };
      return undefined;
    };
    const { calls } = installFetch(server);
    renderStrict('/manage/o-1/cancel-auto-renew');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel automatic renewal' }, SLOW));
    await screen.findByText(AUTO_RENEW_TEXT.cancelled, {}, SLOW);
    expect(writesOf(calls)).toEqual(['DELETE /api/ticket_order/o-1/auto_renew']);
  });
});
