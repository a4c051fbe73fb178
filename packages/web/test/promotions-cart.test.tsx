import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TCartModOut, TCartPromoCode } from '@foyer/contracts';
import { cartDocument, ticket } from './cart-fixtures.js';
import { useCartTestEnv } from './cart-test-env.js';
import { calendarDocument, configDocument, EVENT_ID, eventDocument, installFetch, sentText, session, sessionsDocument, type Handler } from './fixtures.js';
import { renderApp } from './render-app.js';

/**
 * The cart's promo codes in the storefront (docs/promotions.md#the-storefront, docs/promotions.md#applying-codes): the promo panel of the cart,
 * a `?code=` link opened with tickets already in the cart, and a member's own ZIP code.
 */

const SLOW = { timeout: 8000 };
const FRIENDS: TCartPromoCode = { code: 'FRIENDS', code_group_id: 'g-friends', phase: 'pre', required: true };
const WELCOME: TCartPromoCode = { code: 'WELCOME10', code_group_id: 'g-welcome', phase: 'post' };
const tenOff: TCartModOut = {
  id: 'm-10', name: '10% off admission', description: null, discount: '5.00', blocking_checkout: false,
  resource: 'ticket_type', resource_id: 'tt-adult', tickets_affected: [], activating_code_groups: ['g-welcome'],
};
/** The cart with a code's $5 off (two adults at 22.50 and a child). */
const discounted = (codes: TCartPromoCode[], mod: TCartModOut = tenOff) =>
  cartDocument({
    cart: {
      cartmods: [mod],
      promo_codes: codes,
      cart_fees: { gateway_id: 'demo', account_id: null, face_value: '62.00', total_before_cartmod_price: '62.00', total_fee_fixed_outside: '0.00', total_fee_percent_outside: '0.00', total_cartmod_amount: '5.00', total_payments: '0.00', total_outstanding: '57.00' },
    },
    tickets: [ticket({ ticket_type_id: 'tt-adult', adjusted_value: '22.50' }), ticket({ ticket_type_id: 'tt-adult', adjusted_value: '22.50' }), ticket({ ticket_type_id: 'tt-child', face_value: '12.00', adjusted_value: '12.00' })],
  });
const refusal = (status: number, code: string, description: string) => ({ status, body: { _data: [{ _code: code, _context: 'promo_code', _description: description, _extra: null }] } });
const applyCalls = (calls: { url: URL; body: unknown }[]) => calls.filter((c) => c.url.pathname.endsWith('/apply_code')).map((c) => c.body);

useCartTestEnv();

describe('the cart’s promo panel', () => {
  it('collapsed, expanded, a refusal inline, applying, then collapsed and cleared with the result announced; codes as chips, a code the tickets need without Remove', async () => {
    let current = cartDocument({ cart: { promo_codes: [FRIENDS] } });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { fetch, calls } = installFetch((url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument([]) };
      if (url.pathname === '/cached_api/events/available') return { body: { event_template: { _count: 0, _total: 0, _data: [] } } };
      if (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET') return { body: current };
      if (url.pathname === '/api/my/cart/cart-1/apply_code') {
        const body = request.body as { code: string; remove?: boolean };
        if (body.code.toUpperCase() === 'NOPE') return refusal(404, 'code_not_found', '');
        current = body.remove ? cartDocument({ cart: { promo_codes: [FRIENDS] } }) : discounted([FRIENDS, WELCOME]);
        return { body: current };
      }
      return undefined;
    });
    // The good code's answer is held back, to see the panel applying.
    const answer = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input: string, init?: RequestInit) => {
      if (input.includes('/apply_code') && sentText(init).includes('welcome10')) await gate;
      return answer(input, init);
    });
    renderApp('/account');
    fireEvent.click(await screen.findByRole('button', { name: 'Cart, 3 tickets' }, SLOW));
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });

    // The code the preview tickets need: no Remove (the server refuses it).
    const applied = within(drawer).getByRole('list', { name: 'Applied codes' });
    expect(applied.textContent).toBe('FRIENDSNeeded for your tickets');
    expect(within(drawer).queryByRole('button', { name: 'Remove code FRIENDS' })).toBeNull();

    const toggle = within(drawer).getByRole('button', { name: 'Have a promo code?' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(drawer).queryByRole('textbox', { name: 'Promo code' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const field = within(drawer).getByRole('textbox', { name: 'Promo code' });
    const form = field.closest('form')!;
    const apply = () => within(form).getByRole<HTMLButtonElement>('button', { name: /Apply/ });
    fireEvent.input(field, { target: { value: 'x' } });
    expect(apply().disabled).toBe(true);
    fireEvent.input(field, { target: { value: 'nope' } });
    fireEvent.click(apply());
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('NOPE is not a valid promo code.'));
    expect(field.getAttribute('aria-invalid')).toBe('true');

    fireEvent.input(field, { target: { value: ' welcome10 ' } });
    fireEvent.click(apply());
    await waitFor(() => expect(apply().textContent).toBe('Applying…'));
    expect(form.getAttribute('aria-busy')).toBe('true');
    release();
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
    expect(within(drawer).getByText('Code WELCOME10 applied.')).toBeTruthy();
    expect(within(drawer).getByTestId('cart-total').textContent).toBe('$57');
    expect(within(drawer).getByRole('list', { name: 'Applied codes' }).textContent).toContain('WELCOME10');
    // Opened again: the field was cleared.
    fireEvent.click(toggle);
    expect(within(drawer).getByRole<HTMLInputElement>('textbox', { name: 'Promo code' }).value).toBe('');

    fireEvent.click(within(drawer).getByRole('button', { name: 'Remove code WELCOME10' }));
    await waitFor(() => expect(within(drawer).getByTestId('cart-total').textContent).toBe('$62'));
    expect(applyCalls(calls)).toEqual([
      { code: 'nope', require_benefit: true },
      { code: 'welcome10', require_benefit: true },
      { code: 'WELCOME10', remove: true },
    ]);
  });
});

