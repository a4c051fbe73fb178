import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app.js';
import { writeCartId } from '../src/shared/cart/storage.js';
import { cartDocument, ticket } from './cart-fixtures.js';
import { calendarDocument, configDocument, configEntry, EVENT_ID, eventDocument, installFetch, session, sessionsDocument, SELLER_ID, type Handler } from './fixtures.js';
import { useAppTestEnv } from './app-test-env.js';

const sold = (description = 'Tickets have sold out for this session.') => ({
  status: 409,
  body: { _data: [{ _code: 'event_session_sold_out', _context: 'reserve', _description: description, _extra: { event_session_id: 's3', available: 0 } }] },
});

/** The event-ga fake: a day of four sessions, group availability per session, the cart calls. */
function server(options: { reserve?: Handler; sessionsAfterSoldOut?: 'others' | 'none'; groupRoom?: number } = {}): Handler {
  let soldOut = false;
  return (url, request) => {
    if (url.pathname === '/api/config') return { body: configDocument([configEntry('upsells_enabled', true)]) };
    if (url.pathname === '/cached_api/events/available') return { body: { event_template: { _count: 0, _total: 0, _data: [] } } };
    if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: eventDocument() };
    if (url.pathname.endsWith(`/events/${EVENT_ID}/calendar`)) return { body: calendarDocument('2026-11-21', 12) };
    if (url.pathname === `/api/events/${EVENT_ID}/sessions` && url.searchParams.get('ticket_group_id._in')) {
      const id = url.searchParams.get('id')!;
      return { body: sessionsDocument([{ ...session(id, '2026-11-21', '13:00', options.groupRoom ?? 40), id }]) };
    }
    if (url.pathname.endsWith(`/events/${EVENT_ID}/sessions`)) {
      const date = url.searchParams.get('_ondate') ?? '2026-11-21';
      const fresh = url.pathname.startsWith('/api/') && soldOut;
      const s3 = fresh ? 0 : 40;
      const s4 = fresh && options.sessionsAfterSoldOut === 'none' ? 0 : -1;
      return { body: sessionsDocument([session('s1', date, '09:00', 0), session('s2', date, '10:30', fresh && options.sessionsAfterSoldOut === 'none' ? 0 : 4), session('s3', date, '13:00', s3), session('s4', date, '14:00', s4)]) };
    }
    if (url.pathname.startsWith('/api/my/cart') && request.method === 'POST') {
      const answer = options.reserve?.(url, request);
      if (answer && answer.status === 409) soldOut = true;
      return answer ?? { body: cartDocument() };
    }
    if (url.pathname.startsWith('/api/my/cart') && request.method === 'GET') return { body: cartDocument() };
    if (url.pathname.startsWith('/api/my/cart') && request.method === 'DELETE') return { body: {} };
    return undefined;
  };
}

async function pickFirstDayAfternoon() {
  const list = await screen.findByRole('list', { name: 'Available dates' });
  fireEvent.click(within(list).getAllByRole('button')[0]);
  const tablist = await screen.findByRole('tablist', { name: 'Times of day' });
  fireEvent.click(within(tablist).getAllByRole('tab')[1]);
  fireEvent.click(within(screen.getByRole('list', { name: 'Afternoon times' })).getByRole('button', { name: /1:00 PM/ }));
  return screen.findByRole('button', { name: 'Add one Adult' });
}

useAppTestEnv();

