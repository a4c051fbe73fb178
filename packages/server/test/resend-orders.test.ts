import { DEMO_CARDS, RESEND_TEXT } from '@foyer/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { injectFromRequest, parseInjectArgs } from '../src/cart/inject-command.js';
import { hashPassword } from '../src/auth/passwords.js';
import { Browser, PASSWORD, deliverMail, errorOf, mailbox } from './auth-harness.js';
import { dialects, testApp, type TestApp } from './harness.js';

const HOT = '2026-06-07T14:00:00.000Z';

/** POST ticket_order/resend (docs/after-sale.md#resending-tickets Resend order, docs/after-sale.md#resending-tickets). */
describe.each(dialects())('resending orders by e-mail on %s', (dialect) => {
  let t: TestApp;
  let ip = 0;
  const browser = () => new Browser(t.app, `10.9.${Math.floor(++ip / 250)}.${ip % 250}`);

  /** A paid order of two adults for the address (an injected cart, paid by test card). */
  async function paidOrder(email: string) {
    const request = await parseInjectArgs(['--item', `type=adult,session=hot@${HOT},quantity=2`, '--email', email, '--first', 'Quinn', '--last', 'Reed']);
    const made = await injectFromRequest(t.db, t.dialect, request, 'https://shop.example', t.clock.now);
    const visitor = browser();
    await visitor.post(`/api/cart/${made.cartId}/transfer`, { key: made.key });
    const paid = await visitor.post(`/api/cart/${made.cartId}/pay`, { amount: '40.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(paid.body.outcome).toBe('completed');
    return paid.body.ticket_order._data[0] as { id: string; order_number: string };
  }

  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('rate_limit').execute();
  });

  it("sends every order of the address to that address again, whatever the letter case; another buyer's orders stay out", async () => {
    const first = await paidOrder('resend@example.com');
    const second = await paidOrder('resend@example.com');
    const other = await paidOrder('someone-else@example.com');
    await deliverMail(t);
    const before = (await mailbox(t.app, 'resend@example.com')).length;

    const res = await browser().post('/api/ticket_order/resend', { email: '  Resend@Example.COM ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: true });
    await deliverMail(t);
    const mails = await mailbox(t.app, 'resend@example.com');
    expect(mails.length - before).toBe(2);
    const subjects = mails.slice(0, 2).map((m) => m.subject).sort();
    expect(subjects).toEqual([`Your tickets — order ${first.order_number}`, `Your tickets — order ${second.order_number}`].sort());
    expect(mails.slice(0, 2).every((m) => m.to === 'resend@example.com')).toBe(true);
    expect(mails.some((m) => m.subject.includes(other.order_number))).toBe(false);
  });

  it('404 with the spec text for an address without orders (or without membership orders); validate_not_email for a bad address', async () => {
    const none = await browser().post('/api/ticket_order/resend', { email: 'nobody@example.com' });
    expect(none.status).toBe(404);
    expect(errorOf(none.body)).toMatchObject({ _code: 'not_found', _description: RESEND_TEXT.noOrders });

    await paidOrder('tickets-only@example.com');
    const membershipsOnly = await browser().post('/api/ticket_order/resend', { email: 'tickets-only@example.com', memberships_only: true });
    expect(membershipsOnly.status).toBe(404);

    const bad = await browser().post('/api/ticket_order/resend', { email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(errorOf(bad.body)._code).toBe('validate_not_email');
    const long = await browser().post('/api/ticket_order/resend', { email: `${'a'.repeat(250)}@example.com` });
    expect(long.status).toBe(400);
    expect(errorOf(long.body)._code).toBe('validation_failed');
    expect((await browser().post('/api/ticket_order/resend', { email: 'x@example.com', extra: 1 })).status).toBe(400);
  });

  it('is limited per address (from any IP) and per IP (for any address), with Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect((await browser().post('/api/ticket_order/resend', { email: 'limited@example.com' })).status).toBe(404);
    const limited = await browser().post('/api/ticket_order/resend', { email: 'Limited@example.com' });
    expect(limited.status).toBe(429);
    expect(errorOf(limited.body)._code).toBe('rate_limited');
    expect(limited.headers['retry-after']).toBeTruthy();

    const one = browser();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await one.post('/api/ticket_order/resend', { email: `many-${i}@example.com` })).status);
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("GET my/ticket_order lists a logged-in buyer's orders — also those bought as a guest with the account's address — and opens them", async () => {
    const order = await paidOrder('buyer@example.com');
    const buyer = browser();
    // The account made at checkout gets a password (as after a reset), then logs in from another browser.
    await t.db.updateTable('user_account').set({ password_hash: await hashPassword(PASSWORD) }).where('email_key', '=', 'buyer@example.com').execute();
    const login = await buyer.post('/api/login', { username: 'buyer@example.com', password: PASSWORD });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const list = await buyer.get('/api/my/ticket_order?_embed=ticket.event_template');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.body.ticket_order._data.map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect(list.body.event_template._data.length).toBeGreaterThan(0);
    expect((await buyer.get(`/api/ticket_order/${order.id}`)).status).toBe(200);
    expect((await browser().get('/api/my/ticket_order')).status).toBe(401);
  });
  it('GET my/order_session lists the upcoming visits of the buyer\'s orders: per order and session, the tickets still valid, soonest first', async () => {
    const first = await paidOrder('visits@example.com');
    const second = await paidOrder('visits@example.com');
    await paidOrder('other-visitor@example.com');
    // One ticket of the second order cancelled: it no longer counts.
    const cancelled = await t.db.selectFrom('ticket').select('id').where('ticket_order_id', '=', second.id).executeTakeFirstOrThrow();
    await t.db.updateTable('ticket').set({ state: 'cancelled' }).where('id', '=', cancelled.id).execute();
    const visitor = browser();
    await t.db.updateTable('user_account').set({ password_hash: await hashPassword(PASSWORD) }).where('email_key', '=', 'visits@example.com').execute();
    expect((await visitor.post('/api/login', { username: 'visits@example.com', password: PASSWORD })).status).toBe(200);

    const res = await visitor.get('/api/my/order_session');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const rows = res.body.order_session._data as { ticket_order_id: string; num_tickets: number; start_datetime: string; event_name: string; order_number: string; timezone: string; id: string }[];
    expect(rows.map((r) => [r.ticket_order_id, r.num_tickets])).toEqual([[first.id, 2], [second.id, 1]]);
    expect(rows[0]).toMatchObject({ start_datetime: HOT, order_number: first.order_number, timezone: 'America/New_York', id: expect.stringContaining(':') });
    expect(rows[0].event_name).toBeTruthy();

    // Once the session has ended it is no longer upcoming.
    t.clock.advance(Date.parse(HOT) - t.clock.now.getTime() + 2 * 86_400_000);
    try {
      const later = browser();
      expect((await later.post('/api/login', { username: 'visits@example.com', password: PASSWORD })).status).toBe(200);
      expect((await later.get('/api/my/order_session')).body.order_session._data).toEqual([]);
    } finally {
      t.clock.now = new Date('2026-06-01T16:00:00.000Z');
    }
    expect((await browser().get('/api/my/order_session')).status).toBe(401);
  });
});
