import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app.js';
import { SESSION_AVAILABILITY_POLL_MS } from '../src/features/events/detail/dates-sessions/use-live-sessions.js';
import { calendarDocument, configDocument, EVENT_ID, eventDocument, installFetch, session, sessionsDocument } from './fixtures.js';
import { useAppTestEnv } from './app-test-env.js';

useAppTestEnv();

/** Issue 15: session availability on the event screen follows sales without a reload. */
describe('live session availability', () => {
  it('asks /api for the shown day again every interval and shows a session sold out once it is', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-11-21T15:00:00Z'));
    let left = 40;
    const { requests } = installFetch((url) => {
      if (url.pathname === '/api/config') return { body: configDocument([]) };
      if (url.pathname === '/cached_api/events/available') return { body: { event_template: { _count: 0, _total: 0, _data: [] } } };
      if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: eventDocument() };
      if (url.pathname.endsWith(`/events/${EVENT_ID}/calendar`)) return { body: calendarDocument('2026-11-21', 12) };
      if (url.pathname.endsWith(`/events/${EVENT_ID}/sessions`)) {
        const date = url.searchParams.get('_ondate') ?? '2026-11-21';
        return { body: sessionsDocument([session('s1', date, '13:00', left), session('s2', date, '14:00', 30)]) };
      }
      return undefined;
    });
    renderApp(`/events/${EVENT_ID}`);
    const dates = await screen.findByRole('list', { name: 'Available dates' });
    fireEvent.click(within(dates).getAllByRole('button')[0]);
    const one = await screen.findByRole('button', { name: /1:00 PM/ });
    expect(one.getAttribute('aria-disabled')).toBeNull();
    const polls = () => requests.filter((u) => u.pathname === `/api/events/${EVENT_ID}/sessions` && u.searchParams.get('_ondate')).length;
    expect(polls()).toBe(0);

    left = 0; // sold through another process meanwhile
    await act(() => {
      vi.advanceTimersByTime(SESSION_AVAILABILITY_POLL_MS);
      return Promise.resolve();
    });
    await waitFor(() => expect(screen.getByRole('button', { name: /1:00 PM/ }).getAttribute('aria-disabled')).toBe('true'));
    expect(polls()).toBe(1);
    expect(screen.getByRole('button', { name: /2:00 PM/ }).getAttribute('aria-disabled')).toBeNull();
  });

  it('quantity-first: the day\'s sessions priced for the quantities (a POST) are asked again every interval too', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-11-21T15:00:00Z'));
    let left = 30;
    const { calls } = installFetch((url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument([]) };
      if (url.pathname === '/cached_api/events/available') return { body: { event_template: { _count: 0, _total: 0, _data: [] } } };
      if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: eventDocument({ meta: { reserve_flow: 'quantity_first' } }) };
      if (url.pathname === `/api/events/${EVENT_ID}/calendar` && request.method === 'POST') return { body: calendarDocument('2026-11-21', 3) };
      if (url.pathname === `/api/events/${EVENT_ID}/sessions` && request.method === 'POST') {
        return { body: sessionsDocument([session('s1', url.searchParams.get('_ondate')!, '13:00', left), session('s2', url.searchParams.get('_ondate')!, '14:00', 30)]) };
      }
      return undefined;
    });
    renderApp(`/events/${EVENT_ID}`);
    const add = await screen.findByRole('button', { name: 'Add one Adult' }, { timeout: 15_000 });
    fireEvent.click(add);
    fireEvent.click(add);
    fireEvent.click(screen.getByRole('button', { name: 'Show dates' }));
    const dates = await screen.findByRole('list', { name: 'Available dates' });
    fireEvent.click(within(dates).getAllByRole('button')[0]);
    const one = await screen.findByRole('button', { name: /1:00 PM/ });
    expect(one.getAttribute('aria-disabled')).toBeNull();
    const polls = () => calls.filter((c) => c.url.pathname === `/api/events/${EVENT_ID}/sessions` && c.method === 'POST');
    expect(polls()).toHaveLength(1);

    left = 0; // sold through another process meanwhile
    await act(() => {
      vi.advanceTimersByTime(SESSION_AVAILABILITY_POLL_MS);
      return Promise.resolve();
    });
    await waitFor(() => expect(screen.getByRole('button', { name: /1:00 PM/ }).getAttribute('aria-disabled')).toBe('true'));
    expect(polls()).toHaveLength(2);
    expect(polls()[1].body).toEqual({ ticket_types_required: [{ ticket_type_id: 'tt-adult', quantity: 2 }] });
    expect(screen.getByRole('button', { name: /2:00 PM/ }).getAttribute('aria-disabled')).toBeNull();
  });

  it('polls often enough for the issue\'s 2 s: a sale elsewhere shows within one interval and a round trip', () => {
    expect(SESSION_AVAILABILITY_POLL_MS).toBeLessThanOrEqual(1_000);
  });
});
