import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { useLiveAvailability } from '../src/api/live-availability.js';
import { INLINE_QUERIES_ID, INLINE_ROUTER_ID, INLINE_ZONES_ID } from '@foyer/contracts/constants';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { hydrateInlineQueries } from '../src/api/inline-queries.js';
import { isPublicVisitor } from '../src/app/public-visitor.js';
import { resolveLazyRoutes, serverRouterData } from '../src/app/start-router.js';
import { api } from '../src/api/client.js';
import { writeCartId } from '../src/shared/cart/storage.js';
import { plainParagraphs } from '../src/features/events/detail/description/plain-text.js';
import { clearZoneOffsets, knownOffset } from '../src/lib/venue-time.js';

/** What a server-rendered page hands the browser, and how the browser takes it (docs/server-rendering.md). */
const blocks: HTMLElement[] = [];
function dataBlock(id: string, text: string) {
  const script = document.createElement('script');
  script.id = id;
  script.type = 'application/json';
  script.textContent = text;
  document.head.append(script);
  blocks.push(script);
}
afterEach(() => {
  for (const b of blocks.splice(0)) b.remove();
  clearZoneOffsets();
  localStorage.clear();
  document.cookie = 'session_expires=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  api.setSellerId(null);
});

describe("the render's query cache", () => {
  it('goes into the cache as made at navigation start, with its time zones; an unreadable block is ignored', () => {
    const client = new QueryClient();
    const now = Date.now();
    dataBlock(INLINE_QUERIES_ID, JSON.stringify({ mutations: [], queries: [{ queryKey: ['event', 'e1'], queryHash: '["event","e1"]', state: { data: { name: 'GA' }, dataUpdatedAt: 1, status: 'success', dataUpdateCount: 1, error: null, errorUpdateCount: 0, errorUpdatedAt: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, isInvalidated: false, fetchStatus: 'idle' } }] }));
    dataBlock(INLINE_ZONES_ID, JSON.stringify({ 'America/New_York': { from: new Date(now - 86_400_000).toISOString(), to: new Date(now + 86_400_000).toISOString(), segments: [{ until: null, offsetMinutes: -300 }] } }));
    expect(hydrateInlineQueries(client)).toBe(true);
    expect(client.getQueryData(['event', 'e1'])).toEqual({ name: 'GA' });
    // Navigation start, on Date's clock (lib/navigation-start.ts): a moment before this test ran.
    const at = client.getQueryState(['event', 'e1'])?.dataUpdatedAt ?? 0;
    expect(at).toBeLessThanOrEqual(Date.now() - performance.now() + 5);
    expect(at).toBeGreaterThan(1);
    expect(knownOffset('America/New_York', now)).toBe(-300);

    blocks.splice(0).forEach((b) => b.remove());
    dataBlock(INLINE_QUERIES_ID, '{"queries": "no"');
    expect(hydrateInlineQueries(new QueryClient())).toBe(false);
  });

  it('is absent on a page the server did not draw: nothing is hydrated', () => {
    expect(hydrateInlineQueries(new QueryClient())).toBe(false);
  });
});

describe("the router's start", () => {
  it("reads the routes' data the page was drawn with; none, or an unreadable block: null", () => {
    expect(serverRouterData()).toBeNull();
    dataBlock(INLINE_ROUTER_ID, '{"loaderData":{"root":null}}');
    expect(serverRouterData()).toEqual({ loaderData: { root: null } });
    blocks.splice(0).forEach((b) => b.remove());
    dataBlock(INLINE_ROUTER_ID, '[]');
    expect(serverRouterData()).toBeNull();
  });

  it("loads the lazy modules of the first address's routes onto them, and only those", async () => {
    const Page = () => null;
    let other = 0;
    const routes: RouteObject[] = [
      { path: '/', children: [{ path: 'events/:id', lazy: () => Promise.resolve({ Component: Page, loader: () => null, helper: 'not a route key' }) }, { path: 'checkout', lazy: () => (other++, Promise.resolve({ Component: Page })) }] },
    ];
    await resolveLazyRoutes(routes, '/events/e1');
    const [event, checkout] = routes[0].children!;
    expect(event.Component).toBe(Page);
    expect(event.lazy).toBeUndefined();
    expect(event).not.toHaveProperty('helper');
    expect(typeof checkout.lazy).toBe('function');
    expect(other).toBe(0);
  });
});

describe('who is shown the public page', () => {
  it('a visitor without session or cart; not one with a session cookie or a stored cart', () => {
    api.setSellerId('seller-1');
    expect(isPublicVisitor()).toBe(true);
    document.cookie = `session_expires=${encodeURIComponent('2099-01-01T00:00:00.000Z')}; path=/`;
    expect(isPublicVisitor()).toBe(false);
    document.cookie = 'session_expires=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    writeCartId('seller-1', 'cart-1');
    expect(isPublicVisitor()).toBe(false);
  });
});

describe("a description's plain text (a page without scripts)", () => {
  it('keeps its paragraphs and words, reads entities, and drops tags and scripts', () => {
    expect(plainParagraphs('<p>Four floors &amp; a <b>tide</b> machine.</p><script>alert(1)</script><ul><li>Caf&eacute; &#233; &#x41;</li></ul>Line<br>two')).toEqual([
      'Four floors & a tide machine.',
      'Caf&eacute; é A',
      'Line',
      'two',
    ]);
    expect(plainParagraphs('<img src=x onerror=alert(1)>')).toEqual([]);
  });
});

describe('what a server-drawn page shows before the browser takes it over', () => {
  it("the live stream's state is the one a browser starts with (connecting), so hydrating that page re-renders nothing", () => {
    const Probe = () => <span>{useLiveAvailability('e1')}</span>;
    const Off = () => <span>{useLiveAvailability('e1', false)}</span>;
    const wrap = (node: ReactNode) => renderToString(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);
    expect(wrap(<Probe />)).toContain('connecting');
    expect(wrap(<Off />)).toContain('fallback');
  });
});
