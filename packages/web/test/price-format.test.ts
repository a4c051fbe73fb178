import { describe, expect, it } from 'vitest';
import type { PriceDisplay } from '../src/config/config.js';
import { currencySymbol, groupHint, pickerPriceText, prefixedPrice, priceText, sessionPriceText, showsPriceOn, typePrice } from '../src/features/events/detail/price-format.js';
import { moneyParts as priceParts } from '../src/lib/money.js';

const type = (currency_amount: string, extra: Partial<{ currency_amount_min: string | null; currency_amount_max: string | null; discounted_amount: string | null }> = {}) => ({
  currency_amount,
  currency_amount_min: null,
  currency_amount_max: null,
  discounted_amount: null,
  ...extra,
});
const display = (over: Partial<PriceDisplay> = {}): PriceDisplay => ({ mode: 'all', primaryTicketType: null, primaryPrefix: null, secondaryTicketType: null, secondaryPrefix: null, ...over });

describe('price parts (docs/events.md#field-rules)', () => {
  it('splits an amount into sign, symbol, integer and fraction', () => {
    expect(priceParts('1250.50', 'USD')).toEqual({ sign: '', symbol: '$', integer: '1,250', fraction: '50', free: false });
    expect(['999.00', '1000.00', '1234567.00', '12345678.00'].map((a) => priceParts(a, 'USD')!.integer)).toEqual(['999', '1,000', '1,234,567', '12,345,678']);
    expect(priceParts('-3.05', 'EUR')).toEqual({ sign: '-', symbol: '€', integer: '3', fraction: '05', free: false });
    expect(priceParts('12', 'GBP')).toEqual({ sign: '', symbol: '£', integer: '12', fraction: '', free: false });
    expect(priceParts('0.00', 'USD')?.free).toBe(true);
    expect(priceParts('abc', 'USD')).toBeNull();
    expect(priceParts(null, 'USD')).toBeNull();
  });

  it('symbols come from the currency; an unknown code stays itself', () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('CAD')).toBe('CA$');
    expect(currencySymbol('not-a-code')).toBe('not-a-code');
    expect(currencySymbol('SEK')).toBe('SEK');
    // The usual currencies' symbols are known without Intl: each exactly what en-US Intl gives.
    for (const code of ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'JPY', 'CNY', 'INR', 'MXN', 'BRL', 'HKD', 'KRW', 'ILS', 'TWD']) {
      expect(currencySymbol(code), code).toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).formatToParts(0).find((p) => p.type === 'currency')?.value);
    }
  });

  it('0 shows as free unless asked not to; whole amounts have no cents', () => {
    expect(priceText('0', 'USD')).toBe('Free');
    expect(priceText('0', 'USD', { zeroAsFree: false })).toBe('$0');
    expect(priceText('14.00', 'USD')).toBe('$14');
    expect(priceText('25.5', 'USD')).toBe('$25.50');
  });
});

describe('type prices', () => {
  it('a flexible type shows its range, a discount its original, else the amount', () => {
    expect(typePrice(type('0', { currency_amount_min: '5.00', currency_amount_max: '5000.00' }), 'USD')).toEqual({ price: '$5 – $5,000', original: null });
    expect(typePrice(type('20.00', { discounted_amount: '15.00' }), 'USD')).toEqual({ price: '$15', original: '$20' });
    expect(typePrice(type('20.00', { discounted_amount: '25.00' }), 'USD')).toEqual({ price: '$20', original: null });
    expect(typePrice(type('0.00'), 'USD')).toEqual({ price: 'Free', original: null });
  });

  it('group hints say the per-order limits', () => {
    expect(groupHint({ min_tickets_per_order: 2, max_tickets_per_order: 8 })).toBe('2 to 8 per order');
    expect(groupHint({ min_tickets_per_order: null, max_tickets_per_order: 12 })).toBe('Up to 12 per order');
    expect(groupHint({ min_tickets_per_order: 1, max_tickets_per_order: null })).toBeNull();
  });
});

