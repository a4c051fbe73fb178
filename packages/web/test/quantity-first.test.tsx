import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { queryClient } from '../src/api/query-client.js';
import { cartDocument } from './cart-fixtures.js';
import { calendarDocument, configDocument, EVENT_ID, eventDocument, installFetch, session, sessionsDocument, type Handler } from './fixtures.js';
import { renderApp } from './render-app.js';
import { useAppTestEnv } from './app-test-env.js';

/** A quantity-first event (meta reserve_flow) on a fake API; `calendar` answers POST calendar. */
function server(calendar: Handler, doc = eventDocument({ meta: { reserve_flow: 'quantity_first' } }), reserve?: Handler): Handler {
  return (url, request) => {
    if (url.pathname === '/api/config') return { body: configDocument() };
    if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: doc };
    if (url.pathname === `/api/events/${EVENT_ID}/calendar` && request.method === 'POST') return calendar(url, request);
    if (url.pathname === `/api/events/${EVENT_ID}/sessions` && request.method === 'POST') {
      const date = url.searchParams.get('_ondate')!;
      return {
        body: {
          ...sessionsDocument([session('s1', date, '10:00', 0), session('s2', date, '13:00', 30)]),
          price_schedule: { _count: 1, _total: 1, _data: [{ event_session_id: 's2', ticket_type_id: 'tt-adult', ticket_group_id: 'tg-1', currency_amount: '25.00', quantity: 2, total: '50.00' }] },
        },
      };
    }
    if (url.pathname === `/cached_api/events/${EVENT_ID}/sessions` && url.searchParams.get('id')) {
      const id = url.searchParams.get('id')!;
      return { body: sessionsDocument(id === 's2' ? [session('s2', '2026-11-22', '13:00', 30)] : []) };
    }
    if (url.pathname.startsWith('/api/my/cart') && request.method === 'POST') return reserve?.(url, request) ?? { body: cartDocument() };
    if (url.pathname.startsWith('/api/my/cart')) return { body: cartDocument() };
    if (url.pathname === '/cached_api/events/available') return { body: { event_template: { _count: 0, _total: 0, _data: [] } } };
    return undefined;
  };
}

useAppTestEnv();

async function chooseTwoAdults() {
  const add = await screen.findByRole('button', { name: 'Add one Adult' }, { timeout: 15_000 });
  fireEvent.click(add);
  fireEvent.click(add);
  fireEvent.click(screen.getByRole('button', { name: 'Show dates' }));
}

