import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { TDocument, TLiveAvailability, TLiveSession } from '@foyer/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { api } from './client.js';
import { quietOf, readSinceLastChange, refetchEvent } from './live-catch-up.js';

/**
 * Live availability (docs/live-availability.md): ONE EventSource per page and event, shared by
 * every part of the page that shows availability (the session picker of every flow, the
 * quantity-first calendar, the seat map). Messages patch the sessions and seat states already in
 * the query cache. `ready` (changes before it are not sent) asks again for what the page shows unless
 * all of it was read since the event's last change (its `quiet_ms`: a page fresh from its HTML
 * shell asks nothing twice); `resync` always asks again. A hidden tab closes its stream and, shown
 * again, opens a new one (whose `ready` catches up). Where EventSource is
 * missing or the stream cannot connect (refused, proxy), the state is `fallback` and the parts
 * poll as before; the stream is tried again after FALLBACK_RETRY_MS.
 */
export type LiveState = 'connecting' | 'live' | 'fallback';

const FALLBACK_RETRY_MS = 30_000;
/** A stream that has not said `ready` by then (a buffering proxy) counts as not connecting. */
const READY_WITHIN_MS = 10_000;

type Listener = (sessions: TLiveSession[] | null) => void;

interface Feed {
  users: number;
  state: LiveState;
  source: EventSource | null;
  /** Whether the stream said `ready` on this page yet. */
  opened: boolean;
  retry: ReturnType<typeof setTimeout> | null;
  listeners: Set<Listener>;
  stop: () => void;
}

const feeds = new Map<string, Feed>();
/** Components showing the state of an event's stream (useSyncExternalStore). */
const watchers = new Map<string, Set<() => void>>();

function setState(eventId: string, feed: Feed, state: LiveState) {
  if (feed.state === state) return;
  feed.state = state;
  for (const w of watchers.get(eventId) ?? []) w();
}

function hasSessions(data: unknown): data is TDocument & { event_session: { _data: Record<string, unknown>[] } } {
  return !!data && typeof data === 'object' && Array.isArray((data as { event_session?: { _data?: unknown } }).event_session?._data);
}

/** Whether a cached sessions read shows the session's own figures (not one group's room). */
const showsSessionFigures = (key: QueryKey) => !JSON.stringify(key).includes('ticket_group_id');

/**
 * Writes pushed figures into a cached read. One already due to be asked again (invalidated, not
 * refetched since: not on screen) stays due and keeps its age: the rest of it is no newer for the
 * patch, and `ready` and the page's next mount go by both.
 */
function patchRead(client: QueryClient, queryKey: QueryKey, data: unknown) {
  const query = client.getQueryCache().find({ queryKey, exact: true });
  const due = !!query?.state.isInvalidated;
  client.setQueryData(queryKey, data, due ? { updatedAt: query.state.dataUpdatedAt } : undefined);
  if (due) void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
}

/** Puts pushed figures into every cached read of the event's sessions and seat states. */
export function applyLiveSessions(client: QueryClient, eventId: string, sessions: TLiveSession[]) {
  const byId = new Map(sessions.map((s) => [s.id, s]));
  // A session that sold out (or opened again) may change its day in the calendars: ask those again.
  let turned = false;
  for (const query of client.getQueryCache().findAll({ queryKey: ['event_session'] })) {
    const data = query.state.data;
    if (!hasSessions(data) || !data.event_session._data.some((s) => byId.has(s.id))) continue;
    if (!showsSessionFigures(query.queryKey)) {
      void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
      continue;
    }
    const patched: typeof data.event_session._data = [];
    for (const s of data.event_session._data) {
      const live = byId.get(s.id);
      if (!live || s.event_template_id !== eventId) {
        patched.push(s);
        continue;
      }
      if (s.sold_out !== live.sold_out) turned = true;
      const { seat_states: _states, id: _id, ...figures } = live;
      patched.push({ ...s, ...figures, sold_quantity: live.used_capacity, oversold_out: live.sold_out });
    }
    patchRead(client, query.queryKey, { ...data, event_session: { ...data.event_session, _data: patched } });
  }
  if (turned) void client.invalidateQueries({ queryKey: ['calendar'], predicate: (q) => JSON.stringify(q.queryKey).includes(`"event":"${eventId}"`) });
  for (const live of sessions) {
    if (live.seat_states === undefined) continue;
    const key = ['seat_map', 'detail', live.id, { geometry: false }];
    const doc = client.getQueryData<TDocument>(key);
    const rows = (doc as { seat_state?: { _data: { states: string }[] } } | undefined)?.seat_state?._data;
    if (!doc || !rows?.length) continue;
    patchRead(client, key, { ...doc, seat_state: { ...(doc as { seat_state: object }).seat_state, _data: [{ ...rows[0], states: live.seat_states }] } });
  }
}

