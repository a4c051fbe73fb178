import { DEMO_CARDS } from '@foyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectFromRequest, parseInjectArgs } from '../src/cart/inject-command.js';
import { releaseExpiredCarts } from '../src/cart/release-expired-carts.js';
import { Browser, createUser, errorOf, setLoginMethods } from './auth-harness.js';
import { dialects, NOW, testApp, type TestApp } from './harness.js';

const HOT = '2026-06-07T14:00:00.000Z'; // the fixture's "hot" session, adult 20.00
const TODAY = NOW.toISOString().slice(0, 10);

describe.each(dialects())('staff-created carts on %s', (dialect) => {
  let t: TestApp;
  let ip = 0;
  const browser = () => new Browser(t.app, `10.2.0.${++ip}`);
  beforeAll(async () => {
    t = await testApp(dialect);
    await createUser(t.db, { email: 'member@example.com' });
    await setLoginMethods(t.db, ['password']);
  });
  afterAll(() => t.close());

  /** Three adults on the hot session: 60.00, by the CLI's own argument parser. */
  async function inject(extra: string[] = []) {
    const request = await parseInjectArgs(['--item', `type=adult,session=hot@${HOT},quantity=3`, ...extra]);
    return injectFromRequest(t.db, t.dialect, request, 'https://shop.example', t.clock.now);
  }
  const keyOf = (link: string) => new URL(link).searchParams.get('key')!;
  const card = (amount: string) => ({ amount, gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });

  it('is created injected, without expiry, with a single-use payment link; the key is stored hashed', async () => {
    const made = await inject();
    expect(made.total).toBe('60.00');
    expect(made.link).toBe(`https://shop.example/transfer-cart/${made.cartId}?key=${made.key}`);
    const row = await t.db.selectFrom('cart').selectAll().where('id', '=', made.cartId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ injected: 1, expires_at: null, state: 'pending' });
    expect(row.transfer_key_hash).toBeTruthy();
    expect(row.transfer_key_hash).not.toContain(made.key);
    // Nobody holds the placeholder identity: a stranger cannot read it without the key.
    const stranger = await browser().get(`/api/cart/${made.cartId}`);
    expect(stranger.status).toBe(403);
    expect(errorOf(stranger.body)).toMatchObject({ _code: 'scope_error', _extra: null });
  });

  it('the key hands the cart to the caller (new identity cookie), once; a wrong key is 403, an unknown cart 404', async () => {
    const made = await inject();
    const wrong = await browser().post(`/api/cart/${made.cartId}/transfer`, { key: 'not-the-key' });
    expect(wrong.status).toBe(403);
    expect(errorOf(wrong.body)._code).toBe('scope_error');
    expect((await browser().post('/api/cart/01900000-0000-7000-8000-000000000000/transfer', { key: made.key })).status).toBe(404);
    expect((await browser().post(`/api/cart/${made.cartId}/transfer`, { key: 123 })).status).toBe(400);

    const visitor = browser();
    const taken = await visitor.post(`/api/cart/${made.cartId}/transfer?_embed=scheduled_payment`, { key: made.key });
    expect(taken.status).toBe(200);
    expect(visitor.cookies.has('foyer_identity')).toBe(true);
    expect(taken.body.cart._data[0]).toMatchObject({ id: made.cartId, injected: true, paymentDue: '60.00', outstandingBalance: '60.00', completedPayments: [], giftee: null });
    expect(taken.body.ticket._data).toHaveLength(3);
    // Spent: another browser with the same link is refused; the owner may come back without it.
    expect((await browser().post(`/api/cart/${made.cartId}/transfer`, { key: made.key })).status).toBe(403);
    expect((await visitor.post(`/api/cart/${made.cartId}/transfer`, {})).status).toBe(200);
    expect((await visitor.get(`/api/cart/${made.cartId}`)).body.cart._data[0].identity_id).toBe(taken.body.cart._data[0].identity_id);
  });

  it('is not modifiable by the visitor and never expires while unpaid', async () => {
    const made = await inject();
    const visitor = browser();
    await visitor.post(`/api/cart/${made.cartId}/transfer`, { key: keyOf(made.link) });
    const ticketId = (await visitor.get(`/api/cart/${made.cartId}`)).body.ticket._data[0].id;
    const remove = await visitor.post(`/api/cart/${made.cartId}/modify`, { remove: [ticketId] });
    expect(remove.status).toBe(409);
    expect(errorOf(remove.body)).toMatchObject({ _code: 'incorrect_cart_state', _extra: { injected: true } });
    expect(errorOf(remove.body)._description).toContain('cannot be changed');
    const del = await visitor.call('DELETE', `/api/cart/${made.cartId}`);
    expect(errorOf(del.body)._code).toBe('incorrect_cart_state');

    t.clock.advance(3 * 24 * 3_600_000);
    try {
      await releaseExpiredCarts(t.db, t.dialect, t.clock.now);
      const cart = (await visitor.get(`/api/cart/${made.cartId}`)).body.cart._data[0];
      expect(cart).toMatchObject({ state: 'pending', expires_at: null, expires_in: null });
      expect((await visitor.post(`/api/cart/${made.cartId}/pay`, card('60.00'))).body.outcome).toBe('completed');
    } finally {
      t.clock.now = NOW;
    }
  });

  it('an expiry given by staff is kept and swept like any hold', async () => {
    const made = await inject(['--expires', new Date(NOW.getTime() + 3_600_000).toISOString()]);
    t.clock.advance(2 * 3_600_000);
    try {
      await releaseExpiredCarts(t.db, t.dialect, t.clock.now);
      expect((await t.db.selectFrom('cart').select('state').where('id', '=', made.cartId).executeTakeFirstOrThrow()).state).toBe('expired');
    } finally {
      t.clock.now = NOW;
    }
  });

  it('a payment plan: paymentDue is the deposit, paying it books the order with the plan recorded', async () => {
    const made = await inject(['--plan', `${TODAY}=20.00,2026-07-01=rest`, '--email', 'buyer@example.com', '--first', 'Bea', '--last', 'Buyer']);
    const visitor = browser();
    const doc = await visitor.post(`/api/cart/${made.cartId}/transfer?_embed=scheduled_payment`, { key: made.key });
    expect(doc.body.cart._data[0]).toMatchObject({ paymentDue: '20.00', outstandingBalance: '60.00' });
    expect(doc.body.scheduled_payment._data.map((p: { dueDate: string; amount: string; status: string }) => [p.dueDate, p.amount, p.status])).toEqual([
      [TODAY, '20.00', 'due'],
      ['2026-07-01', '40.00', 'scheduled'],
    ]);
    // Between the due amount and the outstanding balance (docs/payments.md#partial-payments-and-payment-links).
    const low = await visitor.post(`/api/cart/${made.cartId}/pay`, card('10.00'));
    expect(low.status).toBe(400);
    expect(errorOf(low.body)).toMatchObject({ _code: 'validation_failed', _extra: { payment_due: '20.00' } });
    expect((await visitor.post(`/api/cart/${made.cartId}/pay`, card('60.01'))).status).toBe(400);

    const paid = await visitor.post(`/api/cart/${made.cartId}/pay`, card('20.00'));
    expect(paid.status).toBe(200);
    expect(paid.body.outcome).toBe('completed');
    const order = paid.body.ticket_order._data[0];
    expect(order.ticket_order_fees).toEqual({ total_after_fees_price: '60.00', total_payments: '20.00', total_outstanding: '40.00', total_payment_method_fees: '0.00' });
    const read = await visitor.get(`/api/ticket_order/${order.id}?_embed=scheduled_payment`);
    expect(read.body.scheduled_payment._data.map((p: { amount: string; status: string; ticket_order_id: string }) => [p.amount, p.status, p.ticket_order_id])).toEqual([
      ['20.00', 'paid', order.id],
      ['40.00', 'scheduled', order.id],
    ]);
    const cart = (await visitor.get(`/api/cart/${made.cartId}`)).body.cart._data[0];
    expect(cart.completedPayments).toEqual([expect.objectContaining({ amount: '20.00', status: 'succeeded' })]);
    // The purchaser staff named gets the confirmation.
    const mail = await t.db.selectFrom('outbox').select('subject').where('to_address', '=', 'buyer@example.com').execute();
    expect(mail.map((m) => m.subject)).toEqual([`Your tickets — order ${order.order_number}`]);
  });

  it('a plan that does not add up, an unknown type or session is refused before anything is held', async () => {
    await expect(inject(['--plan', `${TODAY}=20.00,2026-07-01=30.00`])).rejects.toMatchObject({ code: 'validation_failed', description: expect.stringContaining('60.00') });
    await expect(injectFromRequest(t.db, t.dialect, await parseInjectArgs(['--item', 'type=nope']), 'https://x', NOW)).rejects.toMatchObject({ description: 'No ticket type nope.' });
    await expect(injectFromRequest(t.db, t.dialect, await parseInjectArgs(['--item', `type=adult,session=hot@2030-01-01T00:00:00Z`]), 'https://x', NOW)).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it("a member's cart refused to someone else says it belongs to another member", async () => {
    const made = await inject();
    const member = browser();
    expect((await member.post('/api/login', { username: 'member@example.com', password: 'Correct-Horse-9' })).status).toBe(200);
    expect((await member.post(`/api/my/cart/${made.cartId}/transfer`, { key: made.key })).status).toBe(200);
    const other = await browser().get(`/api/cart/${made.cartId}`);
    expect(other.status).toBe(403);
    expect(errorOf(other.body)._extra).toEqual({ owner: 'member' });
    expect(errorOf((await browser().post(`/api/cart/${made.cartId}/transfer`, { key: made.key })).body)._extra).toEqual({ owner: 'member' });
  });
});

describe.each(dialects())('cart inject --file on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  it('reads the whole request from a JSON file; command-line options add to it', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const path = await import('node:path');
    const join = (...parts: string[]) => path.join(...parts);
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'inject-')), 'request.json');
    writeFileSync(file, JSON.stringify({ items: [{ ticket_type: 'adult', session: `hot@${HOT}`, quantity: 1 }], purchaser: { email: 'file@example.com', first_name: 'F', last_name: 'Ile' }, plan: [{ due_date: TODAY, amount: 'rest' }] }));
    const request = await parseInjectArgs(['--file', file, '--item', `type=adult,session=hot@${HOT}`]);
    expect(request.items).toHaveLength(2);
    const made = await injectFromRequest(t.db, t.dialect, request, 'https://shop.example', t.clock.now);
    expect(made.total).toBe('40.00');
    const plan = await t.db.selectFrom('scheduled_payment').select(['amount']).where('cart_id', '=', made.cartId).execute();
    expect(plan.map((p) => p.amount)).toEqual([4000]);
  });
});
