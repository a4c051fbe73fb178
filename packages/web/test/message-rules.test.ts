import type { TMessageRule } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { dateTexts, sessionTexts } from '../src/features/events/detail/messageRules.js';

const rule = (rank: number, actions: TMessageRule['actions'], triggers: TMessageRule['triggers']): TMessageRule => ({
  id: `r${rank}`,
  event_template_id: 'e1',
  _rank: rank,
  actions,
  triggers,
});

const rules = [
  rule(1, [{ type: 'session_annotation', text: 'Last entries' }], [{ kind: 'date_or_session', time_of_day: { start: 960, end: 1440 } }]),
  rule(0, [{ type: 'date_annotation', text: 'Late opening' }, { type: 'date_message', text: 'Open until 8 pm.' }], [{ kind: 'date_or_session', weekdays: [4, 5] }]),
  rule(2, [{ type: 'date_message', text: 'Holiday week' }], [{ kind: 'date_or_session', dateInterval: { start: '2026-11-23', end: '2026-11-28' } }]),
  rule(3, [{ type: 'date_annotation', text: 'Groups' }], [{ kind: 'quantity', min: 9 }]),
];

describe('message rules', () => {
  it('matches ISO weekdays and start-inclusive, end-exclusive date intervals, lowest rank first', () => {
    expect(dateTexts(rules, 'date_annotation', '2026-11-26')).toEqual(['Late opening']); // Thursday
    expect(dateTexts(rules, 'date_annotation', '2026-11-25')).toEqual([]); // Wednesday
    expect(dateTexts(rules, 'date_message', '2026-11-27')).toEqual(['Open until 8 pm.', 'Holiday week']);
    expect(dateTexts(rules, 'date_message', '2026-11-23')).toEqual(['Holiday week']);
    expect(dateTexts(rules, 'date_message', '2026-11-28')).toEqual([]);
  });

  it('matches a session on its venue-local start time in [start, end)', () => {
    // 20:59 UTC = 15:59 in New York; 21:00 UTC = 16:00.
    expect(sessionTexts(rules, 'session_annotation', { start_datetime: '2026-11-23T20:59:00Z' }, 'America/New_York')).toEqual([]);
    expect(sessionTexts(rules, 'session_annotation', { start_datetime: '2026-11-23T21:00:00Z' }, 'America/New_York')).toEqual(['Last entries']);
  });

  it('never passes quantity triggers outside the quantity step', () => {
    expect(dateTexts(rules, 'date_annotation', '2026-11-24')).toEqual([]);
  });
});
