import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartDocument } from './cart-fixtures.js';
import { configDocument, configEntry, EVENT_ID, eventDocument, installFetch, session, sessionsDocument } from './fixtures.js';
import { card, logIn, USER_DOC, useMembershipTestEnv } from './membership-fixtures.js';
import { renderApp } from './render-app.js';

/** The membership promo on event pages and the member menu's membership details modal (docs/promotions.md#the-storefront). */

const list = <T,>(items: T[]) => ({ _count: items.length, _total: items.length, _data: items });

function server(options: { membershipEvent?: boolean; cards?: ReturnType<typeof card>[]; resend?: { status?: number; body: unknown } } = {}) {
  const doc = eventDocument({ event_type: 'single' });
  const entries = options.membershipEvent === false ? [] : [configEntry('membership_event_id', 'membership')];
  return installFetch((url) => {
    if (url.pathname === '/api/config') return { body: configDocument(entries) };
    if (url.pathname.endsWith(`/events/${EVENT_ID}`)) return { body: doc };
    if (url.pathname.endsWith(`/events/${EVENT_ID}/sessions`)) return { body: sessionsDocument([session('s-1', '2026-11-25', '18:00', 10)]) };
    if (url.pathname === '/api/my/user') return { body: { ...USER_DOC, membership: list(options.cards ?? []) } };
    if (url.pathname === '/api/my/membership') return { body: { membership: list(options.cards ?? []), _total: (options.cards ?? []).length } };
    if (url.pathname === '/api/my/ticket_order/resend') return options.resend ?? { body: { sent: true } };
    if (url.pathname === '/api/my/member_allowance') return { body: { member_allowance: list([]), _total: 0 } };
    if (url.pathname.startsWith('/api/my/cart')) return { body: cartDocument() };
    return undefined;
  });
}

const promo = () => screen.queryByRole('complementary', { name: 'Become a member' });

describe('membership promo', () => {
  useMembershipTestEnv();

  it('invites a visitor to join, linking to /membership', async () => {
    server();
    renderApp(`/events/${EVENT_ID}`);
    const panel = await screen.findByRole('complementary', { name: 'Become a member' }, { timeout: 15_000 });
    expect(within(panel).getByRole('link', { name: 'Join now' }).getAttribute('href')).toBe('/membership');
  });

  it('is not shown to a current member, nor when the seller sells no memberships', async () => {
    logIn();
    server({ cards: [card()] });
    renderApp(`/events/${EVENT_ID}`);
    await screen.findByRole('button', { name: /Hi, Ada/ }, { timeout: 15_000 });
    await screen.findByRole('heading', { level: 1 });
    expect(promo()).toBeNull();
  });

  it('is not shown when no membership event is configured', async () => {
    server({ membershipEvent: false });
    renderApp(`/events/${EVENT_ID}`);
    await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
    await screen.findByRole('link', { name: 'Log in' });
    expect(promo()).toBeNull();
  });
});

describe('membership details modal', () => {
  useMembershipTestEnv();

  it('a member opens it from the member menu: the cards with member IDs and QR codes; Escape closes it', async () => {
    logIn();
    server({ cards: [card(), card({ id: 'm-2', scan_code: 'HM-100002', role: 'second-card', first_name: 'Charles', last_name: 'Babbage' })] });
    renderApp('/events');
    fireEvent.click(await screen.findByRole('button', { name: /Hi, Ada/ }, { timeout: 15_000 }));
    fireEvent.click(screen.getByRole('button', { name: 'Membership details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Membership details' });
    await waitFor(() => expect(within(dialog).getAllByTestId('member-id').map((d) => d.textContent)).toEqual(['HM-100001', 'HM-100002']));
    expect(within(dialog).getByRole('img', { name: 'QR code of member ID HM-100002' }).getAttribute('src')).toContain('/membership/m-2/qrcode');
    expect(within(dialog).getByRole('link', { name: 'Open in My Account' }).getAttribute('href')).toBe('/my/membership');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('resend membership e-mail', () => {
  useMembershipTestEnv();

  it('asks for the membership orders only and says the e-mail is on its way; a refusal shows its text', async () => {
    logIn();
    const { calls } = server({ cards: [card()] });
    renderApp('/my/membership');
    const button = await screen.findByRole('button', { name: 'Resend membership e-mail' }, { timeout: 15_000 });
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByText('Your membership e-mail is on its way to your account’s address.')).toBeTruthy());
    expect(calls.find((c) => c.url.pathname === '/api/my/ticket_order/resend')).toMatchObject({ method: 'POST', body: { memberships_only: true } });
  });

  it('shows the server refusal (e.g. too many requests)', async () => {
    logIn();
    server({ cards: [card()], resend: { status: 429, body: { _data: [{ _code: 'rate_limited', _context: 'ticket_order', _description: 'Too many attempts. Please wait 60 minutes and try again.', _extra: { retry_after: 3600 } }] } } });
    renderApp('/my/membership');
    fireEvent.click(await screen.findByRole('button', { name: 'Resend membership e-mail' }, { timeout: 15_000 }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many attempts');
  });
});
