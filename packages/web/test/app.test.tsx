import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAppTestEnv } from './app-test-env.js';
import { renderApp } from './render-app.js';
import { onFirstChange, withFrameEffects } from './frame-effects.js';
import { seedInlineEvent } from '../src/api/inline-event.js';
import { seedInlineListing } from '../src/api/inline-listing.js';
import { clearZoneOffsets, knownOffset } from '../src/lib/venue-time.js';
import { INLINE_CONFIG_ID, INLINE_EVENT_ID, INLINE_LISTING_ID } from '@foyer/contracts/constants';
import { queryClient } from '../src/api/query-client.js';
import { seedInlineConfig } from '../src/api/inline-config.js';
import {
  calendarDocument,
  configDocument,
  configEntry,
  EVENT_ID,
  eventDocument,
  eventTemplate,
  installFetch,
  listingDocument,
  session,
  sessionsDocument,
  type Handler,
} from './fixtures.js';


const events = [
  eventTemplate({ id: 'e1', name: 'General Admission', category: 'Admission' }),
  eventTemplate({ id: 'e2', name: 'Tides of Light', category: 'Exhibitions', min_price: '15.00' }),
  eventTemplate({ id: 'e3', name: 'Planetarium', category: 'Shows', min_price: '0.00' }),
  eventTemplate({ id: 'e4', name: 'Little Makers', category: 'Family', min_price: null }),
];

function server(overrides: { config?: ReturnType<typeof configEntry>[]; extra?: Handler } = {}): Handler {
  return (url, request) => {
    const fromExtra = overrides.extra?.(url, request);
    if (fromExtra) return fromExtra;
    if (url.pathname === '/api/config') return { body: configDocument(overrides.config ?? []) };
    if (url.pathname === '/cached_api/events/available') {
      const category = url.searchParams.get('category');
      return { body: listingDocument(events.filter((e) => !category || e.category === category)) };
    }
    if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: eventDocument() };
    if (url.pathname === `/cached_api/events/${EVENT_ID}/calendar`) return { body: calendarDocument('2026-11-21', 12) };
    if (url.pathname === `/cached_api/events/${EVENT_ID}/sessions`) {
      const id = url.searchParams.get('id');
      if (id) return { body: sessionsDocument(id === 's9' ? [session('s9', '2026-11-24', '15:30', 20)] : []) };
      const date = url.searchParams.get('_ondate') ?? '2026-11-21';
      return {
        body: sessionsDocument([
          session('s1', date, '09:00', 0),
          session('s2', date, '10:30', 4),
          session('s3', date, '13:00', 40),
          session('s4', date, '14:00', -1),
        ]),
      };
    }
    return undefined;
  };
}

/** A JSON data block in the page's head, as the server's HTML shell carries them. */
function dataBlock(id: string, value: unknown): HTMLScriptElement {
  const block = document.createElement('script');
  block.id = id;
  block.type = 'application/json';
  block.textContent = JSON.stringify(value);
  document.head.appendChild(block);
  return block;
}

useAppTestEnv();

