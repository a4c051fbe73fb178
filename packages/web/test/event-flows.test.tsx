import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartDocument } from './cart-fixtures.js';
import { configDocument, EVENT_ID, eventDocument, installFetch, session, sessionsDocument } from './fixtures.js';
import { card, membershipServer } from './membership-fixtures.js';
import { renderApp } from './render-app.js';
import { useAppTestEnv } from './app-test-env.js';

/** The fixture event with its one group turned into another handler (or removed), on a fake API; `sessions` answer the sessions read. */
function server(doc: ReturnType<typeof eventDocument>, sessions = [session('s-open', '2026-11-21', '00:00', -1)]) {
  return installFetch((url) => {
    if (url.pathname === '/api/config') return { body: configDocument() };
    if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: doc };
    if (url.pathname.endsWith(`/events/${EVENT_ID}/sessions`)) return { body: sessionsDocument(sessions) };
    if (url.pathname === '/cached_api/events/available') return { body: { event_template: { _count: 0, _total: 0, _data: [] } } };
    if (url.pathname.startsWith('/api/my/cart')) return { body: cartDocument() };
    return undefined;
  });
}

function withGroup(overrides: Record<string, unknown>, typeOverrides: Record<string, unknown> = {}) {
  const doc = eventDocument({ event_type: 'flexible' });
  const group = (doc.ticket_group!._data[0] as unknown as Record<string, unknown>);
  Object.assign(group, overrides);
  for (const type of doc.ticket_type!._data as unknown as Record<string, unknown>[]) Object.assign(type, typeOverrides);
  return doc;
}

useAppTestEnv();

