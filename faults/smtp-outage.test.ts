import { DEMO_CARDS } from '@foyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../e2e/free-port.js';
import { MAX_ATTEMPTS, startMailWorker } from '../packages/server/src/mail/mail-worker.js';
import { smtpTransport } from '../packages/server/src/mail/transport.js';
import { CartClient, catalogIds } from '../packages/server/test/cart-client.js';
import { testApp, type TestApp } from '../packages/server/test/harness.js';
import { localSmtp } from '../packages/server/test/local-smtp.js';
import { faultDialects, report, waitFor } from './server-process.js';

const HOT = '2026-06-07T14:00:00.000Z';
const TOKEN = 'metrics-token-for-the-faults-suite';
const BUYERS = 6;

describe.each(faultDialects())('the SMTP server down, then answering 4xx, then back (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { FOYER_METRICS: 'true', FOYER_METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  const outbox = () => t.db.selectFrom('outbox').select(['id', 'to_address', 'status', 'attempts', 'next_attempt_at', 'last_error']).orderBy('to_address').execute();
  const queueDepth = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    return Number(/^foyer_mail_queue_depth (\d+)/m.exec(res.body)?.[1]);
  };

  it('no purchase fails; the outbox keeps every message, backs off, and delivers each exactly once when it returns', async () => {
    const ids = await catalogIds(t.db);
    const add = [{ ticket_type_id: ids.type('adult'), event_session_id: ids.session('hot', HOT) }];
    const port = await freePort();
    const transport = smtpTransport(`smtp://127.0.0.1:${port}?starttls=off`, 'box@foyer.test', { timeoutMs: 2000 });
    const outages: boolean[] = [];
    const stopWorker = startMailWorker({ db: t.db, transport, now: () => t.clock.now, intervalMs: 25, onOutage: (down) => outages.push(down) });
    let smtp: Awaited<ReturnType<typeof localSmtp>> | null = null;
    try {
      // Phase 1: nothing listens on the SMTP port (connection refused). Buyers pay meanwhile.
      const paid: number[] = [];
      for (let i = 0; i < BUYERS; i++) {
        const c = new CartClient(t.app);
        const cart = (await c.create(add)).body.cart._data[0];
        const user = await c.call('POST', '/api/user', { first_name: 'Ada', last_name: 'Lovelace', email: `buyer${i}@example.org` });
        const identityId = user.body.identity?._data?.[0]?.id ?? user.body.user?._data?.[0]?.identity_id;
        await c.call('POST', `/api/cart/${cart.id}/guest_checkout`, { guest_identity_id: identityId, send_email: true });
        const pay = await c.call('POST', `/api/cart/${cart.id}/pay`, { amount: cart.cart_fees.total_outstanding, gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
        if (pay.status !== 200) console.log(cart.cart_fees.total_outstanding, JSON.stringify(pay.body));
        paid.push(pay.status);
      }
      expect(paid).toEqual(Array(BUYERS).fill(200));
      await waitFor('every message tried once', async () => (await outbox()).every((m) => m.attempts >= 1 && m.status === 'pending'), 20_000);
      const queued = (await outbox()).length;
      expect(queued).toBeGreaterThanOrEqual(BUYERS);
      const first = await outbox();
      expect(first.map((m) => Date.parse(m.next_attempt_at) - t.clock.now.getTime())).toEqual(Array(queued).fill(30_000));
      expect(first[0].last_error).toMatch(/ECONNREFUSED|connect/i);
      // An hour of outage in clock steps: every message waits, none is given up, the delay grows to its cap.
      const delays: number[] = [];
      for (let minute = 0; minute < 60; minute += 5) {
        const before = Math.max(...(await outbox()).map((m) => m.attempts));
        t.clock.advance(5 * 60_000);
        await waitFor('a retry pass', async () => (await outbox()).every((m) => m.status === 'pending' && (m.attempts > before || Date.parse(m.next_attempt_at) > t.clock.now.getTime())), 20_000);
        delays.push((Date.parse((await outbox())[0].next_attempt_at) - t.clock.now.getTime()) / 1000);
      }
      const duringOutage = await outbox();
      expect(duringOutage.filter((m) => m.status !== 'pending')).toEqual([]);
      expect(Math.max(...duringOutage.map((m) => m.attempts))).toBeGreaterThan(MAX_ATTEMPTS);
      expect(Math.max(...delays)).toBeLessThanOrEqual(15 * 60);
      expect(await queueDepth()).toBe(queued);

      // Phase 2: a server answers, but 451 (try again later).
      smtp = await localSmtp({ port, tempFail: true });
      t.clock.advance(15 * 60_000);
      await waitFor('the 4xx server tried', () => smtp!.state.tempFailed >= queued, 20_000);
      await waitFor('the messages pending again', async () => (await outbox()).every((m) => m.status === 'pending'), 20_000);
      expect((await outbox()).filter((m) => /451/.test(m.last_error ?? '')).length).toBe(queued);
      expect(smtp.received).toHaveLength(0);
      expect(await queueDepth()).toBe(queued);

      // Phase 3: back.
      smtp.state.tempFail = false;
      t.clock.advance(15 * 60_000);
      await waitFor('every message sent', async () => (await outbox()).every((m) => m.status === 'sent'), 20_000);
      // Later passes send nothing again.
      t.clock.advance(3600_000);
      await new Promise((r) => setTimeout(r, 300));
      const recipients = smtp.received.map((m) => m.to[0]).sort();
      const expected = (await outbox()).map((m) => m.to_address).sort();
      report(`SMTP outage (${dialect})`, {
        injected: `${BUYERS} purchases with confirmation e-mails; SMTP connection refused for 60 clock minutes, then 451 to every MAIL FROM, then accepting`,
        'purchases answered 200': paid.length,
        'messages queued': queued,
        'retry delays during the outage (s)': delays,
        'attempts per message when delivered': (await outbox()).map((m) => m.attempts),
        'alert lines (true = down, false = back)': outages,
        'delivered (each exactly once)': recipients.length,
        'queue depth after': await queueDepth(),
      });
      expect(recipients).toEqual(expected);
      expect(new Set(recipients).size).toBe(recipients.length);
      expect(outages).toEqual([true, false]);
      expect(await queueDepth()).toBe(0);
    } finally {
      await stopWorker();
      await smtp?.close();
    }
  });
});
