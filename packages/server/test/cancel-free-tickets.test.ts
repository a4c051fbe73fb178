import { CANCEL_TEXT, DEMO_CARDS } from '@foyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverMail, mailbox } from './auth-harness.js';
import { CartClient, catalogIds, type CatalogIds } from './cart-client.js';
import { dialects, testApp, type TestApp } from './harness.js';

/** POST ticket_order/{id}/cancel: cancelling free tickets of an order (001 §2 Cancel free order, §5, §8). */
describe.each(dialects())('cancelling free tickets on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  let sessionId: string;
  beforeAll(async () => {
    t = await testApp(dialect);
    ids = await catalogIds(t.db);
    sessionId = (await t.db.selectFrom('event_session').select('id').where('event_template_id', '=', ids.event('concert')).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  const used = async () => (await t.db.selectFrom('event_session').select('used_capacity').where('id', '=', sessionId).executeTakeFirstOrThrow()).used_capacity;

  /** A paid order of one adult ($20) and three free companions for the concert, by a buyer with an e-mail address. */
  async function order(email: string) {
    const c = new CartClient(t.app);
    const add = [{ ticket_type_id: ids.type('adult'), event_session_id: sessionId }, ...Array.from({ length: 3 }, () => ({ ticket_type_id: ids.type('companion'), event_session_id: sessionId }))];
    const cart = await c.create(add);
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    const cartId = cart.body.cart._data[0].id;
    const user = await c.call('POST', '/api/user', { first_name: 'Ada', last_name: 'Byron', email });
    await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.body.user._data[0].identity_id });
    const paid = await c.call('POST', `/api/cart/${cartId}/pay`, { amount: '20.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(paid.body.outcome).toBe('completed');
    const tickets = paid.body.ticket._data as { id: string; ticket_type_id: string }[];
    return { c, orderId: paid.body.ticket_order._data[0].id as string, adult: tickets.find((x) => x.ticket_type_id === ids.type('adult'))!.id, free: tickets.filter((x) => x.ticket_type_id === ids.type('companion')).map((x) => x.id) };
  }

  it('cancels a free ticket once: capacity back, the order-cancel e-mail sent; a ticket that is not free is refused with the spec text', async () => {
    const { c, orderId, adult, free } = await order('cancel@example.com');
    const cancel = (ticketIds: string[], client = c) => client.call('POST', `/api/ticket_order/${orderId}/cancel`, { tickets: ticketIds.map((ticket_id) => ({ ticket_id })) });
    const before = await used();

    const notFree = await cancel([adult, free[0]]);
    expect(notFree.status).toBe(409);
    expect(notFree.body._data[0]).toMatchObject({ _code: 'invalid_state', _description: CANCEL_TEXT.notFree });
    expect(await used()).toBe(before);

    const one = await cancel([free[0]]);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body).toEqual({ cancelled: 1 });
    expect(await used()).toBe(before - 1);
    await deliverMail(t);
    expect((await mailbox(t.app, 'cancel@example.com')).map((m) => m.subject)).toContainEqual(expect.stringMatching(/^Cancelled — order /));

    // Cancelled already, someone else's order, a ticket of no order of theirs.
    expect((await cancel([free[0]])).body._data[0]).toMatchObject({ _code: 'invalid_state', _extra: { reason: 'cancelled' } });
    expect((await cancel([free[1]], new CartClient(t.app))).status).toBe(403);
    expect((await cancel(['no-such-ticket'])).status).toBe(404);
    expect((await c.call('POST', `/api/ticket_order/${orderId}/cancel`, { tickets: [] })).status).toBe(400);
    expect(await used()).toBe(before - 1);
  });

  it('POST ticket_order/{id}/email with log_context: the order-cancel e-mail again (only once something was cancelled), or the order as it stands', async () => {
    const { c, orderId, free } = await order('log-context@example.com');
    const email = (body: unknown) => c.call('POST', `/api/ticket_order/${orderId}/email`, body);
    const nothingCancelled = await email({ log_context: 'order_cancel' });
    expect(nothingCancelled.status).toBe(400);
    expect(nothingCancelled.body._data[0]).toMatchObject({ _code: 'validation_failed', _description: 'No ticket of this order has been cancelled.' });
    expect((await email({ log_context: 'refund' })).status).toBe(400);

    await c.call('POST', `/api/ticket_order/${orderId}/cancel`, { tickets: [{ ticket_id: free[0] }, { ticket_id: free[1] }] });
    await deliverMail(t);
    const before = (await mailbox(t.app, 'log-context@example.com')).length;
    expect((await email({ log_context: 'order_cancel' })).status).toBe(200);
    expect((await email({ log_context: 'order_update' })).status).toBe(200);
    await deliverMail(t);
    const mails = await mailbox(t.app, 'log-context@example.com');
    expect(mails.length - before).toBe(2);
    const again = mails.find((m) => m.subject.startsWith('Cancelled — order ') && m.text.includes('These 2 tickets have been cancelled'));
    expect(again).toBeTruthy();
    expect(mails.some((m) => m.subject.startsWith('Your tickets — order '))).toBe(true);
    const kinds = await t.db.selectFrom('outbox').select('kind').where('to_address', '=', 'log-context@example.com').execute();
    expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['order_cancel', 'order_update']));
  });

  it('a cancel shows on the next cached read at once (the response cache is cleared by it)', async () => {
    const { c, orderId, free } = await order('cached@example.com');
    const url = `/cached_api/events/${ids.event('concert')}/sessions`;
    const room = async () => (await c.call('GET', url)).body.event_session._data[0].availableCapacity as number;
    const before = await room();
    expect((await c.call('POST', `/api/ticket_order/${orderId}/cancel`, { tickets: [{ ticket_id: free[2] }] })).body).toEqual({ cancelled: 1 });
    expect(await room()).toBe(before + 1);
  });

  it('two cancels of the same ticket at once give its place back once', async () => {
    const { c, orderId, free } = await order('race@example.com');
    const before = await used();
    const results = await Promise.all(Array.from({ length: 6 }, () => c.call('POST', `/api/ticket_order/${orderId}/cancel`, { tickets: [{ ticket_id: free[1] }] })));
    const cancelled = results.filter((r) => r.status === 200).reduce((n, r) => n + r.body.cancelled, 0);
    expect(cancelled).toBe(1);
    expect(results.every((r) => r.status === 200 || (r.status === 409 && r.body._data[0]._code === 'invalid_state'))).toBe(true);
    expect(await used()).toBe(before - 1);
  });

  it('a session that has started can no longer be cancelled', async () => {
    const { c, orderId, free } = await order('late@example.com');
    t.clock.advance(4 * 86_400_000);
    try {
      const late = await c.call('POST', `/api/ticket_order/${orderId}/cancel`, { tickets: [{ ticket_id: free[2] }] });
      expect(late.status).toBe(409);
      expect(late.body._data[0]).toMatchObject({ _code: 'invalid_state', _description: CANCEL_TEXT.notCancellable, _extra: { reason: 'started' } });
    } finally {
      t.clock.advance(-4 * 86_400_000);
    }
  });

  it("the e-mail's manage link opens the order in any browser, reads and cancels; a wrong key or another order's key opens nothing", async () => {
    const mine = await order('keyed@example.com');
    const other = await order('other-keyed@example.com');
    await deliverMail(t);
    const text = (await mailbox(t.app, 'keyed@example.com'))[0].text;
    const link = /Manage your order: (\S+)/.exec(text)![1];
    const url = new URL(link);
    expect(url.pathname).toBe(`/manage/${mine.orderId}`);
    const key = url.searchParams.get('key')!;
    const elsewhere = new CartClient(t.app);
    expect((await elsewhere.call('GET', `/api/ticket_order/${mine.orderId}`)).status).toBe(403);
    const read = await elsewhere.call('GET', `/api/ticket_order/${mine.orderId}?key=${encodeURIComponent(key)}`);
    expect(read.status).toBe(200);
    expect(read.body.ticket_order._data[0].id).toBe(mine.orderId);
    const cancelled = await elsewhere.call('POST', `/api/ticket_order/${mine.orderId}/cancel?key=${encodeURIComponent(key)}`, { tickets: [{ ticket_id: mine.free[0] }] });
    expect(cancelled.body).toEqual({ cancelled: 1 });

    expect((await elsewhere.call('GET', `/api/ticket_order/${mine.orderId}?key=wrong-key`)).status).toBe(404);
    expect((await elsewhere.call('GET', `/api/ticket_order/${other.orderId}?key=${encodeURIComponent(key)}`)).status).toBe(404);
    const keys = await t.db.selectFrom('order_access_key').select('key_hash').where('ticket_order_id', '=', mine.orderId).execute();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => k.key_hash !== key)).toBe(true);
  });

  it('keys cannot be guessed: keyed reads are limited per IP (429 with Retry-After)', async () => {
    const { orderId } = await order('guess@example.com');
    const guesser = new CartClient(t.app);
    let last = 0;
    for (let i = 0; i < 121 && last !== 429; i++) last = (await guesser.call('GET', `/api/ticket_order/${orderId}?key=guess-${i}`)).status;
    expect(last).toBe(429);
    await t.db.deleteFrom('rate_limit').execute();
  });
});