describe('quantity-first (docs/events.md#flows)', () => {
  it('quantities first, the calendar asked with them, then the day’s sessions with them; reserves on the session chosen', async () => {
    const { calls } = installFetch(server(() => ({ body: calendarDocument('2026-11-21', 3) })));
    renderApp(`/events/${EVENT_ID}`);
    expect(await screen.findByRole('heading', { name: 'How many tickets?' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Available dates' })).toBeNull();
    await chooseTwoAdults();
    const list = await screen.findByRole('list', { name: 'Available dates' });
    const calendarCall = calls.find((c) => c.url.pathname.endsWith('/calendar') && c.method === 'POST')!;
    expect(calendarCall.body).toEqual({ ticket_types_required: [{ ticket_type_id: 'tt-adult', quantity: 2 }] });
    expect(within(list).getAllByRole('button')[0].textContent).toContain('Total $25');

    fireEvent.click(within(list).getAllByRole('button')[0]);
    const time = await screen.findByRole('button', { name: /1:00 PM/ });
    const sessionsCall = calls.find((c) => c.url.pathname.endsWith('/sessions') && c.method === 'POST')!;
    expect(sessionsCall.url.searchParams.get('_ondate')).toBe('2026-11-21');
    expect(sessionsCall.body).toEqual({ ticket_types_required: [{ ticket_type_id: 'tt-adult', quantity: 2 }] });
    // The price schedule's total for the session.
    expect(time.textContent).toContain('Total $50');
    // The 10 am session cannot take 2: its tab reads sold out.
    expect(screen.getByRole('tab', { name: /Morning/ }).textContent).toContain('Sold out');

    fireEvent.click(time);
    expect(await screen.findByRole('heading', { name: 'Your details' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/my/cart/modify')).toBe(true));
    expect(calls.find((c) => c.url.pathname === '/api/my/cart/modify')!.body).toEqual({
      add: [
        { ticket_type_id: 'tt-adult', event_session_id: 's2' },
        { ticket_type_id: 'tt-adult', event_session_id: 's2' },
      ],
    });
  });

  it('changing the quantities clears the date and the session', async () => {
    installFetch(server(() => ({ body: calendarDocument('2026-11-21', 3) })));
    renderApp(`/events/${EVENT_ID}`);
    await chooseTwoAdults();
    fireEvent.click(within(await screen.findByRole('list', { name: 'Available dates' })).getAllByRole('button')[1]);
    fireEvent.click(await screen.findByRole('button', { name: /1:00 PM/ }));
    await screen.findByRole('heading', { name: 'Your details' });
    fireEvent.click(screen.getByRole('button', { name: 'Change tickets' }));
    expect(await screen.findByRole('heading', { name: 'How many tickets?' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your details' })).toBeNull();
    expect(screen.queryByText('Sun, Nov 22, 2026')).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Adult quantity' }).value).toBe('2');
  });

  describe('the calendar’s visibility threshold 0.4 (docs/catalog.md reserve_flow)', () => {
    /** jsdom has no layout: a stand-in observer answers with the share of the dates in view. */
    function watchObservers() {
      const observers: { target: Element; threshold: unknown; answer: (ratio: number) => void }[] = [];
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          private callback: IntersectionObserverCallback;
          private options?: IntersectionObserverInit;
          constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
            this.callback = callback;
            this.options = options;
          }
          observe(target: Element) {
            const answer = (ratio: number) => {
              const entry = { target, intersectionRatio: ratio, isIntersecting: ratio > 0, intersectionRect: { height: 100 * ratio }, rootBounds: { height: 844 } };
              this.callback([entry as unknown as IntersectionObserverEntry], this as unknown as IntersectionObserver);
            };
            observers.push({ target, threshold: this.options?.threshold, answer });
          }
          disconnect() {}
          unobserve() {}
          takeRecords() {
            return [];
          }
        },
      );
      const scrolled: Element[] = [];
      // jsdom has no scrollIntoView: one is put in for the test and taken out after.
      const before = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
      Element.prototype.scrollIntoView = function (this: Element) {
        scrolled.push(this);
      };
      onTestFinished(() => {
        if (before) Object.defineProperty(Element.prototype, 'scrollIntoView', before);
        else Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
      });
      return { observers, scrolled };
    }

    it('dates opened by Show dates with under 40 % in view are brought into view; 40 % or more are left alone', async () => {
      const { observers, scrolled } = watchObservers();
      installFetch(server(() => ({ body: calendarDocument('2026-11-21', 3) })));
      renderApp(`/events/${EVENT_ID}`);
      await chooseTwoAdults();
      const list = await screen.findByRole('list', { name: 'Available dates' });
      const watch = observers.find((o) => o.target === list)!;
      expect(watch.threshold).toBe(0.4);
      watch.answer(0.39);
      expect(scrolled).toEqual([list]);

      // Again with enough of them showing: the page stays where it is.
      fireEvent.click(screen.getByRole('button', { name: 'Change tickets' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Show dates' }));
      const again = await screen.findByRole('list', { name: 'Available dates' });
      observers.filter((o) => o.target === again).at(-1)!.answer(0.4);
      expect(scrolled).toEqual([list]);
    });

    it('date-first: the dates shown with the page are not watched; reopened by Change date they are', async () => {
      const { observers } = watchObservers();
      const quantityFirst = server(() => ({ body: calendarDocument('2026-11-21', 3) }), eventDocument());
      installFetch((url, request) => (url.pathname === `/cached_api/events/${EVENT_ID}/calendar` ? { body: calendarDocument('2026-11-21', 3) } : quantityFirst(url, request)));
      renderApp(`/events/${EVENT_ID}`);
      const list = await screen.findByRole('list', { name: 'Available dates' }, { timeout: 15_000 });
      expect(observers.some((o) => o.target === list)).toBe(false);
      fireEvent.click(within(list).getAllByRole('button')[0]);
      fireEvent.click(await screen.findByRole('button', { name: 'Change date' }));
      const reopened = await screen.findByRole('list', { name: 'Available dates' });
      expect(observers.find((o) => o.target === reopened)?.threshold).toBe(0.4);
    });
  });

  it('more than 10 ticket types: the calendar’s refusal reopens the quantities with its text', async () => {
    installFetch(server(() => ({ status: 400, body: { _data: [{ _code: 'validation_failed', _context: 'event_calendar', _description: 'x', _extra: { max: 10 } }] } })));
    renderApp(`/events/${EVENT_ID}`);
    await chooseTwoAdults();
    expect(await screen.findByText('You can only select up to 10 different types of tickets.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'How many tickets?' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Available dates' })).toBeNull();
  });

  it('any other calendar failure: the generic text, quantities open again, and a retry asks again', async () => {
    let fail = true;
    const { calls } = installFetch(server(() => (fail ? { status: 400, body: { _data: [{ _code: 'validation_failed', _context: 'other', _description: 'x', _extra: null }] } } : { body: calendarDocument('2026-11-21', 3) })));
    renderApp(`/events/${EVENT_ID}`);
    await chooseTwoAdults();
    expect(await screen.findByText('Sorry! Something unexpected happened. Please try again.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'How many tickets?' })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Show dates' }));
    expect(await screen.findByRole('list', { name: 'Available dates' })).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname.endsWith('/calendar') && c.method === 'POST').length).toBe(2);
  });

  it('details after the session: every field is checked at once, the first invalid one gets the focus; names and answers go with the add', async () => {
    const doc = eventDocument({ meta: { reserve_flow: 'quantity_first' } });
    (doc.ticket_group_rule!._data[0] as { named: string }).named = 'yes';
    (doc.ticket_group!._data[0] as { additional_info_spec: unknown }).additional_info_spec = {
      properties: { postcode: { type: 'string', title: 'Your postcode' }, visits: { type: 'integer', title: 'Visits this year' } },
      required: ['postcode'],
    };
    const { calls } = installFetch(server(() => ({ body: calendarDocument('2026-11-21', 3) }), doc));
    renderApp(`/events/${EVENT_ID}`);
    const add = await screen.findByRole('button', { name: 'Add one Adult' }, { timeout: 15_000 });
    fireEvent.click(add);
    fireEvent.click(screen.getByRole('button', { name: 'Show dates' }));
    fireEvent.click(within(await screen.findByRole('list', { name: 'Available dates' })).getAllByRole('button')[0]);
    fireEvent.click(await screen.findByRole('button', { name: /1:00 PM/ }));
    await screen.findByRole('heading', { name: 'Your details' });
    fireEvent.click(screen.getByRole('button', { name: 'Reserve' }));
    // Both the name fields and the survey question are in error; the first field gets the focus.
    expect(await screen.findByText('Enter a first name.')).toBeTruthy();
    expect(screen.getByText('Enter a last name.')).toBeTruthy();
    expect(screen.getByText('Please answer this question.')).toBeTruthy();
    const first = screen.getByRole('textbox', { name: 'First name' });
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(calls.some((c) => c.url.pathname === '/api/my/cart/modify')).toBe(false);

    fireEvent.change(first, { target: { value: 'Ada' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: 'Lovelace' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Your postcode/ }), { target: { value: 'N1 9GU' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: /Visits this year/ }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/my/cart/modify')).toBe(true));
    expect(calls.find((c) => c.url.pathname === '/api/my/cart/modify')!.body).toEqual({
      add: [{ ticket_type_id: 'tt-adult', event_session_id: 's2', admit_name: 'Ada Lovelace' }],
      additionalInfo: [{ ticket_group_id: 'tg-1', data: { postcode: 'N1 9GU', visits: 3 } }],
    });
  });

  it('the session sells out under the buyer: the exact text, and a time is to be chosen again', async () => {
    const soldOut = { status: 409, body: { _data: [{ _code: 'event_session_sold_out', _context: 'reserve', _description: 'Sold out.', _extra: null }] } };
    installFetch(server(() => ({ body: calendarDocument('2026-11-21', 3) }), undefined, () => soldOut));
    renderApp(`/events/${EVENT_ID}`);
    await chooseTwoAdults();
    fireEvent.click(within(await screen.findByRole('list', { name: 'Available dates' })).getAllByRole('button')[0]);
    fireEvent.click(await screen.findByRole('button', { name: /1:00 PM/ }));
    await screen.findByRole('heading', { name: 'Your details' });
    fireEvent.click(screen.getByRole('button', { name: 'Reserve' }));
    expect(await screen.findByText('Tickets have sold out for the session at 1:00 PM. Please select another session and try again.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your details' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Choose a time' })).toBeTruthy();
  });

  it('ticket quantities of a deep link start the selection; a link naming no ticket type says so', async () => {
    installFetch(server(() => ({ body: calendarDocument('2026-11-21', 3) })));
    renderApp(`/events/${EVENT_ID}?adult=2&tt-child=1`);
    const adult = await screen.findByRole('spinbutton', { name: 'Adult quantity' }, { timeout: 15_000 });
    expect((adult as HTMLInputElement).value).toBe('2');
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Child quantity' }).value).toBe('1');
    cleanup();
    document.body.innerHTML = '';
    queryClient.clear();
    renderApp(`/events/${EVENT_ID}?Dinosaur=2`);
    expect(await screen.findByText('We could not find the tickets in your link. Please choose your tickets below.', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('a link with quantities and a date opens that day\'s times at once', async () => {
    const { calls } = installFetch(server(() => ({ body: calendarDocument('2026-11-21', 3) })));
    renderApp(`/events/${EVENT_ID}?Adult=2&date=2026-11-22`);
    expect(await screen.findByRole('button', { name: /1:00 PM/ }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Sun, Nov 22, 2026')).toBeTruthy();
    const sessionsCall = calls.find((c) => c.url.pathname.endsWith('/sessions') && c.method === 'POST')!;
    expect(sessionsCall.url.searchParams.get('_ondate')).toBe('2026-11-22');
    expect(sessionsCall.body).toEqual({ ticket_types_required: [{ ticket_type_id: 'tt-adult', quantity: 2 }] });
  });

  it('session=next picks the first time that can take the quantities; session=<id> that one, on its day', async () => {
    installFetch(server(() => ({ body: calendarDocument('2026-11-21', 3) })));
    renderApp(`/events/${EVENT_ID}?Adult=2&session=next`);
    expect(await screen.findByRole('heading', { name: 'Your details' }, { timeout: 15_000 })).toBeTruthy();
    expect(document.querySelector('#qf-session')?.parentElement?.textContent).toMatch(/Nov 21, 2026.*1:00\sPM/);
    cleanup();
    document.body.innerHTML = '';
    queryClient.clear();
    renderApp(`/events/${EVENT_ID}?Adult=2&session=s2`);
    expect(await screen.findByRole('heading', { name: 'Your details' }, { timeout: 15_000 })).toBeTruthy();
    expect(document.querySelector('#qf-session')?.parentElement?.textContent).toMatch(/Nov 22, 2026.*1:00\sPM/);
  });

  it('a date not on sale or an unknown session says so at the date step; without quantities in the link it waits for them', async () => {
    installFetch(server(() => ({ body: calendarDocument('2026-11-21', 3) })));
    renderApp(`/events/${EVENT_ID}?date=2026-12-25`);
    await chooseTwoAdults();
    expect(await screen.findByText(/Tickets are not available on .*Dec 25, 2026\. Please choose another date\./)).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Available dates' })).toBeTruthy();
    cleanup();
    document.body.innerHTML = '';
    queryClient.clear();
    renderApp(`/events/${EVENT_ID}?Adult=1&session=gone`);
    expect(await screen.findByText('That time is not available. Please choose another time.', {}, { timeout: 15_000 })).toBeTruthy();
  });
});
