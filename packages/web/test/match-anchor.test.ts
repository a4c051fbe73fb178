import { describe, expect, it } from 'vitest';
import { readCart } from '../src/shared/cart/model.js';
import { anchorMatchCount } from '../src/features/events/upsell/match-anchor.js';
import { cartDocument, ticket } from './cart-fixtures.js';

// The default cart: three admission tickets (2 Adult, 1 Child) in session s3 of event-ga.
describe('tickets_must_match_anchor_tickets (event meta)', () => {
  const walk = { id: 'event-walk', meta: { upsell: true, tickets_must_match_anchor_tickets: 'T' } };

  it('is the anchor booking\'s ticket count, less what the cart holds of the add-on already', () => {
    expect(anchorMatchCount(readCart(cartDocument()), walk)).toBe(3);
    const withOne = cartDocument({
      tickets: [
        ticket({ ticket_type_id: 'tt-adult' }),
        ticket({ ticket_type_id: 'tt-adult' }),
        ticket({ ticket_type_id: 'tt-walk', event_template_id: 'event-walk', event_session_id: 's-walk', ticket_group_id: 'tg-walk' }),
      ],
      events: [{}, { id: 'event-walk', meta: { upsell: true } }],
      sessions: [{}, { id: 's-walk', event_template_id: 'event-walk', start_datetime: '2026-11-21T19:00:00.000Z', end_datetime: '2026-11-21T19:30:00.000Z' }],
    });
    expect(anchorMatchCount(readCart(withOne), walk)).toBe(1);
  });

  it('is undefined without the flag or without an anchor', () => {
    expect(anchorMatchCount(readCart(cartDocument()), { id: 'event-walk', meta: { upsell: true } })).toBeUndefined();
    expect(anchorMatchCount(null, walk)).toBeUndefined();
  });
});
