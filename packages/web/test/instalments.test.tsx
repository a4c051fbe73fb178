import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TConfigEntry } from '@foyer/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StripeJs, StripePaymentRequest } from '../src/shared/payment/stripe-js.js';
import { useAppTestEnv } from './app-test-env.js';
import { ticket } from './cart-fixtures.js';
import { cartDocument } from './cart-fixtures.js';
import { configDocument, eventDocument, installFetch, SELLER_ID, session } from './fixtures.js';
import { renderApp } from './render-app.js';

/** Later instalments (issue 13): the manage page says what is owed and when; /manage/{id}/pay pays it. */

const list = <T,>(items: T[]) => ({ _count: items.length, _total: items.length, _data: items });
const instalment = (id: string, dueDate: string, status: string) => ({ id, cart_id: 'c-1', ticket_order_id: 'o-1', dueDate, amount: '20.00', status });

function orderDocument(paid: string, outstanding: string, statuses: [string, string, string]) {
  const event = eventDocument();
  return {
    ticket_order: list([{ id: 'o-1', order_number: '500123', seller_id: 'seller-1', identity_id: 'i-1', cart_id: 'c-1', state: 'completed', created_at: '2026-11-20T10:00:00.000Z', ticket_order_fees: { total_after_fees_price: '60.00', total_payments: paid, total_outstanding: outstanding } }]),
    ticket: list([ticket({ id: 't-1', ticket_type_id: 'tt-child', state: 'booked', ticket_order_id: 'o-1', event_session_id: 's-1', face_value: '60.00', adjusted_value: '60.00', scan_code: 'SC-1' })]),
    ticket_type: event.ticket_type,
    event_template: event.event_template,
    event_session: list([session('s-1', '2026-12-25', '10:00', 10)]),
    venue: list([]),
    scheduled_payment: list([instalment('p-1', '2026-11-01', statuses[0]), instalment('p-2', '2026-11-20', statuses[1]), instalment('p-3', '2026-12-20', statuses[2])]),
  };
}

