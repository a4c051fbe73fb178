import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as OrderPage } from '../src/features/admin/order-page.js';
import { adminText } from '../src/i18n/en-admin.js';
import type { StripeJs } from '../src/shared/payment/stripe-js.js';
import { configDocument, installFetch } from './fixtures.js';
import { renderAtRoute } from './render-at-route.js';

/** The order page's Move (docs/box-office.md, Move): selected tickets to another session of their event. */
const AT = '2026-06-07T14:00:00.000Z';
const LATER = '2026-06-07T16:00:00.000Z';
const ticket = (id: string, state = 'booked') => ({ id, state, event_id: 'e1', event_name: 'Tour', ticket_type_name: 'Adult', session_start: AT, seat: null, scan_code: `SC${id}`, admit_name: null, value: '20.00', redeemed_at: null });
const detail = {
  admin_order: { id: 'o1', order_number: '1001', state: 'booked', created_at: '2026-06-01T10:00:00.000Z', total: '40.00', paid: '40.00', email: 'ada@example.com', name: 'Ada Byron', phone: null, ticket_count: 2, cart_id: 'c1', refunded: '0.00', refundable: '40.00', terms_accepted_at: null, terms_hash: null },
  tickets: [ticket('1'), ticket('2')],
  payments: [],
  changes: [],
  instalments: [],
  mails: [],
  timeline: [],
};
const session = (id: string, start: string, available: number) => ({ id, event_id: 'e1', event_name: 'Tour', start_datetime: start, capacity: 100, oversell_capacity: 0, sold: 100 - available, held: 0, oldest_hold_at: null, checked_in: 0, available, closed: false });

const payments = (name: string, value: string) => ({ id: `cfg-${name}`, resource_id: 'seller-1', namespace: 'payments', name, value });

function renderOrder(config = configDocument()) {
  const server = installFetch((url, request) => {
    if (url.pathname === '/api/config') return { body: config };
    if (url.pathname === '/api/admin/orders/o1') return { body: detail };
    if (url.pathname === '/api/admin/sessions') return { body: { admin_session: { _count: 2, _total: 2, _data: [session('s1', AT, 98), session('s2', LATER, 40)] }, _total: 2, _limit: [0, 200] } };
    if (url.pathname === '/api/admin/orders/o1/move_link' && request.method === 'POST') {
      const body = request.body as { email?: string };
      return { body: { admin_move_link: { order_id: 'o1', cart_id: 'c9', cart_number: 'C-9', difference: '5.00', link: 'https://tickets.example.org/transfer-cart/c9?key=k1', expires_at: '2026-06-02T10:00:00.000Z', emailed_to: body.email ?? 'ada@example.com', state: 'pending' } } };
    }
    if (url.pathname === '/api/admin/orders/o1/move' && request.method === 'POST') {
      const body = request.body as { payment?: unknown };
      if (!body.payment) return { status: 402, body: { _data: [{ _code: 'payment_required', _context: 'admin_move', _description: 'The new session costs 5.00 more: take the payment of the difference.', _extra: { difference: '5.00' } }] } };
      return { body: { admin_move: { order_id: 'o1', moved_ticket_ids: ['1'], tickets: [{ ...ticket('9'), session_start: LATER, value: '25.00' }], difference: '5.00' } } };
    }
    return undefined;
  });
  renderAtRoute('/admin/orders/:id', OrderPage, '/admin/orders/o1');
  return server;
}

