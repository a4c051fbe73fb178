import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TConfigEntry } from '@foyer/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app.js';
import { useCartTestEnv } from './cart-test-env.js';
import { cartDocument } from './cart-fixtures.js';
import { configDocument, installFetch, SELLER_ID, sentText, stubLocation, type Handler } from './fixtures.js';
import type { StripeJs, StripePaymentRequest } from '../src/shared/payment/stripe-js.js';

/**
 * Payment methods with Stripe on (docs/checkout.md): the wallet is the default where the browser has
 * one (the Payment Request capability, reached through Stripe.js, is stubbed here: it is the
 * external boundary), the seller's redirect methods with the address required, and the return
 * from the provider's page.
 */
const payments = (name: string, value: unknown): TConfigEntry => ({ id: `payments.${name}`, resource_id: SELLER_ID, namespace: 'payments', name, value: value });
const STRIPE = [payments('card_gateway', 'stripe'), payments('stripe_publishable_key', 'pk_test_foyer')];
const refusal = (status: number, code: string, description: string, extra: unknown = null) => ({ status, body: { _data: [{ _code: code, _context: 'payment', _description: description, _extra: extra }] } });
const completed = () => ({ body: { ...cartDocument(), outcome: 'completed', ticket_order: { _data: [{ id: 'order-1', order_number: '500001' }] } } });

function server(entries: TConfigEntry[], routes: Partial<Record<string, Handler>> = {}): Handler {
  const cart = cartDocument();
  // A payment in flight (outcome pending) leaves the cart in checkout: the pending page reads it so.
  let inFlight = false;
  return (url, request) => {
    if (url.pathname === '/api/config') return { body: configDocument(entries) };
    if (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET') return { body: inFlight ? cartDocument({ cart: { state: 'checkout' } }) : cart };
    if (url.pathname === '/api/user') return { body: { identity: { _data: [{ id: 'id-1' }] } } };
    if (url.pathname === '/api/cart/cart-1/guest_checkout') return { body: cart };
    const answer = routes[url.pathname]?.(url, request);
    if ((answer?.body as { outcome?: string } | undefined)?.outcome === 'pending') inFlight = true;
    return answer;
  };
}

/** Stripe.js is loaded once per page (its constructor is kept): each test's Stripe object is served through it. */
let currentStripe: StripeJs | null = null;
/** The US address a redirect method needs (the body's identity_form below names the same values). */
function fillAddress() {
  fireEvent.change(screen.getByRole('textbox', { name: 'Address' }), { target: { value: '1 Harbour Street' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'City' }), { target: { value: 'Springfield' } });
  fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: 'IL' } });
  fireEvent.change(screen.getByRole('textbox', { name: /ZIP/ }), { target: { value: '62701' } });
}

const StripeConstructor = () => currentStripe!;