function streamUrl(eventId: string): string {
  const seller = api.getSellerId();
  return `/api/events/${encodeURIComponent(eventId)}/live${seller ? `?_seller=${encodeURIComponent(seller)}` : ''}`;
}

function startFeed(client: QueryClient, eventId: string): Feed {
  const feed: Feed = { users: 0, state: 'connecting', source: null, opened: false, retry: null, listeners: new Set(), stop: () => undefined };
  let readyTimer: ReturnType<typeof setTimeout> | null = null;
  const close = () => {
    if (readyTimer) clearTimeout(readyTimer);
    readyTimer = null;
    feed.source?.close();
    feed.source = null;
  };
  const fallBack = () => {
    close();
    setState(eventId, feed, 'fallback');
    feed.retry = setTimeout(() => {
      feed.retry = null;
      open();
    }, FALLBACK_RETRY_MS);
  };
  function open() {
    if (feed.source || typeof document === 'undefined' || document.visibilityState === 'hidden') return;
    if (typeof EventSource === 'undefined') { setState(eventId, feed, 'fallback'); return; }
    const source = new EventSource(streamUrl(eventId));
    feed.source = source;
    readyTimer = setTimeout(fallBack, READY_WITHIN_MS);
    const catchUp = (always: boolean) => (message: Event) => {
      if (readyTimer) clearTimeout(readyTimer);
      readyTimer = null;
      setState(eventId, feed, 'live');
      feed.opened = true;
      // Changes before the server attached the stream are not sent: what was read before the event's last change is asked again (once per open).
      const quiet = always ? null : quietOf((message as MessageEvent<string>).data);
      if (quiet !== null && readSinceLastChange(client, eventId, quiet)) return;
      refetchEvent(client, eventId);
      for (const l of feed.listeners) l(null);
    };
    source.addEventListener('ready', catchUp(false));
    source.addEventListener('resync', catchUp(true));
    source.addEventListener('availability', (message) => {
      let data: TLiveAvailability;
      try {
        data = JSON.parse((message as MessageEvent<string>).data) as TLiveAvailability;
      } catch {
        return;
      }
      applyLiveSessions(client, eventId, data.event_session);
      for (const l of feed.listeners) l(data.event_session);
    });
    source.addEventListener('error', () => {
      // CONNECTING: the browser reconnects by itself (resuming with Last-Event-ID). CLOSED: refused.
      if (source.readyState === EventSource.CLOSED) fallBack();
    });
  }
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') close();
    else open();
  };
  document.addEventListener('visibilitychange', onVisibility);
  feed.stop = () => {
    document.removeEventListener('visibilitychange', onVisibility);
    if (feed.retry) clearTimeout(feed.retry);
    close();
  };
  open();
  return feed;
}

function acquire(client: QueryClient, eventId: string): Feed {
  let feed = feeds.get(eventId);
  if (!feed) feeds.set(eventId, (feed = startFeed(client, eventId)));
  feed.users++;
  return feed;
}

function release(eventId: string) {
  const feed = feeds.get(eventId);
  if (!feed || --feed.users > 0) return;
  feed.stop();
  feeds.delete(eventId);
}

/**
 * Keeps the page's stream of the event open while `active` (one per page, however many parts
 * call it) and says whether it is live; `onChange` hears each message (null: asked to catch up).
 */
export function useLiveAvailability(eventId: string | undefined, active = true, onChange?: Listener): LiveState {
  useLiveFeed(eventId, active, onChange);
  return useLiveState(eventId, active);
}

/** Keeps the stream open, as useLiveAvailability, for a part that does not show its state (and need not re-render when it changes). */
export function useLiveFeed(eventId: string | undefined, active = true, onChange?: Listener): void {
  const client = useQueryClient();
  const on = active && !!eventId;
  // The latest onChange hears each message, without reopening the stream when it changes.
  const hear = useEffectEvent((sessions: TLiveSession[] | null) => onChange?.(sessions));
  useEffect(() => {
    if (!on) return;
    const feed = acquire(client, eventId);
    const listener: Listener = (sessions) => hear(sessions);
    feed.listeners.add(listener);
    return () => {
      feed.listeners.delete(listener);
      release(eventId);
    };
  }, [client, eventId, on]);
}

/**
 * The state of the event's stream. A page drawn on the server shows it as a browser would before
 * the stream opens, so hydrating that page finds the same state and re-renders nothing.
 */
function useLiveState(eventId: string | undefined, active: boolean): LiveState {
  const on = active && !!eventId;
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!eventId) return () => undefined;
      let set = watchers.get(eventId);
      if (!set) watchers.set(eventId, (set = new Set()));
      set.add(notify);
      return () => {
        set.delete(notify);
        if (!set.size) watchers.delete(eventId);
      };
    },
    [eventId],
  );
  return useSyncExternalStore(
    subscribe,
    () => (on ? (feeds.get(eventId)?.state ?? 'connecting') : 'fallback'),
    () => (on ? 'connecting' : 'fallback'),
  );
}