describe('moving tickets from the order page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("offers the event's sessions of the chosen day (not the tickets' own), asks for the difference of a dearer one, then moves", async () => {
    const { calls } = renderOrder();
    await screen.findByRole('heading', { name: 'Order 1001' });
    const open = screen.getByRole('button', { name: adminText.move.open });
    expect((open as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /SC1/ }));
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog');
    const options = await within(dialog).findAllByRole('radio');
    expect(options.map((o) => (o as HTMLInputElement).disabled)).toEqual([true, false]);
    expect(calls.find((c) => c.url.pathname === '/api/admin/sessions')!.url.searchParams.get('event_id')).toBe('e1');
    fireEvent.click(options[1]);
    fireEvent.change(within(dialog).getByLabelText(adminText.move.reason), { target: { value: 'wrong day' } });
    fireEvent.click(within(dialog).getByRole('button', { name: adminText.move.submit }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The new session costs 5.00 more: take the payment of the difference.');
    fireEvent.change(await within(dialog).findByLabelText('Card number to charge 5.00'), { target: { value: '4242424242424242' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Charge 5.00 and move' }));
    expect((await screen.findByRole('status')).textContent).toBe('Moved 1 ticket; 5.00 charged.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { ticket_ids: ['1'], event_session_id: 's2', reason: 'wrong day' },
      { ticket_ids: ['1'], event_session_id: 's2', reason: 'wrong day', payment: { gateway_id: 'demo', gateway_data: { card_number: '4242424242424242' } } },
    ]);
  });

  it('offers a payment link instead of a card for a dearer session: sends it, then shows the link, its expiry and where it was e-mailed', async () => {
    const { calls } = renderOrder();
    await screen.findByRole('heading', { name: 'Order 1001' });
    fireEvent.click(screen.getByRole('checkbox', { name: /SC1/ }));
    fireEvent.click(screen.getByRole('button', { name: adminText.move.open }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click((await within(dialog).findAllByRole('radio'))[1]);
    fireEvent.change(within(dialog).getByLabelText(adminText.move.reason), { target: { value: 'on the phone' } });
    fireEvent.click(within(dialog).getByRole('button', { name: adminText.move.submit }));
    await within(dialog).findByRole('alert');
    // The choice: the card is the default; the link asks for no card.
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: adminText.move.payByCard }).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: adminText.move.payByLink }));
    expect(within(dialog).queryByLabelText('Card number to charge 5.00')).toBeNull();
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: adminText.move.linkEmail }).checked).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(adminText.move.linkTo), { target: { value: 'ada.other@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send a payment link for 5.00' }));
    expect((await within(dialog).findByLabelText<HTMLInputElement>(adminText.move.link)).value).toBe('https://tickets.example.org/transfer-cart/c9?key=k1');
    expect(within(dialog).getByText(/held until/).textContent).toContain('the tickets stay as they are');
    expect(within(dialog).getByText('E-mailed to ada.other@example.com.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url.pathname, c.body])).toEqual([
      ['/api/admin/orders/o1/move', { ticket_ids: ['1'], event_session_id: 's2', reason: 'on the phone' }],
      ['/api/admin/orders/o1/move_link', { ticket_ids: ['1'], event_session_id: 's2', reason: 'on the phone', send_email: true, email: 'ada.other@example.com' }],
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: adminText.move.close }));
    expect((await screen.findByRole('status')).textContent).toBe('Payment link for 5.00 sent; the tickets move when it is paid.');
  });

  it("charges a dearer move through Stripe's card element when the seller takes cards by Stripe: the payment method, never the number", async () => {
    const elements = { create: () => ({ mount: (el: HTMLElement) => el.setAttribute('data-stripe-element', 'mounted'), destroy: () => undefined, on: () => undefined }), submit: () => Promise.resolve({}) };
    const createPaymentMethod = vi.fn(() => Promise.resolve({ paymentMethod: { id: 'pm_card_visa' } }));
    const stripe = { elements: () => elements, createPaymentMethod, handleNextAction: () => Promise.resolve({}), paymentRequest: () => null } as unknown as StripeJs;
    vi.stubGlobal('Stripe', () => stripe);
    const { calls } = renderOrder(configDocument([payments('card_gateway', 'stripe'), payments('stripe_publishable_key', 'pk_test_foyer')]));
    await screen.findByRole('heading', { name: 'Order 1001' });
    fireEvent.click(screen.getByRole('checkbox', { name: /SC1/ }));
    fireEvent.click(screen.getByRole('button', { name: adminText.move.open }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click((await within(dialog).findAllByRole('radio'))[1]);
    fireEvent.change(within(dialog).getByLabelText(adminText.move.reason), { target: { value: 'wrong day' } });
    fireEvent.click(within(dialog).getByRole('button', { name: adminText.move.submit }));
    await within(dialog).findByRole('alert');
    await expect.poll(() => dialog.querySelector('[data-stripe-element="mounted"]')).not.toBeNull();
    expect(within(dialog).queryByLabelText('Card number to charge 5.00')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Charge 5.00 and move' }));
    expect((await screen.findByRole('status')).textContent).toBe('Moved 1 ticket; 5.00 charged.');
    expect(createPaymentMethod).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { ticket_ids: ['1'], event_session_id: 's2', reason: 'wrong day' },
      { ticket_ids: ['1'], event_session_id: 's2', reason: 'wrong day', payment: { gateway_id: 'stripe', gateway_data: { payment_method_id: 'pm_card_visa' } } },
    ]);
  });
});
