import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppTestEnv } from './app-test-env.js';
import { configDocument, installFetch } from './fixtures.js';
import { renderApp } from './render-app.js';
import { card, logIn, membershipServer } from './membership-fixtures.js';
import { queryClient } from '../src/api/query-client.js';

/** Wallet buttons (docs/wallet-passes.md#what-has-a-pass Order complete wallet links, docs/wallet-passes.md#what-has-a-pass Wallet precheck): shown per wallet only when walletprecheck says ok. */

const list = <T,>(items: T[]) => ({ _count: items.length, _total: items.length, _data: items });
const fees = { total_after_fees_price: '20.00', total_payments: '20.00', total_outstanding: '0.00' };
const order = { id: 'order-1', order_number: '500001', seller_id: 'seller-1', identity_id: 'i-1', cart_id: 'c-1', state: 'completed', created_at: '2026-11-20T10:00:00.000Z', ticket_order_fees: fees };

function server(precheck: { apple: boolean; google: boolean }) {
  return installFetch((url) => {
    if (url.pathname === '/api/config') return { body: configDocument([]) };
    if (url.pathname === '/api/ticket_order') return { body: { ticket_order: list([order]), ticket: list([]), _total: 1 } };
    if (url.pathname === '/api/ticket_order/order-1') return { body: { ticket_order: list([order]), ticket: list([]), _total: 1 } };
    if (url.pathname === '/api/ticket_order/order-1/walletprecheck') {
      return { body: { wallet_precheck: list([{ provider: 'apple', ok: precheck.apple }, { provider: 'google', ok: precheck.google }]), _total: 2 } };
    }
    return undefined;
  });
}

describe('wallet buttons', () => {
  useAppTestEnv();

  it('the complete page offers both wallets when configured: the pass links of the order, named as the badges read', async () => {
    server({ apple: true, google: true });
    renderApp('/checkout/complete?orderIds=order-1');
    const group = await screen.findByRole('group', { name: 'Add your tickets to a wallet' }, { timeout: 15_000 });
    const links = within(group).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Add to Apple Wallet', 'Save to Google Wallet']);
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/api/ticket_order/order-1/pkpass?_seller=seller-1', '/api/ticket_order/order-1/gwpass?_seller=seller-1']);
  });

  it('only the wallets walletprecheck says ok; none: no buttons at all', async () => {
    const { requests } = server({ apple: false, google: true });
    renderApp('/checkout/complete?orderIds=order-1');
    expect(await screen.findByRole('link', { name: 'Save to Google Wallet' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add to Apple Wallet' })).toBeNull();
    expect(requests.filter((u) => u.pathname.endsWith('/walletprecheck'))).toHaveLength(1);
  });

  it('nothing configured: no group, no links (after the precheck answered)', async () => {
    const { requests } = server({ apple: false, google: false });
    renderApp('/checkout/complete?orderIds=order-1');
    expect(await screen.findByTestId('order-number', {}, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryState(['ticket_order', 'walletprecheck', 'order-1', { ticket_id: undefined, membership_id: undefined }])?.status).toBe('success'));
    await Promise.resolve();
    expect(requests.some((u) => u.pathname.endsWith('/walletprecheck'))).toBe(true);
    expect(screen.queryByRole('group', { name: 'Add your tickets to a wallet' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Wallet/ })).toBeNull();
  });

  it('the manage page opened from the e-mail passes its key to the precheck and the pass links', async () => {
    const { requests } = server({ apple: true, google: true });
    renderApp('/manage/order-1?key=k3y');
    const apple = await screen.findByRole('link', { name: 'Add to Apple Wallet' }, { timeout: 15_000 });
    expect(apple.getAttribute('href')).toBe('/api/ticket_order/order-1/pkpass?_seller=seller-1&key=k3y');
    expect(screen.getByRole('link', { name: 'Save to Google Wallet' }).getAttribute('href')).toBe('/api/ticket_order/order-1/gwpass?_seller=seller-1&key=k3y');
    expect(requests.find((u) => u.pathname.endsWith('/walletprecheck'))?.searchParams.get('key')).toBe('k3y');
  });

  it('My Account: each member card has its own buttons, named for the card, with its membership_id', async () => {
    logIn();
    const { requests } = membershipServer({
      cards: [card(), card({ id: 'm-2', scan_code: 'HM-100002', role: 'second-card', first_name: 'Charles', last_name: 'Babbage' })],
      extra: (url) => (url.pathname === '/api/ticket_order/o-1/walletprecheck' ? { body: { wallet_precheck: list([{ provider: 'apple', ok: true }, { provider: 'google', ok: false }]), _total: 2 } } : undefined),
    });
    renderApp('/my/membership');
    const second = await screen.findByRole('link', { name: 'Add member card HM-100002 to Apple Wallet' }, { timeout: 15_000 });
    expect(second.getAttribute('href')).toBe('/api/ticket_order/o-1/pkpass?_seller=seller-1&membership_id=m-2');
    expect(screen.getByRole('group', { name: 'Add member card HM-100001 to a wallet' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Google Wallet/ })).toBeNull();
    // Each card asks about itself: a member may hold a card someone else bought.
    expect(requests.filter((u) => u.pathname === '/api/ticket_order/o-1/walletprecheck').map((u) => u.searchParams.get('membership_id')).sort()).toEqual(['m-1', 'm-2']);
  });
});
