import type { Query } from '../../../api/client.js';
import { unfilteredListing } from '../../../api/queries.js';
import { addDays, isTimeOfDay } from '../../../lib/dates.js';
import { todayIn } from '../../../lib/venue-time.js';
import { byName } from '../../../lib/compare.js';

/**
 * Listing filters (docs/events.md#listing): from the address query — category, date (today | tomorrow),
 * time.start / time.end (HH:mm) and any other metadata key — to the events/available query.
 */

export type DateFilter = 'today' | 'tomorrow';

export interface ListingFilters {
  category: string | null;
  date: DateFilter | null;
  timeStart: string | null;
  timeEnd: string | null;
  /** Metadata filters, key → value, in address order. */
  meta: [string, string][];
}

export const EMPTY_FILTERS: ListingFilters = { category: null, date: null, timeStart: null, timeEnd: null, meta: [] };

export const FILTER_PARAMS = { category: 'category', date: 'date', timeStart: 'time.start', timeEnd: 'time.end' } as const;

/**
 * Address parameters that are never metadata filters: underscore parameters, the listing's own,
 * the shell's guards (login flag, automatic member login) and campaign tracking that marketing
 * links carry.
 */
const NOT_METADATA = new Set<string>([
  ...Object.values(FILTER_PARAMS),
  'login',
  'member_code',
  'zip_code',
  'express',
  'express_checkout',
  'gclid',
  'fbclid',
  'msclkid',
]);

export function isMetadataParam(key: string): boolean {
  if (!key || key.startsWith('_') || NOT_METADATA.has(key)) return false;
  if (key.startsWith('login.') || key.startsWith('utm_')) return false;
  return /^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(key);
}

export function parseListingFilters(search: URLSearchParams): ListingFilters {
  const category = search.get(FILTER_PARAMS.category)?.trim() || null;
  const dateValue = search.get(FILTER_PARAMS.date)?.trim().toLowerCase();
  const date = dateValue === 'today' || dateValue === 'tomorrow' ? dateValue : null;
  const start = search.get(FILTER_PARAMS.timeStart)?.trim();
  const end = search.get(FILTER_PARAMS.timeEnd)?.trim();
  const meta: [string, string][] = [];
  const seen = new Set<string>();
  for (const [key, value] of search) {
    if (!isMetadataParam(key) || seen.has(key) || !value.trim()) continue;
    seen.add(key);
    meta.push([key, value.trim()]);
  }
  return {
    category,
    date,
    timeStart: isTimeOfDay(start) ? start : null,
    timeEnd: isTimeOfDay(end) ? end : null,
    meta,
  };
}

export function hasAnyFilter(filters: ListingFilters): boolean {
  return Boolean(filters.category || filters.date || filters.timeStart || filters.timeEnd || filters.meta.length);
}

/** The events/available query for some filters; dates are days in the seller's timezone. */
export function listingQuery(filters: ListingFilters, options: { timezone: string; now?: Date }): Query {
  const query = unfilteredListing();
  if (filters.category) query.category = filters.category;
  if (filters.date) {
    const today = todayIn(options.timezone, options.now);
    query._ondate = filters.date === 'today' ? today : addDays(today, 1);
  }
  if (filters.timeStart) query['start_time._gte'] = filters.timeStart;
  if (filters.timeEnd) query['start_time._lt'] = filters.timeEnd;
  for (const [key, value] of filters.meta) query[`meta.${key}`] = value;
  return query;
}

/** Address query for filters (the reverse of parseListingFilters), keeping unrelated parameters. */
export function filtersToSearch(filters: ListingFilters, keep?: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  if (keep) {
    for (const [key, value] of keep) {
      if (!isMetadataParam(key) && !(Object.values(FILTER_PARAMS) as string[]).includes(key)) next.append(key, value);
    }
  }
  if (filters.category) next.set(FILTER_PARAMS.category, filters.category);
  if (filters.date) next.set(FILTER_PARAMS.date, filters.date);
  if (filters.timeStart) next.set(FILTER_PARAMS.timeStart, filters.timeStart);
  if (filters.timeEnd) next.set(FILTER_PARAMS.timeEnd, filters.timeEnd);
  for (const [key, value] of filters.meta) next.set(key, value);
  return next;
}

/**
 * Category choices (docs/events.md#listing): the configured order first (those that exist), then the remaining
 * categories alphabetically, after 'All' (null). Empty when there is at most one category — the
 * choice list is not shown then.
 */
export function categoryChoices(categories: Iterable<string | null | undefined>, configuredOrder: readonly string[]): (string | null)[] {
  const present = new Map<string, string>();
  for (const category of categories) {
    const name = category?.trim();
    if (name && !present.has(name.toLowerCase())) present.set(name.toLowerCase(), name);
  }
  if (present.size <= 1) return [];
  const ordered: string[] = [];
  for (const wanted of configuredOrder) {
    const key = wanted.trim().toLowerCase();
    const name = present.get(key);
    if (name && !ordered.includes(name)) ordered.push(name);
  }
  const rest = [...present.values()]
    .filter((name) => !ordered.includes(name))
    .sort(byName);
  return [null, ...ordered, ...rest];
}

/** Text truncation default 128 characters (docs/events.md#limits), cut at a word boundary. */
export function truncate(text: string, max = 128): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}
