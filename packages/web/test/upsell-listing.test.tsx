import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeCartId } from '../src/shared/cart/storage.js';
import { readUpsellChain, writeUpsellChain } from '../src/features/events/upsell/upsell-chain.js';
import { cartDocument, ticket } from './cart-fixtures.js';
import { configDocument, configEntry, EVENT_ID, eventDocument, eventTemplate, installFetch, listingDocument, SELLER_ID, ticketGroup, type Handler } from './fixtures.js';
import { renderApp } from './render-app.js';
import { useAppTestEnv } from './app-test-env.js';

/**
 * The cart-aware listing (docs/events.md#upsells-and-add-ons): add-ons only once an admission anchors them, the upsell
 * heading, events already in the cart left out, the upsell chain of the add-ons offered, on to
 * /checkout when nothing remains; the chain is cleared on leaving the event route.
 */

const SLOW = { timeout: 8000 };
const events = [
  eventTemplate({ id: EVENT_ID, name: 'General Admission', category: 'Admission' }),
  eventTemplate({ id: 'event-audio', name: 'Audio Guide', category: 'Add-ons', meta: { upsell: true } }),
  eventTemplate({ id: 'event-tour', name: 'Rooftop Tour', category: 'Add-ons', meta: { upsell: 'true' } }),
];

function server(cart: ReturnType<typeof cartDocument> | null, listed = events, groups: ReturnType<typeof ticketGroup>[] = []): Handler {
  return (url, request) => {
    if (url.pathname === '/api/config') return { body: configDocument([configEntry('upsells_enabled', true)]) };
    if (url.pathname === '/cached_api/events/available') {
      const embedsGroups = (url.searchParams.get('_embed') ?? '').split(',').includes('ticket_group');
      return { body: embedsGroups ? { ...listingDocument(listed), ticket_group: { _count: groups.length, _total: groups.length, _data: groups } } : listingDocument(listed) };
    }
    if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: eventDocument() };
    if (cart && url.pathname.startsWith('/api/my/cart') && request.method === 'GET') return { body: cart };
    return undefined;
  };
}

/** The event cards' text (the cart beside them names its events too). */
const listed = () => screen.getByRole('list', { name: 'Events' }).textContent;

useAppTestEnv();

describe('the listing and add-ons', () => {
  it('without an admission in the cart the add-ons are not listed', async () => {
    installFetch(server(null));
    renderApp('/events');
    await screen.findByText('General Admission', {}, SLOW);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Events');
    expect(listed()).toContain('General Admission');
    expect(listed()).not.toContain('Audio Guide');
    expect(listed()).not.toContain('Rooftop Tour');
    // Nor is their category offered as a filter (one category left: no choices at all).
    expect(screen.queryByRole('button', { name: 'Add-ons' })).toBeNull();
  });

  it('with one: the upsell heading, the add-ons in the upsell chain, the admission itself left out', async () => {
    writeCartId(SELLER_ID, 'cart-1');
    installFetch(server(cartDocument()));
    renderApp('/events');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('What other experiences would you like to add?'), SLOW);
    await screen.findByText('Audio Guide', {}, SLOW);
    expect(listed()).toContain('Rooftop Tour');
    expect(screen.getByRole('button', { name: 'Add-ons' })).toBeTruthy();
    expect(listed()).not.toContain('General Admission');
    await waitFor(() => expect(readUpsellChain()).toEqual(['event-audio', 'event-tour']));
  });

  it('leaves out an add-on event whose groups are all non-upsell handlers (gift cards here); the upsell listing asks for the groups', async () => {
    writeCartId(SELLER_ID, 'cart-1');
    const groups = [
      ticketGroup({ id: 'tg-audio', event_template_id: 'event-audio', handler: 'tickets' }),
      ticketGroup({ id: 'tg-tour-cards', event_template_id: 'event-tour', handler: 'ledger' }),
      ticketGroup({ id: 'tg-tour-gifts', event_template_id: 'event-tour', handler: 'donation' }),
    ];
    installFetch(server(cartDocument(), events, groups));
    renderApp('/events');
    await screen.findByText('Audio Guide', {}, SLOW);
    expect(listed()).not.toContain('Rooftop Tour');
    await waitFor(() => expect(readUpsellChain()).toEqual(['event-audio']));
  });

  it('goes on to /checkout when everything listed is already in the cart', async () => {
    writeCartId(SELLER_ID, 'cart-1');
    const doc = cartDocument({
      tickets: [ticket({ ticket_type_id: 'tt-adult' }), ticket({ ticket_type_id: 'tt-audio', event_template_id: 'event-audio', ticket_group_id: 'tg-audio', event_session_id: 's-audio' })],
      events: [{}, { id: 'event-audio', name: 'Audio Guide', meta: { upsell: true } }],
      sessions: [{}, { id: 's-audio', event_template_id: 'event-audio' }],
    });
    installFetch(server(doc, events.slice(0, 2)));
    const router = renderApp('/events');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'), SLOW);
  });
});

describe('the upsell chain', () => {
  it('lives while on event routes and is cleared on leaving them', async () => {
    installFetch(server(null));
    writeUpsellChain(['event-audio', 'event-tour']);
    const router = renderApp(`/events/${EVENT_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'General Admission' }, SLOW);
    expect(readUpsellChain()).toEqual(['event-audio', 'event-tour']);
    await act(() => router.navigate('/checkout'));
    await waitFor(() => expect(readUpsellChain()).toEqual([]));
  });
});
