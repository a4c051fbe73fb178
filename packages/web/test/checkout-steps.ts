import { fireEvent, screen } from '@testing-library/react';

/** Fills the checkout's form as a guest paying by the demo card (Ada Lovelace, 4242…). */
export async function fillCheckoutForm() {
  fireEvent.change(await screen.findByRole('textbox', { name: 'First name' }), { target: { value: 'Ada' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Lovelace' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'E-mail address' }), { target: { value: 'ada@example.org' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Card number' }), { target: { value: '4242424242424242' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Expiry date (MM / YY)' }), { target: { value: '1234' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Security code (CVC)' }), { target: { value: '123' } });
}