describe('reserving from the event page', () => {
  it('chooses 2 Adult + 1 Child, reserves them into a new cart and goes on to the upsell listing', async () => {
    const { calls } = installFetch(server());
    const router = renderApp(`/events/${EVENT_ID}`);
    const addAdult = await pickFirstDayAfternoon();
    const reserve = screen.getByRole('button', { name: 'Reserve' });
    expect(reserve).toHaveProperty('disabled', true); // nothing chosen yet
    fireEvent.click(addAdult);
    fireEvent.click(addAdult);
    fireEvent.click(screen.getByRole('button', { name: 'Add one Child' }));
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Adult quantity' }).value).toBe('2');
    expect(screen.getByTestId('reserve-bar').textContent).toContain('$50');
    fireEvent.click(screen.getByRole('button', { name: 'Remove one Adult' }));
    fireEvent.click(addAdult);
    fireEvent.click(reserve);

    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/my/cart/modify');
    expect(post.body).toEqual({
      add: [
        { ticket_type_id: 'tt-adult', event_session_id: 's3' },
        { ticket_type_id: 'tt-adult', event_session_id: 's3' },
        { ticket_type_id: 'tt-child', event_session_id: 's3' },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'What other experiences would you like to add?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cart, 3 tickets' })).toBeTruthy();
    expect(localStorage.getItem(`foyer:cart:${SELLER_ID}`)).toBe('cart-1');
  });

  it('a session sold out under the buyer: reloads the sessions, says so exactly and clears the choice', async () => {
    const { calls } = installFetch(server({ reserve: () => sold(), sessionsAfterSoldOut: 'others' }));
    renderApp(`/events/${EVENT_ID}`);
    fireEvent.click(await pickFirstDayAfternoon());
    fireEvent.click(screen.getByRole('button', { name: 'Reserve' }));
    expect(await screen.findByText('Tickets have sold out for the session at 1:00 PM. Please select another session and try again.')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === `/api/events/${EVENT_ID}/sessions` && c.url.searchParams.get('_ondate') === '2026-11-21')).toBe(true);
    // The time is to be chosen again; the reloaded list shows 1:00 PM sold out.
    const tablist = await screen.findByRole('tablist', { name: 'Times of day' });
    fireEvent.click(within(tablist).getAllByRole('tab')[1]);
    const afternoon = await screen.findByRole('list', { name: 'Afternoon times' });
    expect(within(afternoon).getByRole('button', { name: /1:00 PM/ }).textContent).toContain('Sold out');
    expect(screen.queryByRole('button', { name: 'Add one Adult' })).toBeNull();
  });

  it('the last session of the day sold out: reloads the dates and says the day sold out', async () => {
    const { calls } = installFetch(server({ reserve: () => sold(), sessionsAfterSoldOut: 'none' }));
    renderApp(`/events/${EVENT_ID}`);
    fireEvent.click(await pickFirstDayAfternoon());
    fireEvent.click(screen.getByRole('button', { name: 'Reserve' }));
    expect(await screen.findByText('Tickets have sold out for Sat, Nov 21, 2026. Please select another date and try again.')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === `/api/events/${EVENT_ID}/calendar`)).toBe(true);
    expect(screen.getByRole('list', { name: 'Available dates' })).toBeTruthy();
  });

  it('other refusals show the server description inline', async () => {
    installFetch(
      server({
        reserve: () => ({ status: 400, body: { _data: [{ _code: 'max_tickets_per_order_exceeded', _context: 'reserve', _description: 'You can book at most 20 tickets for Admission tickets in one order.', _extra: null }] } }),
      }),
    );
    renderApp(`/events/${EVENT_ID}`);
    fireEvent.click(await pickFirstDayAfternoon());
    fireEvent.click(screen.getByRole('button', { name: 'Reserve' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You can book at most 20 tickets for Admission tickets in one order.');
  });

  it('no increase past the room left in the session', async () => {
    installFetch(server({ groupRoom: 2 }));
    renderApp(`/events/${EVENT_ID}`);
    const addAdult = await pickFirstDayAfternoon();
    fireEvent.click(addAdult);
    fireEvent.click(screen.getByRole('button', { name: 'Add one Child' }));
    expect(addAdult).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Add one Child' })).toHaveProperty('disabled', true);
  });

  it('keeps the quantities when another session of the same day is picked', async () => {
    installFetch(server());
    renderApp(`/events/${EVENT_ID}`);
    const addAdult = await pickFirstDayAfternoon();
    fireEvent.click(addAdult);
    fireEvent.click(addAdult);
    fireEvent.click(screen.getByRole('button', { name: 'Change time' }));
    const tablist = await screen.findByRole('tablist', { name: 'Times of day' });
    fireEvent.click(within(tablist).getAllByRole('tab')[1]);
    fireEvent.click(within(screen.getByRole('list', { name: 'Afternoon times' })).getByRole('button', { name: /2:00 PM/ }));
    await screen.findByRole('button', { name: 'Add one Adult' });
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Adult quantity' }).value).toBe('2');
  });
});

describe('an add-on event with an admission in the cart', () => {
  it('takes the day of the admission and offers only the times in the visit window', async () => {
    writeCartId(SELLER_ID, 'cart-1');
    const base = server();
    installFetch((url, request) => {
      if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: eventDocument({ meta: { upsell: true } }) };
      return base(url, request);
    });
    renderApp(`/events/${EVENT_ID}`);
    // The anchor (fixtures): 1:00 PM on Sat, Nov 21, 2026; same_date by default.
    expect(await screen.findByText('Sat, Nov 21, 2026')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Available dates' })).toBeNull();
    expect(screen.queryByText('Add an admission event to your cart first.')).toBeNull();
    const tablist = await screen.findByRole('tablist', { name: 'Times of day' });
    expect(within(tablist).getAllByRole('tab').map((t) => t.textContent)).toEqual(['MorningNot available', 'Afternoon', 'EveningNot available']);
    const afternoon = screen.getByRole('list', { name: 'Afternoon times' });
    expect(within(afternoon).getAllByRole('button').map((b) => b.textContent)).toEqual(['1:00 PMAvailable', '2:00 PMAvailable']);
  });
});

describe('an add-on with tickets_must_match_anchor_tickets', () => {
  it('caps the choice at the anchor booking\'s 3 tickets, says so, and reserves only when they match', async () => {
    writeCartId(SELLER_ID, 'cart-1');
    const base = server();
    // The anchor: three zoo tickets at 1:00 PM.
    const zooTicket = () => ticket({ ticket_type_id: 'tt-adult', event_template_id: 'event-zoo', event_session_id: 's-zoo' });
    const anchorCart = cartDocument({ tickets: [zooTicket(), zooTicket(), zooTicket()], events: [{ id: 'event-zoo', name: 'Zoo' }], sessions: [{ id: 's-zoo', event_template_id: 'event-zoo' }] });
    installFetch((url, request) => {
      if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: eventDocument({ meta: { upsell: true, tickets_must_match_anchor_tickets: true } }) };
      if (url.pathname.startsWith('/api/my/cart') && request.method === 'GET') return { body: anchorCart };
      return base(url, request);
    });
    renderApp(`/events/${EVENT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: /2:00 PM/ }));
    const addAdult = await screen.findByRole('button', { name: 'Add one Adult' });
    expect(screen.getByText('Add-on tickets must match the 3 admission tickets in your cart: choose 3.')).toBeTruthy();
    const reserve = screen.getByRole('button', { name: 'Reserve' });
    fireEvent.click(addAdult);
    fireEvent.click(addAdult);
    expect(reserve).toHaveProperty('disabled', true); // 2 of 3
    fireEvent.click(screen.getByRole('button', { name: 'Add one Child' }));
    expect(reserve).toHaveProperty('disabled', false);
    expect(addAdult).toHaveProperty('disabled', true); // a 4th would not match
    expect(screen.getByRole('button', { name: 'Add one Child' })).toHaveProperty('disabled', true);
  });
});

describe('until_close: the add-on\'s times end at the close of the admission\'s day', () => {
  it('offers only times starting before the last end among the admission event\'s sessions that day', async () => {
    writeCartId(SELLER_ID, 'cart-1');
    // The admission: the zoo at 1:00 PM; the zoo's last session that day ends at 2:30 PM (its close).
    const zoo = { id: 's-zoo', event_template_id: 'event-zoo' };
    const anchorCart = cartDocument({ tickets: [ticket({ ticket_type_id: 'tt-adult', event_template_id: 'event-zoo', event_session_id: 's-zoo' })], events: [{ id: 'event-zoo', name: 'Zoo' }], sessions: [zoo] });
    const base = server();
    const asked: string[] = [];
    installFetch((url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument([configEntry('upsells_enabled', true), configEntry('upsells.visit_time', 'until_close')]) };
      if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: eventDocument({ meta: { upsell: true } }) };
      if (url.pathname === '/cached_api/events/event-zoo/sessions') {
        asked.push(url.searchParams.get('_ondate')!);
        return { body: sessionsDocument([session('z1', '2026-11-21', '09:00', 10), session('z2', '2026-11-21', '14:00', 10)]) };
      }
      if (url.pathname === `/cached_api/events/${EVENT_ID}/sessions`) {
        return { body: sessionsDocument([session('s3', '2026-11-21', '13:00', 10), session('s4', '2026-11-21', '14:00', 10), session('s5', '2026-11-21', '16:00', 10)]) };
      }
      if (url.pathname.startsWith('/api/my/cart') && request.method === 'GET') return { body: anchorCart };
      return base(url, request);
    });
    renderApp(`/events/${EVENT_ID}`);
    await screen.findByRole('button', { name: /2:00 PM/ });
    // The add-on runs 1:00 (clashing with the zoo), 2:00 and 4:00 (after closing; same_date would offer it).
    expect(screen.queryByRole('button', { name: /4:00 PM/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /1:00 PM/ })).toBeNull();
    expect(asked).toEqual(['2026-11-21']);
  });
});

describe('a single date or any day (events offering both)', () => {
  it('offers the choice; any day skips date and time and reserves on the flexible session; a date clears it', async () => {
    const flex = { ...session('flex', '2026-11-21', '09:00', -1), capacity: -1, used_capacity: 0, end_datetime: '2027-11-21T22:00:00.000Z' };
    const base = server();
    const { calls } = installFetch((url, request) => {
      if (url.pathname.endsWith(`/events/${EVENT_ID}/sessions`) && url.searchParams.get('end_datetime._gte')) return { body: sessionsDocument([flex]) };
      if (url.pathname === `/api/events/${EVENT_ID}/sessions` && url.searchParams.get('id') === 'flex') return { body: sessionsDocument([flex]) };
      return base(url, request);
    });
    renderApp(`/events/${EVENT_ID}`);
    const choice = await screen.findByRole('group', { name: 'How would you like to visit?' });
    const anyDay = within(choice).getByRole('button', { name: /Any day/ });
    const oneDate = within(choice).getByRole('button', { name: /On a date I choose/ });
    expect(oneDate.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(anyDay);
    expect(anyDay.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('list', { name: 'Available dates' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Add one Adult' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ add: [{ ticket_type_id: 'tt-adult', event_session_id: 'flex' }] });
  });

  it('choosing a date clears the any-day choice, and the multi-day session is not a time of that date', async () => {
    const flex = { ...session('flex', '2026-11-21', '09:00', -1), capacity: -1, used_capacity: 0, end_datetime: '2027-11-21T22:00:00.000Z' };
    const base = server();
    installFetch((url, request) => {
      if (url.pathname.endsWith(`/events/${EVENT_ID}/sessions`) && url.searchParams.get('end_datetime._gte')) return { body: sessionsDocument([flex]) };
      if (url.pathname.endsWith(`/events/${EVENT_ID}/sessions`) && url.searchParams.get('_ondate')) {
        const answer = base(url, request)!;
        return { body: sessionsDocument([...(answer.body as { event_session: { _data: ReturnType<typeof session>[] } }).event_session._data, flex]) };
      }
      return base(url, request);
    });
    renderApp(`/events/${EVENT_ID}`);
    const choice = await screen.findByRole('group', { name: 'How would you like to visit?' });
    fireEvent.click(within(choice).getByRole('button', { name: /Any day/ }));
    await screen.findByRole('button', { name: 'Add one Adult' });
    fireEvent.click(within(choice).getByRole('button', { name: /On a date I choose/ }));
    expect(screen.queryByRole('button', { name: 'Add one Adult' })).toBeNull();
    const list = await screen.findByRole('list', { name: 'Available dates' });
    fireEvent.click(within(list).getAllByRole('button')[0]);
    const tablist = await screen.findByRole('tablist', { name: 'Times of day' });
    expect(within(tablist).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Morning', 'Afternoon', 'EveningNot available']);
    expect(screen.queryByRole('button', { name: /All day/ })).toBeNull();
  });
});

describe('the cart', () => {
  it('lists the stored cart with totals; removing an item asks first, then removes its tickets', async () => {
    writeCartId(SELLER_ID, 'cart-1');
    const full = cartDocument();
    const [adult1, adult2, child] = full.ticket._data;
    const fees = full.cart._data[0].cart_fees;
    const after = cartDocument({ tickets: [adult1, adult2], cart: { cart_fees: { ...fees, total_before_cartmod_price: '50.00', total_outstanding: '50.00' } } });
    const { calls } = installFetch((url, request) => {
      if (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET') return { body: full };
      if (url.pathname === '/api/my/cart/cart-1/modify') return { body: after };
      return server()(url, request);
    });
    const router = renderApp('/checkout');
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    await within(summary).findByText('1 × Child');
    expect(within(summary).getByText('2 × Adult')).toBeTruthy();
    expect(within(summary).getByTestId('cart-total').textContent).toBe('$62');
    fireEvent.click(within(summary).getByRole('button', { name: 'Remove 1 × Child' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from cart?' });
    expect(dialog.textContent).toContain('Remove 1 × Child from your cart?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const remove = calls.find((c) => c.method === 'POST')!;
    expect(remove.url.pathname).toBe('/api/my/cart/cart-1/modify');
    expect(remove.body).toEqual({ add: [], remove: [child.id] });
    expect(within(summary).getByTestId('cart-total').textContent).toBe('$50');
    expect(within(summary).queryByText('1 × Child')).toBeNull();

    // The only item left: removing it deletes the whole cart.
    fireEvent.click(within(summary).getByRole('button', { name: 'Remove 2 × Adult' }));
    const last = await screen.findByRole('dialog', { name: 'Remove from cart?' });
    expect(last.textContent).toContain('This is the only item in your cart, so your cart will be emptied.');
    fireEvent.click(within(last).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/my/cart/cart-1')).toBe(true));
    // An empty cart has no checkout (docs/events.md#the-event-page): home.
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/checkout'));
  });

  it('counts down under 20 minutes as m:ss and announces at 5 minutes, then shows the warning style', async () => {
    vi.useRealTimers();
    writeCartId(SELLER_ID, 'cart-1');
    installFetch((url, request) => {
      if (url.pathname.startsWith('/api/my/cart') && request.method === 'GET') return { body: cartDocument({ cart: { expires_in: 306 } }) };
      return server()(url, request);
    });
    renderApp('/checkout');
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    const timer = await within(summary).findByText(/Time left to complete your purchase: 5:0\d/);
    expect(timer.closest('.cart-timer')?.getAttribute('data-level')).toBe('normal');
    await waitFor(() => expect(screen.getByTestId('cart-announcer').textContent).toBe('Your cart will expire in 5 minutes.'), { timeout: 4000 });
    await waitFor(() => expect(summary.querySelector('.cart-timer')?.getAttribute('data-level')).toBe('warning'), { timeout: 3000 });
    await act(async () => {});
  });

  it('at expiry the cart-expiry dialog offers Start over and the cart is cleared', async () => {
    vi.useRealTimers();
    writeCartId(SELLER_ID, 'cart-1');
    const { calls } = installFetch((url, request) => {
      if (url.pathname.startsWith('/api/my/cart') && request.method === 'GET') return { body: cartDocument({ cart: { expires_in: 35 } }) };
      return server()(url, request);
    });
    // 35 s on the server is 30 s locally: let the clock run fast from here.
    const realNow = Date.now.bind(Date);
    const start = realNow();
    vi.spyOn(Date, 'now').mockImplementation(() => start + (realNow() - start) * 20);
    const router = renderApp('/checkout');
    const dialog = await screen.findByRole('dialog', { name: 'Your cart has timed out' }, { timeout: 15_000 });
    expect(localStorage.getItem(`foyer:cart:${SELLER_ID}`)).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start over' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
