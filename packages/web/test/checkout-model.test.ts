import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/client.js';
import { en } from '../src/i18n/en.js';
import {
  availableMethods,
  defaultMethod,
  formatCardNumber,
  formatExpiry,
  giftCardLookupError,
  giftCardProblem,
  isDuplicateGiftCard,
  nextPayStep,
  payFailure,
  validateCard,
  validateGiftCardNumber,
  chosenAmount,
  clampOther,
  partialOptions,
  paymentDueMinor,
} from '../src/shared/payment/model.js';
import { identityIdOfConflict, identityIdOfUser } from '../src/features/checkout/identity-ids.js';
import { normalizeCountry, regionLabel, regionsOf } from '../src/features/checkout/regions.js';
import { parseOrderIds } from '../src/shared/orders/orders.js';

const refusal = (status: number, code: string, description = 'Provider says no.', extra: unknown = null) => new ApiError({ status, code, description, extra });

describe('partial payments (docs/payments.md#partial-payments-and-payment-links)', () => {
  it('offers due, outstanding and other only when less than the outstanding balance is due', () => {
    expect(partialOptions(2000, 6200)).toEqual(['due', 'outstanding', 'other']);
    expect(partialOptions(6200, 6200)).toEqual(['outstanding']);
    expect(partialOptions(0, 6200)).toEqual(['outstanding']);
    expect(paymentDueMinor({ cart_fees: {} as never, paymentDue: '20.00' }, 6200)).toBe(2000);
    expect(paymentDueMinor({ cart_fees: {} as never, paymentDue: '99.00' }, 6200)).toBe(6200);
    expect(paymentDueMinor({ cart_fees: {} as never }, 6200)).toBe(6200);
  });
  it('clamps the other amount between due and outstanding, to the cent', () => {
    expect(clampOther('30.555', 2000, 6200)).toBe(3056);
    expect(clampOther('1', 2000, 6200)).toBe(2000);
    expect(clampOther('1000', 2000, 6200)).toBe(6200);
    expect(clampOther('abc', 2000, 6200)).toBe(2000);
    expect([chosenAmount('due', 2000, 6200, 0), chosenAmount('outstanding', 2000, 6200, 0), chosenAmount('other', 2000, 6200, 3000), chosenAmount('due', 6200, 6200, 0)]).toEqual([2000, 6200, 3000, 6200]);
  });
});

describe('your information (docs/checkout.md#your-information)', () => {
  it('labels the region "Province" for Canada, lists states and provinces, and maps country names (docs/checkout.md#your-information)', () => {
    expect([regionLabel('us'), regionLabel('ca'), regionLabel('gb')]).toEqual([en.checkout.state, en.checkout.province, en.checkout.state]);
    expect(regionsOf('us')).toHaveLength(51);
    expect(regionsOf('ca').map((r) => r.code)).toContain('QC');
    expect(regionsOf('fr')).toEqual([]);
    expect(['united states', 'USA', 'Canada', 'gb'].map(normalizeCountry)).toEqual(['us', 'us', 'ca', 'gb']);
  });
  it('reads the identity id from the user document, or from a 409 email_in_use', () => {
    expect(identityIdOfUser({ identity: { _data: [{ id: 'i1' }] }, user: { _data: [{ identity_id: 'i2' }] } })).toBe('i1');
    expect(identityIdOfUser({ user: { _data: [{ identity_id: 'i2' }] } })).toBe('i2');
    expect(identityIdOfConflict(refusal(409, 'email_in_use', 'in use', { identity_id: 'i3' }))).toBe('i3');
    expect(identityIdOfConflict(refusal(400, 'validation_failed'))).toBeNull();
  });
});

describe('card form', () => {
  it('formats the number in fours and the expiry as MM / YY', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42a42')).toBe('4242 4242');
    expect(formatExpiry('1229')).toBe('12 / 29');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('12 / 2')).toBe('12 / 2');
  });
  it('validates number, expiry (not in the past) and CVC', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    expect(validateCard({ number: '', expiry: '', cvc: '' }, now)).toEqual({
      number: en.checkout.cardNumberRequired,
      expiry: en.checkout.expiryRequired,
      cvc: en.checkout.cvcRequired,
    });
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '10 / 26', cvc: '12' }, now)).toEqual({ expiry: en.checkout.expiryPast, cvc: en.checkout.cvcInvalid });
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '13 / 30', cvc: '123' }, now)).toEqual({ expiry: en.checkout.expiryInvalid });
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '11 / 26', cvc: '123' }, now)).toEqual({});
  });
});

describe('payment methods (docs/checkout.md#screens, docs/checkout.md#flow)', () => {
  it('keeps the order apple_pay, google_pay, card; wallets only where supported and never in test mode', () => {
    expect(availableMethods({ testMode: true, wallet: 'apple' })).toEqual(['card']);
    expect(availableMethods({ testMode: false, wallet: 'google' })).toEqual(['google_pay', 'card']);
    expect(defaultMethod(['apple_pay', 'card'])).toBe('apple_pay');
    expect(defaultMethod(['card'])).toBe('card');
  });
});

