import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROMO_TEXT, type TCartModOut } from '@foyer/contracts';
import { renderApp } from './render-app.js';
import { useCartTestEnv } from './cart-test-env.js';
import { cartDocument, ticket } from './cart-fixtures.js';
import { configDocument, installFetch } from './fixtures.js';

/** Checkout's promo codes (docs/promotions.md#the-storefront, docs/promotions.md#applying-codes): the blocked cart, the promo-codes modal, the discount per line and per modifier. */
const vipBlock: TCartModOut = {
  id: 'm-vip', name: 'VIP access', description: 'VIP tickets need a VIP pass code.', discount: '0.00', blocking_checkout: true,
  resource: 'ticket_type', resource_id: 'tt-adult', tickets_affected: [], activating_code_groups: ['g-vip'],
};
const blocked = cartDocument({ cart: { cartmods: [vipBlock], promo_codes: [] } });
const unblocked = cartDocument({
  cart: {
    cartmods: [{ ...vipBlock, id: 'm-10', name: '10% off admission', description: null, discount: '5.00', blocking_checkout: false }],
    promo_codes: [{ code: 'VIPPASS', code_group_id: 'g-vip', phase: 'post' }],
    cart_fees: { gateway_id: 'demo', account_id: null, face_value: '62.00', total_before_cartmod_price: '62.00', total_fee_fixed_outside: '0.00', total_fee_percent_outside: '0.00', total_cartmod_amount: '5.00', total_payments: '0.00', total_outstanding: '57.00' },
  },
  tickets: [ticket({ ticket_type_id: 'tt-adult', adjusted_value: '22.50' }), ticket({ ticket_type_id: 'tt-adult', adjusted_value: '22.50' }), ticket({ ticket_type_id: 'tt-child', face_value: '12.00', adjusted_value: '12.00' })],
});

useCartTestEnv();

