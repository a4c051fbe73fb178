import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartDocument, ticket } from './cart-fixtures.js';
import { calendarDocument, configDocument, EVENT_ID, eventDocument, installFetch, session, sessionsDocument, type Handler } from './fixtures.js';
import { renderApp } from './render-app.js';
import { useAppTestEnv } from './app-test-env.js';

/**
 * Deep links with `reserve` in the quantity-first flow (docs/deep-links.md#deep-links-to-an-event): once the link's quantities
 * have found the link's session, its tickets are reserved and the buyer goes on; a refusal is
 * worded as in the other flows (the server's text for warn, the generic text for strict) and the
 * buyer stays on the details step to finish by hand.
 */

const SLOW = { timeout: 8000 };
const refused = { status: 409, body: { _data: [{ _code: 'session_capacity_exceeded', _context: 'reserve', _description: 'Only 1 ticket is left for this time.', _extra: null }] } };

function server(reserve: 'ok' | 'refuse'): Handler {
  return (url, request) => {
    if (url.pathname === '/api/config') return { body: configDocument() };
    if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: eventDocument({ meta: { reserve_flow: 'quantity_first' } }) };
    if (url.pathname === `/api/events/${EVENT_ID}/calendar` && request.method === 'POST') return { body: calendarDocument('2026-11-21', 3) };
    if (url.pathname === `/api/events/${EVENT_ID}/sessions` && request.method === 'POST') {
      return { body: sessionsDocument([session('s2', url.searchParams.get('_ondate')!, '13:00', 30)]) };
    }
    if (url.pathname === `/cached_api/events/${EVENT_ID}/sessions` && url.searchParams.get('id') === 's2') return { body: sessionsDocument([session('s2', '2026-11-22', '13:00', 30)]) };
    if (url.pathname.startsWith('/api/my/cart') && request.method === 'POST') {
      return reserve === 'refuse' ? refused : { body: cartDocument({ tickets: [ticket({ ticket_type_id: 'tt-adult' }), ticket({ ticket_type_id: 'tt-adult' })] }) };
    }
    if (url.pathname.startsWith('/api/my/cart')) return { body: cartDocument() };
    if (url.pathname === '/cached_api/events/available') return { body: { event_template: { _count: 0, _total: 0, _data: [] } } };
    return undefined;
  };
}

useAppTestEnv();

const cartPosts = (calls: { url: URL; method: string }[]) => calls.filter((c) => c.url.pathname.startsWith('/api/my/cart') && c.method === 'POST');

describe('quantity-first deep link with reserve', () => {
  it('reserve=yes (a truthy value): the link’s tickets on its session go into the cart and the buyer goes on', async () => {
    const { calls } = installFetch(server('ok'));
    const router = renderApp(`/events/${EVENT_ID}?Adult=2&session=s2&reserve=yes`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'), SLOW);
    const posts = cartPosts(calls) as unknown as { body: unknown }[];
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({
      add: [
        { ticket_type_id: 'tt-adult', event_session_id: 's2' },
        { ticket_type_id: 'tt-adult', event_session_id: 's2' },
      ],
    });
  });

  it('reserve=warn: a refusal shows the server text; the details step stays to finish by hand', async () => {
    const { calls } = installFetch(server('refuse'));
    const router = renderApp(`/events/${EVENT_ID}?Adult=2&session=next&reserve=warn`);
    expect(await screen.findByText('Only 1 ticket is left for this time.', {}, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/events/${EVENT_ID}`);
    expect(screen.getByRole('heading', { name: 'Your details' })).toBeTruthy();
    expect(cartPosts(calls)).toHaveLength(1);
  });

  it('reserve=strict: the same refusal reads as the generic unavailable text', async () => {
    installFetch(server('refuse'));
    renderApp(`/events/${EVENT_ID}?Adult=2&session=next&reserve=strict`);
    expect(await screen.findByText('Sorry, these tickets are not available. Please choose other tickets.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('Only 1 ticket is left for this time.')).toBeNull();
  });

  it('without reserve the link’s session is picked and nothing is posted', async () => {
    const { calls } = installFetch(server('ok'));
    renderApp(`/events/${EVENT_ID}?Adult=2&session=next`);
    expect(await screen.findByRole('heading', { name: 'Your details' }, SLOW)).toBeTruthy();
    expect(cartPosts(calls)).toHaveLength(0);
  });
});
