import { describe, expect, it } from 'vitest';
import {
  categoryChoices,
  EMPTY_FILTERS,
  filtersToSearch,
  hasAnyFilter,
  listingQuery,
  parseListingFilters,
  truncate,
} from '../src/features/events/listing/filters.js';

const parse = (search: string) => parseListingFilters(new URLSearchParams(search));

describe('category choices', () => {
  it('puts the configured order first, then the rest alphabetically, after All', () => {
    const categories = ['Workshops', 'Admission', 'tours', 'Exhibitions', 'Admission', null, 'Cinema'];
    expect(categoryChoices(categories, ['Exhibitions', 'Admission'])).toEqual([null, 'Exhibitions', 'Admission', 'Cinema', 'tours', 'Workshops']);
  });

  it('sorts alphabetically without configuration and ignores configured categories that do not exist', () => {
    expect(categoryChoices(['Tours', 'Admission', 'cinema'], [])).toEqual([null, 'Admission', 'cinema', 'Tours']);
    expect(categoryChoices(['Tours', 'Admission'], ['Gone', 'tours'])).toEqual([null, 'Tours', 'Admission']);
    // Case and accents ignored, as the collator's base sensitivity orders names (without starting it: docs/performance.md).
    const names = ['Éclairage', 'ecology', 'Zoo', 'art history', 'Árt', 'Arts & Crafts', 'Music 2', 'Music 10', 'Österreich', 'Ocean'];
    expect(categoryChoices(names, [])).toEqual([null, ...[...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))]);
  });

  it('is empty (not shown) with one category or none', () => {
    expect(categoryChoices(['Admission', 'Admission', null], ['Admission'])).toEqual([]);
    expect(categoryChoices([], [])).toEqual([]);
  });
});

describe('listing filters from the address', () => {
  it('reads category, date, time window and metadata keys', () => {
    const filters = parse('category=Admission&date=tomorrow&time.start=09:00&time.end=12:30&audience=family&_seller=s1&utm_source=mail&login=1');
    expect(filters).toEqual({
      category: 'Admission',
      date: 'tomorrow',
      timeStart: '09:00',
      timeEnd: '12:30',
      meta: [['audience', 'family']],
    });
    expect(hasAnyFilter(filters)).toBe(true);
  });

  it('drops values that are not valid', () => {
    expect(parse('date=2026-11-22&time.start=9am&time.end=25:00&category=')).toEqual(EMPTY_FILTERS);
    expect(hasAnyFilter(EMPTY_FILTERS)).toBe(false);
  });
});

describe('filters → events/available query', () => {
  // 02:30 UTC on the 22nd is still the 21st in New York.
  const now = new Date('2026-11-22T02:30:00Z');

  it('maps every filter to the server query, dates in the seller timezone', () => {
    const query = listingQuery(parse('category=Admission&date=today&time.start=09:00&time.end=12:00&audience=family'), {
      timezone: 'America/New_York',
      now,
    });
    expect(query).toEqual({
      'hidden_type._in': ['public_browsable', 'public_member_only'],
      category: 'Admission',
      _ondate: '2026-11-21',
      'start_time._gte': '09:00',
      'start_time._lt': '12:00',
      'meta.audience': 'family',
    });
  });

  it('tomorrow is the next day in the seller timezone, across a month end', () => {
    expect(listingQuery(parse('date=tomorrow'), { timezone: 'Europe/London', now: new Date('2026-11-30T23:30:00Z') })._ondate).toBe('2026-12-01');
    expect(listingQuery(parse('date=tomorrow'), { timezone: 'America/Los_Angeles', now: new Date('2026-12-01T05:00:00Z') })._ondate).toBe('2026-12-01');
  });

  it('without filters asks only for the browsable events', () => {
    expect(listingQuery(EMPTY_FILTERS, { timezone: 'UTC', now })).toEqual({ 'hidden_type._in': ['public_browsable', 'public_member_only'] });
  });
});

describe('filters → address', () => {
  it('round-trips and keeps unrelated parameters', () => {
    const keep = new URLSearchParams('_seller=s1&audience=family&category=Tours');
    const next = filtersToSearch({ ...EMPTY_FILTERS, category: 'Admission', date: 'today', meta: [] }, keep);
    expect(next.toString()).toBe('_seller=s1&category=Admission&date=today');
    expect(parseListingFilters(filtersToSearch(parse('category=A&time.start=10:00&level=2')))).toEqual(parse('category=A&time.start=10:00&level=2'));
  });
});

describe('truncate', () => {
  it('keeps short text and cuts long text at a word under 128 characters', () => {
    expect(truncate('Short text')).toBe('Short text');
    const long = 'word '.repeat(40);
    const cut = truncate(long);
    expect(cut.length).toBeLessThanOrEqual(128);
    expect(cut.endsWith('word…')).toBe(true);
  });
});
