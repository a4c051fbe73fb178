import { describe, expect, it } from 'vitest';
import { hasAnchoredAddOns } from '../src/rules/add-on.js';
import { canCancelOrder, changeRefusal, parseSelfEditRules, pastHorizon, selfEditEligible, sessionActions, type EditSession } from '../src/rules/self-edit.js';

/** docs/after-sale.md#who-may-read-or-change-an-order self-edit eligibility and edit-order buttons, docs/after-sale.md#who-may-read-or-change-an-order horizon. */
describe('self-edit rules', () => {
  const rules = parseSelfEditRules({ categories: ['Admission'], horizon_days: 1, horizon_hours: 2 })!;
  const now = new Date('2026-06-01T12:00:00Z');
  const session = (over: Partial<EditSession> = {}): EditSession => ({ tickets: [{ state: 'booked', face_value: '0', adjusted_value: '0' }], start: '2026-06-03T12:00:00Z', event_type: 'repeating', has_anchored_upsells: false, ...over });

  it('parses the configuration: off without a category; refund method defaults to the original payment', () => {
    expect(parseSelfEditRules(undefined)).toBeNull();
    expect(parseSelfEditRules({ categories: [] })).toBeNull();
    expect(parseSelfEditRules({ categories: ['A'], horizon_days: -3, refund_method: 'cash' })).toEqual({ categories: ['A'], horizon_days: 0, horizon_hours: 0, refund_method: 'original_payment' });
    expect(parseSelfEditRules({ categories: ['A'], refund_method: 'gift_card' })?.refund_method).toBe('gift_card');
  });

  it('eligible: handler "tickets", category in the rules, no order or this order', () => {
    expect(selfEditEligible(rules, { handler: 'tickets', category: 'Admission', ticket_order_id: 'o1' }, 'o1')).toBe(true);
    expect(selfEditEligible(rules, { handler: 'tickets', category: 'Admission', ticket_order_id: null }, 'o1')).toBe(true);
    expect(selfEditEligible(rules, { handler: 'tickets', category: 'Admission', ticket_order_id: 'o2' }, 'o1')).toBe(false);
    expect(selfEditEligible(rules, { handler: 'ledger', category: 'Admission', ticket_order_id: 'o1' }, 'o1')).toBe(false);
    expect(selfEditEligible(rules, { handler: 'tickets', category: 'Shows', ticket_order_id: 'o1' }, 'o1')).toBe(false);
  });

  it('the horizon: 1 day 2 hours before the start closes changes', () => {
    expect(pastHorizon(rules, '2026-06-02T14:00:01Z', now)).toBe(false);
    expect(pastHorizon(rules, '2026-06-02T14:00:00Z', now)).toBe(true);
    expect(pastHorizon(rules, null, now)).toBe(false);
  });

  it('session buttons: Cancel when all free, Reschedule unless single, none with anchored upsells, redeemed or past; labels', () => {
    expect(sessionActions(rules, session(), now)).toEqual({ cancel: true, reschedule: true, removeFree: true, label: null });
    expect(sessionActions(rules, session({ tickets: [{ state: 'booked', face_value: '20.00', adjusted_value: '20.00' }] }), now).cancel).toBe(false);
    expect(sessionActions(rules, session({ event_type: 'single' }), now).reschedule).toBe(false);
    expect(sessionActions(rules, session({ has_anchored_upsells: true }), now)).toMatchObject({ cancel: false, reschedule: false });
    expect(sessionActions(rules, session({ tickets: [{ state: 'redeemed', face_value: '0', adjusted_value: '0' }] }), now)).toMatchObject({ reschedule: false, label: 'redeemed' });
    expect(sessionActions(rules, session({ tickets: [{ state: 'unbooked', face_value: '0', adjusted_value: '0' }] }), now).label).toBe('cancelled');
    expect(sessionActions(rules, session({ start: '2026-06-01T13:00:00Z' }), now)).toMatchObject({ cancel: false, label: 'past' });
  });

  it('the cancel-order button: every ticket free, and not all cancelled or past the horizon', () => {
    expect(canCancelOrder(rules, [session()], now)).toBe(true);
    expect(canCancelOrder(rules, [session({ tickets: [{ state: 'booked', face_value: '5.00', adjusted_value: '5.00' }] })], now)).toBe(false);
    expect(canCancelOrder(rules, [session({ start: '2026-06-01T13:00:00Z' })], now)).toBe(false);
    expect(canCancelOrder(rules, [session({ tickets: [{ state: 'cancelled', face_value: '0', adjusted_value: '0' }] })], now)).toBe(false);
  });

  it('anchored add-ons: an admission is anchored when its order holds add-on tickets; the add-on itself is not', () => {
    const admission = { family: true };
    const addOn = { upsell: 'T' };
    expect(hasAnchoredAddOns(admission, [admission, addOn])).toBe(true);
    expect(hasAnchoredAddOns(admission, [admission])).toBe(false);
    expect(hasAnchoredAddOns(addOn, [admission, addOn])).toBe(false);
    expect(hasAnchoredAddOns(null, [{ upsell: 1 }])).toBe(true);
    expect(hasAnchoredAddOns(null, [{ upsell: false }, null])).toBe(false);
  });

  it('a change takes out free tickets freely; a paid one only in exchange for a new ticket of its event, never from a single event', () => {
    const paid = (id: string, event = 'ga', event_type: string | null = 'repeating') => ({ id, face_value: '19.50', adjusted_value: '19.50', event_id: event, event_type });
    const free = { id: 'f', face_value: '0', adjusted_value: '0', event_id: 'ga', event_type: 'single' };
    const byCode = { id: 'c', face_value: '19.50', adjusted_value: '0', event_id: 'ga', event_type: 'repeating' };
    expect(changeRefusal([free, byCode], [])).toBeNull();
    expect(changeRefusal([paid('p')], [])).toEqual({ ticket_id: 'p', reason: 'not_free' });
    expect(changeRefusal([paid('p')], [{ event_id: 'ga' }])).toBeNull();
    expect(changeRefusal([paid('p')], [{ event_id: 'other' }])).toEqual({ ticket_id: 'p', reason: 'not_free' });
    expect(changeRefusal([paid('p'), paid('q')], [{ event_id: 'ga' }])).toEqual({ ticket_id: 'q', reason: 'not_free' });
    expect(changeRefusal([paid('s', 'concert', 'single')], [{ event_id: 'concert' }])).toEqual({ ticket_id: 's', reason: 'single_event' });
    // At confirm the event type is not asked again (it cannot change); the exchange is.
    expect(changeRefusal([paid('s', 'concert', 'single')], [{ event_id: 'concert' }], false)).toBeNull();
  });
});
