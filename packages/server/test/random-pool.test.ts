import { describe, expect, it } from 'vitest';
import { pooledRandomBytes } from '../src/random-pool.js';

describe('pooled random bytes', () => {
  it('hands each byte out once, across refills of the pool, and refuses more than a pool at a time', () => {
    // 3,000 × 16 bytes: the 16 KB pool is refilled twice.
    const drawn = Array.from({ length: 3000 }, () => pooledRandomBytes(16).toString('hex'));
    expect(new Set(drawn).size).toBe(drawn.length);
    for (const hex of drawn) expect(hex).toMatch(/^[0-9a-f]{32}$/);
    // Random, not a counter or zeros: every byte value shows up.
    expect(new Set(drawn.join('').match(/../g)).size).toBe(256);
    expect(() => pooledRandomBytes(16 * 1024 + 1)).toThrow(RangeError);
  });
});
