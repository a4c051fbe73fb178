import { DEMO_CARDS } from '@foyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/ids.js';
import { processOutbox } from '../src/mail/mail-worker.js';
import { smtpTransport } from '../src/mail/transport.js';
import { Browser, deliverMail, mailbox } from './auth-harness.js';
import { catalogIds, type CatalogIds } from './cart-client.js';
import { dialects, testApp, type TestApp } from './harness.js';
import { localSmtp } from './local-smtp.js';

const keyIn = (text: string) => /manage\/[^?\s]+\?key=([A-Za-z0-9_%-]+)/.exec(text)?.[1] ?? null;

/**
 * The after-sale e-mails (docs/after-sale.md#screens, docs/after-sale.md#how-a-change-works-server; issue 13) delivered over a real SMTP server: the order-cancel
 * e-mail of a cancelled free ticket, the order-update e-mail of a confirmed self-edit change, and
 * the resent tickets — each to the buyer, each with a fresh manage link that opens the order (the cancel's because tickets are left).
 */
describe.each(dialects())('after-sale e-mails over SMTP on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  beforeAll(async () => {
    t = await testApp(dialect);
    ids = await catalogIds(t.db);
    const seller = await t.db.selectFrom('seller').select('id').executeTakeFirstOrThrow();
    await t.db.insertInto('config_entry').values({ id: uuidv7(), seller_id: seller.id, resource_id: seller.id, namespace: 'web', name: 'self_edit_rules', value: JSON.stringify({ categories: ['Performances'] }) }).execute();
  });
  afterAll(() => t.close());

  it('order-cancel, order-update and resend e-mails arrive over SMTP, each with a fresh manage link', async () => {
    const email = 'after-sale-smtp@example.com';
    const buyer = new Browser(t.app, '10.62.0.1');
    const sessionId = (await t.db.selectFrom('event_session').select('id').where('event_template_id', '=', ids.event('concert')).executeTakeFirstOrThrow()).id;
    const add = [{ ticket_type_id: ids.type('adult'), event_session_id: sessionId }, ...[1, 2].map(() => ({ ticket_type_id: ids.type('companion'), event_session_id: sessionId }))];
    const cart = await buyer.post('/api/cart/modify', { add });
    const cartId = cart.body.cart._data[0].id as string;
    const user = await buyer.post('/api/user', { first_name: 'Ada', last_name: 'Byron', email });
    await buyer.post(`/api/cart/${cartId}/guest_checkout`, { guest_identity_id: user.body.user._data[0].identity_id });
    const paid = await buyer.post(`/api/cart/${cartId}/pay`, { amount: '20.00', gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
    const order = paid.body.ticket_order._data[0] as { id: string; order_number: string };
    const [first, second] = (paid.body.ticket._data as { id: string; ticket_type_id: string }[]).filter((x) => x.ticket_type_id === ids.type('companion'));
    await deliverMail(t); // the confirmation, through the development mailbox: its manage key
    const key = keyIn((await mailbox(t.app, email))[0].text)!;

    // Another browser with the e-mail's link: a free ticket cancelled, then a change removing the other, confirmed free.
    const other = new Browser(t.app, '10.62.0.2');
    expect((await other.post(`/api/ticket_order/${order.id}/cancel?key=${key}`, { tickets: [{ ticket_id: first.id }] })).body).toEqual({ cancelled: 1 });
    const change = await other.post(`/api/cart/modify?key=${key}`, { ticket_order_id: order.id, remove: [second.id] });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    const confirmed = await other.post(`/api/cart/${change.body.cart._data[0].id}/guest_checkout`, { send_email: false, gateway_id: 'free', gateway_data: {} });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect((await other.post('/api/ticket_order/resend', { email })).status).toBe(200);

    const queued = await t.db.selectFrom('outbox').select(['id', 'kind', 'subject', 'text_body', 'status']).where('to_address', '=', email).where('status', '!=', 'sent').orderBy('created_at').orderBy('id').execute();
    // The resend is an order confirmation again, with the order as it now stands.
    expect(queued.map((m) => m.kind)).toEqual(['order_cancel', 'order_update', 'order_confirmation']);
    for (const m of queued) expect(m.subject).toContain(order.order_number);
    // Each carries a fresh manage link (the cancel e-mail too: the order still has tickets).
    for (const m of queued) {
      const fresh = keyIn(m.text_body)!;
      expect(fresh).not.toBe(key);
      expect((await new Browser(t.app, '10.62.0.3').get(`/api/ticket_order/${order.id}?key=${fresh}`)).status).toBe(200);
    }

    const smtp = await localSmtp();
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}?starttls=off`, 'box@foyer.test');
    try {
      expect((await processOutbox({ db: t.db, transport, now: () => t.clock.now })).sent).toBe(3);
    } finally {
      transport.close?.();
      await smtp.close();
    }
    expect(smtp.received.map((m) => m.to)).toEqual([[email], [email], [email]]);
    // Each message as sent names the order (subjects are encoded words: the dash is not ASCII).
    for (const m of smtp.received) expect(m.raw).toContain(order.order_number);
    expect(smtp.received.filter((m) => /manage\/[^?\s]+\?key=/.test(m.raw.replace(/=\r?\n/g, '')))).toHaveLength(3);
    const statuses = await t.db.selectFrom('outbox').select('status').where('id', 'in', queued.map((m) => m.id)).execute();
    expect(statuses.map((s) => s.status)).toEqual(['sent', 'sent', 'sent']);
  });
});