describe('event flows (docs/events.md#the-event-page)', () => {
  it('a members-only event without groups for the visitor: the notice with log-in and sign-up links', async () => {
    const doc = eventDocument({ hidden_type: 'public_member_only', event_type: 'single' });
    doc.ticket_group = { _count: 0, _total: 0, _data: [] };
    server(doc);
    renderApp(`/events/${EVENT_ID}`);
    const notice = await screen.findByRole('region', { name: 'Members only' }, { timeout: 15_000 });
    // Log in opens the login modal over this event.
    expect(within(notice).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(`/events/${EVENT_ID}?login=1`);
    expect(within(notice).getByRole('link', { name: 'Become a member' }).getAttribute('href')).toBe('/membership');
    expect(screen.queryByRole('button', { name: /Reserve|Add to cart/ })).toBeNull();
  });

  it('a member whose memberships have all ended is asked to renew', async () => {
    const doc = eventDocument({ hidden_type: 'public_member_only', event_type: 'single' });
    doc.ticket_group = { _count: 0, _total: 0, _data: [] };
    document.cookie = 'session_expires=2026-11-22T15:00:00Z; path=/';
    const { calls } = installFetch((url) => {
      if (url.pathname === '/api/config') return { body: configDocument() };
      if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: doc };
      if (url.pathname === '/api/my/user') {
        return {
          body: {
            user: { _count: 1, _total: 1, _data: [{ id: 'u1', identity_id: 'i1', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', scan_code: 'M1' }] },
            membership: { _count: 1, _total: 1, _data: [card({ id: 'm1', scan_code: 'M1', valid_from: '2025-01-01T00:00:00Z', valid_to: '2026-01-01T00:00:00Z', status: 'expired' })] },
          },
        };
      }
      if (url.pathname.startsWith('/api/my/cart')) return { body: cartDocument() };
      return undefined;
    });
    try {
      renderApp(`/events/${EVENT_ID}`);
      const notice = await screen.findByRole('region', { name: 'Members only' }, { timeout: 15_000 });
      await waitFor(() => expect(within(notice).getByText('Your membership has expired. Renew it to book members-only events.')).toBeTruthy());
      expect(within(notice).getByRole('link', { name: 'Renew membership' }).getAttribute('href')).toBe('/membership/renew');
      expect(calls.some((c) => c.url.pathname === '/api/my/user')).toBe(true);
    } finally {
      document.cookie = 'session_expires=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });

  it('a flexible event shows the quantity messages of its rules, as the dated flows do (docs/catalog.md#9-message-rules)', async () => {
    const doc = eventDocument({ event_type: 'flexible' });
    doc.message_rule = { _count: 1, _total: 1, _data: [{ id: 'mr-q', event_template_id: EVENT_ID, _rank: 0, actions: [{ type: 'quantity_message', text: 'Groups of 2 or more: ask for the guide.' }], triggers: [{ kind: 'quantity', min: 2 }] }] };
    server(doc, [session('s-open', '2026-11-21', '10:00', 30)]);
    renderApp(`/events/${EVENT_ID}`);
    const more = await screen.findByRole('button', { name: 'Add one Adult' }, { timeout: 15_000 });
    fireEvent.click(more);
    expect(screen.queryByText('Groups of 2 or more: ask for the guide.')).toBeNull();
    fireEvent.click(more);
    await screen.findByText('Groups of 2 or more: ask for the guide.');
  });

  it('gift cards: one card chosen from the list is added, one ticket only', async () => {
    const { calls } = server(withGroup({ handler: 'ledger', max_tickets_per_order: 1 }));
    const router = renderApp(`/events/${EVENT_ID}`);
    const add = await screen.findByRole('button', { name: 'Add to cart' }, { timeout: 15_000 });
    expect(add).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: /Adult/ }));
    fireEvent.click(add);
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(calls.find((c) => c.url.pathname === '/api/my/cart/modify')!.body).toEqual({ add: [{ ticket_type_id: 'tt-adult', event_session_id: 's-open' }] });
  });

  it('a donation: the amount is required, then checked against min/max and 2 decimals; the first invalid field gets the focus', async () => {
    const { calls } = server(withGroup({ handler: 'donation', max_tickets_per_order: 1 }, { currency_amount: '0', currency_amount_min: '5.00', currency_amount_max: '100.00' }));
    renderApp(`/events/${EVENT_ID}`);
    fireEvent.click(await screen.findByRole('radio', { name: /Child/ }, { timeout: 15_000 }));
    const amount = screen.getByRole('spinbutton', { name: 'Amount' });
    const add = screen.getByRole('button', { name: 'Add to cart' });
    fireEvent.click(add);
    expect(await screen.findByText('Enter an amount.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(amount));
    fireEvent.change(amount, { target: { value: '150' } });
    expect(screen.getByText('Value entered is outside min/max')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '12.345' } });
    expect(screen.getByText('Enter an amount with at most 2 decimal places.')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '12.5' } });
    fireEvent.click(add);
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/my/cart/modify')).toBe(true));
    expect(calls.find((c) => c.url.pathname === '/api/my/cart/modify')!.body).toEqual({ add: [{ ticket_type_id: 'tt-child', event_session_id: 's-open', face_value: '12.50' }] });
  });

  it('the select link parameter preselects one of the gift cards', async () => {
    server(withGroup({ handler: 'ledger', max_tickets_per_order: 1 }));
    renderApp(`/events/${EVENT_ID}?select=tt-child`);
    const child = await screen.findByRole('radio', { name: /Child/ }, { timeout: 15_000 });
    expect((child as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveProperty('disabled', false);
  });

  it('membership levels: the buy-membership flow (level with its price, its members, add to cart) instead of a price list', async () => {
    membershipServer({ doc: withGroup({ handler: 'membership', max_tickets_per_order: 1 }) });
    renderApp(`/events/${EVENT_ID}`);
    const adult = await screen.findByRole('radio', { name: /Adult/ }, { timeout: 15_000 });
    expect(screen.getByText('$25')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go to membership' })).toBeNull();
    fireEvent.click(adult);
    // A type without a level of its own: one member card.
    expect(await screen.findByRole('group', { name: 'Member' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeTruthy();
  });
});
