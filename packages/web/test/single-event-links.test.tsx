import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../src/api/query-client.js';
import { parseDeepLink } from '../src/features/events/detail/deep-links/deep-links.js';
import { linkedSession } from '../src/features/events/detail/flows/single-event-flow.js';
import { cartDocument, ticket } from './cart-fixtures.js';
import { configDocument, configEntry, EVENT_ID, eventDocument, installFetch, session, sessionsDocument, type Handler } from './fixtures.js';
import { renderApp } from './render-app.js';
import { useAppTestEnv } from './app-test-env.js';

/**
 * Deep links in the single-event flow (docs/deep-links.md#deep-links-to-an-event): session (today, next, an id) and date pick
 * among the event's dates and times; select and quantities fill the tickets; reserve reserves.
 */

const SLOW = { timeout: 8000 };
const TZ = 'America/New_York';
// Sat 21 Nov: 1:00 PM sold out; Sun 22: 7:00 PM; Tue 24: 2:00 PM and 7:00 PM.
const SESSIONS = [session('sat', '2026-11-21', '13:00', 0), session('sun', '2026-11-22', '19:00', 30), session('tue2', '2026-11-24', '14:00', 30), session('tue7', '2026-11-24', '19:00', 30)];
const link = (query: string) => parseDeepLink(new URLSearchParams(query));

describe('linkedSession (pure)', () => {
  const pick = (query: string) => linkedSession(link(query), SESSIONS, TZ, '2026-11-21');
  it('session=next takes the first time on sale; today only today\'s; an id that one', () => {
    expect(pick('session=next').session?.id).toBe('sun');
    expect(pick('session=today')).toEqual({ session: null, problem: { kind: 'session_unavailable' } }); // today's is sold out
    expect(pick('session=tue7').session?.id).toBe('tue7');
    expect(pick('session=sat').problem).toEqual({ kind: 'session_unavailable' });
    expect(pick('session=nope').problem).toEqual({ kind: 'session_unavailable' });
  });
  it('date= takes the day\'s only time, leaves a choice of several, and says when the day has none', () => {
    expect(pick('date=2026-11-22').session?.id).toBe('sun');
    expect(pick('date=2026-11-24')).toEqual({ session: null, problem: null });
    expect(pick('date=2026-11-23')).toEqual({ session: null, problem: { kind: 'date_unavailable', date: '2026-11-23' } });
    // session wins over date
    expect(pick('date=2026-11-22&session=tue2').session?.id).toBe('tue2');
    expect(pick('')).toEqual({ session: null, problem: null });
  });
});

function server(): Handler {
  return (url, request) => {
    if (url.pathname === '/api/config') return { body: configDocument([configEntry('upsells_enabled', true)]) };
    if (url.pathname === '/cached_api/events/available') return { body: { event_template: { _count: 0, _total: 0, _data: [] } } };
    if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: eventDocument({ event_type: 'single' }) };
    if (url.pathname.endsWith(`/events/${EVENT_ID}/sessions`)) {
      const id = url.searchParams.get('id');
      return { body: sessionsDocument(id ? SESSIONS.filter((s) => s.id === id) : SESSIONS) };
    }
    if (url.pathname.startsWith('/api/my/cart') && request.method === 'POST') return { body: cartDocument({ tickets: [ticket({ ticket_type_id: 'tt-adult', event_session_id: 'sun' })] }) };
    return undefined;
  };
}

useAppTestEnv();

describe('a single event opened from a deep link', () => {
  it('session=next&select=…: the first time on sale is chosen with one of the selected ticket', async () => {
    installFetch(server());
    renderApp(`/events/${EVENT_ID}?session=next&select=tt-child`);
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Child quantity' }).value).toBe('1'), SLOW);
    expect(document.querySelector('.step__chosen')?.textContent).toMatch(/Nov 22, 2026.*7:00\sPM/);
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Adult quantity' }).value).toBe('0');
  });

  it('session=<id>&Adult=2&reserve=1 reserves at once and goes on', async () => {
    const { calls } = installFetch(server());
    const router = renderApp(`/events/${EVENT_ID}?session=tue2&Adult=2&reserve=1`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'), SLOW);
    const post = calls.find((c) => c.url.pathname.startsWith('/api/my/cart') && c.method === 'POST')!;
    expect(post.body).toEqual({ add: [{ ticket_type_id: 'tt-adult', event_session_id: 'tue2' }, { ticket_type_id: 'tt-adult', event_session_id: 'tue2' }] });
  });

  it('a sold-out session and a day without times say so; the list stays to choose from', async () => {
    installFetch(server());
    renderApp(`/events/${EVENT_ID}?session=sat`);
    expect(await screen.findByText('That time is not available. Please choose another time.', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Dates and times' })).toBeTruthy();
    cleanup();
    queryClient.clear();
    renderApp(`/events/${EVENT_ID}?date=2026-11-23`);
    expect(await screen.findByText(/Tickets are not available on .*Nov 23, 2026/, {}, SLOW)).toBeTruthy();
  });
});
