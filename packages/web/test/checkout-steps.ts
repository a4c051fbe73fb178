import { fireEvent, screen } from '@testing-library/react';
import type { TCart } from '@foyer/contracts';
import { cartDocument } from './cart-fixtures.js';
import { configDocument, type Handler } from './fixtures.js';

/** Fills the checkout's form as a guest paying by the demo card (Ada Lovelace, 4242…). */
export async function fillCheckoutForm() {
  fireEvent.change(await screen.findByRole('textbox', { name: 'First name' }), { target: { value: 'Ada' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Lovelace' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'E-mail address' }), { target: { value: 'ada@example.org' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Card number' }), { target: { value: '4242424242424242' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Expiry date (MM / YY)' }), { target: { value: '1234' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Security code (CVC)' }), { target: { value: '123' } });
}

/** A guest checkout's server: the cart (cart-1) as given, a guest user, guest_checkout and a pay call that answers `partial`. */
export function guestCheckoutServer(cart: Partial<TCart>): Handler {
  const doc = cartDocument({ cart });
  return (url, request) => {
    if (url.pathname === '/api/config') return { body: configDocument([]) };
    if (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET') return { body: doc };
    if (url.pathname === '/api/user') return { body: { user: { _data: [{ id: 'u1', identity_id: 'id-1' }] }, identity: { _data: [{ id: 'id-1' }] } } };
    if (url.pathname === '/api/cart/cart-1/guest_checkout') return { body: doc };
    if (url.pathname === '/api/cart/cart-1/pay') return { body: { ...doc, outcome: 'partial' } };
    return undefined;
  };
}
