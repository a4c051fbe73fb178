import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/client.js';
import { nextPath, transferError, transferOutcome } from '../src/features/transfer-cart/transfer-outcome.js';

const error = (status: number, extra: unknown = null) => new ApiError({ status, code: status === 404 ? 'not_found' : 'scope_error', description: 'x', extra });

describe('/transfer-cart (docs/cart.md#screens, docs/cart.md#errors)', () => {
  it('goes to next (same-site paths only) or /checkout; a booked cart to its complete page', () => {
    expect(transferOutcome({ state: 'pending', ticket_order_id: null }, null)).toEqual({ kind: 'go', to: '/checkout' });
    expect(transferOutcome({ state: 'pending', ticket_order_id: null }, '/events?x=1')).toEqual({ kind: 'go', to: '/events?x=1' });
    expect(['https://evil.example', '//evil.example', 'events'].map(nextPath)).toEqual(['/checkout', '/checkout', '/checkout']);
    expect(transferOutcome({ state: 'booked', ticket_order_id: 'o1' }, '/events')).toEqual({ kind: 'complete', orderId: 'o1' });
  });
  it("a staff move's change cart (docs/box-office.md#paid-by-a-payment-link) goes to its order's confirm page; once paid, to the complete page", () => {
    expect(transferOutcome({ state: 'pending', ticket_order_id: null, edits_order_id: 'o7' }, null)).toEqual({ kind: 'change', orderId: 'o7', to: '/manage/o7/confirm' });
    expect(transferOutcome({ state: 'booked', ticket_order_id: 'o7', edits_order_id: 'o7' }, null)).toEqual({ kind: 'complete', orderId: 'o7' });
  });
  it('says the spec texts for 403, 404 and a cart of another member', () => {
    expect(transferError(error(404))).toEqual({ kind: 'message', text: '404 Cart not found' });
    expect(transferError(error(403))).toEqual({ kind: 'message', text: '403 Access denied to cart' });
    expect(transferError(error(403, { owner: 'member' }))).toEqual({ kind: 'message', text: 'This cart belongs to another member' });
    expect(transferError(new Error('network'))).toEqual({ kind: 'message', text: 'Oops! Sorry, something went wrong. Please try again.' });
  });
});
