import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fillCheckoutForm, guestCheckoutServer } from './checkout-steps.js';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.js';
import { useCartTestEnv } from './cart-test-env.js';
import { installFetch } from './fixtures.js';

const server = guestCheckoutServer;

useCartTestEnv();

describe('payment-method fees at checkout (docs/payments.md "Payment-method fees")', () => {
  it('paying by card shows the card fee and the total with it; the pay call names the amount due, the server adds the fee', async () => {
    const { calls } = installFetch(
      server({
        paymentDue: '62.00',
        paymentDueByCreditCard: '63.54',
        stripeFee: [
          { pmc_id: 'pmc_card_1', payment_method: 'card', amount: '1.54', total: '63.54' },
          { pmc_id: 'pmc_bacs_1', payment_method: 'bacs_debit', amount: '1.00', total: '63.00' },
        ],
      }),
    );
    renderApp('/checkout');
    const pay = await screen.findByRole('button', { name: 'Pay $63.54' }, { timeout: 15_000 });
    expect(screen.getByTestId('total-to-pay').textContent).toBe('$63.54');
    expect(screen.getByTestId('method-fee').textContent).toBe('Includes a payment fee of $1.54');
    // The summary lists the fee and totals with it: the same number the card is charged.
    expect(screen.getByTestId('cart-method-fee').textContent).toBe('$1.54');
    expect(screen.getByTestId('cart-total').textContent).toBe('$63.54');
    await fillCheckoutForm();
    fireEvent.click(pay);
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/cart/cart-1/pay')).toBe(true));
    expect(calls.find((c) => c.url.pathname === '/api/cart/cart-1/pay')!.body).toMatchObject({ amount: '62.00', gateway_id: 'demo' });
  });

  it('a fee for another method only, or none at all: the card pays what is due and no fee is shown', async () => {
    installFetch(server({ paymentDue: '62.00', paymentDueByCreditCard: '62.00', stripeFee: [{ pmc_id: 'pmc_bacs_1', payment_method: 'bacs_debit', amount: '1.00', total: '63.00' }] }));
    renderApp('/checkout');
    expect(await screen.findByRole('button', { name: 'Pay $62' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByTestId('total-to-pay').textContent).toBe('$62');
    expect(screen.queryByTestId('method-fee')).toBeNull();
    expect(screen.queryByTestId('cart-method-fee')).toBeNull();
    expect(screen.getByTestId('cart-total').textContent).toBe('$62');
  });

  it('a payment plan: the fee is exact on the payment due; another amount is told a fee is added', async () => {
    installFetch(server({ paymentDue: '20.00', paymentDueByCreditCard: '20.70', stripeFee: [{ pmc_id: 'pmc_card_1', payment_method: 'card', amount: '0.70', total: '20.70' }] }));
    renderApp('/checkout');
    expect(await screen.findByRole('button', { name: 'Pay $20.70' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByTestId('method-fee').textContent).toBe('Includes a payment fee of $0.70');
    // What is left with this payment's fee.
    expect(screen.getByTestId('cart-method-fee').textContent).toBe('$0.70');
    expect(screen.getByTestId('cart-total').textContent).toBe('$62.70');
    fireEvent.click(within(await screen.findByRole('group', { name: 'Amount to pay' })).getByRole('radio', { name: 'Total outstanding $62' }));
    expect(screen.getByRole('button', { name: 'Pay $62' })).toBeTruthy();
    expect(screen.getByTestId('method-fee').textContent).toBe('A payment fee is added to this amount.');
    expect(screen.queryByTestId('cart-method-fee')).toBeNull();
  });
});
