import { CARD_MAX_MINOR, CARD_MIN_MINOR, CARD_MIN_MINOR_GBP, fromMinor, toMinor } from '@foyer/contracts/constants';
import type { TCart } from '@foyer/contracts';
import { ApiError } from '../../api/client.js';
import { en } from '../../i18n/en.js';

/** Payment rules several features share (docs/checkout.md), pure: amounts, refusal texts, card input formatting, gift cards. */

export const GIFT_CARD_MAX = 70;

// ───────────── Card form (demo gateway) ─────────────

export interface CardValue {
  number: string;
  expiry: string;
  cvc: string;
}
export type CardErrors = Partial<Record<keyof CardValue, string>>;

export const digits = (text: string) => text.replace(/\D/g, '');

/** "4242424242424242" → "4242 4242 4242 4242" (at most 19 digits). */
export function formatCardNumber(text: string): string {
  return digits(text).slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1229" → "12 / 29"; a leading 2–9 month gets its 0. */
export function formatExpiry(text: string): string {
  let d = digits(text).slice(0, 4);
  if (d.length === 1 && Number(d) > 1) d = `0${d}`;
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
}

export function validateCard(value: CardValue, now = new Date()): CardErrors {
  const errors: CardErrors = {};
  const number = digits(value.number);
  if (!number) errors.number = en.checkout.cardNumberRequired;
  else if (number.length < 12) errors.number = en.checkout.cardNumberInvalid;
  const expiry = digits(value.expiry);
  if (!expiry) errors.expiry = en.checkout.expiryRequired;
  else {
    const month = Number(expiry.slice(0, 2));
    const year = 2000 + Number(expiry.slice(2, 4));
    if (expiry.length !== 4 || month < 1 || month > 12) errors.expiry = en.checkout.expiryInvalid;
    else if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) errors.expiry = en.checkout.expiryPast;
  }
  const cvc = digits(value.cvc);
  if (!cvc) errors.cvc = en.checkout.cvcRequired;
  else if (cvc.length < 3 || cvc.length > 4) errors.cvc = en.checkout.cvcInvalid;
  return errors;
}

// ───────────── Payment methods (docs/checkout.md#screens, docs/checkout.md#flow) ─────────────

