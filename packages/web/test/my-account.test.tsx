import type { TConfigEntry, TOrderSession } from '@foyer/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppTestEnv } from './app-test-env.js';
import { configDocument, configEntry, installFetch } from './fixtures.js';
import { logIn, USER_DOC } from './membership-fixtures.js';
import { renderApp } from './render-app.js';

/** My Account (docs/accounts.md#my-account): /my, profile, upcoming visits and one visit, an order; docs/accounts.md#my-account "Session not found", "Order not found". */

const list = <T,>(items: T[]) => ({ _count: items.length, _total: items.length, _data: items });
const visit = (order: string, session: string, start: string, n: number): TOrderSession => ({
  id: `${order}:${session}`,
  start_datetime: start,
  end_datetime: start,
  timezone: 'America/New_York',
  ticket_order_id: order,
  event_template_id: 'event-ga',
  event_session_id: session,
  num_tickets: n,
  order_number: `5000${order.slice(-1)}`,
  purchased_on: '2026-11-20T15:00:00.000Z',
  event_name: 'General Admission',
});

function server(options: { config?: TConfigEntry[]; visits?: TOrderSession[]; scanCode?: string | null } = {}) {
  return installFetch((url) => {
    if (url.pathname === '/api/config') return { body: configDocument(options.config ?? []) };
    if (url.pathname === '/api/my/user') {
      const user = { ...USER_DOC.user._data[0], scan_code: options.scanCode ?? null, zip_code: '10001', needs_email: false };
      return { body: { user: list([user]), membership: list([]) } };
    }
    if (url.pathname === '/api/my/order_session') return { body: { order_session: list(options.visits ?? []) } };
    if (url.pathname.startsWith('/api/ticket_order/')) return { status: 404, body: { _data: [{ _code: 'not_found', _context: 'ticket_order', _description: 'Not found', _extra: null }] } };
    return undefined;
  });
}

const navLinks = async () => within(await screen.findByRole('navigation', { name: 'My account' }, { timeout: 15_000 })).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);

describe('My Account', () => {
  useAppTestEnv();

  it('/my takes someone without a membership to their profile: e-mail and names read-only, the pages to go to', async () => {
    logIn();
    server();
    const router = renderApp('/my');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/profile'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' }, { timeout: 15_000 })).toBeTruthy();
    expect(await navLinks()).toEqual([
      ['My profile', '/my/profile'],
      ['Upcoming visits', '/my/upcoming'],
      ['Recent orders', '/my/orders'],
    ]);
    // The profile form (my-profile.test.tsx): the e-mail and names read-only.
    const email = await screen.findByLabelText<HTMLInputElement>('E-mail address');
    expect([email.value, email.readOnly]).toEqual(['ada@example.com', true]);
    expect(screen.getByLabelText<HTMLInputElement>('Last name').readOnly).toBe(true);
  });

  it('/my takes a member to the membership page; the nav starts with Membership', async () => {
    logIn();
    server({ scanCode: 'M123' });
    const router = renderApp('/my');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/membership'));
    expect((await navLinks())[0]).toEqual(['Membership', '/my/membership']);
  });

  it('web.my_account chooses the pages', async () => {
    logIn();
    server({ config: [configEntry('my_account', { pages: ['recent_orders', 'nonsense'] })] });
    const router = renderApp('/my');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/orders'));
    expect(await navLinks()).toEqual([['Recent orders', '/my/orders']]);
  });

  it('lists the upcoming visits soonest first, each with the way to its details', async () => {
    logIn();
    server({ visits: [visit('o-1', 's-1', '2026-11-25T15:00:00.000Z', 2), visit('o-2', 's-2', '2026-12-02T19:30:00.000Z', 1)] });
    renderApp('/my/upcoming');
    await screen.findAllByRole('heading', { level: 2, name: 'General Admission' }, { timeout: 15_000 });
    const items = document.querySelectorAll('.my-upcoming__visit');
    expect([...items].map((li) => li.textContent)).toEqual([
      expect.stringContaining('2 ticket(s) · Order 50001'),
      expect.stringContaining('1 ticket(s) · Order 50002'),
    ]);
    expect(items[0].textContent).toContain('10:00 AM');
    const details = within(items[0] as HTMLElement).getByRole('link', { name: /^Details/ });
    expect(details.getAttribute('href')).toBe('/my/upcoming/session/o-1%3As-1');
  });

  it('one visit: when, how many, its tickets and order', async () => {
    logIn();
    server({ visits: [visit('o-1', 's-1', '2026-11-25T15:00:00.000Z', 2)] });
    renderApp('/my/upcoming/session/o-1%3As-1');
    const detail = await screen.findByRole('heading', { level: 2, name: 'General Admission' }, { timeout: 15_000 });
    const panel = detail.closest('.panel') as HTMLElement;
    expect(panel.textContent).toContain('2 ticket(s)');
    expect(within(panel).getByRole('link', { name: 'Manage order' }).getAttribute('href')).toBe('/my/orders/o-1');
  });

  it('an unknown visit says "Session not found"', async () => {
    logIn();
    server({ visits: [] });
    renderApp('/my/upcoming/session/nope');
    expect(await screen.findByText('Session not found', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('an order that is not found says "Order not found"', async () => {
    logIn();
    server();
    renderApp('/my/orders/o-404');
    expect(await screen.findByText('Order not found', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('a visitor who is not logged in sees the login form, no pages', async () => {
    server();
    renderApp('/my/upcoming');
    expect(await screen.findByText('Log in to see your upcoming visits.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'My account' })).toBeNull();
  });

  it('web.my_account false: its pages are not found, and the member menu has no My account link (issue 29 row 16)', async () => {
    logIn();
    const off = [configEntry('my_account', false)];
    for (const path of ['/my/profile', '/my/orders', '/my/upcoming', '/my/orders/o-1', '/my/upcoming/session/o-1%3As-1']) {
      server({ config: off, visits: [visit('o-1', 's-1', '2026-11-25T15:00:00.000Z', 2)] });
      renderApp(path);
      expect(await screen.findByText('We could not find anything at this URL. (404 Not Found)', {}, { timeout: 15_000 }), path).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'My account' }), path).toBeNull();
      fireEvent.click(await screen.findByRole('button', { name: /^Hi,/ }, { timeout: 15_000 }));
      const menu = screen.getByRole('navigation', { name: 'Account' });
      expect(within(menu).queryByRole('link', { name: 'My account' }), path).toBeNull();
      cleanup();
    }
  });

  it('a page web.my_account leaves out is not found; with pages left, the menu still links My account', async () => {
    logIn();
    server({ config: [configEntry('my_account', { pages: ['recent_orders'] })] });
    renderApp('/my/profile');
    expect(await screen.findByText('We could not find anything at this URL. (404 Not Found)', {}, { timeout: 15_000 })).toBeTruthy();
    cleanup();
    server({ config: [configEntry('my_account', { pages: ['recent_orders'] })] });
    renderApp('/my/upcoming');
    expect(await screen.findByText('We could not find anything at this URL. (404 Not Found)', {}, { timeout: 15_000 })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /^Hi,/ }, { timeout: 15_000 }));
    expect(within(screen.getByRole('navigation', { name: 'Account' })).getByRole('link', { name: 'My account' }).getAttribute('href')).toBe('/my');
  });
});