describe('?code= on an event page with tickets in the cart (docs/promotions.md#the-storefront)', () => {
  function eventPage(apply: () => { status?: number; body: unknown }): Handler {
    return (url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument([]) };
      if (url.pathname === '/cached_api/events/available') return { body: { event_template: { _count: 0, _total: 0, _data: [] } } };
      if (url.pathname === `/cached_api/events/${EVENT_ID}`) return { body: eventDocument() };
      if (url.pathname.endsWith(`/events/${EVENT_ID}/calendar`)) return { body: calendarDocument('2026-11-21', 12) };
      if (url.pathname.endsWith(`/events/${EVENT_ID}/sessions`)) return { body: sessionsDocument([session('s3', '2026-11-21', '13:00', 40)]) };
      if (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET') return { body: cartDocument() };
      if (url.pathname === '/api/my/cart/cart-1/apply_code') return apply();
      return undefined;
    };
  }

  it('applies the code to the cart at once (not kept for a reserve) and says so', async () => {
    const { calls } = installFetch(eventPage(() => ({ body: discounted([WELCOME]) })));
    renderApp(`/events/${EVENT_ID}?code=welcome10`);
    await waitFor(() => expect(screen.getByTestId('promo-banner').textContent).toBe('Code WELCOME10 has been applied to your cart.'), SLOW);
    expect(applyCalls(calls)).toEqual([{ code: 'WELCOME10', require_benefit: false }]);
    expect(sessionStorage.getItem('foyer.promo_link_code')).toBeNull();
  });

  it('a refused code says why (the server’s text)', async () => {
    installFetch(eventPage(() => refusal(409, 'code_exhausted', 'This code has been used up.')));
    renderApp(`/events/${EVENT_ID}?code=LIMIT1`);
    await waitFor(() => expect(screen.getByTestId('promo-banner').textContent).toBe('This code has been used up.'), SLOW);
  });
});

describe('a member’s own ZIP code at checkout (docs/promotions.md#code-groups zip-code-as-discount)', () => {
  beforeEach(() => {
    document.cookie = `session_expires=${encodeURIComponent('2099-01-01T00:00:00.000Z')}; path=/`;
  });
  afterEach(() => {
    document.cookie = 'session_expires=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });
  const list = <T,>(items: T[]) => ({ _count: items.length, _total: items.length, _data: items });
  const member = (zip: string) => ({
    user: list([{ id: 'u1', identity_id: 'i1', email: 'ann@example.com', first_name: 'Ann', last_name: 'Lee', scan_code: 'M-1', zip_code: zip, additional_info: {}, has_password: true, needs_email: false, created_at: '2026-01-01T00:00:00Z' }]),
    membership: list([]),
    _total: 1,
  });
  function checkout(zip: string, apply: () => { status?: number; body: unknown }) {
    let current = cartDocument();
    return installFetch((url, request) => {
      if (url.pathname === '/api/config') return { body: configDocument([]) };
      if (url.pathname === '/api/my/user') return { body: member(zip) };
      if (url.pathname === '/api/my/cart/cart-1' && request.method === 'GET') return { body: current };
      if (url.pathname === '/api/my/cart/cart-1/apply_code') {
        const answer = apply();
        if (!answer.status) current = answer.body as typeof current;
        return answer;
      }
      return undefined;
    });
  }

  it('is tried once as a resident discount: applied, announced, and the pay button shows the new total', async () => {
    const zipMod = { ...tenOff, id: 'm-res', name: 'Resident discount', activating_code_groups: ['g-locals'] };
    const { calls } = checkout('02139', () => ({ body: discounted([{ code: '02139', code_group_id: 'g-locals', phase: 'zip' }], zipMod) }));
    renderApp('/checkout');
    expect(await screen.findByText('You are checking out as a member.', {}, SLOW)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Pay $57' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Resident discount applied.')).toBeTruthy();
    expect(screen.getByTestId('cart-discount').textContent).toContain('Resident discount');
    expect(applyCalls(calls)).toEqual([{ code: '02139', handler: 'zip', require_benefit: true }]);
  });

  it('a member’s zip without a discount changes nothing and says nothing, and is not tried again', async () => {
    const { calls } = checkout('10001', () => refusal(422, 'no_code_benefit', 'There is no resident discount for this ZIP code.'));
    renderApp('/checkout');
    expect(await screen.findByRole('button', { name: 'Pay $62' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(applyCalls(calls)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 100));
    expect(applyCalls(calls)).toEqual([{ code: '10001', handler: 'zip', require_benefit: true }]);
    expect(screen.queryByText('There is no resident discount for this ZIP code.')).toBeNull();
    expect(screen.queryByText('Resident discount applied.')).toBeNull();
  });
});