describe('checkout promo codes', () => {
  it('a blocked cart says a code is required with the server’s description; the code unblocks it and the discount shows per line and per modifier', async () => {
    const { calls } = installFetch((url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument([]) };
      if (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET') return { body: blocked };
      if (url.pathname === '/api/my/cart/cart-1/apply_code') {
        const code = (request.body as { code: string }).code;
        if (code === 'OLDPASS') return { status: 409, body: { _data: [{ _code: 'code_exhausted', _context: 'promo_code', _description: 'This code has been used up.', _extra: null }] } };
        return { body: unblocked };
      }
      return undefined;
    });
    renderApp('/checkout');
    await screen.findByRole('button', { name: 'Pay $62' });
    const notice = await screen.findByTestId('blocked-cart');
    expect(notice.textContent).toContain('A code is required to continue with your order.');
    expect(notice.textContent).toContain('VIP tickets need a VIP pass code.');
    fireEvent.click(within(notice).getByRole('button', { name: 'Enter code' }));
    await screen.findByRole('dialog', { name: 'Promo codes' });
    const dialog = () => screen.getByRole('dialog', { name: 'Promo codes' });
    const type = (value: string) => fireEvent.change(within(dialog()).getByRole('textbox', { name: 'Promo code' }), { target: { value } });
    type('OLDPASS');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(within(dialog()).getByRole('alert').textContent).toBe('This code has been used up. Please try another one.'));
    type('VIPPASS');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(screen.queryByTestId('blocked-cart')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Pay $57' })).toBeTruthy();
    expect(screen.getByTestId('cart-discount').textContent).toContain('10% off admission');
    expect(screen.getByTestId('cart-discount').textContent).toContain('−$5');
    expect(screen.getByText('$50', { selector: 's' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Applied codes' }).textContent).toContain('VIPPASS');
    const applied = calls.filter((c) => c.url.pathname.endsWith('/apply_code')).map((c) => c.body);
    expect(applied).toEqual([{ code: 'OLDPASS', require_benefit: true }, { code: 'VIPPASS', require_benefit: true }]);
  });
  it('the seller’s default code (docs/promotions.md#the-storefront, web.default_promo_codes) shows as applied automatically with its discount, and has no remove button', async () => {
    const withDefault = cartDocument({
      cart: {
        cartmods: [{ ...vipBlock, id: 'm-10', name: 'Welcome: 10% off admission', description: null, discount: '5.00', blocking_checkout: false }],
        promo_codes: [{ code: 'WELCOME10', code_group_id: 'g-welcome', phase: 'default' }],
        cart_fees: { gateway_id: 'demo', account_id: null, face_value: '62.00', total_before_cartmod_price: '62.00', total_fee_fixed_outside: '0.00', total_fee_percent_outside: '0.00', total_cartmod_amount: '5.00', total_payments: '0.00', total_outstanding: '57.00' },
      },
      tickets: [ticket({ ticket_type_id: 'tt-adult', adjusted_value: '22.50' }), ticket({ ticket_type_id: 'tt-adult', adjusted_value: '22.50' }), ticket({ ticket_type_id: 'tt-child', face_value: '12.00', adjusted_value: '12.00' })],
    });
    installFetch((url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument([]) };
      if (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET') return { body: withDefault };
      return undefined;
    });
    renderApp('/checkout');
    await screen.findByRole('button', { name: 'Pay $57' });
    expect(screen.getByTestId('cart-discount').textContent).toContain('Welcome: 10% off admission');
    const applied = screen.getByRole('list', { name: 'Applied codes' });
    expect(applied.textContent).toBe('WELCOME10Applied automatically');
    expect(screen.queryByRole('button', { name: 'Remove code WELCOME10' })).toBeNull();
  });
  it('a pay call refused because an offer ended while the cart was held shows the server’s text, and the new total is on the pay button', async () => {
    let priced = unblocked;
    const { calls } = installFetch((url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument([]) };
      if (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET') return { body: priced };
      if (url.pathname === '/api/user') return { body: { user: { _data: [{ id: 'u1', identity_id: 'id-1' }] }, identity: { _data: [{ id: 'id-1' }] } } };
      if (url.pathname === '/api/cart/cart-1/guest_checkout') return { body: priced };
      if (url.pathname === '/api/cart/cart-1/pay') {
        priced = cartDocument();
        return { status: 409, body: { _data: [{ _code: 'incorrect_cart_state', _context: 'payment', _description: PROMO_TEXT.priceChanged, _extra: { cart_id: 'cart-1', outstanding: '62.00' } }] } };
      }
      return undefined;
    });
    renderApp('/checkout');
    const fill = (name: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
    await screen.findByRole('button', { name: 'Pay $57' });
    fill('First name', 'Ada');
    fill('Last name', 'Lovelace');
    fill('E-mail address', 'ada@example.org');
    fill('Card number', '4242424242424242');
    fill('Expiry date (MM / YY)', '1234');
    fill('Security code (CVC)', '123');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $57' }));
    expect((await screen.findByTestId('pay-error')).textContent).toBe(PROMO_TEXT.priceChanged);
    expect(await screen.findByRole('button', { name: 'Pay $62' })).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname.endsWith('/pay')).map((c) => (c.body as { amount: string }).amount)).toEqual(['57.00']);
  });
  it('on a blocked cart a used-up code adds "Please try another one." at the field', async () => {
    installFetch((url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument([]) };
      if (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET') return { body: blocked };
      if (url.pathname === '/api/my/cart/cart-1/apply_code') return { status: 409, body: { _data: [{ _code: 'code_exhausted', _context: 'promo_code', _description: 'This code has been used up.', _extra: null }] } };
      return undefined;
    });
    renderApp('/checkout');
    await screen.findByRole('button', { name: 'Pay $62' });
    fireEvent.click(screen.getByRole('button', { name: 'Add a promo code' }));
    await screen.findByRole('dialog', { name: 'Promo codes' });
    const dialog = () => screen.getByRole('dialog', { name: 'Promo codes' });
    fireEvent.input(within(dialog()).getByRole('textbox', { name: 'Promo code' }), { target: { value: 'oldpass' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(within(dialog()).getByRole('alert').textContent).toBe('This code has been used up. Please try another one.'));
  });
});
