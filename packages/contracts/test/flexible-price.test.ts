import { describe, expect, it } from 'vitest';
import { checkFlexibleAmount, isFlexiblePrice } from '../src/rules/index.js';

describe('flexible price (docs/events.md#field-rules)', () => {
  it('is required, a positive decimal with at most 2 places, inside [min, max] (minor units)', () => {
    expect(checkFlexibleAmount('', 500, 500000)).toEqual({ problem: 'required' });
    expect(checkFlexibleAmount('  ', 500, 500000)).toEqual({ problem: 'required' });
    expect(checkFlexibleAmount(undefined, 500, 500000)).toEqual({ problem: 'required' });
    expect(checkFlexibleAmount('12.345', 500, 500000)).toEqual({ problem: 'decimals' });
    expect(checkFlexibleAmount('-5', 500, 500000)).toEqual({ problem: 'decimals' });
    expect(checkFlexibleAmount('1e3', 500, 500000)).toEqual({ problem: 'decimals' });
    expect(checkFlexibleAmount('4.99', 500, 500000)).toEqual({ problem: 'outside' });
    expect(checkFlexibleAmount('5000.01', 500, 500000)).toEqual({ problem: 'outside' });
    expect(checkFlexibleAmount('0', 0, 1000)).toEqual({ problem: 'outside' });
    expect(checkFlexibleAmount('5', 500, 500000)).toEqual({ minor: 500 });
    expect(checkFlexibleAmount(' 12.5 ', 500, 500000)).toEqual({ minor: 1250 });
    expect(checkFlexibleAmount(12.5, 500, 500000)).toEqual({ minor: 1250 });
    expect(checkFlexibleAmount('5000.00', 500, 500000)).toEqual({ minor: 500000 });
  });

  it('is flexible only with both bounds', () => {
    expect(isFlexiblePrice({ currency_amount_min: '5.00', currency_amount_max: '10.00' })).toBe(true);
    expect(isFlexiblePrice({ currency_amount_min: 500, currency_amount_max: 1000 })).toBe(true);
    expect(isFlexiblePrice({ currency_amount_min: '5.00', currency_amount_max: null })).toBe(false);
    expect(isFlexiblePrice({ currency_amount_min: null, currency_amount_max: null })).toBe(false);
  });
});
