import { SELF_EDIT_TEXT } from '@foyer/contracts/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAppTestEnv } from './app-test-env.js';
import { ticket } from './cart-fixtures.js';
import { calendarDocument, configDocument, eventDocument, installFetch, session, sessionsDocument, ticketType } from './fixtures.js';
import { renderApp } from './render-app.js';
import { queryClient } from '../src/api/query-client.js';
import { changeCartQuery } from '../src/features/manage/self-edit/change-api.js';

/**
 * The self-edit screens' error paths (docs/after-sale.md): the change cart's expiry is
 * noticed on every screen of a change (the manage page then reloads), a failed reschedule deletes
 * its change cart (with a restart link in the restart cases), and the reschedule page warns of a
 * dearer time from POST events/{id}/pricecheck before Update.
 */

const list = <T,>(items: T[]) => ({ _count: items.length, _total: items.length, _data: items });
const RULES = { resource_id: 'seller-1', namespace: 'web', name: 'self_edit_rules', value: { categories: ['Admission'] } };
const adult = (state: 'booked' | 'in_cart' = 'booked') =>
  ticket({ id: 't-adult', ticket_type_id: 'tt-adult', state, ticket_order_id: 'o-1', event_template_id: 'event-ga', event_session_id: 's-1', face_value: '20.00', adjusted_value: '20.00', scan_code: 'SC-1' });
const free = (state: 'booked' | 'in_cart' = 'booked') =>
  ticket({ id: 't-free', ticket_type_id: 'tt-child', state, ticket_order_id: 'o-1', event_template_id: 'event-ga', event_session_id: 's-2', face_value: '0.00', adjusted_value: '0.00', scan_code: 'SC-2' });

function changeCart(expiresIn: number, state = 'pending') {
  return { id: 'change-1', cart_number: '9', seller_id: 'seller-1', state, expires_at: '2026-11-21T15:30:00.000Z', expires_in: expiresIn, identity_id: 'i-1', ticket_order_id: null, campaign: null, additional_info: [], edits_order_id: 'o-1', credit: '0.00', cart_fees: { gateway_id: 'demo', account_id: null, face_value: '0.00', total_before_cartmod_price: '0.00', total_fee_fixed_outside: '0.00', total_fee_percent_outside: '0.00', total_cartmod_amount: '0.00', total_payments: '0.00', total_outstanding: '0.00' } };
}

/** The server of an order o-1 (an Adult at s-1 paid 20.00, a free Child at s-2) with a change cart change-1 in this tab. */
function server(options: { modify?: { status: number; body: unknown }; adultPrice?: string } = {}) {
  sessionStorage.setItem('foyer.change-cart.o-1', 'change-1');
  let cart: Record<string, unknown> | null = changeCart(1800);
  let inCart = true;
  const event = eventDocument();
  const handle = installFetch((url, request) => {
    if (url.pathname === '/api/config') return { body: configDocument([RULES as never]) };
    if (url.pathname === '/api/ticket_order/o-1' && request.method === 'GET') {
      return {
        body: {
          ticket_order: list([{ id: 'o-1', order_number: '500123', seller_id: 'seller-1', identity_id: 'i-1', cart_id: 'c-1', state: 'completed', created_at: '2026-11-20T10:00:00.000Z', ticket_order_fees: { total_after_fees_price: '20.00', total_payments: '20.00', total_outstanding: '0.00' } }]),
          ticket: list([adult(), free(inCart ? 'in_cart' : 'booked')]),
          ticket_type: event.ticket_type,
          event_template: event.event_template,
          event_session: list([session('s-1', '2026-11-25', '10:00', 10), session('s-2', '2026-11-26', '14:00', 10)]),
          venue: list([]),
        },
      };
    }
    if (url.pathname === '/api/cart/change-1' && request.method === 'GET') return cart ? { body: { cart: list([cart]), ticket: list([]) } } : { status: 404, body: { _data: [{ _code: 'not_found', _context: 'cart', _description: 'Cart not found', _extra: {} }] } };
    if (url.pathname === '/api/cart/change-1' && request.method === 'DELETE') {
      cart = null;
      inCart = false;
      return { body: {} };
    }
    if (url.pathname === '/api/cart/change-1/modify') return options.modify ?? { body: { cart: list([cart]), ticket: list([]) } };
    if (url.pathname === '/cached_api/events/event-ga') return { body: event };
    if (url.pathname === '/api/events/event-ga/calendar') return { body: calendarDocument('2026-11-27', 5) };
    if (url.pathname.endsWith('/events/event-ga/sessions')) return { body: sessionsDocument([session('s-9', url.searchParams.get('_ondate') ?? '2026-11-27', '13:00', 40)]) };
    if (url.pathname === '/api/events/event-ga/pricecheck') return { body: { ticket_type: list([ticketType('tt-adult', 'Adult', options.adultPrice ?? '20.00', 0)]) } };
    return undefined;
  });
  return {
    ...handle,
    // The server's sweeper ended the change: the tickets are the order's again.
    expire: () => {
      cart = changeCart(1800, 'expired');
      inCart = false;
    },
  };
}

