import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { TtlCache } from '../src/ttl-cache.js';

describe('TtlCache (catalog memo on hot paths)', () => {
  it('loads a key once while fresh, again once its time is up', async () => {
    const cache = new TtlCache(50);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    await sleep(80);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('shares a load under way and forgets a failed one', async () => {
    const cache = new TtlCache();
    let loads = 0;
    const failing = () => {
      loads++;
      return Promise.reject(new Error('down'));
    };
    const [a, b] = [cache.get('k', failing), cache.get('k', failing)];
    await expect(a).rejects.toThrow('down');
    await expect(b).rejects.toThrow('down');
    expect(loads).toBe(1);
    expect(await cache.get('k', () => Promise.resolve('up'))).toBe('up');
  });

  it('keeps at most maxEntries, the least recently used going first', async () => {
    const cache = new TtlCache(60_000, 2);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('a', load); // a used last: b goes when c comes
    await cache.get('c', load);
    expect(loads).toBe(3);
    await cache.get('a', load);
    expect(loads).toBe(3);
    await cache.get('b', load);
    expect(loads).toBe(4);
  });

  it('clear forgets everything', async () => {
    const cache = new TtlCache();
    let loads = 0;
    await cache.get('k', () => Promise.resolve(++loads));
    cache.clear();
    await cache.get('k', () => Promise.resolve(++loads));
    expect(loads).toBe(2);
  });
});