describe('later instalments on /manage/{id}', () => {
  useAppTestEnv();
  afterEach(() => vi.unstubAllGlobals());

  it('shows what is still to pay and when; Pay now pays what is due with the key, then back to the order with a message', async () => {
    let paid = false;
    const { calls } = installFetch((url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument() };
      if (url.pathname === '/api/ticket_order/o-1' && request.method === 'GET') return { body: paid ? orderDocument('40.00', '20.00', ['paid', 'paid', 'scheduled']) : orderDocument('20.00', '40.00', ['paid', 'due', 'scheduled']) };
      if (url.pathname === '/api/cart/c-1/pay') {
        paid = true;
        return { body: { ...cartDocument(), outcome: 'completed', ticket_order: list([{ id: 'o-1', order_number: '500123' }]) } };
      }
      return undefined;
    });
    renderApp('/manage/o-1?key=k-1');
    const summary = await screen.findByTestId('instalments', {}, { timeout: 15_000 });
    expect(within(summary).getByRole('heading', { name: '$40 still to pay' })).toBeTruthy();
    expect(summary.textContent).toContain('$20 is due now.');
    expect(summary.querySelectorAll('li')).toHaveLength(3);
    const payNow = within(summary).getByRole('link', { name: 'Pay now' });
    expect(payNow.getAttribute('href')).toBe('/manage/o-1/pay');
    fireEvent.click(payNow);

    // Checkout's own parts: due (default), outstanding, other; the test card form; the pay bar.
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay for order 500123' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Payment due/ }).checked).toBe(true);
    expect(screen.getByRole('radio', { name: /Total outstanding/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Pay \$20\b/ }));
    // Nothing is sent until the card is complete.
    expect(screen.getByRole('textbox', { name: 'Card number' }).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.url.pathname.endsWith('/pay'))).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'Card number' }), { target: { value: '4242424242424242' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Expiry date (MM / YY)' }), { target: { value: '1234' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Security code (CVC)' }), { target: { value: '123' } });
    // A later instalment remains: the buyer may have this card charged on its date.
    const autopay = screen.getByRole<HTMLInputElement>('checkbox', { name: /charge it automatically for the remaining payments/ });
    expect(autopay.checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /Pay \$20\b/ }));

    expect((await screen.findByText(/your payment of \$20 was received/, {}, { timeout: 15_000 })).textContent).toContain('receipt');
    const pay = calls.find((c) => c.url.pathname === '/api/cart/c-1/pay')!;
    expect(pay.url.searchParams.get('key')).toBe('k-1');
    expect(pay.body).toEqual({ amount: '20.00', gateway_id: 'demo', gateway_data: { card_number: '4242424242424242' } });
    await waitFor(() => expect(screen.getByTestId('instalments').textContent).toContain('$20 still to pay'));
    expect(screen.getByTestId('instalments').textContent).toContain('Next payment: $20 due on');
  });

  it('a card fee: the pay bar shows the fee the server priced on what is due and the total with it; the pay call names the part paid', async () => {
    const { calls } = installFetch((url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument() };
      if (url.pathname === '/api/ticket_order/o-1' && request.method === 'GET') {
        const doc = orderDocument('20.00', '40.00', ['paid', 'due', 'scheduled']);
        return { body: { ...doc, ticket_order: list([{ ...doc.ticket_order._data[0], stripeFee: [{ pmc_id: 'pmc_card_1', payment_method: 'card', amount: '0.70', total: '20.70' }] }]) } };
      }
      if (url.pathname === '/api/cart/c-1/pay') return { body: { ...cartDocument(), outcome: 'completed', ticket_order: list([{ id: 'o-1', order_number: '500123' }]) } };
      return undefined;
    });
    renderApp('/manage/o-1/pay?key=k-1');
    const pay = await screen.findByRole('button', { name: 'Pay $20.70' }, { timeout: 15_000 });
    expect(screen.getByTestId('method-fee').textContent).toBe('Includes a payment fee of $0.70');
    fireEvent.click(screen.getByRole('radio', { name: /Total outstanding/ }));
    expect(screen.getByTestId('method-fee').textContent).toBe('A payment fee is added to this amount.');
    fireEvent.click(screen.getByRole('radio', { name: /Payment due/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Card number' }), { target: { value: '4242424242424242' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Expiry date (MM / YY)' }), { target: { value: '1234' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Security code (CVC)' }), { target: { value: '123' } });
    fireEvent.click(pay);
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/cart/c-1/pay')).toBe(true));
    expect(calls.find((c) => c.url.pathname === '/api/cart/c-1/pay')!.body).toMatchObject({ amount: '20.00', gateway_id: 'demo' });
  });

  it('an overdue instalment: the summary says so, with what to pay now, and the plan marks it Overdue', async () => {
    installFetch((url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument() };
      if (url.pathname === '/api/ticket_order/o-1' && request.method === 'GET') return { body: orderDocument('20.00', '40.00', ['paid', 'overdue', 'scheduled']) };
      return undefined;
    });
    renderApp('/manage/o-1?key=k-1');
    const summary = await screen.findByTestId('instalments', {}, { timeout: 15_000 });
    const alert = within(summary).getByRole('alert');
    expect(alert.textContent).toMatch(/^Overdue: your payment due on .*20.* has not been received\. Please pay \$20 now\.$/);
    expect(summary.textContent).not.toContain('is due now.');
    expect([...summary.querySelectorAll('li')].map((li) => li.textContent.split(' · ')[2])).toEqual(['Paid', 'Overdue', 'Scheduled']);
    expect(within(summary).getByRole('link', { name: 'Pay now' })).toBeTruthy();
  });

  it('a gift card pays on the pay screen (looked up, then paid with the ledger gateway), then back to the order', async () => {
    const { calls } = installFetch((url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument() };
      if (url.pathname === '/api/ticket_order/o-1' && request.method === 'GET') return { body: orderDocument('20.00', '40.00', ['paid', 'due', 'scheduled']) };
      if (url.pathname === '/api/ledger/giftcard/GC15') return { body: { ledger: { _data: [{ number: 'GC15', state: 'active', balance: '15.00' }] } } };
      if (url.pathname === '/api/cart/c-1/pay') return { body: { ...cartDocument(), outcome: 'completed', ticket_order: list([{ id: 'o-1', order_number: '500123' }]) } };
      return undefined;
    });
    renderApp('/manage/o-1/pay?key=k-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Use a gift card' }, { timeout: 15_000 }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Gift card number' }), { target: { value: 'gc15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $15 with gift card' }));
    expect(await screen.findByText(/your payment of \$15 was received/, {}, { timeout: 15_000 })).toBeTruthy();
    const pay = calls.find((c) => c.url.pathname === '/api/cart/c-1/pay')!;
    expect(pay.url.searchParams.get('key')).toBe('k-1');
    expect(pay.body).toEqual({ amount: '15.00', gateway_id: 'ledger', gateway_data: { number: 'GC15' } });
    // Booked: the card is not kept on the cart (nothing but the pay call was sent).
    expect(calls.some((c) => c.url.pathname.endsWith('/gift_card'))).toBe(false);
  });

  it('with Stripe and a browser wallet, the wallet is the default; its sheet pays the amount chosen with its payment method', async () => {
    const shown = vi.fn();
    const handlers: Record<string, (e: never) => void> = {};
    const request = { canMakePayment: () => Promise.resolve({ googlePay: true }), show: shown, on: (event: string, handler: (e: never) => void) => void (handlers[event] = handler) } as unknown as StripePaymentRequest;
    const amounts: number[] = [];
    const stripe: StripeJs = {
      elements: () => ({ create: () => ({ mount: () => undefined, destroy: () => undefined, on: () => undefined }) }),
      createPaymentMethod: () => Promise.resolve({ paymentMethod: { id: 'pm_card_visa' } }),
      handleNextAction: () => Promise.resolve({}),
      paymentRequest: (options: { total: { amount: number } }) => (amounts.push(options.total.amount), request),
    } as unknown as StripeJs;
    vi.stubGlobal('Stripe', () => stripe);
    const payments = (name: string, value: string): TConfigEntry => ({ id: `payments.${name}`, resource_id: SELLER_ID, namespace: 'payments', name, value });
    const entries = [payments('card_gateway', 'stripe'), payments('stripe_publishable_key', 'pk_test_foyer')];
    const { calls } = installFetch((url, req) => {
      if (url.pathname === '/api/config') return { body: configDocument(entries) };
      if (url.pathname === '/api/ticket_order/o-1' && req.method === 'GET') return { body: orderDocument('20.00', '40.00', ['paid', 'due', 'scheduled']) };
      if (url.pathname === '/api/cart/c-1/pay') return { body: { ...cartDocument(), outcome: 'completed', ticket_order: list([{ id: 'o-1', order_number: '500123' }]) } };
      return undefined;
    });
    renderApp('/manage/o-1/pay?key=k-1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Google Pay' }).getAttribute('aria-expanded')).toBe('true'), { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'Card' }).getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: /Pay \$20\b/ }));
    await waitFor(() => expect(shown).toHaveBeenCalledTimes(1));
    expect(amounts.at(-1)).toBe(2000);
    const complete = vi.fn();
    handlers.paymentmethod({ paymentMethod: { id: 'pm_wallet_1' }, complete } as never);
    expect(await screen.findByText(/your payment of \$20 was received/, {}, { timeout: 15_000 })).toBeTruthy();
    expect(complete).toHaveBeenCalledWith('success');
    expect(calls.find((c) => c.url.pathname === '/api/cart/c-1/pay')!.body).toEqual({ amount: '20.00', gateway_id: 'stripe', gateway_data: { payment_method_id: 'pm_wallet_1' } });
  });

  it('ticking the consent sends auto_renew with the card; it is not offered with a gift card or when this payment pays everything', async () => {
    const { calls } = installFetch((url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument() };
      if (url.pathname === '/api/ticket_order/o-1' && request.method === 'GET') return { body: orderDocument('20.00', '40.00', ['paid', 'due', 'scheduled']) };
      if (url.pathname === '/api/ledger/giftcard/GC5') return { body: { ledger: { _data: [{ number: 'GC5', state: 'active', balance: '5.00' }] } } };
      if (url.pathname === '/api/cart/c-1/pay') return { body: { ...cartDocument(), outcome: 'completed', ticket_order: list([{ id: 'o-1', order_number: '500123' }]) } };
      return undefined;
    });
    renderApp('/manage/o-1/pay?key=k-1');
    expect(await screen.findByRole('checkbox', { name: /charge it automatically/ }, { timeout: 15_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use a gift card' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Gift card number' }), { target: { value: 'GC5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByRole('button', { name: 'Pay $5 with gift card' });
    expect(screen.queryByRole('checkbox', { name: /charge it automatically/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Remove/ }));
    // Paying everything leaves nothing for a later date: no consent to give.
    fireEvent.click(await screen.findByRole('radio', { name: /Total outstanding/ }));
    expect(screen.queryByRole('checkbox', { name: /charge it automatically/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /Payment due/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /charge it automatically/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Card number' }), { target: { value: '4242424242424242' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Expiry date (MM / YY)' }), { target: { value: '1234' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Security code (CVC)' }), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: /Pay \$20\b/ }));
    await screen.findByText(/your payment of \$20 was received/, {}, { timeout: 15_000 });
    expect(calls.find((c) => c.url.pathname === '/api/cart/c-1/pay')!.body).toEqual({ amount: '20.00', gateway_id: 'demo', gateway_data: { card_number: '4242424242424242' }, auto_renew: true });
  });

  it('no later date left: the consent is not offered', async () => {
    installFetch((url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument() };
      if (url.pathname === '/api/ticket_order/o-1' && request.method === 'GET') return { body: orderDocument('40.00', '20.00', ['paid', 'paid', 'due']) };
      return undefined;
    });
    renderApp('/manage/o-1/pay?key=k-1');
    expect(await screen.findByRole('button', { name: /Pay \$20\b/ }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /charge it automatically/ })).toBeNull();
  });

  it('/manage/{id}/confirm with no change in this tab collects the order\'s own instalment (the pay screen)', async () => {
    installFetch((url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument() };
      if (url.pathname === '/api/ticket_order/o-1' && request.method === 'GET') return { body: orderDocument('20.00', '40.00', ['paid', 'due', 'scheduled']) };
      return undefined;
    });
    renderApp('/manage/o-1/confirm?key=k-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay for order 500123' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Pay \$20\b/ })).toBeTruthy();
  });

  it('a declined card says so and stays on the pay screen', async () => {
    installFetch((url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument() };
      if (url.pathname === '/api/ticket_order/o-1' && request.method === 'GET') return { body: orderDocument('20.00', '40.00', ['paid', 'scheduled', 'scheduled']) };
      if (url.pathname === '/api/cart/c-1/pay') return { status: 402, body: { _data: [{ _code: 'card_declined', _context: 'payment', _description: 'Your card was declined.', _extra: null }] } };
      return undefined;
    });
    renderApp('/manage/o-1/pay?key=k-1');
    // Nothing due yet: the whole balance (or any part) may be paid early; only "outstanding" is offered.
    expect(await screen.findByRole('button', { name: /Pay \$40\b/ }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Payment due/ })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Card number' }), { target: { value: '4000000000000002' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Expiry date (MM / YY)' }), { target: { value: '1234' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Security code (CVC)' }), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: /Pay \$40\b/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your card was declined.');
    expect(screen.getByRole('heading', { level: 1, name: 'Pay for order 500123' })).toBeTruthy();
  });

  it('an expired manage link says so and leads to a new one (Resend)', async () => {
    installFetch((url) => {
      if (url.pathname === '/api/config') return { body: configDocument() };
      if (url.pathname === '/api/ticket_order/o-1') return { status: 404, body: { _data: [{ _code: 'not_found', _context: 'ticket_order', _description: 'This link has expired. Enter your e-mail address on the Resend page to get a new one.', _extra: { reason: 'key_expired' } }] } };
      return undefined;
    });
    renderApp('/manage/o-1?key=old');
    expect(await screen.findByText(/This link has expired/, {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get a new link' }).getAttribute('href')).toBe('/resend');
  });
});
