import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sellerLinks, sellerOffsetTokens } from '@foyer/contracts/rules';
import { queryClient } from '../src/api/query-client.js';
import { paymentSettings } from '../src/shared/payment/payment-settings.js';
import { configDocument, configEntry, installFetch, listingDocument } from './fixtures.js';
import { useAppTestEnv } from './app-test-env.js';
import { renderApp } from './render-app.js';

/** Seller meta `links`, `offsets` and `image` (docs/checkout.md#data, docs/catalog.md#4-seller-venues-and-images) and the page title sizes sm and lg (docs/routes.md#route-table). */

const meta = {
  links: {
    website: 'https://museum.example',
    terms: { url: 'https://museum.example/terms' },
    shop: { label: 'Museum shop', url: '/events?category=Shop' },
    nameless: 'https://museum.example/nothing-to-call-it',
    unsafe: { label: 'Click me', url: 'javascript:alert(1)' },
  },
  offsets: { header: 140, logo: '56px', mobile_footer: 96, mobile_cart_header: 'tall', mobile_cart_footer: -1 },
  image: 'img-hero',
};

function serve(sellerMeta: Record<string, unknown>) {
  installFetch((url) => {
    if (url.pathname === '/api/config') {
      const doc = configDocument([configEntry('membership_presell', true)]);
      return { body: { ...doc, seller: { ...doc.seller, _data: [{ ...(doc.seller as { _data: object[] })._data[0], meta: sellerMeta }] } } };
    }
    if (url.pathname === '/cached_api/events/available') return { body: listingDocument([]) };
    return undefined;
  });
}

useAppTestEnv();

describe('seller meta', () => {
  it('links: the footer lists the known names in the storefront’s words and labelled ones in the seller’s, only to safe addresses', async () => {
    serve(meta);
    renderApp('/events');
    const nav = await screen.findByRole('navigation', { name: 'Links' });
    const links = within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Visit our website', 'https://museum.example'],
      ['Terms and conditions', 'https://museum.example/terms'],
      ['Museum shop', '/events?category=Shop'],
    ]);
    // The checkout's terms link is the same entry.
    expect(paymentSettings([], meta).termsUrl).toBe('https://museum.example/terms');
    expect(paymentSettings([], { links: { terms: '/terms' } }).termsUrl).toBeNull();
    expect(sellerLinks({ links: ['https://museum.example'] })).toEqual([]);
  });

  it('logo: the header shows it (an image id asked for at 64 px high) as the link home', async () => {
    serve({ logo: 'img-logo' });
    renderApp('/events');
    const home = await screen.findByRole('link', { name: 'Harbour Museum home' });
    expect(home.querySelector('img')?.getAttribute('src')).toBe('/api/image/img-logo?sizey=64&shrink_only=T');
  });

  it('no links: no footer navigation', async () => {
    serve({});
    renderApp('/events');
    await screen.findByText(/Harbour Museum/, { selector: '.footer p' });
    expect(screen.queryByRole('navigation', { name: 'Links' })).toBeNull();
  });

  it('offsets: the shell’s sizes become the seller’s (whole pixels 0–400; anything else keeps the theme’s)', async () => {
    serve(meta);
    renderApp('/events');
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--header-height-desktop')).toBe('140px'));
    expect(document.documentElement.style.getPropertyValue('--logo-height')).toBe('56px');
    expect(document.documentElement.style.getPropertyValue('--mobile-footer-height')).toBe('96px');
    expect(document.documentElement.style.getPropertyValue('--mobile-cart-header-height')).toBe('');
    expect(document.documentElement.style.getPropertyValue('--mobile-cart-footer-height')).toBe('');
    expect(sellerOffsetTokens({ offsets: { header: 401, header_mobile: 1.5, logo: 0 } })).toEqual({ '--logo-height': '0px' });
    // The shell's styles read those properties.
    const shell = readFileSync(join(process.cwd(), 'packages/web/src/styles/parts/shell.css'), 'utf8');
    for (const name of ['--header-height-desktop', '--header-height', '--logo-height']) expect(shell).toContain(`var(${name})`);
  });

  it('image: home shows the seller’s picture above a large title; an image id is asked for at the cover width', async () => {
    serve(meta);
    renderApp('/');
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title.className).toBe('page-title page-title--lg');
    const banner = document.querySelector<HTMLImageElement>('img.home-banner');
    expect(banner?.getAttribute('src')).toBe('/api/image/img-hero?sizex=1500&shrink_only=T');
    expect(banner?.getAttribute('alt')).toBe('');
    expect(banner?.compareDocumentPosition(title)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('a URL is used as it is; an address of another kind is no picture', async () => {
    serve({ image: 'https://cdn.example/hero.jpg' });
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('img.home-banner')?.getAttribute('src')).toBe('https://cdn.example/hero.jpg');
    cleanup();
    queryClient.clear();
    serve({ image: '//evil.example/x.png' });
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('img.home-banner')).toBeNull();
  });
});

describe('page title sizes', () => {
  it('lg on the listing, sm on a recovery screen; both sizes are styled', async () => {
    serve({});
    renderApp('/events');
    expect((await screen.findByRole('heading', { level: 1, name: /events/i })).className).toBe('page-title page-title--lg');
    cleanup();
    renderApp('/user/forgot-password');
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title.className).toBe('page-title page-title--sm');
    const css = readFileSync(join(process.cwd(), 'packages/web/src/styles/parts/ui.css'), 'utf8');
    expect(css).toMatch(/\.page-title--sm \{\s*font-size: 1\.375rem;/);
    expect(css).toMatch(/\.page-title--lg \{\s*font-size: 2rem;/);
  });
});
