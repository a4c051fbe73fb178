/**
 * Stripe.js, loaded only on the checkout page and only when Stripe takes the cards (docs/architecture.md#areas).
 * The few calls Foyer makes are typed here; the script is Stripe's own (never bundled).
 */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';
const LOAD_TIMEOUT_MS = 15_000;

export interface StripeCardElement {
  mount(el: HTMLElement): void;
  destroy(): void;
  on(event: 'change', handler: (e: { error?: { message: string } }) => void): void;
}
export interface StripePaymentRequest {
  canMakePayment(): Promise<{ applePay?: boolean; googlePay?: boolean } | null>;
  show(): void;
  on(event: 'paymentmethod', handler: (e: { paymentMethod: { id: string }; complete(status: 'success' | 'fail'): void }) => void): void;
  on(event: 'cancel', handler: () => void): void;
}
/** Stripe's Payment Element (Bacs Direct Debit's bank details: they go from it to Stripe, never to Foyer). */
export interface StripePaymentElement {
  mount(el: HTMLElement): void;
  destroy(): void;
  on(event: 'change', handler: (e: { complete?: boolean }) => void): void;
}
export interface StripeElements {
  create(type: 'card', options?: object): StripeCardElement;
  create(type: 'payment', options?: object): StripePaymentElement;
  /** Checks the Payment Element's fields before a payment method is made from them. */
  submit(): Promise<{ error?: { message: string } }>;
}
export interface StripeJs {
  elements(options?: { mode: 'payment'; currency: string; amount: number; paymentMethodTypes: string[] }): StripeElements;
  createPaymentMethod(options: { type: 'card'; card: StripeCardElement; billing_details?: object } | { elements: StripeElements; params?: { billing_details?: object } }): Promise<{ paymentMethod?: { id: string }; error?: { message: string } }>;
  handleNextAction(options: { clientSecret: string }): Promise<{ error?: { message: string } }>;
  paymentRequest(options: { country: string; currency: string; total: { label: string; amount: number } }): StripePaymentRequest;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

let pending: Promise<(key: string) => StripeJs> | null = null;

/** Loads the script once; rejects when it cannot (blocked, offline) so the page can say so (docs/payments.md#paying). */
export function loadStripeJs(publishableKey: string): Promise<StripeJs> {
  pending ??= new Promise<(key: string) => StripeJs>((resolve, reject) => {
    if (window.Stripe) { resolve(window.Stripe); return; }
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    const timer = setTimeout(() => fail(new Error('Stripe.js timed out')), LOAD_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      script.remove();
      pending = null; // a reload of the page may try again
      reject(error);
    };
    script.addEventListener('load', () => {
      clearTimeout(timer);
      if (window.Stripe) resolve(window.Stripe);
      else fail(new Error('Stripe.js loaded without Stripe'));
    });
    script.addEventListener('error', () => fail(new Error('Stripe.js failed to load')));
    document.head.appendChild(script);
  });
  return pending.then((Stripe) => Stripe(publishableKey));
}