/** The spec's order (apple_pay, google_pay, card), then the seller's extra Stripe methods (docs/checkout.md#your-information). */
export const PAYMENT_METHOD_ORDER = ['apple_pay', 'google_pay', 'card', 'afterpay_clearpay', 'bacs_debit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHOD_ORDER)[number];

/** The accordion's methods, in the spec's order; wallets only where supported, extra methods where enabled (never in test mode). */
export function availableMethods(options: { testMode: boolean; wallet: 'apple' | 'google' | 'none'; redirectMethods?: readonly string[] }): PaymentMethod[] {
  return PAYMENT_METHOD_ORDER.filter((m) => {
    if (m === 'card') return true;
    if (options.testMode) return false;
    if (m === 'afterpay_clearpay' || m === 'bacs_debit') return !!options.redirectMethods?.includes(m);
    return (m === 'apple_pay' && options.wallet === 'apple') || (m === 'google_pay' && options.wallet === 'google');
  });
}

/** The default: the wallet when supported, else card. */
export function defaultMethod(methods: PaymentMethod[]): PaymentMethod {
  return methods.find((m) => m === 'apple_pay' || m === 'google_pay') ?? 'card';
}

// ───────────── Amounts (docs/checkout.md#flow, docs/checkout.md#your-information) ─────────────

export interface AppliedGiftCard {
  number: string;
  /** Decimal string, the balance when looked up. */
  balance: string;
  /** Paid with it already (partial outcome). */
  used: boolean;
  /** What it paid, decimal string, once used. */
  spent?: string;
}

export function outstandingMinor(cart: Pick<TCart, 'cart_fees'>): number {
  try {
    return Math.max(0, toMinor(cart.cart_fees.total_outstanding));
  } catch {
    return 0;
  }
}

export function paidMinor(cart: Pick<TCart, 'cart_fees'>): number {
  try {
    return toMinor(cart.cart_fees.total_payments);
  } catch {
    return 0;
  }
}

/** Card amounts: at least 0.30 (GBP) or 0.50, at most 999999.99 (docs/checkout.md#limits). */
export function cardAmountSupported(minor: number, currency: string): boolean {
  const min = currency.toUpperCase() === 'GBP' ? CARD_MIN_MINOR_GBP : CARD_MIN_MINOR;
  return minor >= min && minor <= CARD_MAX_MINOR;
}

// ───────────── Partial payment choice (docs/payments.md#partial-payments-and-payment-links) ─────────────

export type PartialChoice = 'due' | 'outstanding' | 'other';

/**
 * The cart's payment due now (a scheduled-payment plan: `paymentDue`), in minor units; without
 * one, everything outstanding is due.
 */
export function paymentDueMinor(cart: Pick<TCart, 'cart_fees'> & { paymentDue?: unknown }, outstanding: number): number {
  if (typeof cart.paymentDue !== 'string') return outstanding;
  try {
    return Math.min(outstanding, Math.max(0, toMinor(cart.paymentDue)));
  } catch {
    return outstanding;
  }
}

/** A cart's amounts in minor units: everything outstanding, the part due now (a plan's payment due, else all of it), what was paid already. */
export interface PayAmounts {
  outstanding: number;
  due: number;
  paid: number;
}

export function cartPayAmounts(cart: Pick<TCart, 'cart_fees'> & { paymentDue?: unknown }): PayAmounts {
  const outstanding = outstandingMinor(cart);
  return { outstanding, due: paymentDueMinor(cart, outstanding), paid: paidMinor(cart) };
}

/** The buyer's partial-payment choice: which amount, and the other amount as typed. */
export interface PartialAmount {
  choice: PartialChoice;
  otherText: string;
}

/** due (the default), outstanding, other; only outstanding when due equals outstanding (docs/checkout.md#flow). */
export function partialOptions(due: number, outstanding: number): PartialChoice[] {
  return due > 0 && due < outstanding ? ['due', 'outstanding', 'other'] : ['outstanding'];
}

/** The "other" amount: a number with at most 2 decimals, clamped between the due amount and the outstanding balance (docs/checkout.md#your-information). */
export function clampOther(text: string, due: number, outstanding: number): number {
  const value = Number(text.trim().replace(/,/g, ''));
  if (!Number.isFinite(value)) return due;
  return Math.min(outstanding, Math.max(due, Math.round(value * 100)));
}

export function chosenAmount(choice: PartialChoice, due: number, outstanding: number, other: number): number {
  if (choice === 'due' && due > 0 && due < outstanding) return due;
  if (choice === 'other' && due < outstanding) return Math.min(outstanding, Math.max(due, other));
  return outstanding;
}

export type PayStep =
  | { kind: 'free'; amount: '0' }
  | { kind: 'gift_card'; amount: string; number: string; partial: boolean }
  | { kind: 'card'; amount: string }
  | { kind: 'unsupported'; amount: string };

/**
 * What the pay button does next: nothing outstanding → the free gateway; an applied, unused gift
 * card → min(balance, outstanding) from it (partial when less); else the card for the rest.
 */
export function nextPayStep(outstanding: number, giftCards: readonly AppliedGiftCard[], currency: string, cardAmount = outstanding): PayStep {
  if (outstanding <= 0) return { kind: 'free', amount: '0' };
  const card = giftCards.find((g) => !g.used && toMinor(g.balance) > 0);
  if (card) {
    const amount = Math.min(toMinor(card.balance), outstanding);
    return { kind: 'gift_card', amount: fromMinor(amount), number: card.number, partial: amount < outstanding };
  }
  const amount = Math.min(outstanding, Math.max(1, cardAmount));
  return cardAmountSupported(amount, currency) ? { kind: 'card', amount: fromMinor(amount) } : { kind: 'unsupported', amount: fromMinor(amount) };
}

// ───────────── Refusals (docs/checkout.md#errors) ─────────────

export const CARD_REFUSALS = new Set(['card_declined', 'incorrect_cvc', 'incorrect_zip', 'payment_failed']);

export type PayFailure =
  | { kind: 'message'; text: string; detail: string | null }
  | { kind: 'requires_action'; intentId: string; clientSecret: string | null; redirectUrl?: string }
  | { kind: 'processing' }
  | { kind: 'expired' };

/** `wallet`: the payment came from Apple Pay or Google Pay (a postal-code refusal then adds the wallet hint, docs/checkout.md#errors). */
export function payFailure(error: unknown, options: { wallet?: boolean } = {}): PayFailure {
  if (!(error instanceof ApiError)) return { kind: 'message', text: en.checkout.unexpected, detail: null };
  if (error.code === 'intent_requires_action') {
    const extra = error.extra as { payment_intent_id?: unknown; payment_intent_client_secret?: unknown; redirect_url?: unknown } | null;
    const clientSecret = typeof extra?.payment_intent_client_secret === 'string' ? extra.payment_intent_client_secret : null;
    // A method that redirects (afterpay_clearpay): the provider's page finishes it.
    const redirect = typeof extra?.redirect_url === 'string' ? { redirectUrl: extra.redirect_url } : {};
    if (typeof extra?.payment_intent_id === 'string') return { kind: 'requires_action', intentId: extra.payment_intent_id, clientSecret, ...redirect };
    return { kind: 'message', text: en.checkout.editDetails, detail: null };
  }
  if (error.code === 'intent_processing') return { kind: 'processing' };
  if (error.status === 410 || error.code === 'cart_expired') return { kind: 'expired' };
  if (CARD_REFUSALS.has(error.code)) return { kind: 'message', text: en.checkout.notCharged, detail: options.wallet && error.code === 'incorrect_zip' ? `${error.description} ${en.checkout.walletZipHint}` : error.description };
  if (error.code === 'payment_not_supported') return { kind: 'message', text: en.checkout.notSupported, detail: null };
  if (error.code === 'validation_failed') return { kind: 'message', text: en.checkout.editDetails, detail: null };
  if (error.status === 0) return { kind: 'message', text: en.checkout.unexpected, detail: null };
  if (error.status >= 500) return { kind: 'message', text: en.checkout.unexpected, detail: null };
  return { kind: 'message', text: error.description, detail: null };
}

// ───────────── Gift cards (docs/payments.md#gift-cards) ─────────────

export function validateGiftCardNumber(text: string): string | null {
  const number = text.trim();
  if (!number) return en.giftCard.required;
  if (number.length > GIFT_CARD_MAX) return en.giftCard.tooLong;
  return null;
}

export const normalizeGiftCard = (text: string) => text.replace(/\s+/g, '').toUpperCase();

export function isDuplicateGiftCard(number: string, applied: readonly AppliedGiftCard[]): boolean {
  const n = normalizeGiftCard(number);
  return applied.some((g) => normalizeGiftCard(g.number) === n);
}

/** A looked-up card: usable, or the text to show. */
export function giftCardProblem(ledger: { state?: string; balance?: string } | null | undefined): string | null {
  if (!ledger) return en.giftCard.notFound;
  let balance = 0;
  try {
    balance = toMinor(ledger.balance ?? '0');
  } catch {
    balance = 0;
  }
  if (balance <= 0 || ledger.state !== 'active') return en.giftCard.zeroBalance;
  return null;
}

export function giftCardLookupError(error: unknown): string {
  if (error instanceof ApiError && (error.status === 404 || error.code === 'not_found')) return en.giftCard.notFound;
  if (error instanceof ApiError && error.code === 'validation_failed') return en.giftCard.required;
  return en.giftCard.trouble;
}

/** Only the last 4 characters of a gift card show once applied. */
export function maskGiftCard(number: string): string {
  const n = normalizeGiftCard(number);
  return n.length <= 4 ? n : `•••• ${n.slice(-4)}`;
}
