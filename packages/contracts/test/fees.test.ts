import { describe, expect, it } from 'vitest';
import { percentFee } from '../src/rules/index.js';

describe('the percent fee outside the price (docs/api.md#reads)', () => {
  it('is a percent of the unit price in minor units, rounded; none when there is no percent', () => {
    expect(percentFee(1000, '10')).toBe(100);
    expect(percentFee(1250, 2.5)).toBe(31); // 31.25
    expect(percentFee(1260, '2.5')).toBe(32); // 31.5 rounds up
    expect(percentFee(1000, null)).toBe(0);
    expect(percentFee(1000, '0')).toBe(0);
    expect(percentFee(0, '10')).toBe(0);
  });
});
