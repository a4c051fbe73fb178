import { randomBytes } from 'node:crypto';
import type { TLiveSession } from '@foyer/contracts';
import { ChangeTimes } from './change-times.js';
import type { LiveSettings } from './live-settings.js';
import { mustExist } from '../must-exist.js';

/** At most one message per event — so per session — per this period (docs/live-availability.md). */
export const LIVE_COALESCE_MS = 250;
/** Messages kept per event for a reconnecting stream's Last-Event-ID; older → `resync`. */
const HISTORY = 64;
/** Sessions whose event is remembered (notices name sessions only); past this the map starts over. */
const SESSION_EVENTS = 50_000;

/** One open stream, as the hub sees it (live-stream.ts writes it to the socket). */
export interface LiveClient {
  readonly address: string;
  /** Writes a frame; false when the client was dropped (gone, or too slow to read). */
  write(frame: string): boolean;
  end(): void;
}

export interface LiveHubDeps {
  settings: LiveSettings;
  /** The figures of changed sessions, as one message says them (session-figures.ts). */
  figures(sessionIds: string[]): Promise<TLiveSession[]>;
  /** Which event each session belongs to. */
  eventsOf(sessionIds: string[]): Promise<{ id: string; event_template_id: string }[]>;
  /** The answers cached for these events are stale (response cache), or all of them (null). */
  forget(eventIds: string[] | null): void;
  onError(error: unknown): void;
}

interface EventState {
  clients: Set<LiveClient>;
  /** Sessions changed since the last message. */
  pending: Set<string>;
  timer: NodeJS.Timeout | null;
  lastSentAt: number;
  /** The sequence number of the event's latest change (sent or not). */
  last: number;
  /** Messages kept for resuming: they cover the changes after `base`. */
  history: { seq: number; frame: string }[];
  base: number;
}

export type Refusal = 'process' | 'address';

/**
 * The process's live availability: who watches which event, and what changed. A change (a notice
 * from PostgreSQL's LISTEN, or a write answered in this process on SQLite) names sessions; the hub
 * finds their events, forgets those events' cached answers, and — for events someone watches —
 * reads the sessions' figures once and sends one message to every stream of the event, at most
 * one per LIVE_COALESCE_MS. Message ids are `<process epoch>.<sequence>`: a stream resumed with a
 * recent id of this process gets what it missed, any other gets `resync` (ask again). A new stream's
 * `ready` says how long its event has been quiet (ChangeTimes), so a page whose reads are younger
 * need not ask again.
 */
