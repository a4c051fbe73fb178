import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app.js';
import { INLINE_EVENT_ID } from '@foyer/contracts/constants';
import { seedInlineEvent } from '../src/api/inline-event.js';
import { applyLiveSessions } from '../src/api/live-availability.js';
import { queryClient } from '../src/api/query-client.js';
import { calendarDocument, configDocument, EVENT_ID, eventDocument, installFetch, session, sessionsDocument } from './fixtures.js';
import { useAppTestEnv } from './app-test-env.js';

useAppTestEnv();

/** The browser's EventSource as the page uses it (jsdom has none): the test plays the server's messages. */
class FakeEventSource extends EventTarget {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  emit(event: string, data: unknown = {}) {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data) }));
  }
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

afterEach(() => {
  FakeEventSource.opened = [];
  vi.unstubAllGlobals();
});

function installEventPage(left: () => number) {
  return installFetch((url) => {
    if (url.pathname === '/api/config') return { body: configDocument([]) };
    if (url.pathname === '/cached_api/events/available') return { body: { event_template: { _count: 0, _total: 0, _data: [] } } };
    if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: eventDocument() };
    if (url.pathname.endsWith(`/events/${EVENT_ID}/calendar`)) return { body: calendarDocument('2026-11-21', 12) };
    if (url.pathname.endsWith(`/events/${EVENT_ID}/sessions`)) {
      const date = url.searchParams.get('_ondate') ?? '2026-11-21';
      return { body: sessionsDocument([session('s1', date, '13:00', left()), session('s2', date, '14:00', 30)]) };
    }
    return undefined;
  });
}

async function openDay() {
  renderApp(`/events/${EVENT_ID}`);
  const dates = await screen.findByRole('list', { name: 'Available dates' });
  fireEvent.click(within(dates).getAllByRole('button')[0]);
  return screen.findByRole('button', { name: /1:00 PM/ });
}

