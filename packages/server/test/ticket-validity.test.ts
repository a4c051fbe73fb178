import { DEMO_CARDS } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { ticketValidity } from '../src/cart/ticket-validity.js';
import { walletItems } from '../src/wallet/wallet-items.js';
import { CartClient, useCatalogApp, type CatalogIds } from './cart-client.js';
import { dialects, type TestApp } from './harness.js';

// docs/catalog.md: a group's start_policy, start_policy_date and duration_new set its tickets' validity.
const session = { start_datetime: '2026-06-04T22:00:00.000Z', end_datetime: '2026-06-05T00:00:00.000Z' };
const now = new Date('2026-06-01T16:00:00.000Z');
const policy = (start_policy: string | null, start_policy_date: string | null, duration_new: string | null) => ({ start_policy, start_policy_date, duration_new });

describe('ticketValidity', () => {
  it("follows the session when the group sets nothing", () => {
    expect(ticketValidity(policy(null, null, null), session, now)).toEqual({ valid_from: session.start_datetime, valid_to: session.end_datetime });
    expect(ticketValidity(policy(null, null, null), null, now)).toEqual({ valid_from: null, valid_to: null });
  });
  it('a fixed start starts it on the policy date; a duration runs from there', () => {
    expect(ticketValidity(policy('fixedfrom', '2026-07-01T04:00:00.000Z', 'P1M'), session, now)).toEqual({ valid_from: '2026-07-01T04:00:00.000Z', valid_to: '2026-08-01T04:00:00.000Z' });
    expect(ticketValidity(policy('fixedfrom', '2026-07-01T04:00:00.000Z', null), null, now)).toEqual({ valid_from: '2026-07-01T04:00:00.000Z', valid_to: null });
  });
  it('a duration alone runs from the purchase, not before the session starts', () => {
    expect(ticketValidity(policy(null, null, 'P1Y'), null, now)).toEqual({ valid_from: '2026-06-01T16:00:00.000Z', valid_to: '2027-06-01T16:00:00.000Z' });
    expect(ticketValidity(policy(null, null, 'PT4H'), session, now)).toEqual({ valid_from: session.start_datetime, valid_to: '2026-06-05T02:00:00.000Z' });
    expect(ticketValidity(policy(null, null, 'P2W1D'), null, now).valid_to).toBe('2026-06-16T16:00:00.000Z');
  });
  it('a fixed end ends it on the policy date, and caps a duration', () => {
    expect(ticketValidity(policy('fixedto', '2026-09-01T04:00:00.000Z', null), null, now)).toEqual({ valid_from: '2026-06-01T16:00:00.000Z', valid_to: '2026-09-01T04:00:00.000Z' });
    expect(ticketValidity(policy('fixedto', '2026-09-01T04:00:00.000Z', 'P1Y'), null, now).valid_to).toBe('2026-09-01T04:00:00.000Z');
  });
});

describe.each(dialects())('ticket validity from the group on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useCatalogApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  it('a reserved ticket carries it; the e-mail and the wallet pass show it', async () => {
    await t.db.updateTable('ticket_group').set({ start_policy: 'fixedfrom', start_policy_date: '2026-07-01T04:00:00.000Z', duration_new: 'P1M' }).where('id', '=', ids.group('ga', 'general')).execute();
    const c = new CartClient(t.app);
    const cart = await c.create([{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('ga', session.start_datetime) }]);
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    expect(cart.body.ticket._data[0]).toMatchObject({ valid_from: '2026-07-01T04:00:00.000Z', valid_to: '2026-08-01T04:00:00.000Z' });
    const cartId = cart.body.cart._data[0].id;
    const user = await c.call('POST', '/api/user', { first_name: 'Val', last_name: 'Idity', email: 'valid@example.com' });
    await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.body.user._data[0].identity_id });
    const paid = await c.call('POST', `/api/cart/${cartId}/pay`, { amount: '20.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(paid.body.outcome).toBe('completed');
    const mail = await t.db.selectFrom('outbox').select('text_body').where('to_address', '=', 'valid@example.com').executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('Valid Wed, Jul 1, 2026 – Sat, Aug 1, 2026');
    const order = await t.db.selectFrom('ticket_order').selectAll().where('cart_id', '=', cartId).executeTakeFirstOrThrow();
    const pass = await walletItems(t.db, order, {});
    expect(pass.items[0]).toMatchObject({ kind: 'ticket', validity: { from: '2026-07-01T04:00:00.000Z', to: '2026-08-01T04:00:00.000Z' } });
  });
});
