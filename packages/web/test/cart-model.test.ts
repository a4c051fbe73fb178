import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/client.js';
import { badgeText, isCompletedOrder, nextRouteAfterAdd, readCart, refreshOutcome, removalPlan } from '../src/shared/cart/model.js';
import { cart, cartDocument, ticket } from './cart-fixtures.js';
import { configEntry } from './fixtures.js';

const error = (status: number, code: string) => new ApiError({ status, code, description: code });

describe('cart refresh rules (docs/promotions.md#applying-codes)', () => {
  it('a 404 clears; a scope_error (400 or 403) deletes; 400 stripe_gateway/not_configured clears; an expired cart clears', () => {
    expect(refreshOutcome({ error: error(404, 'not_found') })).toEqual({ kind: 'clear' });
    expect(refreshOutcome({ error: error(400, 'scope_error') })).toEqual({ kind: 'delete' });
    expect(refreshOutcome({ error: error(403, 'scope_error') })).toEqual({ kind: 'delete' });
    expect(refreshOutcome({ error: error(400, 'not_configured') })).toEqual({ kind: 'clear' });
    expect(refreshOutcome({ error: error(400, 'stripe_gateway') })).toEqual({ kind: 'clear' });
    expect(refreshOutcome({ error: error(410, 'cart_expired') })).toEqual({ kind: 'clear' });
  });

  it('a network failure or an unexpected code keeps the cart and tries later', () => {
    expect(refreshOutcome({ error: error(0, 'network_error') })).toEqual({ kind: 'retry' });
    expect(refreshOutcome({ error: error(500, 'internal_error') })).toEqual({ kind: 'retry' });
    expect(refreshOutcome({ error: new Error('boom') })).toEqual({ kind: 'retry' });
  });

  it('a cart with under 30 seconds left (or expired) is deleted; a live one is kept', () => {
    expect(refreshOutcome({ doc: cartDocument({ cart: { expires_in: 29 } }) })).toEqual({ kind: 'delete' });
    expect(refreshOutcome({ doc: cartDocument({ cart: { expires_in: 30 } }) })).toEqual({ kind: 'keep' });
    expect(refreshOutcome({ doc: cartDocument({ cart: { state: 'expired', expires_in: 0 } }) })).toEqual({ kind: 'delete' });
  });

  it('no expiry, no held tickets and nothing outstanding is a completed order', () => {
    const fees = { ...cart().cart_fees, total_outstanding: '0.00' };
    const done = cartDocument({ cart: { expires_at: null, expires_in: null, cart_fees: fees }, tickets: [ticket({ ticket_type_id: 'tt-adult', state: 'booked' })] });
    expect(refreshOutcome({ doc: done })).toEqual({ kind: 'complete' });
    // Something still outstanding, or still held: not complete.
    expect(isCompletedOrder(cart({ expires_at: null, expires_in: null }), [])).toBe(false);
    expect(isCompletedOrder(cart({ expires_at: null, expires_in: null, cart_fees: fees }), [ticket({ ticket_type_id: 'x' })])).toBe(false);
    expect(isCompletedOrder(cart({ cart_fees: fees }), [])).toBe(false);
  });
});

describe('the cart view', () => {
  it('groups held tickets by event and session, then type, with line totals and the count', () => {
    const view = readCart(cartDocument())!;
    expect(view.ticketCount).toBe(3);
    expect(view.sections).toHaveLength(1);
    expect(view.sections[0].event?.name).toBe('General Admission');
    expect(view.sections[0].timezone).toBe('America/New_York');
    expect(view.sections[0].lines.map((l) => [l.name, l.quantity, l.total])).toEqual([
      ['Adult', 2, '50.00'],
      ['Child', 1, '12.00'],
    ]);
    expect(badgeText(3)).toBe('3');
    expect(badgeText(120)).toBe('99+');
  });
});

