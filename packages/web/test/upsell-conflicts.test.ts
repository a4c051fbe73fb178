import type { TConfigEntry } from '@foyer/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { readCart } from '../src/shared/cart/model.js';
import { bookingsOf, conflictPadding, conflicts, DEFAULT_CONFLICT_PADDING_MINUTES, type Booking } from '../src/features/events/upsell/conflicts.js';
import { clearUpsellChain, nextInChain, readUpsellChain, writeUpsellChain } from '../src/features/events/upsell/upsell-chain.js';
import { cartDocument } from './cart-fixtures.js';
import { configEntry } from './fixtures.js';

// The anchor: a 1:00–1:30 PM (New York) admission, as in the cart fixtures.
const anchor: Booking = { eventId: 'event-ga', category: 'Admission', start_datetime: '2026-11-21T18:00:00Z', end_datetime: '2026-11-21T18:30:00Z' };
const show = { eventId: 'event-show', category: 'Shows' };
const at = (start: string, end: string) => ({ start_datetime: `2026-11-21T${start}:00Z`, end_datetime: `2026-11-21T${end}:00Z` });
const padding = (entries: TConfigEntry[] = [], meta: Record<string, unknown> = {}) => conflictPadding(meta, entries);

describe('add-on conflict padding (docs/events.md#upsells-and-add-ons)', () => {
  it('defaults to 5 minutes before and after the anchor', () => {
    const p = padding();
    expect([p.beforeMinutes, p.afterMinutes]).toEqual([DEFAULT_CONFLICT_PADDING_MINUTES, DEFAULT_CONFLICT_PADDING_MINUTES]);
    expect(conflicts(at('18:15', '18:45'), show, [anchor], p)).toBe(true); // overlaps
    expect(conflicts(at('18:32', '19:00'), show, [anchor], p)).toBe(true); // 2 minutes after: inside the padding
    expect(conflicts(at('17:30', '17:57'), show, [anchor], p)).toBe(true); // ends 3 minutes before
    expect(conflicts(at('18:35', '19:00'), show, [anchor], p)).toBe(false); // exactly 5 minutes after
    expect(conflicts(at('17:00', '17:55'), show, [anchor], p)).toBe(false); // ends exactly 5 minutes before
  });

  it('is configurable (seller config), the add-on event meta pad_pre_start / pad_post_end winning', () => {
    const wide = padding([configEntry('upsells.conflict_padding', { before: 30, after: 15 })]);
    expect([wide.beforeMinutes, wide.afterMinutes]).toEqual([30, 15]);
    expect(conflicts(at('18:40', '19:00'), show, [anchor], wide)).toBe(true);
    expect(conflicts(at('17:00', '17:40'), show, [anchor], wide)).toBe(true);
    const none = padding([configEntry('upsells.conflict_padding', { before: 30, after: 15 })], { pad_pre_start: 0, pad_post_end: '0' });
    expect([none.beforeMinutes, none.afterMinutes]).toEqual([0, 0]);
    expect(conflicts(at('18:30', '19:00'), show, [anchor], none)).toBe(false);
    // Nonsense values fall back to the default.
    expect(padding([configEntry('upsells.conflict_padding', { before: -3, after: 'soon' })]).afterMinutes).toBe(5);
  });

  it('excludes categories (the booking or the add-on), all-day sessions and the add-on event itself', () => {
    const p = padding([configEntry('upsells.conflict_padding', { exclude_categories: ['admission'] })]);
    expect(conflicts(at('18:15', '18:45'), show, [anchor], p)).toBe(false);
    const q = padding([configEntry('upsells.conflict_padding', { exclude_categories: 'Shows, Tours' })]);
    expect(conflicts(at('18:15', '18:45'), show, [anchor], q)).toBe(false);
    expect(conflicts(at('14:00', '22:00'), show, [anchor], padding())).toBe(false); // all day (over 5 hours)
    expect(conflicts(at('18:15', '18:45'), { eventId: 'event-ga', category: 'Admission' }, [anchor], padding())).toBe(false);
  });

  it('reads the dated bookings of the cart', () => {
    const bookings = bookingsOf(readCart(cartDocument()));
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({ eventId: 'event-ga' });
    expect(bookingsOf(null)).toEqual([]);
  });
});

describe('the upsell chain', () => {
  afterEach(() => clearUpsellChain());

  it('is kept for the tab, gives the next add-on, and clears', () => {
    writeUpsellChain(['audio', 'tour', 'show']);
    expect(readUpsellChain()).toEqual(['audio', 'tour', 'show']);
    expect(nextInChain(readUpsellChain(), 'audio')).toBe('tour');
    expect(nextInChain(readUpsellChain(), 'show')).toBeNull();
    expect(nextInChain(readUpsellChain(), 'other')).toBeNull();
    clearUpsellChain();
    expect(readUpsellChain()).toEqual([]);
  });
});
