import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TConfigEntry } from '@foyer/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app.js';
import { useCartTestEnv } from './cart-test-env.js';
import { STRIPE_JS_URL } from '../src/shared/payment/stripe-js.js';
import { recaptchaProvider, setCaptchaProvider } from '../src/features/checkout/captcha.js';
import { cartDocument } from './cart-fixtures.js';
import { configDocument, configEntry, installFetch, SELLER_ID, sentText, type Handler } from './fixtures.js';

const completed = () => ({ body: { ...cartDocument(), outcome: 'completed', ticket_order: { _data: [{ id: 'order-1', order_number: '500001' }] } } });

function server(entries: TConfigEntry[], pay: Handler = completed, extra: Record<string, unknown> = {}): Handler {
  const cart = cartDocument({ cart: extra });
  return (url, request) => {
    if (url.pathname === '/api/config') return { body: configDocument(entries) };
    if (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET') return { body: cart };
    if (url.pathname === '/api/user') return { body: { identity: { _data: [{ id: 'id-1' }] } } };
    if (url.pathname === '/api/cart/cart-1/guest_checkout') return { body: cart };
    if (url.pathname === '/api/cart/cart-1/pay') return pay(url, request);
    return undefined;
  };
}
const payments = (name: string, value: string): TConfigEntry => ({ id: `payments.${name}`, resource_id: SELLER_ID, namespace: 'payments', name, value });

async function fillIdentity() {
  fireEvent.change(await screen.findByRole('textbox', { name: 'First name' }), { target: { value: 'Ada' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Lovelace' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'E-mail address' }), { target: { value: 'ada@example.org' } });
}
function fillCard() {
  fireEvent.change(screen.getByRole('textbox', { name: 'Card number' }), { target: { value: '4242424242424242' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Expiry date (MM / YY)' }), { target: { value: '1234' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Security code (CVC)' }), { target: { value: '123' } });
}
const payCalls = (fetch: ReturnType<typeof installFetch>['fetch']) => fetch.mock.calls.filter(([u]) => u.includes('/pay')).length;

useCartTestEnv();
afterEach(() => {
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  vi.restoreAllMocks();
});

describe('checkout: terms, identity, Stripe', () => {
  it('the terms modal must be accepted: Decline pays nothing and says why, Accept pays', async () => {
    const { fetch } = installFetch(server([configEntry('checkout_terms', 'Tickets are not refundable.')]));
    renderApp('/checkout');
    await fillIdentity();
    fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
    let dialog = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    expect(within(dialog).getByText('Tickets are not refundable.')).toBeTruthy();
    expect(within(dialog).queryByText(/captcha/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect((await screen.findByTestId('terms-error')).textContent).toBe('Please accept the terms and conditions to continue.');
    expect(payCalls(fetch)).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
    dialog = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(payCalls(fetch)).toBe(1));
  });

  it('with a captcha key the terms modal carries the captcha notice', async () => {
    installFetch(server([configEntry('checkout_terms', 'Terms.'), configEntry('captcha_site_key', 'site-key')]));
    renderApp('/checkout');
    await fillIdentity();
    fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    expect(within(dialog).getByText(/protected by a captcha/)).toBeTruthy();
  });

  it('the invisible captcha answers before paying; a dismissed challenge pays nothing and says nothing', async () => {
    const answers: (string | null)[] = [null, 'captcha-token'];
    setCaptchaProvider({ execute: (siteKey) => (expect(siteKey).toBe('site-key'), Promise.resolve(answers.shift() ?? null)) });
    try {
      const { fetch } = installFetch(server([configEntry('captcha_site_key', 'site-key')]));
      renderApp('/checkout');
      await fillIdentity();
      fillCard();
      fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
      await waitFor(() => expect(answers).toHaveLength(1));
      await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pay $62' }).disabled).toBe(false));
      expect(payCalls(fetch)).toBe(0);
      expect(screen.queryByTestId('pay-error')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
      await waitFor(() => expect(payCalls(fetch)).toBe(1));
      const call = fetch.mock.calls.find(([u]) => u.includes('/pay'))!;
      expect(JSON.parse(sentText(call[1])).captcha).toBe('captcha-token');
    } finally {
      setCaptchaProvider(recaptchaProvider);
    }
  });

  it('partial payment: due (default), outstanding or another amount clamped between them; only outstanding without a plan', async () => {
    const { fetch } = installFetch(server([], completed, { paymentDue: '20.00' }));
    renderApp('/checkout');
    await fillIdentity();
    fillCard();
    const group = await screen.findByRole('group', { name: 'Amount to pay' });
    expect(within(group).getByRole<HTMLInputElement>('radio', { name: 'Payment due $20' }).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Pay $20' })).toBeTruthy();
    fireEvent.click(within(group).getByRole('radio', { name: 'Total outstanding $62' }));
    expect(screen.getByRole('button', { name: 'Pay $62' })).toBeTruthy();
    fireEvent.click(within(group).getByRole('radio', { name: 'Other amount' }));
    const other = within(group).getByRole('spinbutton', { name: 'Amount to pay now' });
    fireEvent.change(other, { target: { value: '100' } });
    fireEvent.blur(other);
    expect((other as HTMLInputElement).value).toBe('62.00');
    fireEvent.change(other, { target: { value: '5' } });
    fireEvent.blur(other);
    expect((other as HTMLInputElement).value).toBe('20.00');
    fireEvent.change(other, { target: { value: '30.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $30.50' }));
    await waitFor(() => expect(payCalls(fetch)).toBe(1));
    const call = fetch.mock.calls.find(([u]) => u.includes('/pay'))!;
    expect(JSON.parse(sentText(call[1])).amount).toBe('30.50');
  });

  it('without a due amount below the outstanding balance there is no choice', async () => {
    installFetch(server([]));
    renderApp('/checkout');
    await screen.findByRole('button', { name: 'Pay $62' });
    expect(screen.queryByTestId('partial-payment')).toBeNull();
  });

  it('a staff-created cart shows the payment-link page: total outstanding, lines cannot be removed', async () => {
    installFetch(server([], completed, { injected: true }));
    renderApp('/checkout');
    const link = await screen.findByTestId('payment-link');
    expect(within(link).getByRole('heading', { name: 'Pay for your order' })).toBeTruthy();
    expect(within(link).getByTestId('total-outstanding').textContent).toBe('$62');
    expect(document.querySelector('.checkout--payment-link')).not.toBeNull();
    expect(screen.queryAllByRole('button', { name: /^Remove / })).toHaveLength(0);
  });

  it('identity: a bad ZIP and phone are errors on their fields; Canada asks for a province', async () => {
    const { fetch } = installFetch(server([]));
    renderApp('/checkout');
    await fillIdentity();
    fillCard();
    fireEvent.change(screen.getByRole('textbox', { name: 'ZIP / postal code (optional)' }), { target: { value: '12' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone (optional)' }), { target: { value: 'call me' } });
    expect(screen.getByRole('combobox', { name: 'State' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), { target: { value: 'ca' } });
    expect(screen.getByRole('combobox', { name: 'Province' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), { target: { value: 'fr' } });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'State' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
    await screen.findByTestId('form-errors');
    const zip = screen.getByRole('textbox', { name: 'ZIP / postal code (optional)' });
    expect(document.getElementById(zip.getAttribute('aria-describedby')!)!.textContent).toBe('Enter 4 to 10 characters.');
    const phone = screen.getByRole('textbox', { name: 'Phone (optional)' });
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(payCalls(fetch)).toBe(0);
  });

  it('with Stripe active, the card form loads Stripe.js; when it cannot, the spec text shows and nothing can be paid by card', async () => {
    installFetch(server([payments('card_gateway', 'stripe'), payments('stripe_publishable_key', 'pk_test_foyer')]));
    renderApp('/checkout');
    await screen.findByRole('textbox', { name: 'First name' });
    expect(screen.queryByText('Test mode')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Card number' })).toBeNull();
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>(`script[src="${STRIPE_JS_URL}"]`);
      expect(found).not.toBeNull();
      return found!;
    });
    act(() => {
      script.dispatchEvent(new Event('error'));
    });
    expect((await screen.findByTestId('stripe-failed')).textContent).toBe(
      'Credit card payment can not be processed because Stripe was unable to load. Try disabling any privacy blockers and ad blockers, and reloading the page.',
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pay $62' }).disabled).toBe(true);
  });
});
