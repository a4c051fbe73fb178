import type { TMessageRule } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { dateTexts, quantityLines, quantityTexts, quantityTriggerPasses, sessionTexts, type QuantityLine } from '../src/features/events/detail/message-rules.js';

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

const line = (groupId: string, groupName: string, typeId: string, typeName: string, quantity: number): QuantityLine => ({ groupId, groupName, typeId, typeName, quantity });
const chosen = [line('g-ga', 'General Admission', 't-adult', 'Adult', 6), line('g-ga', 'General Admission', 't-child', 'Child', 3), line('g-m', 'Members', 't-adult', 'Adult', 2)];

describe('quantity triggers (docs/catalog.md#9-message-rules)', () => {
  it('with no filter sums everything chosen', () => {
    expect(quantityTriggerPasses({ kind: 'quantity', min: 11 }, chosen)).toBe(true);
    expect(quantityTriggerPasses({ kind: 'quantity', min: 12 }, chosen)).toBe(false);
  });

  it('min and max are inclusive, each only when set', () => {
    const ga = { kind: 'quantity' as const, ticket_group_names: ['General Admission'] };
    expect(quantityTriggerPasses({ ...ga, min: 9 }, chosen)).toBe(true);
    expect(quantityTriggerPasses({ ...ga, min: 10 }, chosen)).toBe(false);
    expect(quantityTriggerPasses({ ...ga, max: 9 }, chosen)).toBe(true);
    expect(quantityTriggerPasses({ ...ga, max: 8 }, chosen)).toBe(false);
    expect(quantityTriggerPasses({ ...ga, min: 9, max: 9 }, chosen)).toBe(true);
  });

  it('filters by group ids, group names, type ids and type names — every given filter must match', () => {
    expect(quantityTriggerPasses({ kind: 'quantity', ticket_group_ids: ['g-m'], min: 2, max: 2 }, chosen)).toBe(true);
    expect(quantityTriggerPasses({ kind: 'quantity', ticket_type_ids: ['t-adult'], min: 8, max: 8 }, chosen)).toBe(true);
    expect(quantityTriggerPasses({ kind: 'quantity', ticket_type_names: ['Child'], min: 3, max: 3 }, chosen)).toBe(true);
    expect(quantityTriggerPasses({ kind: 'quantity', ticket_group_names: ['General Admission'], ticket_type_names: ['Adult'], min: 6, max: 6 }, chosen)).toBe(true);
    expect(quantityTriggerPasses({ kind: 'quantity', ticket_group_ids: ['nope'], min: 1 }, chosen)).toBe(false);
  });

  it('quantity messages: all triggers of a rule must pass, ranked; date triggers need the chosen session or day', () => {
    const rules = [
      rule(2, [{ type: 'quantity_message', text: 'Groups of 9 or more save 10%.' }], [{ kind: 'quantity', ticket_group_names: ['General Admission'], min: 9 }]),
      rule(1, [{ type: 'quantity_message', text: 'Thursday groups get a guide.' }], [{ kind: 'quantity', min: 9 }, { kind: 'date_or_session', weekdays: [4] }]),
      rule(0, [{ type: 'quantity_message', text: 'Evening groups: use the side door.' }], [{ kind: 'quantity', min: 9 }, { kind: 'date_or_session', time_of_day: { start: 1020, end: 1440 } }]),
      rule(3, [{ type: 'session_message', text: 'not a quantity message' }], [{ kind: 'quantity', min: 1 }]),
    ];
    expect(quantityTexts(rules, chosen, { timezone: 'America/New_York' })).toEqual(['Groups of 9 or more save 10%.']);
    // Thursday 26 November 2026 at 6 pm in New York (23:00 UTC).
    const evening = { start_datetime: '2026-11-26T23:00:00Z' };
    expect(quantityTexts(rules, chosen, { session: evening, timezone: 'America/New_York' })).toEqual([
      'Evening groups: use the side door.',
      'Thursday groups get a guide.',
      'Groups of 9 or more save 10%.',
    ]);
    // A day without a session: the time of day is not checked.
    expect(quantityTexts(rules, chosen, { date: '2026-11-25', timezone: 'America/New_York' })).toEqual(['Evening groups: use the side door.', 'Groups of 9 or more save 10%.']);
    expect(quantityTexts(rules, chosen.map((l) => ({ ...l, quantity: 1 })), { session: evening, timezone: 'America/New_York' })).toEqual([]);
  });

  it('reads the lines of a selection keyed group:type', () => {
    const groups = [{ group: { id: 'g', name: 'G' }, types: [{ type: { id: 'a', name: 'A' } }, { type: { id: 'b', name: 'B' } }] }];
    expect(quantityLines(groups, { 'g:a': 2 })).toEqual([line('g', 'G', 'a', 'A', 2), line('g', 'G', 'b', 'B', 0)]);
  });
});
