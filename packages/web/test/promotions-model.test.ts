import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/client.js';
import { en } from '../src/i18n/en.js';
import { blockedCartErrorText, canApply, codeRequiredOf, promoErrorText } from '../src/features/promotions/model.js';
import { looksLikeZip } from '@foyer/contracts/rules';
import { citypassFieldShown } from '../src/features/promotions/citypass-field.js';
import { cartDocument } from './cart-fixtures.js';
import { configEntry } from './fixtures.js';

describe('promo code rules', () => {
  it('apply is disabled below 2 characters once trimmed', () => {
    expect([canApply(' a '), canApply('ab'), canApply('  ab  ')]).toEqual([false, true, true]);
  });

  it('shows the server text for promo codes, "{code} is not a valid promo code." without one, else the try-later text', () => {
    expect(promoErrorText(new ApiError({ status: 409, code: 'code_exhausted', description: 'This code has been used up.' }), 'x')).toBe('This code has been used up.');
    expect(promoErrorText(new ApiError({ status: 404, code: 'code_not_found' }), 'welcome1')).toBe('WELCOME1 is not a valid promo code.');
    expect(promoErrorText(new ApiError({ status: 500, code: 'internal_error', description: 'boom' }), 'x')).toBe(en.errors.tryLater);
    expect(promoErrorText(new Error('offline'), 'x')).toBe('Sorry. Please try again later.');
  });

  it('recognises a reserve refused for want of a code', () => {
    const required = new ApiError({ status: 400, code: 'rule_blocks_reserve', description: 'Enter your code.', extra: { block_reason: 'code_required' } });
    expect(codeRequiredOf(required)).toEqual({ description: 'Enter your code.' });
    expect(codeRequiredOf(new ApiError({ status: 400, code: 'rule_blocks_reserve', extra: { block_reason: 'sales_window' } }))).toBeNull();
  });

  it('recognises a US ZIP code and a UK postcode', () => {
    expect(['02139', 'SW1A 1AA', 'sw1a1aa', 'M1 1AE', '1234', '021390', 'ABC'].map(looksLikeZip)).toEqual([true, true, true, true, false, false, false]);
  });

  it('a blocked cart adds "Please try another one." to a used-up or unknown code', () => {
    expect(blockedCartErrorText(new ApiError({ status: 409, code: 'code_exhausted', description: 'This code has been used up.' }), 'VIP')).toBe('This code has been used up. Please try another one.');
    expect(blockedCartErrorText(new ApiError({ status: 429, code: 'rate_limited', description: 'Too many tries.' }), 'VIP')).toBe('Too many tries.');
  });

  it('the CityPASS field shows only when the event enables it, not for add-ons, and while the buyer has applied no code (the default code does not count)', () => {
    const on = [configEntry('ecommerce.citypass', true, 'event-1')];
    const cart = (phase: 'default' | 'post') => cartDocument({ cart: { promo_codes: [{ code: 'WELCOME10', code_group_id: 'g', phase }] } }).cart._data[0];
    expect(citypassFieldShown(on, false, null)).toBe(true);
    expect(citypassFieldShown(on, false, cart('default'))).toBe(true);
    expect(citypassFieldShown(on, false, cart('post'))).toBe(false);
    expect(citypassFieldShown(on, true, null)).toBe(false);
    expect(citypassFieldShown([configEntry('ecommerce.citypass', { enabled: true }, 'event-1')], false, null)).toBe(true);
    expect(citypassFieldShown([], false, null)).toBe(false);
  });
});
