import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fillCheckoutForm } from './checkout-steps.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app.js';
import { useCartTestEnv } from './cart-test-env.js';
import { readCartId } from '../src/shared/cart/storage.js';
import { cartDocument } from './cart-fixtures.js';
import { configDocument, installFetch, SELLER_ID, sentText, stubLocation, type Handler } from './fixtures.js';


const refusal = (status: number, code: string, description: string, extra: unknown = null) => ({
  status,
  body: { _data: [{ _code: code, _context: 'payment', _description: description, _extra: extra }] },
});

function server(pay: Handler): Handler {
  const cart = cartDocument();
  return (url, request) => {
    if (url.pathname === '/api/config') return { body: configDocument([]) };
    if (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET') return { body: cart };
    if (url.pathname === '/api/user') return { body: { user: { _data: [{ id: 'u1', identity_id: 'id-1' }] }, identity: { _data: [{ id: 'id-1' }] } } };
    if (url.pathname === '/api/cart/cart-1/guest_checkout') return { body: cart };
    if (url.pathname === '/api/cart/cart-1/pay') return pay(url, request);
    return undefined;
  };
}

useCartTestEnv();
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('checkout', () => {
  it('an empty submit shows the banner, errors tied to their fields, and focuses the first invalid field', async () => {
    installFetch(server(() => ({ body: {} })));
    renderApp('/checkout');
    const pay = await screen.findByRole('button', { name: 'Pay $62' });
    expect(screen.getByRole('button', { name: 'Card' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByRole('button', { name: /Apple Pay|Google Pay/ })).toBeNull();
    fireEvent.click(pay);
    expect((await screen.findByTestId('form-errors')).textContent).toBe(
      'There were errors found in the information you submitted. Please address the errors and re-submit the form.',
    );
    const first = screen.getByRole('textbox', { name: 'First name' });
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(first.getAttribute('aria-describedby')!)!.textContent).toBe('Enter your first name.');
    expect(screen.getByRole('textbox', { name: 'Card number' }).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(first));
  });

  it('a refusal shows "Your card has not been charged." and the provider message; the next attempt has a new key', async () => {
    let attempt = 0;
    const { fetch } = installFetch(
      server(() => (++attempt === 1 ? refusal(402, 'card_declined', 'Your card was declined.') : { body: { ...cartDocument(), outcome: 'completed', ticket_order: { _data: [{ id: 'order-1', order_number: '500001' }] } } })),
    );
    const router = renderApp('/checkout');
    await fillCheckoutForm();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
    const alert = await screen.findByTestId('pay-error');
    expect(alert.textContent).toBe('Your card has not been charged.Your card was declined.');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/checkout/complete?orderIds=order-1'));
    const keys = fetch.mock.calls.filter(([u]) => u.includes('/pay')).map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[0]).not.toBe(keys[1]);
    // The guest's identity was set once, with the names and e-mail (the other answers go with guest_checkout, docs/checkout.md#your-information).
    const user = fetch.mock.calls.filter(([u]) => u.includes('/api/user'));
    expect(user).toHaveLength(1);
    expect(JSON.parse(sentText(user[0][1]))).toEqual({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org' });
    // The local cart is cleared.
    await waitFor(() => expect(readCartId(SELLER_ID)).toBeNull());
  });

  it('a double click pays once', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { fetch } = installFetch(server(() => ({ body: { ...cartDocument(), outcome: 'partial' } })));
    const wrapped = vi.fn(async (input: string, init?: RequestInit) => {
      if (input.includes('/pay')) await gate;
      return fetch(input, init);
    });
    vi.stubGlobal('fetch', wrapped);
    renderApp('/checkout');
    await fillCheckoutForm();
    const pay = screen.getByRole('button', { name: 'Pay $62' });
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => expect(wrapped.mock.calls.filter(([u]) => u.includes('/pay'))).toHaveLength(1));
    await act(() => {
      release();
      return Promise.resolve();
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $62' })).toBeTruthy());
    expect(wrapped.mock.calls.filter(([u]) => u.includes('/pay'))).toHaveLength(1);
  });

  it('payment not supported for the amount', async () => {
    installFetch(server(() => refusal(400, 'payment_not_supported', 'Payment is not supported for this amount.')));
    renderApp('/checkout');
    await fillCheckoutForm();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
    expect((await screen.findByTestId('pay-error')).textContent).toBe('Payment is not supported for this amount.');
  });

  it('a hold that ran out before paying (410 cart_expired) shows the expiry dialog and forgets the cart', async () => {
    installFetch(server(() => refusal(410, 'cart_expired', 'Your cart has timed out and the tickets have been released. Your card has not been charged.')));
    renderApp('/checkout');
    await fillCheckoutForm();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
    expect(await screen.findByRole('dialog', { name: 'Your cart has timed out' })).toBeTruthy();
    expect(readCartId(SELLER_ID)).toBeNull();
  });

  it('refused details from POST user are shown, and nothing is paid', async () => {
    const { fetch } = installFetch((url, request) =>
      url.pathname === '/api/user' ? { status: 429, body: { _data: [{ _code: 'rate_limited', _context: 'user', _description: 'Too many attempts. Please wait a minute.', _extra: null }] } } : server(() => ({ body: {} }))(url, request),
    );
    renderApp('/checkout');
    await fillCheckoutForm();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
    expect((await screen.findByTestId('pay-error')).textContent).toBe('Too many attempts. Please wait a minute.');
    expect(fetch.mock.calls.some(([u]) => u.includes('/pay'))).toBe(false);
  });

  it('a gift card: the modal texts, then a refusal at pay leaves the card to pay', async () => {
    const { fetch } = installFetch((url, request) => {
      if (url.pathname === '/api/ledger/giftcard/GC25') return { body: { ledger: { _data: [{ number: 'GC25', state: 'active', balance: '25.00' }] } } };
      if (url.pathname === '/api/ledger/giftcard/EMPTY') return { body: { ledger: { _data: [{ number: 'EMPTY', state: 'active', balance: '0.00' }] } } };
      if (url.pathname === '/api/ledger/giftcard/BROKEN') return { status: 503, body: {} };
      if (url.pathname === '/api/cart/cart-1/gift_card') return { body: cartDocument() };
      return server(() => refusal(402, 'payment_failed', 'Gift Card balance is $0'))(url, request);
    });
    renderApp('/checkout');
    await fillCheckoutForm();
    fireEvent.click(screen.getByRole('button', { name: 'Use a gift card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gift cards' });
    const input = screen.getByRole('textbox', { name: 'Gift card number' });
    const apply = screen.getByRole('button', { name: 'Apply' });
    fireEvent.click(apply);
    expect((await screen.findByText('Enter the gift card number.')).id).toBe(input.getAttribute('aria-describedby')!.split(' ')[1]);
    fireEvent.change(input, { target: { value: 'A'.repeat(71) } });
    fireEvent.click(apply);
    expect(await screen.findByText('A gift card number has at most 70 characters.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'empty' } });
    fireEvent.click(apply);
    expect(await screen.findByText('Gift Card balance is $0')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'BROKEN' } });
    fireEvent.click(apply);
    expect(await screen.findByText('We are having trouble with that sorry. Please try again later.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'gc25' } });
    fireEvent.click(apply);
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Use a gift card' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Gift card number' }), { target: { value: 'GC25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Oops! You already applied this gift card')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Pay $25 with gift card' }));
    expect((await screen.findByTestId('pay-error')).textContent).toBe('Gift Card balance is $0');
    // The applied card is kept on the cart (docs/checkout.md#data), so a reload still has it.
    const keep = fetch.mock.calls.find(([u]) => u.includes('/gift_card'))!;
    expect(JSON.parse(sentText(keep[1]))).toEqual({ number: 'GC25' });
    const pay = fetch.mock.calls.find(([u]) => u.includes('/pay'))!;
    expect(JSON.parse(sentText(pay[1]))).toEqual({ amount: '25.00', gateway_id: 'ledger', gateway_data: { number: 'GC25' } });
    expect(await screen.findByRole('button', { name: 'Pay $62' })).toBeTruthy();
  });

  it('the complete page says what is still to pay on an order booked on a payment plan', async () => {
    const fees = (outstanding: string) => ({ total_after_fees_price: '50.00', total_payments: '20.00', total_outstanding: outstanding });
    installFetch((url) => {
      if (url.pathname === '/api/config') return { body: configDocument([]) };
      if (url.pathname === '/api/ticket_order') {
        return { body: { ticket_order: { _data: [{ id: 'order-1', order_number: '500001', ticket_order_fees: fees('30.00') }, { id: 'order-2', order_number: '500002', ticket_order_fees: fees('0.00') }] }, ticket: { _data: [] } } };
      }
      return undefined;
    });
    renderApp('/checkout/complete?orderIds=order-1,order-2');
    expect((await screen.findByTestId('still-to-pay')).textContent).toBe('Still to pay: $30');
    expect(screen.getAllByTestId('still-to-pay')).toHaveLength(1);
  });

  it('the complete page leads with the seller\'s completed-order message (seller meta completed_order_message)', async () => {
    const config = configDocument([]);
    (config.seller as { _data: { meta: object }[] })._data[0].meta = { completed_order_message: 'See you at the harbour! Doors open at 9.' };
    installFetch((url) => {
      if (url.pathname === '/api/config') return { body: config };
      if (url.pathname === '/api/ticket_order') return { body: { ticket_order: { _data: [{ id: 'order-1', order_number: '500001', ticket_order_fees: { total_after_fees_price: '50.00', total_payments: '50.00', total_outstanding: '0.00' } }] }, ticket: { _data: [] } } };
      return undefined;
    });
    renderApp('/checkout/complete?orderIds=order-1');
    expect((await screen.findByText('See you at the harbour! Doors open at 9.')).className).toBe('page-lead');
  });

  it('the complete page sends the buyer to the seller\'s own completed-order page, order ids appended', async () => {
    const replace = vi.fn();
    stubLocation({ replace });
    const config = configDocument([]);
    (config.seller as { _data: { meta: object }[] })._data[0].meta = { completed_order_url: 'https://museum.example/thanks?from=shop' };
    installFetch((url) => (url.pathname === '/api/config' ? { body: config } : undefined));
    renderApp('/checkout/complete?orderIds=order-1,order-2');
    expect(await screen.findByText('Taking you to your order…')).toBeTruthy();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('https://museum.example/thanks?from=shop&orderIds=order-1%2Corder-2'));
  });

  it('the complete page without orderIds goes to not-found', async () => {
    installFetch(server(() => ({ body: {} })));
    const router = renderApp('/checkout/complete');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});