/** Issue 28: the event page follows sales over one live stream, not by polling (docs/live-availability.md). */
describe('live availability stream', () => {
  it('opens one stream for the page, shows a pushed sold-out session at once and polls nothing', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { requests } = installEventPage(() => 40);
    const one = await openDay();
    expect(one.getAttribute('aria-disabled')).toBeNull();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const stream = FakeEventSource.opened[0];
    expect(stream.url).toMatch(new RegExp(`^/api/events/${EVENT_ID}/live(\\?_seller=[^&]+)?$`));
    const before = requests.length;
    act(() => stream.emit('ready'));
    // `ready` asks once for what the page shows (changes before the stream are not sent).
    await waitFor(() => expect(requests.slice(before).some((u) => u.pathname.endsWith(`/events/${EVENT_ID}/sessions`))).toBe(true));
    await new Promise((r) => setTimeout(r, 200));
    const asked = requests.length;

    act(() => stream.emit('availability', { event_session: [{ id: 's1', capacity: 60, oversell_capacity: 0, used_capacity: 60, availableCapacity: 0, sold_out: true }] }));
    await waitFor(() => expect(screen.getByRole('button', { name: /1:00 PM/ }).getAttribute('aria-disabled')).toBe('true'));
    expect(screen.getByRole('button', { name: /2:00 PM/ }).getAttribute('aria-disabled')).toBeNull();
    // Nothing polled the day's sessions: the message carried the figures.
    await new Promise((r) => setTimeout(r, 1_200));
    expect(requests.slice(asked).filter((u) => u.pathname === `/api/events/${EVENT_ID}/sessions`)).toEqual([]);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('closes the stream in a hidden tab and, shown again, opens a new one whose ready asks for the day again unless the event was quiet since', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let left = 40;
    const { requests } = installEventPage(() => left);
    await openDay();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    act(() => FakeEventSource.opened[0].emit('ready'));

    await waitFor(() => expect(queryClient.isFetching()).toBe(0)); // what that ready asked for is in
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(FakeEventSource.opened[0].readyState).toBe(FakeEventSource.CLOSED);

    left = 0; // sold while the tab was hidden, a minute long
    vi.setSystemTime(Date.now() + 60_000);
    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(FakeEventSource.opened).toHaveLength(2);
    const before = requests.length;
    // The event changed 30 s ago, after the page's reads.
    act(() => FakeEventSource.opened[1].emit('ready', { quiet_ms: 30_000 }));
    await waitFor(() => expect(screen.getByRole('button', { name: /1:00 PM/ }).getAttribute('aria-disabled')).toBe('true'));
    expect(requests.slice(before).some((u) => u.pathname.endsWith(`/events/${EVENT_ID}/sessions`))).toBe(true);

    // Hidden and shown again, with nothing changed since those reads: nothing is asked again.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    visibility.mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    vi.setSystemTime(Date.now() + 10_000);
    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(FakeEventSource.opened).toHaveLength(3);
    const quiet = requests.length;
    act(() => FakeEventSource.opened[2].emit('ready', { quiet_ms: 40_000 }));
    await new Promise((r) => setTimeout(r, 200));
    expect(requests.slice(quiet)).toEqual([]);
    visibility.mockRestore();
  });

  it("a page fresh from its HTML shell asks nothing again on ready when the event has been quiet since; it does when it just changed, and on resync", async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { requests } = installEventPage(() => 40);
    const block = document.createElement('script');
    block.id = INLINE_EVENT_ID;
    block.type = 'application/json';
    block.textContent = JSON.stringify({ id: EVENT_ID, event: eventDocument(), calendar: calendarDocument('2026-11-21', 12) });
    document.head.appendChild(block);
    try {
      // Taken this long after this page was asked for (performance.now()): counted as read then, not now.
      const pageAge = performance.now();
      expect(pageAge).toBeGreaterThan(10);
      expect(seedInlineEvent(queryClient)).toBe(true);
      await openDay();
      await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
      const stream = FakeEventSource.opened[0];
      const reads = (from: number) => requests.slice(from).filter((u) => u.pathname.endsWith(`/events/${EVENT_ID}/calendar`) || u.pathname.endsWith(`/events/${EVENT_ID}/sessions`)).map((u) => u.pathname);
      expect(reads(0).filter((p) => p.endsWith('/calendar'))).toEqual([]);

      // Quiet for an hour: the shell's calendar and the day's sessions were read since.
      let before = requests.length;
      act(() => stream.emit('ready', { quiet_ms: 3_600_000 }));
      await new Promise((r) => setTimeout(r, 200));
      expect(reads(before)).toEqual([]);

      // Changed after this page was asked for, before the shell was taken: its calendar may not show it, so: asked again.
      act(() => stream.emit('ready', { quiet_ms: Math.round(2_000 + pageAge / 2) }));
      await waitFor(() => expect(reads(before)).toContain(`/cached_api/events/${EVENT_ID}/calendar`));

      // Changed just now (a stream opened again): both are asked again.
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
      before = requests.length;
      act(() => stream.emit('ready', { quiet_ms: 0 }));
      await waitFor(() => expect(new Set(reads(before))).toEqual(new Set([`/cached_api/events/${EVENT_ID}/calendar`, `/cached_api/events/${EVENT_ID}/sessions`])));

      // resync asks again however quiet: changes may have been missed.
      await new Promise((r) => setTimeout(r, 100));
      before = requests.length;
      act(() => stream.emit('resync'));
      await waitFor(() => expect(reads(before).length).toBeGreaterThanOrEqual(2));
    } finally {
      block.remove();
    }
  });

  it('a read not on screen and due to be asked again takes a push yet stays due, at its own age; a current one counts as read now', () => {
    const due = ['event_session', 'list', { event: EVENT_ID, _ondate: '2026-11-20' }];
    const current = ['event_session', 'list', { event: EVENT_ID, _ondate: '2026-11-19' }];
    const readAt = Date.now() - 60_000;
    queryClient.setQueryData(due, sessionsDocument([session('s1', '2026-11-20', '13:00', 40)]), { updatedAt: readAt });
    queryClient.setQueryData(current, sessionsDocument([session('s2', '2026-11-19', '13:00', 40)]), { updatedAt: readAt });
    void queryClient.invalidateQueries({ queryKey: due, exact: true, refetchType: 'none' });
    const sold = (id: string) => ({ id, capacity: 60, oversell_capacity: 0, used_capacity: 60, availableCapacity: 0, sold_out: true });
    applyLiveSessions(queryClient, EVENT_ID, [sold('s1'), sold('s2')]);
    for (const [key, stillDue, at] of [[due, true, readAt], [current, false, Date.now()]] as const) {
      const state = queryClient.getQueryState(key)!;
      expect((state.data as { event_session: { _data: { sold_out: boolean }[] } }).event_session._data[0].sold_out).toBe(true);
      expect([state.isInvalidated, state.dataUpdatedAt]).toEqual([stillDue, at]);
    }
  });

  it('falls back to polling when the stream is refused', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let left = 40;
    const { requests } = installEventPage(() => left);
    await openDay();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    act(() => FakeEventSource.opened[0].refuse());
    left = 0;
    await waitFor(() => expect(screen.getByRole('button', { name: /1:00 PM/ }).getAttribute('aria-disabled')).toBe('true'), { timeout: 3_000 });
    expect(requests.some((u) => u.pathname === `/api/events/${EVENT_ID}/sessions` && u.searchParams.get('_ondate'))).toBe(true);
  });
});
