import { CANCEL_TEXT, DEMO_CARDS } from '@foyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverMail, mailbox } from './auth-harness.js';
import { CartClient, catalogIds, type CatalogIds } from './cart-client.js';
import { dialects, testApp, type TestApp } from './harness.js';

/** POST ticket_order/{id}/cancel: cancelling free tickets of an order (docs/after-sale.md#cancelling-a-free-order Cancel free order, docs/after-sale.md#cancelling-a-free-order). */
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

  /** A paid order of one adult ($20) and three free companions for the concert (or free ones only), by a buyer with an e-mail address. */
  async function order(email: string, { adults = 1, companions = 3 } = {}) {
    const c = new CartClient(t.app);
    const line = (type: string) => ({ ticket_type_id: ids.type(type), event_session_id: sessionId });
    const add = [...Array.from({ length: adults }, () => line('adult')), ...Array.from({ length: companions }, () => line('companion'))];
    const cart = await c.create(add);
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    const cartId = cart.body.cart._data[0].id;
    const user = await c.call('POST', '/api/user', { first_name: 'Ada', last_name: 'Byron', email });
    await c.call('POST', `/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.body.user._data[0].identity_id });
    const payment = adults ? { amount: `${20 * adults}.00`, gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } } : { amount: '0', gateway_id: 'free' };
    const paid = await c.call('POST', `/api/cart/${cartId}/pay`, payment);
    expect(paid.body.outcome).toBe('completed');
    const tickets = paid.body.ticket._data as { id: string; ticket_type_id: string }[];
    return { c, orderId: paid.body.ticket_order._data[0].id as string, adult: tickets.find((x) => x.ticket_type_id === ids.type('adult'))?.id ?? '', free: tickets.filter((x) => x.ticket_type_id === ids.type('companion')).map((x) => x.id) };
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
    expect((await cancel([free[0]])).body._data[0]).toMatchObject({ _code: 'ticket_state_incorrect', _description: CANCEL_TEXT.notBooked, _extra: { state: 'cancelled' } });
    expect((await cancel([free[1]], new CartClient(t.app))).status).toBe(404);
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
    const cancelled = results.filter((r) => r.status === 200).reduce((n, r) => n + (r.body as { cancelled: number }).cancelled, 0);
    expect(cancelled).toBe(1);
    expect(results.every((r) => r.status === 200 || (r.status === 409 && r.body._data[0]._code === 'ticket_state_incorrect'))).toBe(true);
    expect(await used()).toBe(before - 1);
  });

  it('a past ticket (its session has started) is refused with tickets_too_old; nothing changes', async () => {
    const { c, orderId, free } = await order('late@example.com');
    const before = await used();
    t.clock.advance(4 * 86_400_000);
    try {
      const late = await c.call('POST', `/api/ticket_order/${orderId}/cancel`, { tickets: [{ ticket_id: free[2] }] });
      expect(late.status).toBe(409);
      expect(late.body._data[0]).toMatchObject({ _code: 'tickets_too_old', _context: 'ticket_order', _description: CANCEL_TEXT.started, _extra: { ticket_id: free[2] } });
    } finally {
      t.clock.advance(-4 * 86_400_000);
    }
    expect(await used()).toBe(before);
  });

  it('a redeemed ticket is refused with ticket_state_incorrect, even beside cancellable ones; nothing changes', async () => {
    const { c, orderId, free } = await order('redeemed@example.com');
    // Redeemed as POST checkin leaves it (checkin.test.ts scans at the door on the session's day).
    await t.db.updateTable('ticket').set({ state: 'redeemed' }).where('id', '=', free[0]).execute();
    const before = await used();
    const res = await c.call('POST', `/api/ticket_order/${orderId}/cancel`, { tickets: [{ ticket_id: free[1] }, { ticket_id: free[0] }] });
    expect(res.status).toBe(409);
    expect(res.body._data[0]).toMatchObject({ _code: 'ticket_state_incorrect', _context: 'ticket_order', _description: CANCEL_TEXT.notBooked, _extra: { ticket_id: free[0], state: 'redeemed' } });
    expect(await used()).toBe(before);
    const states = await t.db.selectFrom('ticket').select(['id', 'state']).where('id', 'in', [free[0], free[1]]).execute();
    expect(Object.fromEntries(states.map((s) => [s.id, s.state]))).toEqual({ [free[0]]: 'redeemed', [free[1]]: 'booked' });
  });

  it("the order-cancel e-mail carries a fresh manage link while tickets are left; a fully cancelled order's has none", async () => {
    const partly = await order('cancel-link@example.com');
    expect((await partly.c.call('POST', `/api/ticket_order/${partly.orderId}/cancel`, { tickets: [{ ticket_id: partly.free[0] }] })).status).toBe(200);
    await deliverMail(t);
    const mail = (await mailbox(t.app, 'cancel-link@example.com')).find((m) => m.subject.startsWith('Cancelled — order '))!;
    const link = new URL(/Manage your order: (\S+)/.exec(mail.text)![1]);
    expect(link.pathname).toBe(`/manage/${partly.orderId}`);
    expect(mail.html).toContain(`/manage/${partly.orderId}?key=`);
    const elsewhere = new CartClient(t.app);
    const read = await elsewhere.call('GET', `/api/ticket_order/${partly.orderId}?key=${encodeURIComponent(link.searchParams.get('key')!)}`);
    expect(read.status).toBe(200);

    const all = await order('cancel-all@example.com', { adults: 0, companions: 2 });
    expect((await all.c.call('POST', `/api/ticket_order/${all.orderId}/cancel`, { tickets: all.free.map((ticket_id) => ({ ticket_id })) })).body).toEqual({ cancelled: 2 });
    await deliverMail(t);
    const last = (await mailbox(t.app, 'cancel-all@example.com')).find((m) => m.subject.startsWith('Cancelled — order '))!;
    expect(last.text).toContain('These 2 tickets have been cancelled');
    expect(last.text).not.toContain('Manage your order');
    expect(last.html).not.toContain('/manage/');
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
    expect((await elsewhere.call('GET', `/api/ticket_order/${mine.orderId}`)).status).toBe(404);
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

  it('keys cannot be guessed: keys that open nothing are limited per IP (429 with Retry-After); the right key is never counted', async () => {
    const { orderId } = await order('guess@example.com');
    await deliverMail(t);
    const key = new URL(/Manage your order: (\S+)/.exec((await mailbox(t.app, 'guess@example.com'))[0].text)![1]).searchParams.get('key')!;
    // The buyer's page sends its key with every read (the order, each QR code, the wallet): never a lock-out.
    const holder = new CartClient(t.app);
    for (let i = 0; i < 130; i++) expect((await holder.call('GET', `/api/ticket_order/${orderId}?key=${encodeURIComponent(key)}`)).status).toBe(200);
    const guesser = new CartClient(t.app);
    let last = 0;
    for (let i = 0; i < 121 && last !== 429; i++) last = (await guesser.call('GET', `/api/ticket_order/${orderId}?key=guess-${i}`)).status;
    expect(last).toBe(429);
    // Over the limit, the address is refused before any key is looked at, the right one included.
    expect((await guesser.call('GET', `/api/ticket_order/${orderId}?key=${encodeURIComponent(key)}`)).status).toBe(429);
    await t.db.deleteFrom('rate_limit').execute();
  });
});
