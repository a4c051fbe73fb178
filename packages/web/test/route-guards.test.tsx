import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configuredRedirect } from '../src/app/route-guards.js';
import { externalMembershipUrl } from '../src/config/membership-url.js';
import { skipsUpsells, takeExpressFlag } from '../src/lib/express-flags.js';
import { writeCartId } from '../src/shared/cart/storage.js';
import { useAppTestEnv } from './app-test-env.js';
import { cartDocument } from './cart-fixtures.js';
import { configDocument, configEntry, eventTemplate, installFetch, listingDocument, SELLER_ID, stubLocation, type Handler } from './fixtures.js';
import { renderApp } from './render-app.js';

/** The navigation guards of docs/routes.md#guards that read the configuration or the address. */

const memory = () => {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
};

describe('route guards, as rules', () => {
  it('configured redirects: home when the home route is disabled, listed paths; only http(s) URLs or this site’s paths', () => {
    const entries = [configEntry('redirects', { disable_home_route: 'https://museum.example/visit', paths: { '/resend': '/events', '/old': '//evil.example', '/js': 'javascript:alert(1)' } })];
    expect(configuredRedirect(entries, '/')).toBe('https://museum.example/visit');
    expect(configuredRedirect(entries, '/resend')).toBe('/events');
    expect(configuredRedirect(entries, '/old')).toBeNull();
    expect(configuredRedirect(entries, '/js')).toBeNull();
    expect(configuredRedirect(entries, '/events')).toBeNull();
    expect(configuredRedirect([], '/')).toBeNull();
  });

  it('the express flag sets skip-upsells and leaves the address; a false flag only leaves it', () => {
    const store = memory();
    expect(takeExpressFlag(new URL('http://x/events/ga?category=Shows'), store)).toBeNull();
    expect(skipsUpsells(store)).toBe(false);
    expect(takeExpressFlag(new URL('http://x/events/ga?express=false&tg=1'), store)).toBe('/events/ga?tg=1');
    expect(skipsUpsells(store)).toBe(false);
    expect(takeExpressFlag(new URL('http://x/events/ga?express&tg=1#top'), store)).toBe('/events/ga?tg=1#top');
    expect(skipsUpsells(store)).toBe(true);
    const other = memory();
    expect(takeExpressFlag(new URL('http://x/events?express_checkout=1'), other)).toBe('/events');
    expect(skipsUpsells(other)).toBe(true);
  });

  it('/membership/{action} goes to the external membership URL plus the action, when configured', () => {
    const entries = [configEntry('membership_url', 'https://members.example/join/')];
    expect(externalMembershipUrl(entries, 'renew')).toBe('https://members.example/join/renew');
    expect(externalMembershipUrl(entries, undefined)).toBe('https://members.example/join/');
    expect(externalMembershipUrl([configEntry('membership_url', '/events')], 'renew')).toBeNull();
    expect(externalMembershipUrl([], 'renew')).toBeNull();
  });
});

useAppTestEnv();

function server(entries = [configEntry('upsells_enabled', true)], cart: ReturnType<typeof cartDocument> | null = null): Handler {
  return (url, request) => {
    if (url.pathname === '/api/config') return { body: configDocument(entries) };
    if (url.pathname === '/cached_api/events/available') return { body: listingDocument([eventTemplate({ id: 'event-audio', name: 'Audio Guide', category: 'Add-ons' })]) };
    if (cart && url.pathname.startsWith('/api/my/cart') && request.method === 'GET') return { body: cart };
    return undefined;
  };
}

describe('route guards in the app', () => {
  it('an express link loses its flag; then the upsell listing goes straight to checkout', async () => {
    writeCartId(SELLER_ID, 'cart-1');
    installFetch(server(undefined, cartDocument()));
    const router = renderApp('/events?express=1&category=Add-ons');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'), { timeout: 8000 });
    expect(sessionStorage.getItem('foyer.skip_upsells')).toBe('1');
  });

  it('without the flag the upsell listing stays; an empty cart never skips to checkout', async () => {
    writeCartId(SELLER_ID, 'cart-1');
    installFetch(server(undefined, cartDocument()));
    const router = renderApp('/events');
    await screen.findByText('Audio Guide', {}, { timeout: 8000 });
    expect(router.state.location.pathname).toBe('/events');
  });

  it('an express flag with an empty cart leaves the listing as it is, without the flag', async () => {
    installFetch(server());
    const router = renderApp('/events?express_checkout=true');
    await screen.findByText('Audio Guide', {}, { timeout: 8000 });
    expect(router.state.location.pathname + router.state.location.search).toBe('/events');
  });

  it('/membership/{action} with an external membership URL sends the browser there, the action appended', async () => {
    const leave = vi.fn();
    stubLocation({ assign: leave, replace: leave });
    installFetch(server([configEntry('membership_url', 'https://members.example/join/')]));
    renderApp('/membership/renew');
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://members.example/join/renew'));
  });

  it('a disabled home route sends the browser to its target', async () => {
    installFetch(server([configEntry('redirects', { disable_home_route: '/events' })]));
    const router = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
  });
});