describe('amounts and partial payment (docs/payments.md#partial-payments-and-payment-links)', () => {
  it('nothing outstanding pays with the free gateway', () => {
    expect(nextPayStep(0, [], 'USD')).toEqual({ kind: 'free', amount: '0' });
  });
  it('a gift card pays min(balance, outstanding): partial when less', () => {
    expect(nextPayStep(6200, [{ number: 'GC1', balance: '25.00', used: false }], 'USD')).toEqual({ kind: 'gift_card', amount: '25.00', number: 'GC1', partial: true });
    expect(nextPayStep(1500, [{ number: 'GC1', balance: '25.00', used: false }], 'USD')).toEqual({ kind: 'gift_card', amount: '15.00', number: 'GC1', partial: false });
  });
  it('a used gift card leaves the rest to the card', () => {
    expect(nextPayStep(3700, [{ number: 'GC1', balance: '25.00', used: true }], 'USD')).toEqual({ kind: 'card', amount: '37.00' });
  });
  it('card amounts under 0.50 (0.30 in GBP) or over 999999.99 are not supported', () => {
    expect(nextPayStep(49, [], 'USD').kind).toBe('unsupported');
    expect(nextPayStep(49, [], 'GBP').kind).toBe('card');
    expect(nextPayStep(29, [], 'GBP').kind).toBe('unsupported');
    expect(nextPayStep(100_000_000, [], 'USD').kind).toBe('unsupported');
    expect(nextPayStep(99_999_999, [], 'USD')).toEqual({ kind: 'card', amount: '999999.99' });
  });
});

describe('pay refusals (docs/checkout.md#errors)', () => {
  it('card refusals: "Your card has not been charged." plus the provider message', () => {
    for (const code of ['card_declined', 'incorrect_cvc', 'incorrect_zip', 'payment_failed']) {
      expect(payFailure(refusal(402, code, 'Your card was declined.'))).toEqual({ kind: 'message', text: 'Your card has not been charged.', detail: 'Your card was declined.' });
    }
  });
  it('payment_not_supported, validation_failed, unexpected', () => {
    // docs/checkout.md#errors: a wallet payment refused for its postal code adds the wallet hint.
    expect(payFailure(refusal(402, 'incorrect_zip', 'The ZIP code failed validation.'), { wallet: true })).toEqual({ kind: 'message', text: 'Your card has not been charged.', detail: 'The ZIP code failed validation. If you paid with Apple Pay or Google Pay, check that the billing ZIP or postal code of the card in your wallet matches the one your bank has.' });
    expect(payFailure(refusal(402, 'incorrect_zip', 'The ZIP code failed validation.'))).toEqual({ kind: 'message', text: 'Your card has not been charged.', detail: 'The ZIP code failed validation.' });
    expect(payFailure(refusal(400, 'payment_not_supported'))).toEqual({ kind: 'message', text: 'Payment is not supported for this amount.', detail: null });
    expect(payFailure(refusal(400, 'validation_failed'))).toEqual({ kind: 'message', text: 'Please edit your payment details and try again.', detail: null });
    expect(payFailure(new Error('boom'))).toEqual({ kind: 'message', text: 'Sorry, something unexpected happened. Please try again later.', detail: null });
    expect(payFailure(refusal(500, 'internal_error'))).toMatchObject({ text: 'Sorry, something unexpected happened. Please try again later.' });
  });
  it('requires action, processing and expiry are flows, not messages', () => {
    expect(payFailure(refusal(402, 'intent_requires_action', 'Confirm', { payment_intent_id: 'pi_1' }))).toEqual({ kind: 'requires_action', intentId: 'pi_1', clientSecret: null });
    expect(payFailure(refusal(409, 'intent_processing'))).toEqual({ kind: 'processing' });
    expect(payFailure(refusal(410, 'cart_expired'))).toEqual({ kind: 'expired' });
  });
});

describe('gift cards (docs/payments.md#gift-cards)', () => {
  it('number required, at most 70 characters', () => {
    expect(validateGiftCardNumber('  ')).toBe(en.giftCard.required);
    expect(validateGiftCardNumber('A'.repeat(71))).toBe(en.giftCard.tooLong);
    expect(validateGiftCardNumber('A'.repeat(70))).toBeNull();
  });
  it('the exact texts: duplicate, $0 balance, not found, trouble', () => {
    expect(isDuplicateGiftCard('ab cd', [{ number: 'ABCD', balance: '5.00', used: false }])).toBe(true);
    expect(en.giftCard.duplicate).toBe('Oops! You already applied this gift card');
    expect(giftCardProblem({ state: 'active', balance: '0.00' })).toBe('Gift Card balance is $0');
    expect(giftCardProblem({ state: 'void', balance: '10.00' })).toBe('Gift Card balance is $0');
    expect(giftCardProblem({ state: 'active', balance: '10.00' })).toBeNull();
    expect(giftCardLookupError(refusal(404, 'not_found'))).toBe(en.giftCard.notFound);
    expect(giftCardLookupError(refusal(503, 'unavailable'))).toBe('We are having trouble with that sorry. Please try again later.');
  });
});

describe('order complete', () => {
  it('reads orderIds from the query (comma list or repeated), without duplicates', () => {
    expect(parseOrderIds(new URLSearchParams('orderIds=a,b&orderIds=b,c'))).toEqual(['a', 'b', 'c']);
    expect(parseOrderIds(new URLSearchParams(''))).toEqual([]);
  });
});
