import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../src/api/query-client.js';
import { en } from '../src/i18n/en.js';
import { cardSets, expiryText, renewableSet } from '../src/features/membership/cards.js';
import { configDocument, configEntry, EVENT_ID } from './fixtures.js';
import { card, logIn, logOutCookie, membershipServer, useMembershipTestEnv } from './membership-fixtures.js';
import { renderApp } from './render-app.js';

/** Renewal window texts, the renew flow and My Account membership details (docs/memberships.md#5-renewal). */

const TZ = 'America/New_York';

describe('the expiry text (pure)', () => {
  it('outside the renewal window it adds "renew from {date}"', () => {
    expect(expiryText(card({ renewal: { allowed: false, from: '2026-12-11' } }), TZ)).toBe('Expires Sun, January 10 2027, renew from Fri, December 11 2026');
  });
  it('inside the window, or without a renewal, only the expiry', () => {
    expect(expiryText(card({ renewal: { allowed: true, from: '2026-12-11' } }), TZ)).toBe('Expires Sun, January 10 2027');
    expect(expiryText(card({ renewal: null }), TZ)).toBe('Expires Sun, January 10 2027');
  });
  it('an ended membership says so; one without a term says it has none', () => {
    expect(expiryText(card({ status: 'expired', valid_to: '2026-01-10T05:00:00.000Z' }), TZ)).toBe('Expired Sat, January 10 2026');
    expect(expiryText(card({ valid_to: null, renewal: null }), TZ)).toBe(en.membership.noExpiry);
  });
  it('cards group into sets, current first; the renewable set is found', () => {
    const sets = cardSets([
      card({ id: 'old', card_set_id: 'set-0', status: 'expired', valid_to: '2025-01-10T05:00:00.000Z' }),
      card({ id: 'a', role: 'second-card' }),
      card({ id: 'b' }),
    ]);
    expect(sets.map((s) => s.id)).toEqual(['set-1', 'set-0']);
    expect(sets[0].main.id).toBe('b');
    expect(renewableSet(sets)).toBeNull();
    expect(renewableSet(cardSets([card({ renewal: { allowed: true, from: '2026-12-11' } })]))?.id).toBe('set-1');
  });
});

