import type { TEventSession } from '@foyer/contracts';
import { toHHmm } from '../../../../lib/dates.js';
import { safeTz } from '../../../../lib/venue-time.js';

/**
 * Session picker tabs (docs/events.md#the-event-page): thresholds compare the session start as HHmm in 0000–2400.
 * Thresholds ["1200", "1700"] make three tabs: [0000, 1200), [1200, 1700), [1700, 2400]; with as
 * many labels as thresholds, each threshold is where its tab starts (["0000", "1200", "1700"]).
 * A tab reads 'Not available' when empty and 'Sold out' when all its sessions are sold out.
 */

export type TabStatus = 'available' | 'sold_out' | 'not_available';

export interface SessionTab {
  label: string;
  from: string;
  to: string;
  sessions: TEventSession[];
  status: TabStatus;
}

/** A session counts as sold out when flagged so or when no capacity is left (-1 = unlimited). */
export function isSessionSoldOut(session: Pick<TEventSession, 'sold_out' | 'availableCapacity'>): boolean {
  return session.sold_out || (session.availableCapacity !== -1 && session.availableCapacity <= 0);
}

/** The start as HHmm: the venue-local startTime, else derived from start_datetime. */
export function sessionStartHHmm(session: Pick<TEventSession, 'startTime' | 'start_datetime'>, timezone: string): string {
  return toHHmm(session.startTime) ?? safeTz(session.start_datetime, timezone).format('HHmm');
}

export function splitSessionsIntoTabs(
  sessions: readonly TEventSession[],
  config: { thresholds: readonly string[]; labels: readonly string[] },
  options: { timezone: string; fallbackLabels?: readonly string[] },
): SessionTab[] {
  const thresholds = [...new Set(config.thresholds.map((t) => toHHmm(t) ?? t).filter((t) => /^\d{4}$/.test(t) && t <= '2400'))].sort();
  // Labels one per threshold: each threshold starts its tab (the first tab also takes earlier times).
  // Otherwise thresholds split the day, one more tab than thresholds.
  const startsPerTab = thresholds.length > 0 && config.labels.length === thresholds.length;
  const cuts = (startsPerTab ? thresholds.slice(1) : thresholds).filter((t) => t > '0000' && t < '2400');
  const bounds = ['0000', ...cuts, '2400'];
  const tabs: SessionTab[] = [];
  for (let i = 0; i < bounds.length - 1; i++) {
    const from = bounds[i];
    const to = bounds[i + 1];
    const last = i === bounds.length - 2;
    const inTab = sessions.filter((s) => {
      const start = sessionStartHHmm(s, options.timezone);
      return start >= from && (last ? start <= to : start < to);
    });
    const status: TabStatus = inTab.length === 0 ? 'not_available' : inTab.every(isSessionSoldOut) ? 'sold_out' : 'available';
    tabs.push({
      label: config.labels.at(i) ?? options.fallbackLabels?.at(i) ?? `${from.slice(0, 2)}:${from.slice(2)}–${to.slice(0, 2)}:${to.slice(2)}`,
      from,
      to,
      sessions: inTab,
      status,
    });
  }
  return tabs;
}

/** The tab to open first: the first with a session on sale, else the first with any session. */
export function initialTabIndex(tabs: readonly SessionTab[]): number {
  const open = tabs.findIndex((t) => t.status === 'available');
  if (open >= 0) return open;
  const any = tabs.findIndex((t) => t.sessions.length > 0);
  return any >= 0 ? any : 0;
}

export type SessionAvailability = { kind: 'sold_out' } | { kind: 'low'; remaining: number } | { kind: 'available' };

/** docs/events.md#limits: 'Sold out', 'n available' under the threshold, or available. */
export function sessionAvailability(session: Pick<TEventSession, 'sold_out' | 'availableCapacity'>, threshold: number): SessionAvailability {
  if (isSessionSoldOut(session)) return { kind: 'sold_out' };
  if (session.availableCapacity !== -1 && session.availableCapacity < threshold) return { kind: 'low', remaining: session.availableCapacity };
  return { kind: 'available' };
}
