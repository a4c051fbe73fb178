import { describe, expect, it } from 'vitest';
import { cachedDefaults, createSelectionCache, type CachedSelection } from '../src/features/events/detail/quantities/selection-cache.js';

const cache: CachedSelection = { date: '2026-11-28', sessionId: 's1', quantities: { 'g:adult': 2, 'g:child': 1 } };

describe('cached selection (docs/events.md#flows)', () => {
  it('gives the earlier quantities for another session on the same day when they fit', () => {
    expect(cachedDefaults(cache, { date: '2026-11-28', sessionId: 's2', availableCapacity: 3 })).toEqual({ 'g:adult': 2, 'g:child': 1 });
    expect(cachedDefaults(cache, { date: '2026-11-28', sessionId: 's2', availableCapacity: -1 })).toEqual({ 'g:adult': 2, 'g:child': 1 });
  });

  it('gives nothing on another day, when they do not fit, or when nothing was chosen', () => {
    expect(cachedDefaults(cache, { date: '2026-11-29', sessionId: 's2', availableCapacity: 50 })).toBeNull();
    expect(cachedDefaults(cache, { date: '2026-11-28', sessionId: 's2', availableCapacity: 2 })).toBeNull();
    expect(cachedDefaults({ ...cache, quantities: { 'g:adult': 0 } }, { date: '2026-11-28', sessionId: 's2', availableCapacity: 50 })).toBeNull();
    expect(cachedDefaults(null, { date: '2026-11-28', sessionId: 's2', availableCapacity: 50 })).toBeNull();
  });

  it('returns a copy, so the cache is not changed by later edits', () => {
    const defaults = cachedDefaults(cache, { date: '2026-11-28', sessionId: 's2', availableCapacity: 10 })!;
    defaults['g:adult'] = 9;
    expect(cache.quantities['g:adult']).toBe(2);
  });
});

describe('the selection cache a flow owns (docs/events.md#flows)', () => {
  it('is empty at first, reads what was remembered last, and is empty again once forgotten', () => {
    const kept = createSelectionCache();
    expect(kept.read()).toBeNull();
    kept.remember(cache);
    kept.remember({ ...cache, sessionId: 's2' });
    expect(kept.read()).toEqual({ ...cache, sessionId: 's2' });
    kept.forget();
    expect(kept.read()).toBeNull();
  });

  it('keeps each flow its own selection', () => {
    const one = createSelectionCache();
    const other = createSelectionCache();
    one.remember(cache);
    expect(other.read()).toBeNull();
  });
});
