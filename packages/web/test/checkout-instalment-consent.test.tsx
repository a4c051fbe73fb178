import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillCheckoutForm, guestCheckoutServer } from './checkout-steps.js';
import { renderApp } from './render-app.js';
import { useCartTestEnv } from './cart-test-env.js';
import { installFetch } from './fixtures.js';

const CONSENT = 'Keep this card and charge it automatically for the remaining payments on their due dates';

const server = guestCheckoutServer;

useCartTestEnv();

describe('instalment consent at checkout (docs/payments.md "Later instalments")', () => {
  const payBody = (calls: { url: URL; body: unknown }[]) => calls.find((c) => c.url.pathname === '/api/cart/cart-1/pay')?.body as Record<string, unknown> | undefined;

  it('a payment plan offers the consent; ticked, the deposit is paid with auto_renew', async () => {
    const { calls } = installFetch(server({ paymentDue: '20.00', paymentDueByCreditCard: '20.00' }));
    renderApp('/checkout');
    const consent = await screen.findByRole('checkbox', { name: CONSENT }, { timeout: 15_000 });
    expect((consent as HTMLInputElement).checked).toBe(false);
    fireEvent.click(consent);
    await fillCheckoutForm();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $20' }));
    await waitFor(() => expect(payBody(calls)).toBeDefined());
    expect(payBody(calls)).toMatchObject({ amount: '20.00', gateway_id: 'demo', auto_renew: true });
  });

  it('unticked, the deposit is paid without it (the instalments are then paid by link)', async () => {
    const { calls } = installFetch(server({ paymentDue: '20.00', paymentDueByCreditCard: '20.00' }));
    renderApp('/checkout');
    await screen.findByRole('checkbox', { name: CONSENT }, { timeout: 15_000 });
    await fillCheckoutForm();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $20' }));
    await waitFor(() => expect(payBody(calls)).toBeDefined());
    expect(payBody(calls)!.auto_renew).toBeUndefined();
  });

  it('not offered without a plan, nor when the whole outstanding is paid now', async () => {
    installFetch(server({ paymentDue: '20.00', paymentDueByCreditCard: '20.00' }));
    renderApp('/checkout');
    await screen.findByRole('checkbox', { name: CONSENT }, { timeout: 15_000 });
    fireEvent.click(within(await screen.findByRole('group', { name: 'Amount to pay' })).getByRole('radio', { name: 'Total outstanding $62' }));
    expect(screen.queryByRole('checkbox', { name: CONSENT })).toBeNull();
  });

  it('a cart without a plan has no consent to give', async () => {
    installFetch(server({ paymentDue: '62.00', paymentDueByCreditCard: '62.00' }));
    renderApp('/checkout');
    expect(await screen.findByRole('button', { name: 'Pay $62' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: CONSENT })).toBeNull();
  });
});