type WalletAnswer = { applePay?: boolean; googlePay?: boolean } | null;
/** Stripe.js as the page sees it; `wallet` is what the browser's Payment Request capability answers (a promise: when it answers). */
function stubStripeJs(wallet: WalletAnswer | Promise<WalletAnswer>) {
  const shown = vi.fn();
  const handlers: Record<string, (e: never) => void> = {};
  const request: StripePaymentRequest = { canMakePayment: () => Promise.resolve(wallet), show: shown, on: (event: string, handler: (e: never) => void) => void (handlers[event] = handler) };
  // Stripe's elements: the card element, or the Payment Element Bacs is typed into (its payment method is made at Stripe).
  const elements = { create: () => ({ mount: (el: HTMLElement) => el.setAttribute('data-stripe-element', 'mounted'), destroy: () => undefined, on: () => undefined }), submit: () => Promise.resolve({}) };
  const makeElements = vi.fn(() => elements);
  const createPaymentMethod = vi.fn((options: object) => Promise.resolve({ paymentMethod: { id: 'elements' in options ? 'pm_bacs_from_stripe' : 'pm_card_visa' } }));
  const stripe: StripeJs = {
    elements: makeElements,
    createPaymentMethod,
    handleNextAction: () => Promise.resolve({}),
    paymentRequest: () => request,
  };
  currentStripe = stripe;
  vi.stubGlobal('Stripe', StripeConstructor);
  return { shown, handlers, makeElements, createPaymentMethod };
}
const bodyOf = (fetch: ReturnType<typeof installFetch>['fetch'], path: string) => {
  const call = fetch.mock.calls.find(([u]) => new URL(u, 'http://x').pathname.endsWith(path));
  return call ? JSON.parse(sentText(call[1])) : undefined;
};
async function fillIdentity() {
  fireEvent.change(await screen.findByRole('textbox', { name: 'First name' }), { target: { value: 'Ada' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Lovelace' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'E-mail address' }), { target: { value: 'ada@example.org' } });
}
const header = (name: string) => screen.getByRole('button', { name });

useCartTestEnv();
afterEach(() => vi.restoreAllMocks());

describe('checkout payment methods with Stripe', () => {
  it('Apple Pay is the default where the browser supports it; paying shows the wallet sheet and pays its payment method', async () => {
    const { shown, handlers } = stubStripeJs({ applePay: true });
    const { fetch } = installFetch(server(STRIPE, { '/api/cart/cart-1/pay': completed }));
    const router = renderApp('/checkout');
    await fillIdentity();
    await waitFor(() => expect(header('Apple Pay').getAttribute('aria-expanded')).toBe('true'));
    expect(screen.getAllByRole('button', { expanded: false }).map((b) => b.textContent)).toContain('Card');
    expect(screen.queryByRole('button', { name: 'Google Pay' })).toBeNull();
    expect(screen.getByText('Press the pay button to pay with your wallet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
    await waitFor(() => expect(shown).toHaveBeenCalledTimes(1));
    const complete = vi.fn();
    handlers.paymentmethod({ paymentMethod: { id: 'pm_wallet_1' }, complete } as never);
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/complete'));
    expect(bodyOf(fetch, '/pay').gateway_data).toEqual({ payment_method_id: 'pm_wallet_1' });
    expect(complete).toHaveBeenCalledWith('success');
  });

  it('Google Pay where that is the browser wallet; none selects card', async () => {
    stubStripeJs({ googlePay: true });
    installFetch(server(STRIPE));
    renderApp('/checkout');
    await waitFor(() => expect(header('Google Pay').getAttribute('aria-expanded')).toBe('true'));
    expect(screen.queryByRole('button', { name: 'Apple Pay' })).toBeNull();
  });

  it('without a wallet the card is the default and no wallet is offered', async () => {
    stubStripeJs(null);
    installFetch(server(STRIPE));
    renderApp('/checkout');
    await screen.findByRole('button', { name: 'Pay $62' });
    await waitFor(() => expect(header('Card').getAttribute('aria-expanded')).toBe('true'));
    expect(screen.queryByRole('button', { name: /Apple Pay|Google Pay/ })).toBeNull();
  });

  it('a late wallet answer does not override a method the buyer already chose: the wallet is offered, their choice stays open', async () => {
    let answer: (can: WalletAnswer) => void = () => undefined;
    stubStripeJs(new Promise<WalletAnswer>((resolve) => (answer = resolve)));
    installFetch(server([...STRIPE, payments('stripe_payment_methods', ['afterpay_clearpay'])]));
    renderApp('/checkout');
    fireEvent.click(await screen.findByRole('button', { name: 'Afterpay / Clearpay' }));
    expect(header('Afterpay / Clearpay').getAttribute('aria-expanded')).toBe('true');
    answer({ applePay: true });
    await screen.findByRole('button', { name: 'Apple Pay' });
    expect(header('Apple Pay').getAttribute('aria-expanded')).toBe('false');
    expect(header('Afterpay / Clearpay').getAttribute('aria-expanded')).toBe('true');
  });

  it("the seller's Afterpay and Bacs follow the card; choosing one requires the address, sent with the method; Afterpay sends the buyer to its page", async () => {
    stubStripeJs(null);
    const assign = vi.fn();
    stubLocation({ assign });
    const { fetch } = installFetch(
      server([...STRIPE, payments('stripe_payment_methods', ['afterpay_clearpay', 'bacs_debit'])], {
        '/api/cart/cart-1/pay': () => refusal(402, 'intent_requires_action', 'Your bank asks you to confirm this payment.', { payment_intent_id: 'pi_1', payment_intent_client_secret: 'pi_1_secret_x', redirect_url: 'https://pay.example/redirect/pi_1' }),
      }),
    );
    renderApp('/checkout');
    await fillIdentity();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Bacs Direct Debit' })).toBeTruthy());
    const names = [...document.querySelectorAll('.pay-method__header')].map((b) => b.textContent);
    expect(names).toEqual(['Card', 'Afterpay / Clearpay', 'Bacs Direct Debit']);
    expect(screen.queryByRole('textbox', { name: 'City' })).toBeNull();
    fireEvent.click(header('Afterpay / Clearpay'));
    fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
    await screen.findByTestId('form-errors');
    for (const name of ['Address', 'City']) expect(screen.getByRole('textbox', { name }).getAttribute('aria-invalid')).toBe('true');
    expect(bodyOf(fetch, '/pay')).toBeUndefined();
    fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/redirect/pi_1'));
    const checkout = bodyOf(fetch, '/guest_checkout');
    expect(checkout.payment_method_type).toBe('afterpay_clearpay');
    expect(checkout.identity_form).toMatchObject({ address: '1 Harbour Street', city: 'Springfield', zip_code: '62701' });
    expect(bodyOf(fetch, '/pay')).toEqual({ amount: '62.00', gateway_id: 'stripe', gateway_data: { payment_method_type: 'afterpay_clearpay' } });
  });

  it('Bacs: the bank details go into Stripe’s own form (never a field of Foyer’s), under the Direct Debit Guarantee; the mandate must be agreed; the debit awaits clearing: the pending page shows its reference', async () => {
    const stripe = stubStripeJs(null);
    const { fetch } = installFetch(
      server([...STRIPE, payments('stripe_payment_methods', ['bacs_debit'])], { '/api/cart/cart-1/pay': () => ({ body: { ...cartDocument(), outcome: 'pending' } }) }),
    );
    const router = renderApp('/checkout');
    await fillIdentity();
    fireEvent.click(await screen.findByRole('button', { name: 'Bacs Direct Debit' }));
    expect(screen.queryByRole('button', { name: 'Afterpay / Clearpay' })).toBeNull();
    fillAddress();
    // Stripe's Payment Element for Bacs, in GBP; no sort code or account number field of the page's own.
    await waitFor(() => expect(document.querySelector('[data-stripe-element="mounted"][aria-labelledby$="-bacs-label"]')).not.toBeNull());
    expect(stripe.makeElements).toHaveBeenCalledWith(expect.objectContaining({ mode: 'payment', currency: 'gbp', paymentMethodTypes: ['bacs_debit'] }));
    expect(screen.queryByRole('textbox', { name: /Sort code|Account number/ })).toBeNull();
    const guarantee = screen.getByRole('region', { name: 'The Direct Debit Guarantee' });
    expect(guarantee.textContent).toContain('you are entitled to a full and immediate refund of the amount paid from your bank or building society');
    expect(guarantee.textContent).toContain('Harbour Museum will notify you 3 working days in advance');
    // Paying without agreeing to the mandate is stopped at the checkbox; nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
    expect(await screen.findByText('Agree to the Direct Debit mandate to pay this way.')).toBeTruthy();
    expect(bodyOf(fetch, '/pay')).toBeUndefined();
    fireEvent.click(screen.getByRole('checkbox', { name: /I authorise Harbour Museum to collect this payment from my account by Direct Debit/ }));
    expect(screen.queryByText('Agree to the Direct Debit mandate to pay this way.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/pending/cart-1'));
    // Foyer's server gets the payment method Stripe made and the mandate's agreement, never the bank details.
    expect(bodyOf(fetch, '/pay').gateway_data).toEqual({ payment_method_type: 'bacs_debit', payment_method_id: 'pm_bacs_from_stripe', mandate_accepted: true });
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({ elements: expect.anything() });
    // The reference is the cart's number (docs/checkout.md#screens), not its internal id.
    expect((await screen.findByTestId('reference')).textContent).toBe('100001');
    expect(screen.getByRole('heading', { name: 'Order pending' })).toBeTruthy();
  });
});

describe('return from a payment redirect', () => {
  const RETURN = '/checkout?cartId=cart-1&purchaser=guest&payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=succeeded';

  it('asks the server (never the address) and goes to the complete page', async () => {
    stubStripeJs(null);
    const { fetch } = installFetch(server(STRIPE, { '/api/cart/cart-1/payment_return': completed }));
    const router = renderApp(RETURN);
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/complete'));
    expect(router.state.location.search).toBe('?orderIds=order-1');
    expect(bodyOf(fetch, '/payment_return')).toEqual({ payment_intent_client_secret: 'pi_1_secret_x' });
    expect(fetch.mock.calls.filter(([u]) => u.endsWith('/pay')).length).toBe(0);
  });

  it("a member's cart is asked at my/cart; a manage-order payment goes back to its order", async () => {
    stubStripeJs(null);
    const { fetch } = installFetch(server(STRIPE, { '/api/my/cart/cart-1/payment_return': completed }));
    const router = renderApp('/checkout?cartId=cart-1&purchaser=member&payment_intent_client_secret=pi_1_secret_x&orderId=order-9');
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/order-9'));
    expect(bodyOf(fetch, '/api/my/cart/cart-1/payment_return')).toBeTruthy();
  });

  it('a refused payment comes back to the form with the spec text and the provider message; the parameters leave the address', async () => {
    stubStripeJs(null);
    installFetch(server(STRIPE, { '/api/cart/cart-1/payment_return': () => refusal(402, 'card_declined', 'The payment was declined by Afterpay.') }));
    const router = renderApp(`${RETURN.replace('succeeded', 'failed')}&utm_source=mail`);
    expect(await screen.findByTestId('payment-return')).toBeTruthy();
    const error = await screen.findByTestId('pay-error');
    expect(within(error).getByText('Your card has not been charged.')).toBeTruthy();
    expect(within(error).getByText('The payment was declined by Afterpay.')).toBeTruthy();
    await waitFor(() => expect([router.state.location.pathname, router.state.location.search]).toEqual(['/checkout', '?utm_source=mail']));
    expect(screen.getByTestId('pay-error').textContent).toContain('Your card has not been charged.');
    expect(screen.getByRole('button', { name: 'Pay $62' })).toBeTruthy();
  });

  it('a debit still clearing goes to the pending page with its reference', async () => {
    stubStripeJs(null);
    installFetch(server(STRIPE, { '/api/cart/cart-1/payment_return': () => ({ body: { ...cartDocument(), outcome: 'pending' } }) }));
    const router = renderApp(RETURN);
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/pending/cart-1'));
    expect((await screen.findByTestId('reference')).textContent).toBe('100001');
  });
});

describe('a logged-in member and a method that needs the address', () => {
  beforeEach(() => {
    document.cookie = `session_expires=${encodeURIComponent('2099-01-01T00:00:00.000Z')}; path=/`;
  });
  afterEach(() => {
    document.cookie = 'session_expires=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('sees only the address fields, sent to my/cart guest_checkout with the method before paying', async () => {
    stubStripeJs(null);
    const assign = vi.fn();
    stubLocation({ assign });
    const cart = cartDocument();
    const user = { user: { _count: 1, _total: 1, _data: [{ id: 'u1', identity_id: 'i1', email: 'ann@example.com', first_name: 'Ann', last_name: 'Lee', scan_code: 'M-1', zip_code: null, additional_info: {}, has_password: true, needs_email: false, created_at: '2026-01-01T00:00:00Z' }] }, membership: { _count: 0, _total: 0, _data: [] }, _total: 1 };
    const { fetch } = installFetch(
      server([...STRIPE, payments('stripe_payment_methods', ['afterpay_clearpay'])], {
        '/api/my/user': () => ({ body: user }),
        '/api/my/cart/cart-1/guest_checkout': () => ({ body: cart }),
        '/api/my/cart/cart-1/pay': () => refusal(402, 'intent_requires_action', 'Your bank asks you to confirm this payment.', { payment_intent_id: 'pi_2', payment_intent_client_secret: 'pi_2_secret_x', redirect_url: 'https://pay.example/redirect/pi_2' }),
      }),
    );
    renderApp('/checkout');
    fireEvent.click(await screen.findByRole('button', { name: 'Afterpay / Clearpay' }));
    expect(screen.queryByRole('textbox', { name: 'First name' })).toBeNull();
    fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/redirect/pi_2'));
    expect(bodyOf(fetch, '/api/my/cart/cart-1/guest_checkout')).toEqual({ send_email: true, identity_form: { address: '1 Harbour Street', city: 'Springfield', country: 'us', state: 'IL', zip_code: '62701' }, payment_method_type: 'afterpay_clearpay' });
    expect(bodyOf(fetch, '/api/my/cart/cart-1/pay').gateway_data).toEqual({ payment_method_type: 'afterpay_clearpay' });
  });
});

describe('a manage-order payment: a change to an order paid with Afterpay on /manage/{id}/confirm', () => {
  const KEY = 'manage-key-1';
  const change = () => cartDocument({ cart: { id: 'change-1', edits_order_id: 'o-1' } });
  beforeEach(() => {
    sessionStorage.clear();
    sessionStorage.setItem('foyer.change-cart.o-1', 'change-1');
  });

  it('asks only the address, sends it for the change cart (no buyer named, no e-mail), with the manage key kept in this tab goes to the provider', async () => {
    stubStripeJs(null);
    const assign = vi.fn();
    stubLocation({ assign });
    const { fetch } = installFetch(
      server([...STRIPE, payments('stripe_payment_methods', ['afterpay_clearpay'])], {
        '/api/cart/change-1': () => ({ body: change() }),
        '/api/cart/change-1/guest_checkout': () => ({ body: change() }),
        '/api/cart/change-1/pay': () => refusal(402, 'intent_requires_action', 'Your bank asks you to confirm this payment.', { payment_intent_id: 'pi_3', payment_intent_client_secret: 'pi_3_secret_x', redirect_url: 'https://pay.example/redirect/pi_3' }),
      }),
    );
    const router = renderApp(`/manage/o-1/confirm?key=${KEY}`);
    expect(router.state.location.search).toBe('');
    fireEvent.click(await screen.findByRole('button', { name: 'Afterpay / Clearpay' }));
    expect(screen.queryByRole('textbox', { name: 'First name' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
    await screen.findByTestId('form-errors');
    expect(screen.getByRole('textbox', { name: 'Address' }).getAttribute('aria-invalid')).toBe('true');
    expect(bodyOf(fetch, '/pay')).toBeUndefined();
    fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/redirect/pi_3'));
    expect(bodyOf(fetch, '/api/cart/change-1/guest_checkout')).toEqual({ send_email: false, identity_form: { address: '1 Harbour Street', city: 'Springfield', country: 'us', state: 'IL', zip_code: '62701' }, payment_method_type: 'afterpay_clearpay' });
    expect(bodyOf(fetch, '/api/cart/change-1/pay').gateway_data).toEqual({ payment_method_type: 'afterpay_clearpay' });
    expect(sessionStorage.getItem('foyer.manage-key.o-1')).toBe(KEY);
    // The key never travels in an API call's address or body (only the tab's own storage holds it).
    expect(fetch.mock.calls.some(([u, init]) => u.includes(KEY) || sentText(init).includes(KEY))).toBe(false);
  });

  const RETURN = '/checkout?cartId=change-1&purchaser=guest&payment_intent=pi_3&payment_intent_client_secret=pi_3_secret_x&redirect_status=succeeded&orderId=o-1';

  it('paid: the return lands on /manage/{orderId} with "changes saved", the key still kept in the tab (never in the address); the change cart is forgotten and the tab\'s own cart is untouched', async () => {
    sessionStorage.setItem('foyer.manage-key.o-1', KEY);
    stubStripeJs(null);
    const { fetch } = installFetch(server(STRIPE, { '/api/cart/change-1/payment_return': completed }));
    const router = renderApp(RETURN);
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/o-1'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ changed: 'rescheduled' });
    // The order's page reads it with the key this tab kept.
    await waitFor(() => expect(fetch.mock.calls.map(([u]) => new URL(u, 'http://localhost')).find((u) => u.pathname === '/api/ticket_order/o-1')?.searchParams.get('key')).toBe(KEY));
    expect(bodyOf(fetch, '/api/cart/change-1/payment_return')).toEqual({ payment_intent_client_secret: 'pi_3_secret_x' });
    expect([sessionStorage.getItem('foyer.change-cart.o-1'), sessionStorage.getItem('foyer.manage-key.o-1')]).toEqual([null, KEY]);
    expect(localStorage.length).toBeGreaterThan(0);
    expect(JSON.stringify(Object.entries(localStorage))).toContain('cart-1');
  });

  it('refused at the provider: back to paying the change (the key stays in the tab) with the reason', async () => {
    sessionStorage.setItem('foyer.manage-key.o-1', KEY);
    stubStripeJs(null);
    installFetch(
      server(STRIPE, {
        '/api/cart/change-1/payment_return': () => refusal(402, 'card_declined', 'The payment was declined by Afterpay.'),
        '/api/cart/change-1': () => ({ body: change() }),
      }),
    );
    const router = renderApp(RETURN.replace('succeeded', 'failed'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/o-1/confirm'));
    expect(router.state.location.search).toBe('');
    const error = await screen.findByTestId('pay-error');
    expect(within(error).getByText('Your card has not been charged.')).toBeTruthy();
    expect(within(error).getByText('The payment was declined by Afterpay.')).toBeTruthy();
  });
});