const refusal = (status: number, code: string, context: string, description: string) => ({ status, body: { _data: [{ _code: code, _context: context, _description: description, _extra: {} }] } });

/**
 * The change cart's read has been answered: its hold counts from that answer, so only then may the
 * clock jump past it (a screen's heading can show before the read is back on a busy machine).
 */
async function changeCartAnswered() {
  await waitFor(() => expect(queryClient.getQueryState(changeCartQuery('change-1').queryKey)?.status).toBe('success'));
}

async function pickAfternoon() {
  const days = await screen.findByRole('list', { name: 'Available dates' }, { timeout: 15_000 });
  fireEvent.click(within(days).getAllByRole('button')[0]);
  fireEvent.click(within(await screen.findByRole('list', { name: 'Choose a time' })).getByRole('button', { name: /1:00 PM/ }));
}

describe('the change cart’s expiry (docs/after-sale.md#how-a-change-works-server)', () => {
  useAppTestEnv();

  it('on the edit screen: once its hold runs out the footer goes, the change is deleted, the expiry dialog shows and the order reloads', async () => {
    const { calls } = server();
    renderApp('/manage/o-1');
    await screen.findByRole('button', { name: 'Confirm Changes' }, { timeout: 15_000 });
    await changeCartAnswered();
    const orderReads = () => calls.filter((c) => c.url.pathname === '/api/ticket_order/o-1').length;
    const before = orderReads();
    // 30 minutes later (the hold was 1800 s): the next one-second check notices.
    act(() => {
      vi.setSystemTime(new Date('2026-11-21T15:30:00Z'));
    });
    expect(await screen.findByRole('dialog', { name: 'Your changes have timed out' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm Changes' })).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/cart/change-1' && c.method === 'DELETE')).toBe(true);
    expect(sessionStorage.getItem('foyer.change-cart.o-1')).toBeNull();
    await waitFor(() => expect(orderReads()).toBeGreaterThan(before));
    // The reloaded order has the free ticket back, with its Remove button.
    expect(await screen.findByRole('button', { name: /^Remove/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your changes have timed out' })).toBeNull());
  });

  it('on the reschedule screen: the page goes back to the manage page, which says so', async () => {
    server();
    const router = renderApp('/manage/o-1/reschedule/s-1');
    await screen.findByRole('list', { name: 'Available dates' }, { timeout: 15_000 });
    await changeCartAnswered();
    act(() => {
      vi.setSystemTime(new Date('2026-11-21T15:30:00Z'));
    });
    expect(await screen.findByRole('dialog', { name: 'Your changes have timed out' }, { timeout: 5_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/manage/o-1');
  });

  it('on the confirm screen: no payment of a cart that is gone; back to the manage page', async () => {
    server();
    const router = renderApp('/manage/o-1/confirm');
    await screen.findByRole('heading', { level: 1, name: 'Pay for your changes' }, { timeout: 15_000 });
    await changeCartAnswered();
    act(() => {
      vi.setSystemTime(new Date('2026-11-21T15:30:00Z'));
    });
    expect(await screen.findByRole('dialog', { name: 'Your changes have timed out' }, { timeout: 5_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/manage/o-1');
  });

  it('a change cart the server no longer holds (expired meanwhile) is forgotten without the dialog', async () => {
    const s = server();
    s.expire();
    renderApp('/manage/o-1');
    expect(await screen.findByRole('button', { name: /^Remove/ }, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(sessionStorage.getItem('foyer.change-cart.o-1')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Confirm Changes' })).toBeNull();
  });
});

describe('a failed reschedule (docs/after-sale.md#how-a-change-works-server, docs/after-sale.md#errors)', () => {
  useAppTestEnv();

  it.each([
    ['event_session_sold_out', refusal(409, 'event_session_sold_out', 'reserve', 'Sold out'), 'Tickets have sold out for this session. Please choose another time.'],
    ['self_edit_not_allowed', refusal(403, 'self_edit_not_allowed', 'cart', 'No'), SELF_EDIT_TEXT.contactToReschedule],
    ['an unexpected refusal', refusal(400, 'validation_failed', 'cart', 'Something is wrong with that.'), 'Something is wrong with that.'],
  ])('%s: says why and deletes the change cart, with no restart link', async (_name, answer, text) => {
    const { calls } = server({ modify: answer });
    renderApp('/manage/o-1/reschedule/s-1');
    await pickAfternoon();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`${text} `);
    expect(calls.some((c) => c.url.pathname === '/api/cart/change-1' && c.method === 'DELETE')).toBe(true);
    expect(sessionStorage.getItem('foyer.change-cart.o-1')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Start again' })).toBeNull();
  });

  it.each([
    ['cart_expired', 410, 'reserve'],
    ['tickets_too_old', 409, 'cart_remove_tickets'],
    ['ticket_state_incorrect', 409, 'cart_remove_tickets'],
    ['ticket_not_found', 404, 'cart_remove_tickets'],
  ])('%s: deletes the change cart and shows a restart link to the manage page', async (code, status, context) => {
    const { calls } = server({ modify: refusal(status, code, context, `Refused: ${code}`) });
    renderApp('/manage/o-1/reschedule/s-1');
    await pickAfternoon();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`Refused: ${code}`);
    expect(within(alert).getByRole('link', { name: 'Start again' }).getAttribute('href')).toBe('/manage/o-1');
    expect(calls.some((c) => c.url.pathname === '/api/cart/change-1' && c.method === 'DELETE')).toBe(true);
  });
});

describe('the reschedule page’s price check (docs/after-sale.md#screens, docs/after-sale.md#how-a-change-works-server)', () => {
  useAppTestEnv();

  it('asks POST events/{id}/pricecheck for the moved types and, once a time is chosen, warns of the difference with the time', async () => {
    const { calls } = server({ adultPrice: '26.50' });
    renderApp('/manage/o-1/reschedule/s-1');
    await pickAfternoon();
    expect((await screen.findByRole('status', {}, { timeout: 5_000 })).textContent).toMatch(/^Moving to .*1:00 PM costs \$6\.50 more than you paid\.$/);
    expect(calls.find((c) => c.url.pathname === '/api/events/event-ga/pricecheck')?.body).toEqual({ ticket_types_required: [{ ticket_type_id: 'tt-adult', quantity: 1 }] });
  });

  it('no warning when today’s price is what was paid', async () => {
    const { calls } = server({ adultPrice: '20.00' });
    renderApp('/manage/o-1/reschedule/s-1');
    await pickAfternoon();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/events/event-ga/pricecheck')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/costs .* more than you paid/)).toBeNull();
  });
});