describe('renewal and membership details (screens)', () => {
  useMembershipTestEnv();

  const dual = [card(), card({ id: 'm-2', role: 'second-card', scan_code: 'HM-100002', first_name: 'Charles', last_name: 'Babbage', email: null })];

  it('/membership/renew goes to the membership event; outside the window: "renew from {date}", cannot be renewed yet, nothing to press', async () => {
    logIn();
    const { calls } = membershipServer({
      cards: dual,
      extra: (url) => (url.pathname === '/api/config' ? { body: configDocument([configEntry('membership_event_id', EVENT_ID)]) } : undefined),
    });
    const router = renderApp('/membership/renew');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/events/${EVENT_ID}/renew`), { timeout: 15_000 });
    const region = await screen.findByRole('region', { name: en.membership.renewTitle }, { timeout: 15_000 });
    await waitFor(() => expect(within(region).getByTestId('membership-expiry').textContent).toBe('Expires Sun, January 10 2027, renew from Fri, December 11 2026'));
    expect(within(region).getByRole('status').textContent).toBe('Your membership cannot be renewed yet.');
    expect(within(region).getAllByTestId('member-id').map((e) => e.textContent)).toEqual(['HM-100001', 'HM-100002']);
    expect(screen.queryByRole('button', { name: en.membership.renew })).toBeNull();
    expect(calls.some((c) => c.url.pathname.endsWith('/modify'))).toBe(false);
  });

  it('inside the window: Renew adds the level with the membership to renew', async () => {
    logIn();
    const { calls } = membershipServer({ cards: dual.map((c) => ({ ...c, renewal: { allowed: true, from: '2026-12-11' } })) });
    const router = renderApp(`/events/${EVENT_ID}/renew`);
    const renew = await screen.findByRole('button', { name: en.membership.renew }, { timeout: 15_000 });
    expect(screen.getByTestId('membership-expiry').textContent).toBe('Expires Sun, January 10 2027');
    fireEvent.click(renew);
    await waitFor(() => expect(calls.find((c) => c.url.pathname.endsWith('/modify'))).toBeDefined());
    expect(calls.find((c) => c.url.pathname.endsWith('/modify'))!.body).toEqual({ add: [{ ticket_type_id: 'tt-dual', event_session_id: 's-open', handler_data: { renew_membership_id: 'm-1' } }] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
  });

  it('renew without a membership: the spec text and the way to join; logged out: log in first', async () => {
    logIn();
    membershipServer({ cards: [] });
    renderApp(`/events/${EVENT_ID}/renew`);
    expect(await screen.findByText(en.membership.noMembershipToRenew, {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.membership.join }).getAttribute('href')).toBe(`/events/${EVENT_ID}`);
    cleanup();
    logOutCookie();
    queryClient.clear();
    renderApp(`/events/${EVENT_ID}/renew`);
    expect(await screen.findByText(en.membership.loginToRenew, {}, { timeout: 15_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en.account.login }));
    expect(await screen.findByRole('dialog', { name: en.account.loginTitle })).toBeTruthy();
  });

  it('/my/membership: level, member IDs, expiry with "renew from", QR images; the renew link only when allowed', async () => {
    logIn();
    membershipServer({ cards: dual });
    renderApp('/my/membership');
    expect(await screen.findByRole('heading', { level: 2, name: 'Dual' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByTestId('membership-expiry').textContent).toBe('Expires Sun, January 10 2027, renew from Fri, December 11 2026');
    const qr = screen.getByRole<HTMLImageElement>('img', { name: 'QR code of member ID HM-100002' });
    expect(qr.getAttribute('src')).toBe('/api/membership/m-2/qrcode?margin=2');
    expect(screen.queryByRole('link', { name: en.membership.renew })).toBeNull();
  });

  it('/my/membership within the window links to the renewal; a logged-out visitor sees a login form', async () => {
    logIn();
    membershipServer({ cards: [card({ renewal: { allowed: true, from: '2026-11-01' } })] });
    renderApp('/my/membership');
    expect((await screen.findByRole('link', { name: en.membership.renew }, { timeout: 15_000 })).getAttribute('href')).toBe('/membership/renew');
    cleanup();
    logOutCookie();
    queryClient.clear();
    membershipServer({ cards: [] });
    renderApp('/my/membership');
    expect(await screen.findByText(en.membership.loginLead, {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByLabelText(en.account.email)).toBeTruthy();
  });

  it('the member menu of a card holder opens the membership details', async () => {
    logIn();
    membershipServer({ cards: dual });
    renderApp('/my/membership');
    const toggle = await screen.findByRole('button', { name: /Hi, Ada/ }, { timeout: 15_000 });
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: en.member.membershipDetails }));
    expect(await screen.findByRole('dialog', { name: en.membership.detailsTitle })).toBeTruthy();
  });
});

describe("a current member's reads skip the public cache (docs/memberships.md#5-renewal, docs/memberships.md#3-being-recognised)", () => {
  useMembershipTestEnv();

  it('the listing of a member comes from /api with the members-only events; a visitor reads the cache', async () => {
    const listing = { event_template: { _count: 0, _total: 0, _data: [] } };
    const answer = (url: URL) => (url.pathname.endsWith('/events/available') ? { body: listing } : undefined);
    logIn();
    const member = membershipServer({ cards: [card()], extra: answer });
    renderApp('/events');
    await waitFor(() => expect(member.requests.some((u) => u.pathname === '/api/events/available' && u.searchParams.get('_withmemberevents') === 'T')).toBe(true), { timeout: 15_000 });
    cleanup();
    logOutCookie();
    queryClient.clear();
    const visitor = membershipServer({ extra: answer });
    renderApp('/events');
    await waitFor(() => expect(visitor.requests.some((u) => u.pathname === '/cached_api/events/available')).toBe(true), { timeout: 15_000 });
    expect(visitor.requests.some((u) => u.pathname === '/api/events/available' || u.searchParams.has('_withmemberevents'))).toBe(false);
  });

  it('a lapsed member reads the cache like a visitor', async () => {
    logIn();
    const lapsed = membershipServer({ cards: [card({ status: 'expired', valid_to: '2025-01-10T05:00:00.000Z' })], extra: (url) => (url.pathname.endsWith('/events/available') ? { body: { event_template: { _count: 0, _total: 0, _data: [] } } } : undefined) });
    renderApp('/events');
    await waitFor(() => expect(lapsed.requests.some((u) => u.pathname === '/api/my/user')).toBe(true), { timeout: 15_000 });
    await waitFor(() => expect(lapsed.requests.some((u) => u.pathname === '/cached_api/events/available')).toBe(true));
    await new Promise((r) => setTimeout(r, 300));
    expect(lapsed.requests.some((u) => u.pathname === '/api/events/available')).toBe(false);
  });
});
