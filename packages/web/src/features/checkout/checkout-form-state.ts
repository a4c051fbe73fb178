// The checkout form's own state in one reducer (docs/payments.md#captcha-and-terms): the buyer's answers,
// the terms and mandate agreements, the applied gift cards, the amount chosen and what the form tells the buyer.
import { fromMinor, toMinor } from '@foyer/contracts/constants';
import type { TCart } from '@foyer/contracts';
import type { IdentityAnswers } from '@foyer/contracts/rules';
import { en } from '../../i18n/en.js';
import { answersWith, EMPTY_ANSWERS, type IdentityErrors } from './identity-form-model.js';
import type { AppliedGiftCard, PartialChoice, PayStep } from '../../shared/payment/model.js';

/** A failure shown above the pay bar: the headline and, when it says more, the gateway's detail. */
export interface Message {
  text: string;
  detail: string | null;
}

/** A demo payment that asks the buyer to confirm (the demo gateway's 3-D Secure stand-in). */
export interface PendingAction {
  intentId: string;
  amount: string;
}

export interface CheckoutFormState {
  identity: IdentityAnswers;
  identityErrors: IdentityErrors;
  /** The terms were accepted for this payment step. */
  terms: boolean;
  termsOpen: boolean;
  termsError: string | null;
  /** The "please fix the form" banner. */
  banner: boolean;
  submitting: boolean;
  failure: Message | null;
  /** Bacs Direct Debit: the buyer agreed to the mandate (docs/payments.md). */
  mandate: boolean;
  mandateError: string | null;
  /** A payment plan's deposit: this card pays the later instalments (docs/payments.md "Later instalments"). */
  instalmentConsent: boolean;
  notice: string | null;
  giftCards: AppliedGiftCard[];
  giftOpen: boolean;
  action: PendingAction | null;
  choice: PartialChoice;
  otherText: string;
}

export type CheckoutFormAction =
  | { type: 'answers'; answers: IdentityAnswers }
  | { type: 'validated'; identityErrors: IdentityErrors; mandateError: string | null; ok: boolean }
  | { type: 'started' }
  | { type: 'finished' }
  | { type: 'failed'; failure: Message | null }
  | { type: 'notice'; notice: string | null }
  | { type: 'partialPaid'; step: PayStep; notice: string }
  | { type: 'giftCardApplied'; card: AppliedGiftCard }
  | { type: 'giftCardRemoved'; number: string }
  | { type: 'giftCardRefused'; number: string; failure: Message }
  | { type: 'giftOpen'; open: boolean }
  | { type: 'termsAsked' }
  | { type: 'termsAccepted' }
  | { type: 'termsDeclined' }
  | { type: 'mandate'; agreed: boolean }
  | { type: 'instalmentConsent'; consent: boolean }
  | { type: 'action'; action: PendingAction | null }
  | { type: 'actionCancelled' }
  | { type: 'choice'; choice: PartialChoice }
  | { type: 'otherText'; text: string };

/** The form as it opens: the gift cards kept on the cart that still hold money (docs/payments.md#gift-cards), the amount due chosen. */
export function initialCheckoutFormState(initialFailure: Message | null, keptGiftCards: TCart['giftCards'], due: number): CheckoutFormState {
  return {
    identity: EMPTY_ANSWERS,
    identityErrors: {},
    terms: false,
    termsOpen: false,
    termsError: null,
    banner: false,
    submitting: false,
    failure: initialFailure,
    mandate: false,
    mandateError: null,
    instalmentConsent: false,
    notice: null,
    giftCards: (keptGiftCards ?? []).filter((g) => g.state === 'active' && toMinor(g.balance) > 0).map((g) => ({ number: g.number, balance: g.balance, used: false })),
    giftOpen: false,
    action: null,
    choice: 'due',
    otherText: fromMinor(due),
  };
}

const withoutGiftCard = (list: AppliedGiftCard[], number: string) => list.filter((g) => g.number !== number);

/** A gift card that paid part: marked used, its balance down by what it paid, so the dialog never shows the old balance. */
function spent(list: AppliedGiftCard[], number: string, amount: string): AppliedGiftCard[] {
  return list.map((g) => (g.number === number ? { ...g, used: true, spent: amount, balance: fromMinor(Math.max(0, toMinor(g.balance) - toMinor(amount))) } : g));
}

export function checkoutFormReducer(state: CheckoutFormState, action: CheckoutFormAction): CheckoutFormState {
  switch (action.type) {
    case 'answers': {
      // An answer clears its field's error (docs/checkout.md#your-information).
      const keys = Object.keys(action.answers);
      const cleared = keys.some((k) => state.identityErrors[k]) ? { ...state.identityErrors, ...Object.fromEntries(keys.map((k) => [k, undefined])) } : state.identityErrors;
      return { ...state, identity: answersWith(state.identity, action.answers), identityErrors: cleared };
    }
    case 'validated':
      return { ...state, identityErrors: action.identityErrors, mandateError: action.mandateError, termsError: null, banner: !action.ok };
    case 'started':
      return { ...state, submitting: true, failure: null };
    case 'finished':
      return { ...state, submitting: false };
    case 'failed':
      return { ...state, failure: action.failure };
    case 'notice':
      return { ...state, notice: action.notice };
    case 'partialPaid':
      // Partial (docs/payments.md#captcha-and-terms): stay on the page, terms reset for the next step.
      return { ...state, giftCards: action.step.kind === 'gift_card' ? spent(state.giftCards, action.step.number, action.step.amount) : state.giftCards, terms: false, notice: action.notice };
    case 'giftCardApplied':
      return { ...state, giftCards: [...state.giftCards, action.card], giftOpen: false };
    case 'giftCardRemoved':
      return { ...state, giftCards: withoutGiftCard(state.giftCards, action.number) };
    case 'giftCardRefused':
      return { ...state, giftCards: withoutGiftCard(state.giftCards, action.number), failure: action.failure };
    case 'giftOpen':
      return { ...state, giftOpen: action.open };
    case 'termsAsked':
      return { ...state, termsOpen: true };
    case 'termsAccepted':
      return { ...state, termsOpen: false, terms: true };
    case 'termsDeclined':
      return { ...state, termsOpen: false, termsError: en.checkout.termsRequired };
    case 'mandate':
      return { ...state, mandate: action.agreed, mandateError: action.agreed ? null : state.mandateError };
    case 'instalmentConsent':
      return { ...state, instalmentConsent: action.consent };
    case 'action':
      return { ...state, action: action.action };
    case 'actionCancelled':
      return { ...state, action: null, failure: { text: en.checkout.editDetails, detail: null } };
    case 'choice':
      return { ...state, choice: action.choice };
    case 'otherText':
      return { ...state, otherText: action.text };
  }
}
