import { DEMO_CARDS } from '@foyer/contracts';
import { describe, expect, it } from 'vitest';
import { CartClient, useCatalogApp, type CatalogIds } from './cart-client.js';
import { dialects, getJson, type TestApp } from './harness.js';

const HOT = '2026-06-07T14:00:00.000Z';

describe.each(dialects())('guest checkout and the confirmation e-mail on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  useCatalogApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));

  const adult = () => ({ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) });

  async function guestWithCart(email: string) {
    const c = new CartClient(t.app);
    const cartId = (await c.create([adult(), adult()])).body.cart._data[0].id as string;
    const user = await c.call('POST', '/api/user', { first_name: 'Grace', last_name: 'Hopper', email });
    expect(user.status).toBeLessThan(300);
    const identityId = user.body.identity?._data?.[0]?.id ?? user.body.user?._data?.[0]?.identity_id;
    expect(identityId).toBeTruthy();
    return { c, cartId, identityId: identityId as string };
  }

  it('a guest names themselves, pays, and the confirmation with order number, tickets and QR is in the mailbox', async () => {
    const { c, cartId, identityId } = await guestWithCart('grace@example.org');
    const checkout = await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: identityId, send_email: true });
    expect(checkout.status).toBe(200);
    const paid = await c.call('POST', `/api/cart/${cartId}/pay`, { amount: '40.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(paid.body.outcome).toBe('completed');
    const order = paid.body.ticket_order._data[0];
    const box = await getJson(t.app, '/api/dev/mailbox?to=grace@example.org');
    const mail = JSON.stringify(box.body);
    expect(mail).toContain(`order ${order.order_number}`);
    expect(mail).toContain(paid.body.ticket._data[0].scan_code);
    expect(mail).toContain(`cid:order-${order.id}@foyer`);
    expect(mail).toContain(`/checkout/complete?orderIds=${order.id}`);

    // Resend: the buyer only, and rate limited.
    expect((await new CartClient(t.app).call('POST', `/api/ticket_order/${order.id}/email`, {})).status).toBe(404);
    expect((await c.call('POST', `/api/ticket_order/${order.id}/email`, {})).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await c.call('POST', `/api/ticket_order/${order.id}/email`, {})).status);
    expect(statuses).toContain(429);
  });

  it('send_email false sends nothing; an unknown purchaser is refused', async () => {
    const { c, cartId, identityId } = await guestWithCart('quiet@example.org');
    expect((await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: 'nobody' })).status).toBe(404);
    expect((await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: identityId, send_email: false })).status).toBe(200);
    const paid = await c.call('POST', `/api/cart/${cartId}/pay`, { amount: '40.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(paid.body.outcome).toBe('completed');
    const box = await getJson(t.app, '/api/dev/mailbox?to=quiet@example.org');
    expect(JSON.stringify(box.body)).not.toContain('Your tickets');
  });

  it("a guest cannot direct the confirmation to an account by its identity id; one it registered or typed the e-mail of it can", async () => {
    const { c, cartId } = await guestWithCart('first-guest@example.org');
    // Someone else's guest account: its id alone does not make it this cart's purchaser.
    const other = await guestWithCart('someone-else@example.org');
    const probe = await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: other.identityId, send_email: true });
    expect(probe.status).toBe(404);
    expect(JSON.stringify(probe.body)).not.toContain('someone-else@example.org');
    const row = await t.db.selectFrom('cart').select('purchaser_identity_id').where('id', '=', cartId).executeTakeFirstOrThrow();
    expect(row.purchaser_identity_id).toBeNull();
    // Typing that address in POST user (409 with the identity) is naming it: then it may be the purchaser.
    const typed = await c.call('POST', '/api/user', { first_name: 'Grace', last_name: 'Hopper', email: 'someone-else@example.org' });
    expect(typed.status).toBe(409);
    expect(typed.body._data[0]._extra.identity_id).toBe(other.identityId);
    expect((await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: other.identityId, send_email: false })).status).toBe(200);
  });

  it('another identity cannot name the purchaser of my cart', async () => {
    const { cartId, identityId } = await guestWithCart('owner@example.org');
    const stranger = new CartClient(t.app);
    await stranger.create([adult()]);
    const res = await stranger.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: identityId });
    expect(res.status).toBe(403);
  });
});