describe('removing a cart item (docs/promotions.md#applying-codes)', () => {
  it('the only item deletes the whole cart; otherwise that item’s tickets go', () => {
    const view = readCart(cartDocument())!;
    const adult = view.sections[0].lines[0];
    const plan = removalPlan(view, adult.key)!;
    expect(plan.kind).toBe('remove');
    expect(plan.kind === 'remove' && plan.ticketIds).toEqual(adult.tickets.map((t) => t.id));

    const single = readCart(cartDocument({ tickets: [ticket({ ticket_type_id: 'tt-adult' }), ticket({ ticket_type_id: 'tt-adult' })] }))!;
    expect(removalPlan(single, single.sections[0].lines[0].key)).toEqual({ kind: 'delete_cart', reason: 'only_item' });
  });

  it('the last admission item while add-ons depend on it deletes the whole cart', () => {
    const doc = cartDocument({
      tickets: [ticket({ ticket_type_id: 'tt-adult' }), ticket({ ticket_type_id: 'tt-audio', event_template_id: 'event-audio', ticket_group_id: 'tg-audio', event_session_id: 's-audio' })],
      events: [{}, { id: 'event-audio', name: 'Audio Guide', meta: { upsell: true } }],
      types: [{}, { id: 'tt-audio', name: 'Audio guide' }],
      groups: [{}, { id: 'tg-audio', event_template_id: 'event-audio' }],
      sessions: [{}, { id: 's-audio', event_template_id: 'event-audio' }],
    });
    const view = readCart(doc)!;
    const admission = view.sections.find((s) => s.event?.id === 'event-ga')!.lines[0];
    const addOn = view.sections.find((s) => s.event?.id === 'event-audio')!.lines[0];
    expect(removalPlan(view, admission.key)).toEqual({ kind: 'delete_cart', reason: 'dependency' });
    expect(removalPlan(view, addOn.key)?.kind).toBe('remove');
  });

  it('tickets of a group with a minimum go together when the rest would fall below it', () => {
    const doc = cartDocument({
      groups: [{ min_tickets_per_order: 2 }],
      tickets: [ticket({ ticket_type_id: 'tt-adult' }), ticket({ ticket_type_id: 'tt-child' }), ticket({ ticket_type_id: 'tt-adult', event_session_id: 's4' })],
      sessions: [{}, { id: 's4', start_datetime: '2026-11-21T19:00:00.000Z' }],
    });
    const view = readCart(doc)!;
    const first = view.sections[0];
    const plan = removalPlan(view, first.lines[0].key)!;
    expect(plan.kind).toBe('remove');
    expect(plan.kind === 'remove' && plan.lines.map((l) => l.name)).toEqual(['Adult', 'Child']);
  });
});

describe('next route after an add (docs/promotions.md#applying-codes)', () => {
  it('is web.next_route, else /events with upsells, else /checkout', () => {
    expect(nextRouteAfterAdd([configEntry('next_route', '/membership'), configEntry('upsells_enabled', true)])).toBe('/membership');
    expect(nextRouteAfterAdd([configEntry('upsells_enabled', true)])).toBe('/events');
    expect(nextRouteAfterAdd([configEntry('upsells_enabled', false)])).toBe('/checkout');
    expect(nextRouteAfterAdd([])).toBe('/checkout');
    // docs/payments.md#gift-cards: gift cards, donations, memberships and codes skip the upsell listing.
    expect(nextRouteAfterAdd([configEntry('upsells_enabled', true)], ['donation'])).toBe('/checkout');
    expect(nextRouteAfterAdd([configEntry('upsells_enabled', true)], ['ledger', 'membership'])).toBe('/checkout');
    expect(nextRouteAfterAdd([configEntry('upsells_enabled', true)], ['ledger', 'tickets'])).toBe('/events');
    expect(nextRouteAfterAdd([configEntry('next_route', '//evil.example')])).toBe('/checkout');
  });
});
