import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { checkoutIdentityForm, registrationOf, validateIdentityAnswers } from '../src/features/checkout/identity-form-model.js';
import { en } from '../src/i18n/en.js';
import { cartDocument } from './cart-fixtures.js';
import { configDocument, configEntry, installFetch, type Handler } from './fixtures.js';
import { renderApp } from './render-app.js';
import { useCartTestEnv } from './cart-test-env.js';

const base = checkoutIdentityForm([], [], [], 'card');
const ada = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org', country: 'us' };

describe('your information: the shared rules in the browser (docs/checkout.md#your-information)', () => {
  it('requires first name, last name and e-mail, each error on its field', () => {
    expect(validateIdentityAnswers(base, { first_name: ' ', last_name: '', email: '' })).toEqual({
      first_name: en.checkout.firstNameRequired,
      last_name: en.checkout.lastNameRequired,
      email: en.checkout.emailRequired,
    });
  });
  it('limits names to 50 and e-mails to 254 characters, and checks the e-mail shape', () => {
    expect(validateIdentityAnswers(base, { ...ada, first_name: 'a'.repeat(51), last_name: 'a'.repeat(50) })).toEqual({ first_name: en.checkout.nameTooLong });
    expect(validateIdentityAnswers(base, { ...ada, email: `${'a'.repeat(250)}@x.io` }).email).toBe(en.checkout.emailTooLong);
    expect(validateIdentityAnswers(base, { ...ada, email: 'ada@example' }).email).toBe(en.checkout.emailInvalid);
    expect(validateIdentityAnswers(base, { ...ada, email: ' ada@example.org ' })).toEqual({});
  });
  it('checks the phone (at most 50, digits and + ( ) -) and the zip (letters and digits, a space or dash between, 4 to 10)', () => {
    expect(validateIdentityAnswers(base, { ...ada, phone: '+1 (212) 555-0100' })).toEqual({});
    expect(validateIdentityAnswers(base, { ...ada, phone: '1'.repeat(51) }).phone).toBe(en.checkout.phoneTooLong);
    expect(validateIdentityAnswers(base, { ...ada, phone: 'call me' }).phone).toBe(en.checkout.phoneInvalid);
    for (const zip of ['10001', '10001-1234', 'SW1A 1AA', 'K1A 0B1']) expect(validateIdentityAnswers(base, { ...ada, zip_code: zip })).toEqual({});
    expect(validateIdentityAnswers(base, { ...ada, zip_code: '123' }).zip_code).toBe(en.checkout.zipLength);
    expect(validateIdentityAnswers(base, { ...ada, zip_code: '12345678901' }).zip_code).toBe(en.checkout.zipLength);
    expect(validateIdentityAnswers(base, { ...ada, zip_code: '10001--12' }).zip_code).toBe(en.checkout.zipInvalid);
    expect(validateIdentityAnswers(base, { ...ada, zip_code: '1000#' }).zip_code).toBe(en.checkout.zipInvalid);
  });
  it('requires the address only for the methods that need it (bacs_debit, afterpay_clearpay), the state where the country has states', () => {
    expect(validateIdentityAnswers(checkoutIdentityForm([], [], [], 'card'), ada)).toEqual({});
    const bacs = checkoutIdentityForm([], [], [], 'bacs_debit');
    expect(validateIdentityAnswers(bacs, ada)).toEqual({
      address: en.checkout.addressRequired,
      city: en.checkout.cityRequired,
      zip_code: en.checkout.zipRequired,
      state: 'Choose your state.',
    });
    expect(validateIdentityAnswers(checkoutIdentityForm([], [], [], 'afterpay_clearpay'), { ...ada, country: 'ca' }).state).toBe('Choose your province.');
    expect(validateIdentityAnswers(bacs, { ...ada, country: 'gb', address: '1 Mall', city: 'London', zip_code: 'SW1A 1AA' })).toEqual({});
  });
  it('adds the configured fields and the groups’ identity_form / extra_checkout_fields; POST user gets the names and e-mail only (the server keeps the checked answers)', () => {
    const form = checkoutIdentityForm(
      [configEntry('identity_form', [{ key: 'member_of', label: 'Society', required: true }, { key: 'email_confirm', type: 'email', label: 'Confirm e-mail', mustEqual: 'email', required: true }])],
      [{ meta: { identity_form: [{ key: 'phone', required: true }] } }],
      [{ meta: { extra_checkout_fields: [{ key: 'photo_consent', type: 'checkbox', label: 'Photos may be taken', required: true }] } }],
      'card',
    );
    expect(form.map((f) => f.key)).toEqual(['first_name', 'last_name', 'email', 'phone', 'country', 'state', 'zip_code', 'member_of', 'email_confirm', 'photo_consent']);
    expect(validateIdentityAnswers(form, { ...ada, member_of: 'x'.repeat(1001), email_confirm: 'other@example.org' })).toEqual({
      phone: 'Please fill in phone.',
      member_of: 'Use at most 1000 characters.',
      email_confirm: 'Email addresses must match.',
      photo_consent: en.identityForm.checkboxRequired,
    });
    const answers = { ...ada, phone: '555 0100', member_of: 'Royal Society', email_confirm: 'ADA@example.org', photo_consent: true, state: 'NY' };
    expect(validateIdentityAnswers(form, answers)).toEqual({});
    expect(registrationOf(form, answers)).toEqual({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org' });
  });
});

describe('checkout: the configured identity form', () => {
  useCartTestEnv();

  const FORM = [
    { key: 'member_of', label: 'Society', required: true },
    { key: 'heard_from', type: 'select', label: 'How did you hear of us?', options: ['Friend', 'Web'] },
    { key: 'visitor_type', type: 'select', label: 'Visitor type', options: ['Adult', 'Student', 'Senior', 'Child'] },
    { key: 'referrer', label: 'Referrer', readOnly: true, value: 'Partner site' },
    { key: 'staff_note', label: 'Staff note', disabled: true },
  ];

  function server(): Handler {
    const cart = cartDocument({ groups: [{ meta: { extra_checkout_fields: [{ key: 'photo_consent', type: 'checkbox', label: 'Photos may be taken', required: true }] } }] });
    return (url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument([configEntry('identity_form', FORM)]) };
      if (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET') return { body: cart };
      if (url.pathname === '/api/user') return { body: { identity: { _data: [{ id: 'id-1' }] } } };
      if (url.pathname === '/api/cart/cart-1/guest_checkout') return { body: cart };
      if (url.pathname === '/api/cart/cart-1/pay') return { body: { ...cart, outcome: 'completed', ticket_order: { _data: [{ id: 'order-1', order_number: '500001' }] } } };
      return undefined;
    };
  }

  it('shows text, radio, select, read-only, disabled and checkbox fields, refuses until they are right, then sends the answers', async () => {
    const { calls } = installFetch(server());
    renderApp('/checkout');
    fireEvent.change(await screen.findByRole('textbox', { name: 'First name' }), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Lovelace' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail address' }), { target: { value: 'ada@example.org' } });
    // Fewer than 4 options: a radio group; 4 or more: a select (docs/accounts.md#field-rules).
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: 'Visitor type' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Referrer' }).readOnly).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Referrer' }).value).toBe('Partner site');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Staff note' }).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Card number' }), { target: { value: '4242424242424242' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Expiry date (MM / YY)' }), { target: { value: '1234' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Security code (CVC)' }), { target: { value: '123' } });

    fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
    await screen.findByTestId('form-errors');
    const society = screen.getByRole('textbox', { name: 'Society' });
    expect(document.getElementById(society.getAttribute('aria-describedby')!)!.textContent).toBe('Please fill in society.');
    const consent = screen.getByRole('checkbox', { name: 'Photos may be taken' });
    expect(document.getElementById(consent.getAttribute('aria-describedby')!)!.textContent).toBe(en.identityForm.checkboxRequired);
    expect(calls.filter((c) => c.url.pathname === '/api/user')).toHaveLength(0);

    fireEvent.change(society, { target: { value: 'Royal Society' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Web' }));
    fireEvent.click(consent);
    fireEvent.click(screen.getByRole('button', { name: 'Pay $62' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/cart/cart-1/pay')).toBe(true));
    const user = calls.find((c) => c.url.pathname === '/api/user')!;
    expect(user.body).toEqual({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org' });
    const checkout = calls.find((c) => c.url.pathname === '/api/cart/cart-1/guest_checkout')!;
    expect((checkout.body as { identity_form: unknown }).identity_form).toEqual({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org', country: 'us', member_of: 'Royal Society', heard_from: 'Web', referrer: 'Partner site', photo_consent: true });
  });
});
