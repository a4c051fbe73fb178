import type { TDoorEntry, TDoorQueuedScan, TDoorResult } from '@foyer/contracts';

/**
 * The door without a connection (docs/door.md): scans are decided against the admission list
 * downloaded for the session, admissions are queued (kept in localStorage, so a reload loses none)
 * and sent when the connection returns; the server's answer decides, and what it refuses is shown
 * as a conflict.
 */

export interface DoorList {
  sessionId: string;
  downloadedAt: string;
  entries: TDoorEntry[];
}

const listKey = (sessionId: string) => `foyer:door-list:${sessionId}`;
const queueKey = (sessionId: string) => `foyer:door-queue:${sessionId}`;

/** What this tab stored under the key (written by this module), or null. */
function read(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

export function savedList(sessionId: string): DoorList | null {
  return read(listKey(sessionId)) as DoorList | null;
}

export function saveList(list: DoorList): void {
  localStorage.setItem(listKey(list.sessionId), JSON.stringify(list));
}

export function queuedScans(sessionId: string): TDoorQueuedScan[] {
  return (read(queueKey(sessionId)) as TDoorQueuedScan[] | null) ?? [];
}

export function saveQueue(sessionId: string, scans: TDoorQueuedScan[]): void {
  localStorage.setItem(queueKey(sessionId), JSON.stringify(scans));
}

const blank = (scanCode: string): TDoorResult => ({
  outcome: 'refused', reason: 'not_found', scan_id: null, scan_code: scanCode, kind: null, ticket_id: null, name: null,
  ticket_type_name: null, seat: null, admitted_at: null, admitted_by: null, session_start: null, valid_from: null, valid_to: null,
});

/** Decides a scan against the list, as the server would; an admission also marks the entry admitted. */
export function decideOffline(list: DoorList, sessionId: string, scanCode: string, now: Date, me: string | null): { result: TDoorResult; entries: TDoorEntry[] } {
  const code = scanCode.trim();
  const index = list.entries.findIndex((e) => e.scan_code === code || (e.kind === 'member' && e.scan_code.toUpperCase() === code.toUpperCase()));
  const entry = index < 0 ? undefined : list.entries[index];
  if (!entry) return { result: blank(code), entries: list.entries };
  const base: TDoorResult = { ...blank(entry.scan_code), reason: null, kind: entry.kind, name: entry.name, ticket_type_name: entry.ticket_type_name, seat: entry.seat, session_start: entry.session_start };
  const refuse = (reason: TDoorResult['reason']) => ({ result: { ...base, outcome: 'refused' as const, reason }, entries: list.entries });
  if (entry.state === 'cancelled') return refuse('ticket_cancelled');
  if (entry.state === 'rescheduled') return refuse('rescheduled');
  if (entry.state === 'lapsed') return refuse('membership_expired');
  if (entry.kind === 'ticket' && entry.event_session_id !== sessionId) return refuse('wrong_session');
  if (entry.state === 'admitted') return { result: { ...base, outcome: 'already_admitted', admitted_at: entry.admitted_at, admitted_by: entry.admitted_by }, entries: list.entries };
  const at = now.toISOString();
  const entries = list.entries.slice();
  entries[index] = { ...entry, state: 'admitted', admitted_at: at, admitted_by: me };
  return { result: { ...base, outcome: 'admitted', admitted_at: at, admitted_by: me }, entries };
}

/** A queued admission's id: unique per door and scan. */
export function clientId(): string {
  return crypto.randomUUID();
}
