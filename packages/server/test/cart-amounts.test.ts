import { describe, expect, it } from 'vitest';
import { cartAmounts } from '../src/payments/cart-amounts.js';
import { chargedMethod, methodFeeOn, methodFeesOf } from '../src/payments/method-fees.js';

// Pure (no database): the one computation of a cart's amounts, in minor units.
const ticket = (adjusted: number, fixed = 0, percent = 0, state = 'held') => ({ state, adjusted_value: adjusted, fee_fixed_outside: fixed, fee_percent_outside: percent });
const now = new Date('2026-11-24T12:00:00Z');

describe('cartAmounts', () => {
  it('sums prices and outside fees of live tickets; cancelled ones count for nothing', () => {
    const a = cartAmounts({ paid: 0, state: 'pending' }, [ticket(2000, 150, 60), ticket(1000, 150, 30), ticket(5000, 100, 100, 'cancelled')], [], now);
    expect(a).toEqual({ tickets: 3000, feeFixed: 300, feePercent: 90, total: 3390, paid: 0, outstanding: 3390, due: 3390, methodFees: [], dueByCard: 3390 });
  });

  it('what was paid (gift card, partial payment) comes off what is owed', () => {
    const a = cartAmounts({ paid: 1200, state: 'pending' }, [ticket(2000), ticket(1000)], [], now);
    expect(a).toMatchObject({ total: 3000, paid: 1200, outstanding: 1800, due: 1800 });
  });

  it('with a payment plan only the instalments due by today are due, less what was paid', () => {
    const plan = [
      { due_date: '2026-11-01', amount: 1000 },
      { due_date: '2026-11-24', amount: 1000 },
      { due_date: '2026-12-24', amount: 1000 },
    ];
    expect(cartAmounts({ paid: 0, state: 'pending' }, [ticket(3000)], plan, now).due).toBe(2000);
    expect(cartAmounts({ paid: 1500, state: 'pending' }, [ticket(3000)], plan, now)).toMatchObject({ outstanding: 1500, due: 500 });
    expect(cartAmounts({ paid: 2500, state: 'checkout' }, [ticket(3000)], plan, now).due).toBe(0);
  });

  it('nothing is due once booked; an empty cart owes nothing', () => {
    expect(cartAmounts({ paid: 1000, state: 'booked' }, [ticket(3000, 0, 0, 'booked')], [{ due_date: '2026-11-01', amount: 3000 }], now)).toMatchObject({ total: 3000, outstanding: 2000, due: 0 });
    expect(cartAmounts({ paid: 0, state: 'pending' }, [], [], now)).toMatchObject({ total: 0, outstanding: 0, due: 0 });
  });

  it('each payment method fee is priced on what is due; by card adds the card fee (docs/payments.md Payment-method fees)', () => {
    const fees = [
      { pmc_id: 'pmc_card', payment_method: 'card', fixed: 20, percent: 1.5 },
      { pmc_id: 'pmc_bacs', payment_method: 'bacs_debit', fixed: 0, percent: 1 },
    ];
    const a = cartAmounts({ paid: 1000, state: 'pending' }, [ticket(3000, 100, 45)], [], now, fees);
    expect(a.due).toBe(2145);
    expect(a.methodFees).toEqual([
      { pmc_id: 'pmc_card', payment_method: 'card', fee: 20 + 32 },
      { pmc_id: 'pmc_bacs', payment_method: 'bacs_debit', fee: 21 },
    ]);
    expect(a.dueByCard).toBe(2145 + 52);
    // Nothing due, no fee; without a card fee paying by card costs what is due.
    expect(cartAmounts({ paid: 0, state: 'booked' }, [ticket(3000, 0, 0, 'booked')], [], now, fees)).toMatchObject({ due: 0, dueByCard: 0 });
    expect(cartAmounts({ paid: 0, state: 'pending' }, [ticket(3000)], [], now, fees.slice(1)).dueByCard).toBe(3000);
  });

  it('malformed fee entries are left out, never priced', () => {
    expect(methodFeesOf([{ pmc_id: 'pmc_1', payment_method: 'card', fixed: 30, percent: 2 }, { pmc_id: '', payment_method: 'card' }, { pmc_id: 'x', payment_method: 'card', fixed: -1 }, { pmc_id: 'y', payment_method: 'card', percent: 101 }, 'junk'])).toEqual([
      { pmc_id: 'pmc_1', payment_method: 'card', fixed: 30, percent: 2 },
    ]);
    expect(methodFeesOf(undefined)).toEqual([]);
  });

  it('a pay call pays the fee of the method it is charged through: a card gateway’s card or the redirect method it names, none for gift cards', () => {
    const fees = [
      { pmc_id: 'pmc_card', payment_method: 'card', fixed: 30, percent: 2 },
      { pmc_id: 'pmc_bacs', payment_method: 'bacs_debit', fixed: 100, percent: 0 },
    ];
    const card = { isCard: true };
    expect(chargedMethod(card, { card_number: '4242' })).toBe('card');
    expect(chargedMethod(card, { payment_method_type: 'bacs_debit' })).toBe('bacs_debit');
    expect(chargedMethod({ isCard: false }, { number: 'GC1' })).toBeNull();
    expect(methodFeeOn(fees, 'card', 2000)).toBe(70);
    expect(methodFeeOn(fees, 'bacs_debit', 2000)).toBe(100);
    expect(methodFeeOn(fees, 'afterpay_clearpay', 2000)).toBe(0);
    expect(methodFeeOn(fees, null, 2000)).toBe(0);
  });
});
