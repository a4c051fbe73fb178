import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en.js';
import { checkoutFormReducer, initialCheckoutFormState, type CheckoutFormState } from '../src/features/checkout/checkout-form-state.js';

const start = (): CheckoutFormState => initialCheckoutFormState(null, [], 2500);
const card = { number: '6000', balance: '10.00', used: false };

describe('checkout form state', () => {
  it('opens with the kept gift cards that still hold money, and the amount due as the other amount', () => {
    const kept = [
      { number: 'A', balance: '5.00', state: 'active' },
      { number: 'B', balance: '0.00', state: 'active' },
      { number: 'C', balance: '9.00', state: 'cancelled' },
    ] as Parameters<typeof initialCheckoutFormState>[1];
    const state = initialCheckoutFormState({ text: 'Back', detail: null }, kept, 2500);
    expect(state.giftCards).toEqual([{ number: 'A', balance: '5.00', used: false }]);
    expect(state.otherText).toBe('25.00');
    expect(state.choice).toBe('due');
    expect(state.failure).toEqual({ text: 'Back', detail: null });
  });

  it('an answer clears its own error and keeps the others; a new country clears the state', () => {
    let state = checkoutFormReducer(start(), { type: 'validated', identityErrors: { email: 'bad', first_name: 'missing' }, mandateError: null, ok: false });
    expect(state.banner).toBe(true);
    state = checkoutFormReducer({ ...state, identity: { country: 'us', state: 'NY' } }, { type: 'answers', answers: { email: 'a@b.c', country: 'ca' } });
    expect(state.identity).toEqual({ country: 'ca', state: '', region: '', address_lookup_id: '', email: 'a@b.c' });
    expect(state.identityErrors).toEqual({ email: undefined, country: undefined, first_name: 'missing' });
  });

  it('validation resets the terms error and shows the banner only when something is wrong', () => {
    const declined = checkoutFormReducer(start(), { type: 'termsDeclined' });
    expect(declined.termsError).toBe(en.checkout.termsRequired);
    const ok = checkoutFormReducer(declined, { type: 'validated', identityErrors: {}, mandateError: null, ok: true });
    expect(ok).toMatchObject({ termsError: null, banner: false });
    const missing = checkoutFormReducer(ok, { type: 'validated', identityErrors: {}, mandateError: en.payRedirect.mandateRequired, ok: false });
    expect(missing).toMatchObject({ banner: true, mandateError: en.payRedirect.mandateRequired });
    expect(checkoutFormReducer(missing, { type: 'mandate', agreed: true })).toMatchObject({ mandate: true, mandateError: null });
    expect(checkoutFormReducer(missing, { type: 'mandate', agreed: false }).mandateError).toBe(en.payRedirect.mandateRequired);
  });

  it('starting a payment clears the failure; the terms are asked, accepted and reset by a partial payment', () => {
    let state = checkoutFormReducer(start(), { type: 'failed', failure: { text: 'No', detail: null } });
    state = checkoutFormReducer(state, { type: 'started' });
    expect(state).toMatchObject({ submitting: true, failure: null });
    expect(checkoutFormReducer(state, { type: 'finished' }).submitting).toBe(false);
    state = checkoutFormReducer(checkoutFormReducer(state, { type: 'termsAsked' }), { type: 'termsAccepted' });
    expect(state).toMatchObject({ termsOpen: false, terms: true });
    state = checkoutFormReducer(state, { type: 'partialPaid', step: { kind: 'card', amount: '5.00' }, notice: 'Paid 5' });
    expect(state).toMatchObject({ terms: false, notice: 'Paid 5' });
  });

  it('a gift card that paid part is marked used with its balance down by what it paid', () => {
    let state = checkoutFormReducer(checkoutFormReducer(start(), { type: 'giftOpen', open: true }), { type: 'giftCardApplied', card });
    expect(state).toMatchObject({ giftOpen: false, giftCards: [card] });
    state = checkoutFormReducer(state, { type: 'partialPaid', step: { kind: 'gift_card', amount: '4.00', number: '6000', partial: true }, notice: 'Paid 4' });
    expect(state.giftCards).toEqual([{ number: '6000', balance: '6.00', used: true, spent: '4.00' }]);
  });

  it('a refused or removed gift card leaves the list; a refusal says why', () => {
    const applied = checkoutFormReducer(start(), { type: 'giftCardApplied', card });
    expect(checkoutFormReducer(applied, { type: 'giftCardRemoved', number: '6000' }).giftCards).toEqual([]);
    const refused = checkoutFormReducer(applied, { type: 'giftCardRefused', number: '6000', failure: { text: 'Spent', detail: null } });
    expect(refused).toMatchObject({ giftCards: [], failure: { text: 'Spent', detail: null } });
  });

  it('a demo confirmation cancelled asks to edit the details', () => {
    const asked = checkoutFormReducer(start(), { type: 'action', action: { intentId: 'pi_1', amount: '5.00' } });
    expect(asked.action).toEqual({ intentId: 'pi_1', amount: '5.00' });
    expect(checkoutFormReducer(asked, { type: 'actionCancelled' })).toMatchObject({ action: null, failure: { text: en.checkout.editDetails, detail: null } });
  });

  it('keeps the partial-payment choice, the other amount and the instalment consent', () => {
    let state = checkoutFormReducer(start(), { type: 'choice', choice: 'other' });
    state = checkoutFormReducer(state, { type: 'otherText', text: '12.50' });
    state = checkoutFormReducer(state, { type: 'instalmentConsent', consent: true });
    expect(state).toMatchObject({ choice: 'other', otherText: '12.50', instalmentConsent: true });
  });
});
