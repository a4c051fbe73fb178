import { SELF_EDIT_TEXT } from '@foyer/contracts/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppTestEnv } from './app-test-env.js';
import { ticket } from './cart-fixtures.js';
import { configDocument, eventDocument, installFetch, session } from './fixtures.js';
import { logIn, USER_DOC } from './membership-fixtures.js';
import { renderApp } from './render-app.js';

/** /manage/{id} in self-edit mode (docs/after-sale.md#screens Edit order, docs/after-sale.md). */

const list = <T,>(items: T[]) => ({ _count: items.length, _total: items.length, _data: items });
const RULES = { resource_id: 'seller-1', namespace: 'web', name: 'self_edit_rules', value: { categories: ['Admission'] } };
const booked = (id: string, sessionId: string, value: string) =>
  ticket({ id, ticket_type_id: 'tt-child', state: 'booked', ticket_order_id: 'o-1', event_template_id: 'event-ga', event_session_id: sessionId, face_value: value, adjusted_value: value, scan_code: `SC-${id}` });

function orderDocument(tickets: ReturnType<typeof ticket>[]) {
  const event = eventDocument();
  return {
    ticket_order: list([{ id: 'o-1', order_number: '500123', seller_id: 'seller-1', identity_id: 'i-1', cart_id: 'c-1', state: 'completed', created_at: '2026-11-20T10:00:00.000Z', ticket_order_fees: { total_after_fees_price: '25.00', total_payments: '25.00', total_outstanding: '0.00' } }]),
    ticket: list(tickets),
    ticket_type: event.ticket_type,
    event_template: event.event_template,
    // The test clock is Sat Nov 21, 2026, 10:00 in New York: s-0 is over.
    event_session: list([session('s-0', '2026-11-20', '10:00', 10), session('s-1', '2026-11-25', '10:00', 10), session('s-2', '2026-11-26', '14:00', 10)]),
    venue: list([]),
  };
}

function server(outstanding: string, initial = [booked('t-paid', 's-1', '25.00'), booked('t-free', 's-2', '0.00')], member = false) {
  let tickets = initial;
  let cart: Record<string, unknown> | null = null;
  const cartDoc = () => ({ cart: list([cart]), ticket: list([]) });
  const handle = installFetch((url, request) => {
    if (url.pathname === '/api/config') return { body: configDocument([RULES as never]) };
    if (url.pathname === '/api/my/user' && member) return { body: { ...USER_DOC, membership: list([]) } };
    if (url.pathname === '/api/cart/change-1' && request.method === 'DELETE') {
      tickets = tickets.map((t) => (t.state === 'in_cart' ? { ...t, state: 'booked' as const } : t));
      cart = { ...cart, state: 'deleted' };
      return { body: cartDoc() };
    }
    if (url.pathname === '/api/ticket_order/o-1' && request.method === 'GET') return { body: orderDocument(tickets) };
    if (url.pathname === '/api/cart/modify') {
      const removed = (request.body as { remove: string[] }).remove;
      tickets = tickets.map((t) => (removed.includes(t.id) ? { ...t, state: 'in_cart' as const } : t));
      cart = { id: 'change-1', cart_number: '9', seller_id: 'seller-1', state: 'pending', expires_at: '2099-01-01T00:00:00.000Z', expires_in: 1800, identity_id: 'i-1', ticket_order_id: null, campaign: null, additional_info: [], edits_order_id: 'o-1', credit: '0.00', cart_fees: { gateway_id: 'demo', account_id: null, face_value: '0.00', total_before_cartmod_price: '0.00', total_fee_fixed_outside: '0.00', total_fee_percent_outside: '0.00', total_cartmod_amount: '0.00', total_payments: '0.00', total_outstanding: outstanding } };
      return { body: cartDoc() };
    }
    if (url.pathname === '/api/cart/change-1' && request.method === 'GET') return { body: cartDoc() };
    if (url.pathname === '/api/cart/change-1/guest_checkout') {
      tickets = tickets.map((t) => (t.state === 'in_cart' ? { ...t, state: 'cancelled' as const } : t));
      cart = { ...cart, state: 'booked' };
      return { body: { ...cartDoc(), outcome: 'completed' } };
    }
    return undefined;
  });
  return handle;
}

