import { DEMO_CARDS } from '@foyer/contracts';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectFromRequest, parseInjectArgs } from '../src/cart/inject-command.js';
import { insertLedger } from '../src/payments/payments.repository.js';
import { gatewaysFor } from '../src/payments/gateways.js';
import { reconcileCheckouts } from '../src/payments/reconcile-checkouts.js';
import { remindDueInstalments } from '../src/payments/instalments/remind-due-instalments.js';
import { noticeOverdueInstalments } from '../src/payments/instalments/notice-overdue-instalments.js';
import { chargeDueInstalments } from '../src/payments/instalments/charge-due-instalments.js';
import { processOutbox } from '../src/mail/mail-worker.js';
import { smtpTransport } from '../src/mail/transport.js';
import { uuidv7 } from '../src/ids.js';
import { readSettings } from '../src/settings.js';
import { Browser, errorOf } from './auth-harness.js';
import { dialects, NOW, testApp, type TestApp } from './harness.js';
import { localSmtp } from './local-smtp.js';
import { FakeStripe } from './fake-stripe.js';

const HOT = '2026-06-07T14:00:00.000Z'; // the fixture's "hot" session, adult 20.00
const TODAY = NOW.toISOString().slice(0, 10);
const LATER = '2026-06-20'; // the second instalment's due date
const LAST = '2026-07-01';
const WEBHOOK_SECRET = 'whsec_foyer_test';