describe('shell and routes', () => {
  it('strips a trailing slash', async () => {
    installFetch(server());
    const router = renderApp('/events/?category=Shows');
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(router.state.location.search).toBe('?category=Shows');
  });

  it('shows the exact 404 text for unknown paths, keeping the path', async () => {
    installFetch(server());
    const router = renderApp('/no/such/page');
    expect(await screen.findByText('We could not find anything at this URL. (404 Not Found)')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/no/such/page');
  });

  it('without a membership event configured, /membership is a plain page with a way back', async () => {
    installFetch(server());
    renderApp('/membership');
    expect(await screen.findByRole('heading', { level: 1, name: 'Membership' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse events' }).getAttribute('href')).toBe('/events');
  });

  it('takes the configuration the server put in the page: nothing waits for GET config', async () => {
    const { requests } = installFetch(server());
    const block = dataBlock(INLINE_CONFIG_ID, configDocument([configEntry('copyright', 'Inline {year}')]));
    try {
      expect(seedInlineConfig(queryClient)).toBe(true);
      renderApp('/');
      expect(await screen.findByText(`Inline ${new Date().getFullYear()}`)).toBeTruthy();
      expect(requests.some((u) => u.pathname === '/api/config')).toBe(false);
      // Unreadable: the configuration is fetched as before.
      block.textContent = '{not json';
      queryClient.clear();
      expect(seedInlineConfig(queryClient)).toBe(false);
    } finally {
      block.remove();
    }
  });

  it('takes the listing the server put in its page: the cards and the category choices without asking, a filter asks for its own', async () => {
    const { requests } = installFetch(server());
    const block = dataBlock(INLINE_LISTING_ID, listingDocument(events));
    try {
      expect(seedInlineListing(queryClient)).toBe(true);
      renderApp('/events');
      expect(await screen.findByRole('link', { name: /Tides of Light/ })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Exhibitions' })).toBeTruthy();
      expect(requests.filter((u) => u.pathname === '/cached_api/events/available')).toEqual([]);
      fireEvent.click(screen.getByRole('button', { name: 'Exhibitions' }));
      await waitFor(() => expect(requests.filter((u) => u.pathname === '/cached_api/events/available').map((u) => u.searchParams.get('category'))).toEqual(['Exhibitions']));
      // Unreadable, or not a listing: nothing is seeded, the page asks as before.
      queryClient.clear();
      for (const text of ['{not json', '[]', '{"config":{}}']) {
        block.textContent = text;
        expect(seedInlineListing(queryClient), text).toBe(false);
      }
    } finally {
      block.remove();
    }
  });

  it('has a skip link, the member menu and the configured copyright, and applies theme tokens', async () => {
    installFetch(
      server({
        config: [configEntry('copyright', '© {year} Harbour Museum.'), configEntry('theme', { tokens: { '--color-primary': '#123456', bad: 'x', '--x': 'red;}' } })],
      }),
    );
    renderApp('/events');
    expect(await screen.findByText('© 2026 Harbour Museum.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Account' });
    expect(within(menu).getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/membership');
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#123456'));
    expect(document.documentElement.style.getPropertyValue('--x')).toBe('');
  });

  it('moves focus to the main region as a new page shows, so a control the visitor focuses right after keeps it', async () => {
    installFetch(server());
    const router = renderApp('/events');
    const cart = await screen.findByRole('button', { name: 'Cart' });
    // Between the new page's first commit and the next frame (when effects run), the visitor focuses the cart button.
    const focusedOnShow = await withFrameEffects(async () => {
      const shown = onFirstChange(
        // The new page is in the DOM: React commits it (and runs its layout effects) in one task.
        () => router.state.location.pathname === '/membership' && router.state.navigation.state === 'idle' && document.querySelector('.status-page') !== null,
        () => {
          const id = document.activeElement?.id;
          cart.focus();
          return id;
        },
      );
      void router.navigate('/membership');
      const id = await shown;
      await new Promise((resolve) => setTimeout(resolve, 150));
      return id;
    });
    expect(focusedOnShow).toBe('main');
    expect(document.activeElement).toBe(cart);
  });

  it('offers a reload when the configuration cannot load', async () => {
    installFetch((url) => (url.pathname === '/api/config' ? { status: 500, body: {} } : undefined));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/events');
    expect(await screen.findByText('Sorry! Something unexpected happened. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});

describe("the event page's first render", () => {
  it('renders the top of the page first and the flow a task later (two shorter tasks on a phone)', async () => {
    installFetch(server());
    const seen: { title: boolean; dates: number }[] = [];
    const observer = new MutationObserver(() => {
      const title = !!document.querySelector('#root h1#event-title');
      if (title) seen.push({ title, dates: document.querySelectorAll('#root .date-button').length });
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      renderApp(`/events/${EVENT_ID}`);
      await waitFor(() => expect(seen.some((s) => s.dates > 0)).toBe(true));
      // The first commit with the title had no dates yet (its own task).
      expect(seen[0]).toEqual({ title: true, dates: 0 });
    } finally {
      observer.disconnect();
    }
  });

  it("renders from the event and calendar the shell carries, asking for neither", async () => {
    const { requests } = installFetch(server());
    const now = Date.now();
    const zones = { 'America/New_York': { from: new Date(now - 86_400_000).toISOString(), to: new Date(now + 86_400_000).toISOString(), segments: [{ until: null, offsetMinutes: -300 }] } };
    const block = dataBlock(INLINE_EVENT_ID, { id: EVENT_ID, event: eventDocument(), calendar: calendarDocument('2026-11-21', 12), zones });
    try {
      expect(seedInlineEvent(queryClient)).toBe(true);
      // Its zones' offsets too: today's dates and times without Intl.
      expect(knownOffset('America/New_York', now)).toBe(-300);
      renderApp(`/events/${EVENT_ID}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'General Admission' })).toBeTruthy();
      expect(await screen.findAllByRole('button', { name: /Sat, Nov 21/ })).not.toHaveLength(0);
      const asked = requests.map((u) => u.pathname);
      expect(asked).not.toContain(`/cached_api/events/${EVENT_ID}`);
      expect(asked).not.toContain(`/cached_api/events/${EVENT_ID}/calendar`);
      // Unreadable: nothing is seeded, the page asks as before.
      block.textContent = '{"id":1}';
      queryClient.clear();
      expect(seedInlineEvent(queryClient)).toBe(false);
    } finally {
      block.remove();
      clearZoneOffsets();
    }
  });

});

describe('home', () => {
  it('lists the three options in the configured order, plus the resend link', async () => {
    installFetch(server({ config: [configEntry('home_options_order', ['guest', 'login', 'join'])] }));
    renderApp('/');
    await screen.findByRole('link', { name: 'Continue as guest' });
    const main = screen.getByRole('main');
    const names = within(main)
      .getAllByRole('link')
      .map((a) => a.getAttribute('data-option'))
      .filter(Boolean);
    expect(names).toEqual(['guest', 'login', 'join']);
    expect(within(main).getByRole('link', { name: 'Continue as guest' }).getAttribute('href')).toBe('/events');
    expect(within(main).getByRole('link', { name: 'Join membership' }).getAttribute('href')).toBe('/membership');
    expect(within(main).getByRole('link', { name: /Resend/ }).getAttribute('href')).toBe('/resend');
  });

  it('goes to the admission event when membership presell is off', async () => {
    installFetch(server({ config: [configEntry('membership_presell', false), configEntry('admission_event_id', EVENT_ID)] }));
    const router = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/events/${EVENT_ID}`));
  });
});

describe('listing', () => {
  it('shows category choices in configured then alphabetical order, filters by category and clears', async () => {
    const { requests } = installFetch(server({ config: [configEntry('category_order', ['Shows', 'Admission'])] }));
    const router = renderApp('/events');
    const group = await screen.findByRole('group', { name: 'Category' });
    await waitFor(() => expect(within(group).getAllByRole('button')).toHaveLength(5));
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['All', 'Shows', 'Admission', 'Exhibitions', 'Family']);
    expect(within(group).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(4);
    expect(within(cards[0]).getByRole('link', { name: 'General Admission' }).getAttribute('href')).toBe('/events/e1');
    expect(within(cards[0]).getByText('From $12')).toBeTruthy();
    expect(within(cards[2]).getByText('Free tickets available')).toBeTruthy();

    fireEvent.click(within(group).getByRole('button', { name: 'Shows' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=Shows'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(requests.some((u) => u.pathname === '/cached_api/events/available' && u.searchParams.get('category') === 'Shows')).toBe(true);
  });

  it('holds the Category row open while the categories load, so the filters below do not move', async () => {
    installFetch(server());
    renderApp('/events');
    const placeholder = await screen.findByTestId('category-placeholder');
    expect(placeholder.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('group', { name: 'Category' })).toBeNull();
    await screen.findByRole('group', { name: 'Category' });
    expect(screen.queryByTestId('category-placeholder')).toBeNull();
  });

  it('pointing at an event card starts loading that event, so its page opens from the cache', async () => {
    // The first card's event is served as the fixture event.
    const { requests } = installFetch(server({ extra: (url) => (url.pathname === '/cached_api/events/e1' ? { body: eventDocument({ id: 'e1' }) } : undefined) }));
    const router = renderApp('/events');
    const link = within((await screen.findAllByRole('article'))[0]).getByRole('link', { name: 'General Admission' });
    const eventCalls = () => requests.filter((u) => u.pathname === '/cached_api/events/e1').length;
    expect(eventCalls()).toBe(0);
    fireEvent.pointerEnter(link);
    await waitFor(() => expect(eventCalls()).toBe(1));
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/e1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'General Admission' })).toBeTruthy();
    expect(eventCalls()).toBe(1);
  });

  it('maps date and metadata filters to the query; no match shows the spec text; See all clears metadata', async () => {
    const { requests } = installFetch(
      server({
        extra: (url) =>
          url.pathname === '/cached_api/events/available' && url.searchParams.get('meta.audience') ? { body: listingDocument([]) } : undefined,
      }),
    );
    const router = renderApp('/events?date=tomorrow&audience=family');
    expect(await screen.findByText('We could not find any events that match your filters.')).toBeTruthy();
    const request = requests.find((u) => u.searchParams.get('meta.audience') === 'family')!;
    expect(request.searchParams.get('_ondate')).toBe('2026-11-22');
    expect(request.searchParams.get('hidden_type._in')).toBe('public_browsable,public_member_only');

    fireEvent.click(screen.getByRole('button', { name: 'See all' }));
    await waitFor(() => expect(router.state.location.search).toBe('?date=tomorrow'));
    expect(await screen.findAllByRole('article')).toHaveLength(4);
    fireEvent.click(screen.getAllByRole('link', { name: 'Clear filters' })[0]);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('hides the category choices when there is only one category', async () => {
    installFetch(server({ extra: (url) => (url.pathname === '/cached_api/events/available' ? { body: listingDocument([events[0]]) } : undefined) }));
    renderApp('/events');
    await screen.findAllByRole('article');
    expect(screen.queryByRole('group', { name: 'Category' })).toBeNull();
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    installFetch(
      server({
        extra: (url) =>
          url.pathname === '/cached_api/events/available' && fail
            ? { status: 400, body: { _data: [{ _code: 'unknown_field', _context: 'query', _description: 'Unknown filter.', _extra: null }] } }
            : undefined,
      }),
    );
    renderApp('/events');
    expect(await screen.findByText('Unknown filter.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(4);
  });
});

describe('event detail', () => {
  it('shows the event, sanitised description and read-only prices', async () => {
    installFetch(server());
    renderApp(`/events/${EVENT_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'General Admission' })).toBeTruthy();
    expect(screen.getByText('Timed entry')).toBeTruthy();
    // The description comes with its sanitiser, after the page (lazy-description.tsx).
    await waitFor(() => expect(document.querySelector('.event-description')).not.toBeNull());
    expect(document.querySelector('.event-description script')).toBeNull();
    expect(document.querySelector('.event-description img')?.getAttribute('onerror')).toBeFalsy();
    const prices = screen.getByRole('region', { name: 'Admission tickets' });
    expect(within(prices).getByText('$25')).toBeTruthy();
    expect(within(prices).getByText('Free')).toBeTruthy();
  });

  it('offers the cover in narrower files for phones', async () => {
    installFetch(server({ extra: (url) => (url.pathname === `/cached_api/events/${EVENT_ID}` ? { body: eventDocument({ meta: { image_cover: 'img-cover' } }) } : undefined) }));
    renderApp(`/events/${EVENT_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'General Admission' });
    const cover = document.querySelector('.event-hero img')!;
    expect(cover.getAttribute('srcset')).toMatch(/sizex=640&shrink_only=T 640w, .*sizex=1080&shrink_only=T 1080w, .*sizex=1500&shrink_only=T 1500w$/);
    expect(cover.getAttribute('sizes')).toBe('(min-width: 1500px) 1500px, 100vw');
    expect(cover.getAttribute('fetchpriority')).toBe('high');
  });

  it('shows at most 8 date buttons, then Show more dates opening the Choose date calendar', async () => {
    installFetch(server());
    renderApp(`/events/${EVENT_ID}`);
    const list = await screen.findByRole('list', { name: 'Available dates' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons).toHaveLength(8);
    expect(buttons[0].textContent).toContain('Today');
    expect(buttons[0].textContent).toContain('Sat, Nov 21, 2026');
    expect(buttons[0].textContent).toContain('From $25');
    expect(buttons[1].textContent).toContain('5 available');
    expect(buttons[4].getAttribute('aria-disabled')).toBe('true');
    expect(buttons[4].textContent).toContain('Sold out');
    expect(buttons[5].textContent).toContain('Late opening'); // Thursday, Nov 26

    const more = screen.getByRole('button', { name: /Show more dates/ });
    more.focus();
    fireEvent.click(more);
    const dialog = await screen.findByRole('dialog', { name: 'Choose date' });
    expect(document.getElementById('root')?.hasAttribute('inert')).toBe(true);
    const grid = within(dialog).getByRole('grid');
    expect(within(grid).getAllByRole('row')).toHaveLength(7); // header + 6 weeks
    const today = within(grid).getByRole('button', { name: /Saturday, November 21, 2026, Today/ });
    expect(document.activeElement).toBe(today);
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toMatch(/^Sunday, November 22, 2026, Tomorrow/);
    expect(within(grid).getByRole('button', { name: /November 25, 2026, Sold out/ }).getAttribute('aria-disabled')).toBe('true');

    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(more);
    expect(document.getElementById('root')?.hasAttribute('inert')).toBe(false);
  });

  it('picks a date in the calendar, then a session from the tabs, with Change actions', async () => {
    installFetch(server());
    renderApp(`/events/${EVENT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: /Show more dates/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose date' });
    expect(within(dialog).getByRole('heading', { name: 'November 2026' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Previous month' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next month' }));
    expect(within(dialog).getByRole('heading', { name: 'December 2026' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Next month' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: /December 1, 2026/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Tue, Dec 1, 2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change date' })).toBeTruthy();

    const tablist = await screen.findByRole('tablist', { name: 'Times of day' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Morning', 'Afternoon', 'EveningNot available']);
    expect(tabs[0].getAttribute('aria-selected')).toBe('true');
    const morning = screen.getByRole('list', { name: 'Morning times' });
    const times = within(morning).getAllByRole('button');
    expect(times.map((b) => b.textContent)).toEqual(['9:00 AMSold out', '10:30 AM4 available']);
    expect(times[0].getAttribute('aria-disabled')).toBe('true');

    fireEvent.keyDown(tablist, { key: 'ArrowRight' });
    expect(tabs[1].getAttribute('aria-selected')).toBe('true');
    const afternoon = screen.getByRole('list', { name: 'Afternoon times' });
    fireEvent.click(within(afternoon).getByRole('button', { name: /1:00 PM/ }));
    expect(await screen.findByText('Tue, Dec 1, 2026 at 1:00 PM')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Choose your tickets' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Change time' }));
    expect(await screen.findByRole('tablist', { name: 'Times of day' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change date' }));
    expect(within(screen.getByRole('list', { name: 'Available dates' })).getAllByRole('button')).toHaveLength(8);
  });

  it('preselects from the address: session=next, session=<id>, an unavailable date', async () => {
    installFetch(server());
    renderApp(`/events/${EVENT_ID}?session=next`);
    // Today is the first day; its 9:00 session is sold out, so 10:30 is taken.
    expect(await screen.findByText('Sat, Nov 21, 2026 at 10:30 AM')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change time' })).toBeTruthy();

    cleanup();
    renderApp(`/events/${EVENT_ID}?session=s9&date=2026-11-22`);
    expect(await screen.findByText('Tue, Nov 24, 2026 at 3:30 PM')).toBeTruthy();

    cleanup();
    renderApp(`/events/${EVENT_ID}?date=2026-11-25`);
    expect(await screen.findByText('Tickets are not available on Wed, Nov 25, 2026. Please choose another date.')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Available dates' })).toBeTruthy();

    cleanup();
    renderApp(`/events/${EVENT_ID}?session=gone`);
    expect(await screen.findByText('That time is not available. Please choose another time.')).toBeTruthy();
  });

  it('shows the 404 page for a missing event (404, or 400 event_not_found)', async () => {
    for (const status of [404, 400]) {
      cleanup();
      queryClient.clear();
      installFetch(
        server({
          extra: (url) =>
            url.pathname.startsWith('/cached_api/events/missing')
              ? { status, body: { _data: [{ _code: 'event_not_found', _context: 'event', _description: 'This event could not be found.', _extra: null }] } }
              : undefined,
        }),
      );
      const router = renderApp('/events/missing');
      expect(await screen.findByText('We could not find anything at this URL. (404 Not Found)')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/events/missing');
    }
  });

  it('hides the date picker for upsell events', async () => {
    installFetch(server({ extra: (url) => (url.pathname === `/cached_api/events/${EVENT_ID}` ? { body: eventDocument({ meta: { upsell: true } }) } : undefined) }));
    renderApp(`/events/${EVENT_ID}`);
    expect(await screen.findByText('Add an admission event to your cart first.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Available dates' })).toBeNull();
    await act(async () => {});
  });
});
