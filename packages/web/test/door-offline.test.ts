import type { TDoorEntry } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { decideOffline, type DoorList } from '../src/features/door/offline-door.js';
import { refusalText, resultHeadline } from '../src/features/door/result-text.js';

const TZ = 'America/New_York';
const entry = (scan_code: string, more: Partial<TDoorEntry> = {}): TDoorEntry => ({
  scan_code, kind: 'ticket', state: 'booked', event_session_id: 'S1', session_start: '2026-06-01T18:00:00.000Z', name: 'Ada Byron',
  ticket_type_name: 'Adult', seat: null, admitted_at: null, admitted_by: null, ...more,
});
const list: DoorList = {
  sessionId: 'S1',
  downloadedAt: '2026-06-01T16:00:00.000Z',
  entries: [
    entry('BOOKED'),
    entry('DONE', { state: 'admitted', admitted_at: '2026-06-01T14:42:00.000Z', admitted_by: 'Ben' }),
    entry('OTHER', { event_session_id: 'S2', session_start: '2026-06-01T22:00:00.000Z' }),
    entry('GONE', { state: 'cancelled' }),
    entry('MOVED', { state: 'rescheduled', session_start: '2026-06-06T14:30:00.000Z' }),
    entry('M100', { kind: 'member', state: 'lapsed', event_session_id: null }),
    entry('M200', { kind: 'member', state: 'current', event_session_id: null }),
  ],
};
const now = new Date('2026-06-01T16:05:00.000Z');

/** The offline door decides as the server would (docs/door.md), and says it in the door's words. */
describe('the door offline', () => {
  it('admits a booked ticket of the session once: the entry is marked, a second scan is amber with who', () => {
    const first = decideOffline(list, 'S1', ' BOOKED ', now, 'Anna');
    expect(first.result).toMatchObject({ outcome: 'admitted', admitted_by: 'Anna', admitted_at: now.toISOString(), name: 'Ada Byron', ticket_type_name: 'Adult' });
    const again = decideOffline({ ...list, entries: first.entries }, 'S1', 'BOOKED', now, 'Anna');
    expect(again.result.outcome).toBe('already_admitted');
    expect(resultHeadline(again.result, TZ)).toBe('Already admitted at 12:05 PM by Anna');
    expect(resultHeadline(decideOffline(list, 'S1', 'DONE', now, 'Anna').result, TZ)).toBe('Already admitted at 10:42 AM by Ben');
  });

  it('refuses with the reason: wrong session, cancelled, rescheduled, lapsed, unknown; a member card is admitted', () => {
    const say = (code: string) => refusalText(decideOffline(list, 'S1', code, now, 'Anna').result, TZ);
    expect(say('OTHER')).toBe('Wrong session: this ticket is for 6:00 PM');
    expect(say('GONE')).toBe('This ticket was cancelled');
    expect(say('MOVED')).toBe('Rescheduled: this ticket is now for Sat 10:30 AM');
    expect(say('m100')).toBe('Membership lapsed');
    expect(say('NOPE')).toBe('Not found: not one of our tickets or member cards');
    expect(decideOffline(list, 'S1', 'm200', now, 'Anna').result).toMatchObject({ outcome: 'admitted', kind: 'member' });
  });
});
