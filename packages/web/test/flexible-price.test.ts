import { describe, expect, it } from 'vitest';
import { isFlexiblePrice } from '@foyer/contracts/rules';
import { flexiblePriceError, initialFlexibleAmount, normaliseAmount } from '../src/features/events/detail/quantities/flexible-price.js';

describe('flexible price (docs/events.md#field-rules)', () => {
  it('is required, a positive decimal with at most 2 places, inside min/max', () => {
    expect(flexiblePriceError('', '5.00', '5000.00')).toBe('Enter an amount.');
    expect(flexiblePriceError('   ', '5.00', '5000.00')).toBe('Enter an amount.');
    expect(flexiblePriceError('12.345', '5.00', '5000.00')).toBe('Enter an amount with at most 2 decimal places.');
    expect(flexiblePriceError('-5', '5.00', '5000.00')).toBe('Enter an amount with at most 2 decimal places.');
    expect(flexiblePriceError('1e3', '5.00', '5000.00')).toBe('Enter an amount with at most 2 decimal places.');
    expect(flexiblePriceError('4.99', '5.00', '5000.00')).toBe('Value entered is outside min/max');
    expect(flexiblePriceError('5000.01', '5.00', '5000.00')).toBe('Value entered is outside min/max');
    expect(flexiblePriceError('0', '0.00', '10.00')).toBe('Value entered is outside min/max');
    expect(flexiblePriceError('5', '5.00', '5000.00')).toBeNull();
    expect(flexiblePriceError('12.5', '5.00', '5000.00')).toBeNull();
    expect(flexiblePriceError('5000.00', '5.00', '5000.00')).toBeNull();
  });

  it('is flexible only with both bounds; pre-fills the price unless it is 0; sends 2 places', () => {
    expect(isFlexiblePrice({ currency_amount_min: '5.00', currency_amount_max: '10.00' })).toBe(true);
    expect(isFlexiblePrice({ currency_amount_min: '5.00', currency_amount_max: null })).toBe(false);
    expect(initialFlexibleAmount({ currency_amount: '0.00' })).toBe('');
    expect(initialFlexibleAmount({ currency_amount: '25.00' })).toBe('25.00');
    expect(normaliseAmount('12.5')).toBe('12.50');
    expect(normaliseAmount('7')).toBe('7.00');
  });
});