describe.each(dialects())('later instalments of a booked order on %s', (dialect) => {
  let t: TestApp;
  let ip = 0;
  let buyer = 0;
  const browser = () => new Browser(t.app, `10.7.0.${++ip}`);
  beforeAll(async () => {
    t = await testApp(dialect);
  });
  afterAll(() => t.close());

  const card = (amount: string, number: string = DEMO_CARDS.success) => ({ amount, gateway_id: 'demo', gateway_data: { card_number: number } });
  const keyIn = (text: string) => /manage\/[^?\s]+\?key=([A-Za-z0-9_%-]+)/.exec(text)?.[1] ?? null;
  const money = async (orderId: string) => {
    const order = await t.db.selectFrom('ticket_order').select(['paid', 'total', 'instalment_claimed_at']).where('id', '=', orderId).executeTakeFirstOrThrow();
    const payments = await t.db.selectFrom('payment').select(['amount', 'status']).where('ticket_order_id', '=', orderId).where('status', '=', 'succeeded').execute();
    return { paid: order.paid, total: order.total, claimed: order.instalment_claimed_at, payments: payments.length };
  };

  /** Three adults (60.00) on a plan 20.00 today, 20.00 on LATER, 20.00 on LAST; the deposit paid. */
  async function bookedOnPlan() {
    const email = `plan${++buyer}-${dialect}@example.com`;
    const request = await parseInjectArgs(['--item', `type=adult,session=hot@${HOT},quantity=3`, '--plan', `${TODAY}=20.00,${LATER}=20.00,${LAST}=rest`, '--email', email, '--first', 'Bea', '--last', 'Buyer']);
    const made = await injectFromRequest(t.db, t.dialect, request, 'https://shop.example', t.clock.now);
    const owner = browser();
    await owner.post(`/api/cart/${made.cartId}/transfer`, { key: made.key });
    const paid = await owner.post(`/api/cart/${made.cartId}/pay`, card('20.00'));
    expect(paid.body.outcome).toBe('completed');
    const order = paid.body.ticket_order._data[0] as { id: string; order_number: string };
    const mail = await t.db.selectFrom('outbox').select('text_body').where('to_address', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    return { cartId: made.cartId, order, owner, email, key: keyIn(mail.text_body)!, scanCodes: paid.body.ticket._data.map((x: { scan_code: string }) => x.scan_code).sort() };
  }

  it('the manage key pays the next instalment on the same order: number, tickets kept; totals, plan and outstanding move; a receipt is queued', async () => {
    const b = await bookedOnPlan();
    const stranger = browser();
    const res = await stranger.post(`/api/cart/${b.cartId}/pay?key=${b.key}`, card('20.00'));
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('completed');
    expect(res.body.ticket_order._data[0]).toMatchObject({ id: b.order.id, order_number: b.order.order_number });
    expect(res.body.ticket_order._data[0].ticket_order_fees).toEqual({ total_after_fees_price: '60.00', total_payments: '40.00', total_outstanding: '20.00', total_payment_method_fees: '0.00' });
    expect(await money(b.order.id)).toEqual({ paid: 4000, total: 6000, claimed: null, payments: 2 });
    const read = await stranger.get(`/api/ticket_order/${b.order.id}?key=${b.key}&_embed=scheduled_payment,ticket`);
    expect(read.body.scheduled_payment._data.map((p: { amount: string; status: string }) => [p.amount, p.status])).toEqual([
      ['20.00', 'paid'],
      ['20.00', 'paid'],
      ['20.00', 'scheduled'],
    ]);
    expect(read.body.ticket._data.map((x: { scan_code: string }) => x.scan_code).sort()).toEqual(b.scanCodes);
    const receipt = await t.db.selectFrom('outbox').select(['subject', 'text_body', 'kind']).where('to_address', '=', b.email).where('kind', '=', 'order_update').execute();
    expect(receipt).toHaveLength(1);
    expect(receipt[0].subject).toBe(`Payment received — order ${b.order.order_number}`);
    expect(receipt[0].text_body).toContain('We received your payment of 20.00');
    expect(receipt[0].text_body).toContain(`Still to pay: 20.00 USD, next payment of 20.00 USD due on ${LAST}.`);
    // The cart agrees (its outstanding balance is the order's).
    expect((await b.owner.get(`/api/cart/${b.cartId}`)).body.cart._data[0].outstandingBalance).toBe('20.00');

    // The rest: paid in full; paying again is not charged (the order is complete).
    expect((await stranger.post(`/api/cart/${b.cartId}/pay?key=${b.key}`, card('20.00'))).body.outcome).toBe('completed');
    const again = await stranger.post(`/api/cart/${b.cartId}/pay?key=${b.key}`, card('20.00'));
    expect(again.body.outcome).toBe('completed');
    expect(await money(b.order.id)).toEqual({ paid: 6000, total: 6000, claimed: null, payments: 3 });
  });

  it("the buyer's own browser pays without a key; another browser without the key, or with a wrong one, gets nothing", async () => {
    const b = await bookedOnPlan();
    const noKey = await browser().post(`/api/cart/${b.cartId}/pay`, card('20.00'));
    expect(noKey.status).toBe(404);
    expect(errorOf(noKey.body)._code).toBe('not_found');
    const wrong = await browser().post(`/api/cart/${b.cartId}/pay?key=not-the-key`, card('20.00'));
    expect(wrong.status).toBe(404);
    expect(errorOf(wrong.body)._code).toBe('not_found');
    expect(await money(b.order.id)).toMatchObject({ paid: 2000, payments: 1 });
    const own = await b.owner.post(`/api/cart/${b.cartId}/pay`, card('20.00'));
    expect(own.body.outcome).toBe('completed');
    expect(await money(b.order.id)).toMatchObject({ paid: 4000, payments: 2 });
  });

  it('over-payment, too little, the free gateway and a declined card are refused with the envelope, and write no money', async () => {
    const b = await bookedOnPlan();
    const over = await b.owner.post(`/api/cart/${b.cartId}/pay`, card('40.01'));
    expect(over.status).toBe(400);
    expect(errorOf(over.body)).toMatchObject({ _code: 'validation_failed', _description: 'The amount must be more than 0 and at most 40.00.', _extra: { outstanding: '40.00' } });
    expect((await b.owner.post(`/api/cart/${b.cartId}/pay`, card('0.00'))).status).toBe(400);
    const free = await b.owner.post(`/api/cart/${b.cartId}/pay`, { amount: '0.00', gateway_id: 'free', gateway_data: {} });
    expect(errorOf(free.body)._code).toBe('payment_not_supported');
    const declined = await b.owner.post(`/api/cart/${b.cartId}/pay`, card('20.00', DEMO_CARDS.card_declined));
    expect(declined.status).toBe(402);
    expect(errorOf(declined.body)._code).toBe('card_declined');
    expect(await money(b.order.id)).toEqual({ paid: 2000, total: 6000, claimed: null, payments: 1 });
    // Paying early any part of what is not yet due is fine; the declined attempt left the order payable.
    expect((await b.owner.post(`/api/cart/${b.cartId}/pay`, card('5.00'))).body.outcome).toBe('completed');
    expect(await money(b.order.id)).toMatchObject({ paid: 2500 });
  });

  it('once an instalment is due, less than it is refused (a gift card may pay any part)', async () => {
    const b = await bookedOnPlan();
    t.clock.advance(20 * 86_400_000); // LATER has come
    try {
      const low = await b.owner.post(`/api/cart/${b.cartId}/pay`, card('10.00'));
      expect(errorOf(low.body)).toMatchObject({ _code: 'validation_failed', _extra: { payment_due: '20.00', outstanding: '40.00' } });
      const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
      const number = `GIFT${dialect.toUpperCase().slice(0, 2)}${buyer}`;
      await insertLedger(t.db, { id: uuidv7(), seller_id: seller.id, ledger_type: 'giftcard', number, state: 'active', balance: 1000, ticket_id: null, created_at: NOW.toISOString() });
      const gift = await b.owner.post(`/api/cart/${b.cartId}/pay`, { amount: '10.00', gateway_id: 'ledger', gateway_data: { number } });
      expect(gift.body.outcome).toBe('completed');
      expect(await money(b.order.id)).toMatchObject({ paid: 3000, payments: 2 });
      expect((await t.db.selectFrom('ledger').select('balance').where('number', '=', number).executeTakeFirstOrThrow()).balance).toBe(0);
    } finally {
      t.clock.advance(-20 * 86_400_000);
    }
  });

  it('two pays of the whole rest at once charge once: the other is told a payment is in progress, or (if it came after) that the order is paid', async () => {
    const b = await bookedOnPlan();
    const results = await Promise.all([b.owner.post(`/api/cart/${b.cartId}/pay`, card('40.00')), browser().post(`/api/cart/${b.cartId}/pay?key=${b.key}`, card('40.00'))]);
    // Overlapping, the order's claim lets one charge and answers the other 409; one after the other,
    // the second finds nothing left to pay. Never two charges.
    for (const r of results) {
      if (r.status === 409) expect(errorOf(r.body)._code).toBe('intent_processing');
      else expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    expect(await money(b.order.id)).toEqual({ paid: 6000, total: 6000, claimed: null, payments: 2 });
  });

  it('a pay call that died after claiming the order: the reconciler fails its unsent payment and frees the order', async () => {
    const b = await bookedOnPlan();
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    // As the pay call leaves it when its process dies before the gateway answers.
    await t.db.updateTable('ticket_order').set({ instalment_claimed_at: t.clock.now.toISOString() }).where('id', '=', b.order.id).execute();
    const paymentId = uuidv7();
    await t.db.insertInto('payment').values({ id: paymentId, seller_id: seller.id, cart_id: b.cartId, ticket_order_id: b.order.id, gateway_id: 'demo', amount: 2000, status: 'processing', idempotency_key: null, reference: null, error_code: null, created_at: t.clock.now.toISOString() }).execute();
    expect(errorOf((await b.owner.post(`/api/cart/${b.cartId}/pay`, card('20.00'))).body)._code).toBe('intent_processing');
    const deps = { db: t.db, dialect: t.dialect, publicUrl: 'http://x', gatewaysFor: () => gatewaysFor(t.db, seller.id, null) };
    await reconcileCheckouts(deps, t.clock.now);
    expect(await money(b.order.id)).toMatchObject({ claimed: expect.any(String) }); // not yet: it may still be running
    await reconcileCheckouts(deps, new Date(t.clock.now.getTime() + 3 * 60_000));
    expect(await money(b.order.id)).toEqual({ paid: 2000, total: 6000, claimed: null, payments: 1 });
    expect((await t.db.selectFrom('payment').select('status').where('id', '=', paymentId).executeTakeFirstOrThrow()).status).toBe('failed');
    expect((await b.owner.post(`/api/cart/${b.cartId}/pay`, card('20.00'))).body.outcome).toBe('completed');
  });

  it('the same Idempotency-Key replays, a different request under it is refused', async () => {
    const b = await bookedOnPlan();
    const pay = (body: object, key: string) => t.app.inject({ method: 'POST', url: `/api/cart/${b.cartId}/pay?key=${b.key}`, payload: body, remoteAddress: '10.7.1.1', headers: { app: 'ecomm', 'idempotency-key': key } });
    const key = `inst-${b.order.id}`;
    expect(JSON.parse((await pay(card('20.00'), key)).body).outcome).toBe('completed');
    expect(JSON.parse((await pay(card('20.00'), key)).body).outcome).toBe('completed');
    const other = await pay(card('15.00'), key);
    expect(other.statusCode).toBe(422);
    expect(await money(b.order.id)).toMatchObject({ paid: 4000, payments: 2 });
  });

  it('due-date reminders: N days before, once each, with a fresh manage link, delivered over SMTP', async () => {
    const b = await bookedOnPlan();
    const reminders = async () => (await t.db.selectFrom('outbox').select(['subject', 'text_body']).where('to_address', '=', b.email).where('kind', '=', 'instalment_reminder').execute());
    // 19 days before LATER: nothing yet with the default of 7 days.
    await remindDueInstalments({ db: t.db, dialect: t.dialect, publicUrl: 'https://shop.example' }, t.clock.now);
    expect(await reminders()).toHaveLength(0);
    const at = new Date(Date.parse(`${LATER}T00:00:00Z`) - 7 * 86_400_000 + 3_600_000);
    const runs = await Promise.all([1, 2, 3].map(() => remindDueInstalments({ db: t.db, dialect: t.dialect, publicUrl: 'https://shop.example' }, at)));
    expect(runs.reduce((a, n) => a + n, 0)).toBeGreaterThanOrEqual(1);
    await remindDueInstalments({ db: t.db, dialect: t.dialect, publicUrl: 'https://shop.example' }, at);
    const sent = await reminders();
    expect(sent.map((m) => m.subject)).toEqual([`Payment due on ${LATER} — order ${b.order.order_number}`]);
    expect(sent[0].text_body).toContain('A payment of 20.00 USD');
    const fresh = keyIn(sent[0].text_body)!;
    expect(fresh).not.toBe(b.key);
    expect((await browser().get(`/api/ticket_order/${b.order.id}?key=${fresh}`)).status).toBe(200);

    const smtp = await localSmtp();
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}?starttls=off`, 'box@foyer.test');
    try {
      await processOutbox({ db: t.db, transport, now: () => at });
    } finally {
      transport.close?.();
      await smtp.close();
    }
    const delivered = smtp.received.filter((m) => m.to.includes(b.email));
    expect(delivered.length).toBeGreaterThanOrEqual(1);
    const status = await t.db.selectFrom('outbox').select('status').where('to_address', '=', b.email).where('kind', '=', 'instalment_reminder').executeTakeFirstOrThrow();
    expect(status.status).toBe('sent');
  });

  it('overdue: after its due date an unpaid instalment is marked overdue and the buyer gets the notice once (the reminder before stays once); paying it clears the state', async () => {
    const b = await bookedOnPlan();
    const deps = { db: t.db, dialect: t.dialect, publicUrl: 'https://shop.example' };
    const mails = async (kind: string) => await t.db.selectFrom('outbox').select(['subject', 'text_body']).where('to_address', '=', b.email).where('kind', '=', kind).execute();
    const statuses = async (at: Date) => {
      t.clock.advance(at.getTime() - t.clock.now.getTime());
      const read = await browser().get(`/api/ticket_order/${b.order.id}?key=${b.key}&_embed=scheduled_payment`);
      return read.body.scheduled_payment._data.map((p: { status: string }) => p.status);
    };
    const start = t.clock.now;
    try {
      await remindDueInstalments(deps, new Date(Date.parse(`${LATER}T00:00:00Z`) - 3 * 86_400_000));
      // On its due date it is due, not overdue: no notice yet.
      const onTheDay = new Date(`${LATER}T23:00:00Z`);
      expect(await noticeOverdueInstalments(deps, onTheDay)).toBe(0);
      expect(await statuses(onTheDay)).toEqual(['paid', 'due', 'scheduled']);
      const dayAfter = new Date(Date.parse(`${LATER}T00:00:00Z`) + 86_400_000 + 60_000);
      const runs = await Promise.all([1, 2, 3].map(() => noticeOverdueInstalments(deps, dayAfter)));
      await noticeOverdueInstalments(deps, dayAfter);
      await remindDueInstalments(deps, dayAfter);
      expect(runs.reduce((a, n) => a + n, 0)).toBeGreaterThanOrEqual(1);
      const overdue = await mails('instalment_overdue');
      expect(overdue.map((m) => m.subject)).toEqual([`Payment overdue — order ${b.order.order_number}`]);
      expect(overdue[0].text_body).toContain(`A payment of 20.00 USD for order ${b.order.order_number}`);
      expect(overdue[0].text_body).toContain(`was due on ${LATER} and has not been received.`);
      expect(overdue[0].text_body).toContain('Still to pay in all: 40.00 USD.');
      expect(keyIn(overdue[0].text_body)).not.toBeNull();
      expect((await mails('instalment_reminder')).map((m) => m.subject)).toEqual([`Payment due on ${LATER} — order ${b.order.order_number}`]);
      expect(await statuses(dayAfter)).toEqual(['paid', 'overdue', 'scheduled']);
      const stored = await t.db.selectFrom('scheduled_payment').select(['status', 'overdue_at']).where('ticket_order_id', '=', b.order.id).orderBy('rank').execute();
      expect(stored.map((p) => p.status)).toEqual(['paid', 'overdue', 'scheduled']);
      expect(stored[1].overdue_at).toBe(dayAfter.toISOString());
      // Paid late: the order is in order again and nothing more is sent.
      expect((await b.owner.post(`/api/cart/${b.cartId}/pay`, card('20.00'))).body.outcome).toBe('completed');
      expect(await statuses(dayAfter)).toEqual(['paid', 'paid', 'scheduled']);
      expect((await t.db.selectFrom('scheduled_payment').select('status').where('ticket_order_id', '=', b.order.id).orderBy('rank').execute()).map((p) => p.status)).toEqual(['paid', 'paid', 'scheduled']);
      expect(await noticeOverdueInstalments(deps, new Date(dayAfter.getTime() + 86_400_000))).toBe(0);
      expect(await mails('instalment_overdue')).toHaveLength(1);
    } finally {
      t.clock.advance(start.getTime() - t.clock.now.getTime());
    }
  });

  it('an instalment paid before its date passes gets no overdue notice', async () => {
    const b = await bookedOnPlan();
    await b.owner.post(`/api/cart/${b.cartId}/pay`, card('20.00'));
    await noticeOverdueInstalments({ db: t.db, dialect: t.dialect, publicUrl: 'https://shop.example' }, new Date(`${LAST}T00:00:00Z`));
    expect(await t.db.selectFrom('outbox').select('id').where('to_address', '=', b.email).where('kind', '=', 'instalment_overdue').execute()).toHaveLength(0);
  });

  it('with the buyer\'s consent (pay with auto_renew) the kept card is charged on the due date, once; a decline sends the failure notice once; no consent, no charge', async () => {
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    const deps = { db: t.db, dialect: t.dialect, publicUrl: 'https://shop.example', gatewaysFor: () => gatewaysFor(t.db, seller.id, null) };
    const consenting = await bookedOnPlan();
    const declining = await bookedOnPlan();
    const silent = await bookedOnPlan();
    for (const b of [consenting, declining]) {
      const early = await b.owner.post(`/api/cart/${b.cartId}/pay`, { ...card('5.00'), auto_renew: true });
      expect(early.body.outcome).toBe('completed');
      const row = await t.db.selectFrom('ticket_order').select('instalment_autopay_at').where('id', '=', b.order.id).executeTakeFirstOrThrow();
      expect(row.instalment_autopay_at).toBe(t.clock.now.toISOString());
    }
    await silent.owner.post(`/api/cart/${silent.cartId}/pay`, card('5.00'));
    // The declining buyer's kept card has since been refused by their bank.
    const declinerIdentity = (await t.db.selectFrom('cart').select(['purchaser_identity_id', 'identity_id']).where('id', '=', declining.cartId).executeTakeFirstOrThrow());
    const kept = await t.db.selectFrom('saved_payment_method').select(['reference', 'last4']).where('identity_id', '=', declinerIdentity.purchaser_identity_id ?? declinerIdentity.identity_id).executeTakeFirstOrThrow();
    expect(kept).toEqual({ reference: DEMO_CARDS.success, last4: '4242' });
    await t.db.updateTable('saved_payment_method').set({ reference: DEMO_CARDS.card_declined }).where('identity_id', '=', declinerIdentity.purchaser_identity_id ?? declinerIdentity.identity_id).execute();

    const mails = async (email: string, kind: string) => await t.db.selectFrom('outbox').select(['subject', 'text_body']).where('to_address', '=', email).where('kind', '=', kind).execute();
    // The day before: nothing is charged.
    await chargeDueInstalments(deps, new Date(Date.parse(`${LATER}T00:00:00Z`) - 3_600_000));
    expect(await money(consenting.order.id)).toMatchObject({ paid: 2500, payments: 2 });
    const onTheDay = new Date(`${LATER}T06:00:00Z`);
    await Promise.all([1, 2, 3].map(() => chargeDueInstalments(deps, onTheDay)));
    await chargeDueInstalments(deps, new Date(onTheDay.getTime() + 3_600_000));
    // What was due then (the instalment less the 5.00 paid early), once; the receipt as for a pay.
    expect(await money(consenting.order.id)).toEqual({ paid: 4000, total: 6000, claimed: null, payments: 3 });
    const charge = await t.db.selectFrom('payment').select(['amount', 'idempotency_key']).where('ticket_order_id', '=', consenting.order.id).where('status', '=', 'succeeded').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(charge.amount).toBe(1500);
    expect(charge.idempotency_key).toMatch(/^instalment_/);
    expect((await mails(consenting.email, 'order_update')).map((m) => m.subject)).toContain(`Payment received — order ${consenting.order.order_number}`);
    expect(await mails(consenting.email, 'instalment_charge_failed')).toHaveLength(0);

    expect(await money(declining.order.id)).toEqual({ paid: 2500, total: 6000, claimed: null, payments: 2 });
    const failed = await mails(declining.email, 'instalment_charge_failed');
    expect(failed.map((m) => m.subject)).toEqual([`We could not take your payment — order ${declining.order.order_number}`]);
    expect(failed[0].text_body).toContain(`We tried to charge your saved card 15.00 USD for order ${declining.order.order_number}`);
    expect(failed[0].text_body).toContain('Your card was declined.');
    expect(keyIn(failed[0].text_body)).not.toBeNull();
    expect(await t.db.selectFrom('payment').select('id').where('ticket_order_id', '=', declining.order.id).where('status', '=', 'failed').execute()).toHaveLength(1);

    expect(await money(silent.order.id)).toMatchObject({ paid: 2500, payments: 2 });
    // The next day: no second try; the decliner gets the overdue notice as anyone would.
    const dayAfter = new Date(onTheDay.getTime() + 86_400_000);
    await chargeDueInstalments(deps, dayAfter);
    await noticeOverdueInstalments(deps, dayAfter);
    expect(await mails(declining.email, 'instalment_charge_failed')).toHaveLength(1);
    expect(await t.db.selectFrom('payment').select('id').where('ticket_order_id', '=', declining.order.id).where('status', '=', 'failed').execute()).toHaveLength(1);
    expect(await mails(declining.email, 'instalment_overdue')).toHaveLength(1);
    expect(await mails(consenting.email, 'instalment_overdue')).toHaveLength(0);
  });

  it('a paid instalment is not reminded', async () => {
    const b = await bookedOnPlan();
    await b.owner.post(`/api/cart/${b.cartId}/pay`, card('20.00'));
    const at = new Date(Date.parse(`${LATER}T00:00:00Z`) - 3 * 86_400_000);
    await remindDueInstalments({ db: t.db, dialect: t.dialect, publicUrl: 'https://shop.example' }, at);
    expect(await t.db.selectFrom('outbox').select('id').where('to_address', '=', b.email).where('kind', '=', 'instalment_reminder').execute()).toHaveLength(0);
  });

  it('manage keys expire 30 days after the last session or instalment; a resend issues a working one', async () => {
    const b = await bookedOnPlan();
    const row = await t.db.selectFrom('order_access_key').select('expires_at').where('ticket_order_id', '=', b.order.id).executeTakeFirstOrThrow();
    expect(row.expires_at).toBe(new Date(Date.parse(LAST) + 30 * 86_400_000).toISOString());
    const until = Date.parse(row.expires_at!) - t.clock.now.getTime();
    t.clock.advance(until + 1000);
    try {
      const late = await browser().get(`/api/ticket_order/${b.order.id}?key=${b.key}`);
      expect(late.status).toBe(404);
      expect(errorOf(late.body)).toMatchObject({ _code: 'not_found', _extra: { reason: 'key_expired' } });
      expect(errorOf(late.body)._description).toContain('Resend');
      expect((await browser().post('/api/ticket_order/resend', { email: b.email })).status).toBe(200);
      const mail = await t.db.selectFrom('outbox').select('text_body').where('to_address', '=', b.email).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
      const fresh = keyIn(mail.text_body)!;
      expect((await browser().get(`/api/ticket_order/${b.order.id}?key=${fresh}`)).status).toBe(200);
    } finally {
      t.clock.advance(-(until + 1000));
    }
  });
});

describe.each(dialects())('later instalments through Stripe on %s (a local fake of Stripe)', (dialect) => {
  const fake = new FakeStripe();
  let t: TestApp;
  beforeAll(async () => {
    await fake.start();
    t = await testApp(dialect, { env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_foyer', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url } });
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });
  const stripe = (amount: string, data: object) => ({ amount, gateway_id: 'stripe', gateway_data: data });
  const paidOf = async (orderId: string) => (await t.db.selectFrom('ticket_order').select(['paid', 'instalment_claimed_at']).where('id', '=', orderId).executeTakeFirstOrThrow());

  async function bookedOnPlan(ip: string, email?: string) {
    const request = await parseInjectArgs(['--item', `type=adult,session=hot@${HOT},quantity=3`, '--plan', `${TODAY}=20.00,${LATER}=20.00,${LAST}=rest`, ...(email ? ['--email', email, '--first', 'Bea', '--last', 'Buyer'] : [])]);
    const made = await injectFromRequest(t.db, t.dialect, request, 'https://shop.example', t.clock.now);
    const owner = new Browser(t.app, ip);
    await owner.post(`/api/cart/${made.cartId}/transfer`, { key: made.key });
    const paid = await owner.post(`/api/cart/${made.cartId}/pay`, stripe('20.00', { payment_method_id: 'pm_card_visa' }));
    expect(paid.body.outcome).toBe('completed');
    return { owner, cartId: made.cartId, orderId: paid.body.ticket_order._data[0].id as string };
  }

  it('3-D Secure: 402 with the client secret frees the order; confirmed, the retried pay is counted once', async () => {
    const b = await bookedOnPlan('10.8.0.1');
    const first = await b.owner.post(`/api/cart/${b.cartId}/pay`, stripe('20.00', { payment_method_id: 'pm_card_authenticationRequired' }));
    expect(first.status).toBe(402);
    expect(errorOf(first.body)._code).toBe('intent_requires_action');
    expect(await paidOf(b.orderId)).toEqual({ paid: 2000, instalment_claimed_at: null });
    const intentId = (errorOf(first.body)._extra as { payment_intent_id: string }).payment_intent_id;
    fake.completeAction(intentId, true);
    const done = await b.owner.post(`/api/cart/${b.cartId}/pay`, stripe('20.00', { payment_intent_id: intentId }));
    expect(done.body.outcome).toBe('completed');
    expect(await paidOf(b.orderId)).toEqual({ paid: 4000, instalment_claimed_at: null });
    // The same confirmation again counts nothing more.
    expect((await b.owner.post(`/api/cart/${b.cartId}/pay`, stripe('20.00', { payment_intent_id: intentId }))).body.outcome).toBe('completed');
    expect((await paidOf(b.orderId)).paid).toBe(4000);
  });

  it('a later instalment is not paid by a redirect or debit method (it would hold the order claimed): 400 payment_not_supported, nothing claimed, charged or recorded', async () => {
    const b = await bookedOnPlan('10.8.0.3');
    const [intents, payments] = [fake.intents.size, (await t.db.selectFrom('payment').select('id').where('cart_id', '=', b.cartId).execute()).length];
    for (const type of ['afterpay_clearpay', 'bacs_debit']) {
      const res = await b.owner.post(`/api/cart/${b.cartId}/pay`, stripe('20.00', { payment_method_type: type, sort_code: '108800', account_number: '00012345' }));
      expect([res.status, errorOf(res.body)._code]).toEqual([400, 'payment_not_supported']);
    }
    expect(fake.intents.size).toBe(intents);
    expect((await t.db.selectFrom('payment').select('id').where('cart_id', '=', b.cartId).execute()).length).toBe(payments);
    expect(await paidOf(b.orderId)).toEqual({ paid: 2000, instalment_claimed_at: null });
  });

  it('a lost gateway answer: the order stays claimed, then the reconciler finds the charge and books it once (a late webhook adds nothing)', async () => {
    const b = await bookedOnPlan('10.8.0.4');
    fake.loseAnswers = true;
    let lost;
    try {
      lost = await b.owner.post(`/api/cart/${b.cartId}/pay`, stripe('20.00', { payment_method_id: 'pm_card_visa' }));
    } finally {
      fake.loseAnswers = false;
    }
    expect([lost.status, errorOf(lost.body)._code]).toEqual([409, 'intent_processing']);
    expect((await paidOf(b.orderId)).instalment_claimed_at).not.toBeNull();
    const deps = fake.reconcileDeps(t);
    await reconcileCheckouts(deps, t.clock.now);
    expect((await paidOf(b.orderId)).paid).toBe(2000); // too recent: the pay call may still be running
    const later = new Date(t.clock.now.getTime() + 3 * 60_000);
    await Promise.all([reconcileCheckouts(deps, later), reconcileCheckouts(deps, later)]);
    await reconcileCheckouts(deps, later);
    expect(await paidOf(b.orderId)).toEqual({ paid: 4000, instalment_claimed_at: null });
    const intent = [...fake.intents.values()].at(-1)!;
    expect(intent.status).toBe('succeeded');
    const payload = JSON.stringify(fake.event('payment_intent.succeeded', intent));
    const header = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } })).statusCode).toBe(200);
    expect((await paidOf(b.orderId)).paid).toBe(4000);
    const payments = await t.db.selectFrom('payment').select(['status', 'amount']).where('ticket_order_id', '=', b.orderId).where('status', '=', 'succeeded').execute();
    expect(payments.map((p) => p.amount)).toEqual([2000, 2000]);
    const plan = await t.db.selectFrom('scheduled_payment').select('status').where('ticket_order_id', '=', b.orderId).orderBy('rank').execute();
    expect(plan.map((p) => p.status)).toEqual(['paid', 'paid', 'scheduled']);
    // The order is payable again.
    expect((await b.owner.post(`/api/cart/${b.cartId}/pay`, stripe('20.00', { payment_method_id: 'pm_card_visa' }))).body.outcome).toBe('completed');
    expect((await paidOf(b.orderId)).paid).toBe(6000);
  });

  it('consent through Stripe: the card is kept on a Customer, and on the due date charged off-session with that Customer, once', async () => {
    const b = await bookedOnPlan('10.8.0.5', `stripe-autopay-${dialect}@example.com`);
    const early = await b.owner.post(`/api/cart/${b.cartId}/pay`, { ...stripe('5.00', { payment_method_id: 'pm_card_visa' }), auto_renew: true });
    expect(early.body.outcome).toBe('completed');
    const customer = fake.customers.at(-1)!;
    expect(customer.email).toBe(`stripe-autopay-${dialect}@example.com`);
    const deps = { ...fake.reconcileDeps(t) };
    const onTheDay = new Date(`${LATER}T06:00:00Z`);
    await Promise.all([chargeDueInstalments(deps, onTheDay), chargeDueInstalments(deps, onTheDay)]);
    await chargeDueInstalments(deps, onTheDay);
    expect(await paidOf(b.orderId)).toEqual({ paid: 4000, instalment_claimed_at: null });
    const offSession = [...fake.intents.values()].filter((i) => i.off_session);
    expect(offSession.filter((i) => i.customer === customer.id).map((i) => [i.amount, i.status])).toEqual([[1500, 'succeeded']]);
  });

  it('a payment that is still processing keeps the order claimed until the webhook settles it on the order', async () => {
    const b = await bookedOnPlan('10.8.0.2');
    const res = await b.owner.post(`/api/cart/${b.cartId}/pay`, stripe('20.00', { payment_method_id: 'pm_debit_processing' }));
    expect(res.body.outcome).toBe('pending');
    expect((await paidOf(b.orderId)).instalment_claimed_at).not.toBeNull();
    const intent = [...fake.intents.values()].at(-1)!;
    intent.status = 'succeeded';
    const payload = JSON.stringify(fake.event('payment_intent.succeeded', intent));
    const header = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const hook = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
    expect(hook.statusCode).toBe(200);
    expect(await paidOf(b.orderId)).toEqual({ paid: 4000, instalment_claimed_at: null });
    expect(await t.db.selectFrom('ticket').select('id').where('ticket_order_id', '=', b.orderId).where('state', '=', 'booked').execute()).toHaveLength(3);
  });
});

describe('FOYER_INSTALMENT_REMINDER_DAYS', () => {
  it('defaults to 7 days; a whole number 0–60 is taken, anything else refused', () => {
    expect(readSettings({}).instalmentReminderDays).toBe(7);
    expect(readSettings({ FOYER_INSTALMENT_REMINDER_DAYS: '3' }).instalmentReminderDays).toBe(3);
    for (const bad of ['61', '-1', 'soon', '2.5']) expect(() => readSettings({ FOYER_INSTALMENT_REMINDER_DAYS: bad })).toThrow(/FOYER_INSTALMENT_REMINDER_DAYS/);
  });
});
