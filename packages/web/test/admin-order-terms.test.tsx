import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as OrderPage } from '../src/features/admin/order-page.js';
import { adminText } from '../src/i18n/en-admin.js';
import { installFetch } from './fixtures.js';
import { renderAtRoute } from './render-at-route.js';

/** The order page's terms accepted and the card that paid (docs/box-office.md, Find). */
const detail = (terms: { at: string; hash: string } | null) => ({
  admin_order: { id: 'o1', order_number: '1001', state: 'booked', created_at: '2026-06-01T10:00:00.000Z', total: '20.00', paid: '20.00', email: 'ada@example.com', name: 'Ada Byron', phone: null, ticket_count: 1, cart_id: 'c1', refunded: '0.00', refundable: '20.00', terms_accepted_at: terms?.at ?? null, terms_hash: terms?.hash ?? null },
  tickets: [],
  payments: [
    { id: 'p1', kind: 'charge', gateway_id: 'stripe', amount: '20.00', status: 'succeeded', reference: 'pi_1', card_last4: '4242', created_at: '2026-06-01T10:00:00.000Z' },
    { id: 'p2', kind: 'charge', gateway_id: 'ledger', amount: '0.00', status: 'succeeded', reference: 'gc', card_last4: null, created_at: '2026-06-01T10:00:01.000Z' },
  ],
  changes: [],
  instalments: [],
  mails: [],
  timeline: [],
});

function renderOrder(terms: { at: string; hash: string } | null) {
  installFetch((url) => (url.pathname === '/api/admin/orders/o1' ? { body: detail(terms) } : undefined));
  renderAtRoute('/admin/orders/:id', OrderPage, '/admin/orders/o1');
}

const termsText = () => screen.getByText(adminText.order.terms).nextElementSibling!.textContent;

describe('the order page: terms accepted and the card that paid', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows when the terms were accepted and which terms (the start of their hash), and each card payment’s last 4', async () => {
    renderOrder({ at: '2026-06-01T09:59:00.000Z', hash: 'abcdef0123456789'.repeat(4) });
    await screen.findByRole('heading', { name: 'Order 1001' });
    expect(termsText()).toMatch(/^Accepted .+ \(terms abcdef012345…\)$/);
    const rows = within(screen.getByRole('table', { name: adminText.order.payments })).getAllByRole('row');
    expect(rows[1].textContent).toContain('ending 4242');
    expect(rows[2].textContent).not.toContain('ending');
  });

  it('says so when the order had no terms to accept', async () => {
    renderOrder(null);
    await screen.findByRole('heading', { name: 'Order 1001' });
    expect(termsText()).toBe(adminText.order.termsNone);
  });
});
