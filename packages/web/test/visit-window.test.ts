import { describe, expect, it } from 'vitest';
import { anchorOf, inVisitWindow, visitWindow, VisitTimeError } from '../src/features/events/detail/dates-sessions/visit-window.js';
import { readCart } from '../src/shared/cart/model.js';
import { cartDocument, ticket } from './cart-fixtures.js';

// The anchor: 1:00–1:30 PM in New York on Nov 21, 2026 (UTC−5).
const anchor = { session: { ...readCart(cartDocument())!.sections[0].session! }, timezone: 'America/New_York' };
const at = (startIso: string, endIso: string) => ({ start_datetime: startIso, end_datetime: endIso });

describe('upsell visit window (docs/events.md#upsells-and-add-ons)', () => {
  it('same_date (the default): from the anchor start to the end of its day', () => {
    const w = visitWindow(anchor, undefined);
    expect(w.date).toBe('2026-11-21');
    expect(inVisitWindow(at('2026-11-21T14:00:00Z', '2026-11-21T22:00:00Z'), w)).toBe(true); // all-day 9–5 overlaps
    expect(inVisitWindow(at('2026-11-21T23:00:00Z', '2026-11-21T23:30:00Z'), w)).toBe(true); // 6 PM
    expect(inVisitWindow(at('2026-11-21T15:00:00Z', '2026-11-21T15:30:00Z'), w)).toBe(false); // 10 AM, before
    expect(inVisitWindow(at('2026-11-22T15:00:00Z', '2026-11-22T15:30:00Z'), w)).toBe(false); // next day
  });

  it('timeslot and same_start', () => {
    const slot = visitWindow(anchor, 'timeslot');
    expect(inVisitWindow(at('2026-11-21T18:15:00Z', '2026-11-21T18:45:00Z'), slot)).toBe(true);
    expect(inVisitWindow(at('2026-11-21T18:30:00Z', '2026-11-21T19:00:00Z'), slot)).toBe(false);
    const start = visitWindow(anchor, 'same_start');
    expect(start.end - start.start).toBe(60_000);
  });

  it('until_close: from the anchor start to the last end among the anchor event\'s sessions that day', () => {
    // The anchor event's day: its last session runs 3:30–4:00 PM local; one the next day is ignored.
    const day = [at('2026-11-21T14:00:00Z', '2026-11-21T14:30:00Z'), at('2026-11-21T20:30:00Z', '2026-11-21T21:00:00Z'), at('2026-11-22T20:30:00Z', '2026-11-22T23:00:00Z')];
    const w = visitWindow(anchor, 'until_close', day);
    expect(w.end).toBe(Date.parse('2026-11-21T21:00:00Z'));
    expect(inVisitWindow(at('2026-11-21T20:45:00Z', '2026-11-21T21:15:00Z'), w)).toBe(true); // 3:45 PM, before closing
    expect(inVisitWindow(at('2026-11-21T21:00:00Z', '2026-11-21T21:30:00Z'), w)).toBe(false); // 4 PM, at closing
    expect(inVisitWindow(at('2026-11-21T23:00:00Z', '2026-11-21T23:30:00Z'), w)).toBe(false); // 6 PM: same_date would offer it
    expect(inVisitWindow(at('2026-11-21T23:00:00Z', '2026-11-21T23:30:00Z'), visitWindow(anchor, 'same_date'))).toBe(true);
    expect(inVisitWindow(at('2026-11-21T17:00:00Z', '2026-11-21T17:55:00Z'), w)).toBe(false); // before the anchor
    // Without the day's sessions the anchor's own end is the floor.
    expect(visitWindow(anchor, 'until_close').end).toBe(Date.parse(anchor.session.end_datetime));
  });

  it('other values are an error', () => {
    expect(() => visitWindow(anchor, 'whenever')).toThrow(VisitTimeError);
  });

  it('the anchor is the earliest dated admission in the cart, never an add-on', () => {
    const doc = cartDocument({
      tickets: [ticket({ ticket_type_id: 'tt-audio', event_template_id: 'event-audio', ticket_group_id: 'tg-audio', event_session_id: 's-audio' })],
      events: [{ id: 'event-audio', meta: { upsell: true } }],
      sessions: [{ id: 's-audio', event_template_id: 'event-audio' }],
    });
    expect(anchorOf(readCart(doc))).toBeNull();
    expect(anchorOf(readCart(cartDocument()))?.session.id).toBe('s3');
  });
});