describe('/manage/{id} (edit order, self-edit mode)', () => {
  useAppTestEnv();

  it('shows a card per session with Reschedule, removes a free ticket into a change cart, and Confirm Changes posts the free guest checkout', async () => {
    sessionStorage.clear();
    const { calls } = server('0.00');
    const router = renderApp('/manage/o-1?key=k-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order 500123' }, { timeout: 15_000 })).toBeTruthy();
    expect(document.querySelectorAll('article.edit-order__session')).toHaveLength(2);
    // The key is in the tab, not in the address nor in the links (the pages read it from the tab).
    expect(router.state.location.search).toBe('');
    expect(screen.getAllByRole('link', { name: 'Reschedule' })[0].getAttribute('href')).toBe('/manage/o-1/reschedule/s-1');
    // Only the free ticket has a Remove button; nothing is a checkbox (not the cancel-free screen).
    expect(screen.getAllByRole('button', { name: /^Remove/ })).toHaveLength(1);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: /^Remove/ }));
    await waitFor(() => expect(calls.find((c) => c.url.pathname === '/api/cart/modify')?.body).toEqual({ ticket_order_id: 'o-1', remove: ['t-free'], add: [] }));
    expect(calls.find((c) => c.url.pathname === '/api/cart/modify')?.url.searchParams.get('key')).toBe('k-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm Changes' }, { timeout: 15_000 }));
    expect((await screen.findByRole('status', {}, { timeout: 15_000 })).textContent).toBe(SELF_EDIT_TEXT.ticketCancelled);
    expect(calls.find((c) => c.url.pathname === '/api/cart/change-1/guest_checkout')?.body).toEqual({ send_email: false, gateway_id: 'free', gateway_data: {} });
    expect(sessionStorage.getItem('foyer.change-cart.o-1')).toBeNull();
  });

  it('an amount a card cannot take: "Payment is not supported for this amount."', async () => {
    sessionStorage.clear();
    server('0.20');
    renderApp('/manage/o-1');
    fireEvent.click(await screen.findByRole('button', { name: /^Remove/ }, { timeout: 15_000 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm Changes' }, { timeout: 15_000 }));
    expect((await screen.findByRole('alert')).textContent).toBe(SELF_EDIT_TEXT.paymentNotSupported);
  });

  it('a logged-in member is asked to log out: "Please log-out to edit your tickets", and nothing can be changed', async () => {
    logIn();
    server('0.00', undefined, true);
    renderApp('/manage/o-1?key=k-1');
    expect(await screen.findByText(SELF_EDIT_TEXT.logOut, {}, { timeout: 15_000 })).toBeTruthy();
    expect(document.querySelectorAll('article.edit-order__session')).toHaveLength(2);
    expect(screen.queryAllByRole('link', { name: 'Reschedule' })).toHaveLength(0);
    const remove = screen.getByRole<HTMLButtonElement>('button', { name: /^Remove/ });
    expect(remove.disabled).toBe(true);
  });

  it('while a change cart lives, leaving the page warns (beforeunload); after discarding it does not, and a session only being taken out is not labelled Cancelled', async () => {
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    server('0.00');
    renderApp('/manage/o-1?key=k-1');
    fireEvent.click(await screen.findByRole('button', { name: /^Remove/ }, { timeout: 15_000 }));
    await screen.findByRole('button', { name: 'Confirm Changes' }, { timeout: 15_000 });
    expect(unload()).toBe(true);
    const taken = screen.getByRole('article', { name: /November 26/ });
    expect(taken.textContent).toContain('to be removed');
    expect(within(taken).queryByText('Cancelled')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm Changes' })).toBeNull(), { timeout: 15_000 });
    expect(unload()).toBe(false);
  });

  it('labels a redeemed session Redeemed, a past one Past Event, a cancelled one Cancelled, with no actions on them', async () => {
    server('0.00', [
      { ...booked('t-redeemed', 's-1', '25.00'), state: 'redeemed' as const },
      booked('t-past', 's-0', '25.00'),
      { ...booked('t-gone', 's-2', '0.00'), state: 'cancelled' as const },
    ]);
    renderApp('/manage/o-1?key=k-1');
    const card = (date: RegExp) => screen.findByRole('article', { name: date }, { timeout: 15_000 });
    for (const [date, label] of [
      [/November 25/, 'Redeemed'],
      [/November 20/, 'Past Event'],
      [/November 26/, 'Cancelled'],
    ] as const) {
      const c = await card(date);
      expect(within(c).getByRole('heading', { level: 2 }).textContent).toContain(label);
      expect(within(c).queryByRole('link', { name: 'Reschedule' })).toBeNull();
      expect(within(c).queryAllByRole('button')).toHaveLength(0);
    }
    expect((await card(/November 26/)).textContent).not.toContain('0 ticket(s)');
  });
});