describe('price display modes and prefixes (web.price_display)', () => {
  it('all shows prices on days and sessions; sessions_and_tickets not on days; none on neither', () => {
    expect([showsPriceOn(display(), 'date'), showsPriceOn(display(), 'session')]).toEqual([true, true]);
    expect([showsPriceOn(display({ mode: 'sessions_and_tickets' }), 'date'), showsPriceOn(display({ mode: 'sessions_and_tickets' }), 'session')]).toEqual([false, true]);
    expect([showsPriceOn(display({ mode: 'none' }), 'date'), showsPriceOn(display({ mode: 'none' }), 'session')]).toEqual([false, false]);
  });

  it('a price carries its prefix, else From; free stands alone', () => {
    expect(prefixedPrice('25.00', 'USD', 'Adults')).toBe('Adults $25');
    expect(prefixedPrice('25.00', 'USD', null)).toBe('From $25');
    expect(prefixedPrice('0', 'USD', 'Adults')).toBe('Free');
  });

  it('the primary price with its prefix and the secondary type with its own', () => {
    const types = new Map([['tt-child', { currency_amount: '12.50' }]]);
    const both = display({ primaryPrefix: 'Adults', secondaryTicketType: 'tt-child', secondaryPrefix: 'Children' });
    expect(pickerPriceText({ amount: '25.00' }, both, 'USD', (id) => types.get(id))).toBe('Adults $25 · Children $12.50');
    // The calendar's own prefix wins over the configured one.
    expect(pickerPriceText({ amount: '25.00', prefix: 'Today' }, both, 'USD', (id) => types.get(id))).toBe('Today $25 · Children $12.50');
    expect(pickerPriceText({ amount: '25.00' }, display(), 'USD', () => undefined)).toBe('From $25');
    expect(pickerPriceText({ amount: null }, both, 'USD', (id) => types.get(id))).toBe('');
  });
});

describe('session prices', () => {
  const types = [
    { id: 'adult', currency_amount: '25.00', currency_amount_min: null, currency_amount_max: null },
    { id: 'child', currency_amount: '12.00', currency_amount_min: null, currency_amount_max: null },
    { id: 'gift', currency_amount: '0', currency_amount_min: '5.00', currency_amount_max: '50.00' },
  ];
  it('the primary type with its prefix, else the lowest entry price; hidden under none', () => {
    expect(sessionPriceText(types, display({ primaryTicketType: 'adult', primaryPrefix: 'Adults' }), 'USD')).toBe('Adults $25');
    expect(sessionPriceText(types, display(), 'USD')).toBe('From $5');
    expect(sessionPriceText(types, display({ mode: 'sessions_and_tickets' }), 'USD')).toBe('From $5');
    expect(sessionPriceText(types, display({ mode: 'none' }), 'USD')).toBeNull();
    expect(sessionPriceText([], display(), 'USD')).toBeNull();
  });
});

describe('money text, written out without Intl', () => {
  it('is the text en-US Intl gives, for the usual currencies and one whose symbol is its code; 0 is Free unless asked', async () => {
    const { formatMoney } = await import('../src/lib/money.js');
    const intl = (amount: string, currency: string) => {
      const value = Number(amount);
      const whole = Number.isInteger(value);
      return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 }).format(value);
    };
    const currencies = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'JPY', 'CNY', 'INR', 'MXN', 'BRL', 'HKD', 'KRW', 'ILS', 'TWD', 'CHF', 'SEK'];
    for (const amount of ['0.5', '12', '12.5', '1250.05', '-3.00', '-1250.5', '1000000', '999999.99'])
      for (const currency of currencies) expect(formatMoney(amount, currency), `${amount} ${currency}`).toBe(intl(amount, currency));
    expect(formatMoney('0', 'USD')).toBe('Free');
    expect(formatMoney('0.00', 'EUR', { zeroAsFree: false })).toBe(intl('0', 'EUR'));
    expect(formatMoney('abc', 'USD')).toBe('');
    expect(priceText('12.5', 'CHF')).toBe(formatMoney('12.5', 'CHF'));
  });
});