export class LiveHub {
  private readonly events = new Map<string, EventState>();
  private readonly perAddress = new Map<string, number>();
  private readonly sessionEvent = new Map<string, string>();
  private readonly changes = new ChangeTimes();
  private readonly epoch = randomBytes(6).toString('base64url');
  private seq = 0;
  /** Resumes from before this sequence number get `resync` (the listener lost notices). */
  private floor = 0;
  private open = 0;
  private closed = false;
  /** A database listener tells the hub of every committed change, this process's included. */
  private fedByNotices = false;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly deps: LiveHubDeps) {
    this.heartbeat = setInterval(() => this.each((c) => c.write(': hb\n\n')), deps.settings.heartbeatMs);
    this.heartbeat.unref();
  }

  get streams() {
    return this.open;
  }

  /** Whether one more stream from this address may open (the caps of live-settings.ts). */
  refusal(address: string): Refusal | null {
    if (this.closed || this.open >= this.deps.settings.perProcess) return 'process';
    if ((this.perAddress.get(address) ?? 0) >= this.deps.settings.perAddress) return 'address';
    return null;
  }

  /**
   * Adds a stream to an event's watchers and writes its first frames: what it missed since
   * `lastEventId` (a resume), `resync` (too far back, or another process's id), or `ready`.
   */
  attach(eventId: string, client: LiveClient, lastEventId: string | undefined) {
    const state = this.stateOf(eventId);
    state.clients.add(client);
    this.open++;
    this.perAddress.set(client.address, (this.perAddress.get(client.address) ?? 0) + 1);
    const here = this.id(this.seq);
    if (lastEventId === undefined) return void client.write(`id: ${here}\nevent: ready\ndata: {"quiet_ms":${this.changes.quietMs(eventId)}}\n\n`);
    const [epoch, text] = lastEventId.split('.', 2);
    const from = Number(text);
    if (epoch !== this.epoch || !Number.isSafeInteger(from) || from < this.floor || from > this.seq || from < state.base) {
      return void client.write(`id: ${here}\nevent: resync\ndata: {}\n\n`);
    }
    for (const m of state.history) if (m.seq > from && !client.write(m.frame)) return;
  }

  detach(eventId: string, client: LiveClient) {
    const state = this.events.get(eventId);
    if (!state?.clients.delete(client)) return;
    this.open--;
    const n = (this.perAddress.get(client.address) ?? 1) - 1;
    if (n > 0) this.perAddress.set(client.address, n);
    else this.perAddress.delete(client.address);
  }

  /** Sessions whose availability changed (committed): their events' caches go, their watchers hear. */
  async sessionsChanged(sessionIds: Iterable<string>) {
    if (this.closed) return;
    const byEvent = new Map<string, string[]>();
    const unknown: string[] = [];
    for (const id of sessionIds) {
      const event = this.sessionEvent.get(id);
      if (event) byEvent.set(event, [...(byEvent.get(event) ?? []), id]);
      else unknown.push(id);
    }
    if (unknown.length) {
      try {
        for (const row of await this.deps.eventsOf(unknown)) {
          if (this.sessionEvent.size >= SESSION_EVENTS) this.sessionEvent.clear();
          this.sessionEvent.set(row.id, row.event_template_id);
          byEvent.set(row.event_template_id, [...(byEvent.get(row.event_template_id) ?? []), row.id]);
        }
      } catch (error) {
        this.deps.onError(error);
        this.resyncAll(); return;
      }
    }
    if (!byEvent.size) return;
    this.deps.forget([...byEvent.keys()]);
    // Timed now, not at the notice: a read between the two could still have had a cached answer.
    this.changes.changed(byEvent.keys());
    for (const [eventId, sessions] of byEvent) {
      const state = this.stateOf(eventId);
      state.last = ++this.seq;
      if (!state.clients.size) {
        // Nobody to tell: nothing is read or kept, and a later resume from before this asks again.
        state.history = [];
        state.base = state.last;
        this.dropIfIdle(eventId, state);
        continue;
      }
      for (const s of sessions) state.pending.add(s);
      if (!state.timer) state.timer = setTimeout(() => void this.flush(eventId, state), Math.max(0, state.lastSentAt + LIVE_COALESCE_MS - Date.now()));
    }
  }

  /** Notices may have been lost (the database listener reconnected): every cached answer goes, every stream asks again. */
  resyncAll() {
    this.deps.forget(null);
    this.changes.unknownUntilNow();
    this.floor = ++this.seq;
    for (const [eventId, state] of this.events) {
      state.history = [];
      state.base = this.seq;
      state.pending.clear();
      for (const c of state.clients) c.write(`id: ${this.id(this.seq)}\nevent: resync\ndata: {}\n\n`);
      this.dropIfIdle(eventId, state);
    }
  }

  /** The database listener is up: changes before now went unheard (a stream's `ready` counts from here). */
  listening() {
    this.fedByNotices = true;
    this.changes.unknownUntilNow();
  }

  /**
   * Changes this process committed (requests' writes and the hold sweeper's releases,
   * cart/capacity-changes.ts): heard like a notice, unless the database's notices bring them
   * anyway (PostgreSQL's LISTEN).
   */
  localChanges(sessionIds: Iterable<string>) {
    if (!this.fedByNotices) void this.sessionsChanged(sessionIds);
  }

  /** Ends every stream (graceful shutdown: before the server waits for its connections). */
  close() {
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const state of this.events.values()) if (state.timer) clearTimeout(state.timer);
    this.each((c) => c.end());
    this.events.clear();
    this.perAddress.clear();
    this.open = 0;
  }

  private async flush(eventId: string, state: EventState) {
    state.timer = null;
    state.lastSentAt = Date.now();
    const sessions = [...state.pending];
    state.pending.clear();
    if (this.closed || !sessions.length) return;
    const seq = state.last;
    let frame: string;
    try {
      frame = `id: ${this.id(seq)}\nevent: availability\ndata: ${JSON.stringify({ event_session: await this.deps.figures(sessions) })}\n\n`;
    } catch (error) {
      this.deps.onError(error);
      frame = `id: ${this.id(seq)}\nevent: resync\ndata: {}\n\n`;
      state.history = [];
      state.base = seq;
    }
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the hub may close while the figures are read; the type checker keeps the check above across await
    if (this.closed) return;
    if (!frame.includes('event: resync')) {
      state.history.push({ seq, frame });
      if (state.history.length > HISTORY) state.base = mustExist(state.history.shift(), 'the oldest frame of a full history').seq;
    }
    for (const c of state.clients) c.write(frame);
    this.dropIfIdle(eventId, state);
  }

  private stateOf(eventId: string): EventState {
    let state = this.events.get(eventId);
    if (!state) this.events.set(eventId, (state = { clients: new Set(), pending: new Set(), timer: null, lastSentAt: 0, last: this.seq, history: [], base: this.seq }));
    return state;
  }

  /**
   * Forgets an event nobody watches once nothing is pending — keeping its last sequence number
   * would be needed only to resume, and a resume of an unknown event compares with `base`, which
   * a fresh state sets to now: so an idle event's state is kept while it has history to replay.
   */
  private dropIfIdle(eventId: string, state: EventState) {
    if (!state.clients.size && !state.timer && !state.pending.size && !state.history.length && state.base === state.last) {
      // A resume from before `last` must not look current once the state is gone: it is not, since
      // a fresh state's base is the current sequence, past any id handed out before.
      this.events.delete(eventId);
    }
  }

  private each(fn: (c: LiveClient) => void) {
    for (const state of this.events.values()) for (const c of [...state.clients]) fn(c);
  }

  private id(seq: number) {
    return `${this.epoch}.${seq}`;
  }
}
