import { screen, waitFor } from '@testing-library/react';
import type { TUser, TUserDocument } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { blocksFor, contentBlocks, routeName } from '../src/features/content-regions/regions.js';
import { useAppTestEnv } from './app-test-env.js';
import { configDocument, configEntry, installFetch, listingDocument, type Handler } from './fixtures.js';
import { renderApp } from './render-app.js';

/** Custom content regions (docs/routes.md#route-table): sanitised seller HTML, on or off per route name and role. */

const BLOCKS = [
  { region: 'page_top', html: '<p>Free entry on Sundays for <strong>residents</strong>.</p><script>window.pwned = true</script><img src=x onerror="window.pwned = true">', routes: ['events'], roles: ['anonymous'] },
  { region: 'page_bottom', html: '<p>Members: thank you for your support.</p>', roles: ['member'] },
  { region: 'page_top', html: '<p>Switched off.</p>', enabled: false },
  { region: 'sidebar', html: '<p>No such region.</p>' },
  { region: 'page_bottom', html: '<p><a href="https://museum.example/visit">Plan your visit</a> <a href="javascript:alert(1)">Bad link</a></p>', routes: ['home', 'events'] },
];

describe('content regions, as rules', () => {
  it('names routes, leaves out malformed and disabled blocks, and picks by region, route and role', () => {
    expect(['/', '/events', '/events/ga', '/events/m/gift', '/checkout', '/checkout/c1', '/checkout/complete', '/my/profile', '/manage/o1', '/nope/x'].map(routeName)).toEqual([
      'home', 'events', 'event', 'event', 'checkout', 'checkout', 'checkout_complete', 'my_account', 'manage', 'other',
    ]);
    const blocks = contentBlocks([configEntry('content_regions', BLOCKS)]);
    expect(blocks).toHaveLength(3);
    expect(blocksFor(blocks, 'page_top', 'events', 'anonymous')).toHaveLength(1);
    expect(blocksFor(blocks, 'page_top', 'events', 'member')).toHaveLength(0);
    expect(blocksFor(blocks, 'page_top', 'home', 'anonymous')).toHaveLength(0);
    expect(blocksFor(blocks, 'page_bottom', 'checkout', 'member').map((b) => b.html)).toEqual(['<p>Members: thank you for your support.</p>']);
    expect(contentBlocks([configEntry('content_regions', 'not a list')])).toEqual([]);
  });
});

useAppTestEnv();

const user: TUser = {
  id: 'u1', identity_id: 'i1', email: 'ann@example.com', first_name: 'Ann', last_name: 'Lee', scan_code: null, zip_code: null, additional_info: {}, has_password: true, needs_email: false,
} as TUser;
const userDoc = { user: { _count: 1, _total: 1, _data: [user] }, membership: { _count: 0, _total: 0, _data: [] }, _total: 1 } as unknown as TUserDocument;

function server(loggedIn: boolean): Handler {
  return (url) => {
    if (url.pathname === '/api/config') return { body: configDocument([configEntry('content_regions', BLOCKS)]) };
    if (url.pathname === '/cached_api/events/available') return { body: listingDocument([]) };
    if (url.pathname === '/api/my/user') return loggedIn ? { body: userDoc } : { status: 401, body: { _data: [{ _code: 'not_authorized', _context: null, _description: 'Please log in to continue.', _extra: null }] } };
    return undefined;
  };
}

describe('content regions in the app', () => {
  it('an anonymous visitor sees the listing’s block, sanitised (no script, no handlers, no javascript: links)', async () => {
    installFetch(server(false));
    renderApp('/events');
    const block = await screen.findByText(/Free entry on Sundays/);
    const region = block.closest('[data-region]')!;
    expect(region.getAttribute('data-region')).toBe('page_top');
    expect(region.innerHTML).toContain('<strong>residents</strong>');
    expect(region.innerHTML).not.toContain('<script');
    expect(region.innerHTML).not.toContain('onerror');
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
    const link = await screen.findByRole('link', { name: 'Plan your visit' });
    expect(link.getAttribute('href')).toBe('https://museum.example/visit');
    expect(screen.getByText('Bad link').getAttribute('href')).toBeNull();
    expect(screen.queryByText(/Members: thank you/)).toBeNull();
  });

  it('a logged-in member sees the members’ block and not the anonymous one', async () => {
    document.cookie = `session_expires=${encodeURIComponent('2099-01-01T00:00:00.000Z')}; path=/`;
    installFetch(server(true));
    renderApp('/events');
    await screen.findByText(/Members: thank you/);
    await waitFor(() => expect(screen.queryByText(/Free entry on Sundays/)).toBeNull());
  });
});
