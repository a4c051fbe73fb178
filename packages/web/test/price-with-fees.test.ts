import { describe, expect, it } from 'vitest';
import { advertisesFees, typePrice } from '../src/features/events/detail/price-format.js';
import { configEntry } from './fixtures.js';

/** docs/events.md#limits advertise_price_including_fees: quantity prices include the outside fees when set. */
const type = { currency_amount: '20.00', currency_amount_min: null, currency_amount_max: null, discounted_amount: null, fee_fixed_outside: '1.50', fee_percent_outside: '10' };

describe('prices with fees', () => {
  it('adds the fixed and percent outside fees to each amount shown, only when advertised', () => {
    expect(typePrice(type, 'USD').price).toBe('$20');
    expect(typePrice(type, 'USD', true).price).toBe('$23.50');
    expect(typePrice({ ...type, discounted_amount: '10.00' }, 'USD', true)).toEqual({ price: '$12.50', original: '$23.50' });
    expect(typePrice({ ...type, currency_amount_min: '5.00', currency_amount_max: '50.00' }, 'USD', true).price).toContain('$7');
    expect(typePrice({ ...type, fee_fixed_outside: null, fee_percent_outside: null }, 'USD', true).price).toBe('$20');
  });
  it('reads web.advertise_price_including_fees', () => {
    expect(advertisesFees([configEntry('advertise_price_including_fees', true)])).toBe(true);
    expect(advertisesFees([configEntry('advertise_price_including_fees', 'false')])).toBe(false);
    expect(advertisesFees([])).toBe(false);
  });
});
