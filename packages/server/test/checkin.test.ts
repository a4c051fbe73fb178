import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CHECKIN_TEXT, DEMO_CARDS, ZCheckinAnswer } from '@foyer/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { injectFromRequest, parseInjectArgs } from '../src/cart/inject-command.js';
import { Browser, errorOf } from './auth-harness.js';
import { dialects, testApp, type TestApp } from './harness.js';
import { insertMemberCards } from './membership-harness.js';

const TOKEN = 'door-scanner-token-0123456789abcdefghij';
/** Today's 18:00 session in New York (the fixed clock is 2026-06-01, 12:00 there), and one a week on. */
const TONIGHT = '2026-06-01T22:00:00.000Z';
const NEXT_WEEK = '2026-06-07T14:00:00.000Z';

/** POST checkin (issue 13): the door lets a ticket in once, a member card once a day; staff only. */
describe.each(dialects())('check-in at the door on %s', (dialect) => {
  let t: TestApp;
  let ip = 0;
  const browser = () => new Browser(t.app, `10.8.${Math.floor(++ip / 250)}.${ip % 250}`);
  const scan = (code: string, token: string | null = TOKEN, from = browser()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkin',
      payload: { scan_code: code },
      remoteAddress: from.ip,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  /** The scan codes of a paid order of `quantity` adults for a session (an injected cart, paid by test card). */
  async function paidTickets(session: string, quantity: number): Promise<string[]> {
    const request = await parseInjectArgs(['--item', `type=adult,session=${session},quantity=${quantity}`, '--email', 'door@example.com', '--first', 'Dora', '--last', 'Door']);
    const made = await injectFromRequest(t.db, t.dialect, request, 'https://shop.example', t.clock.now);
    const visitor = browser();
    await visitor.post(`/api/cart/${made.cartId}/transfer`, { key: made.key });
    const cart = await t.db.selectFrom('cart').select('id').where('id', '=', made.cartId).executeTakeFirstOrThrow();
    const total = await t.db.selectFrom('ticket').select((eb) => eb.fn.sum<number | string>('adjusted_value').as('sum')).where('cart_id', '=', cart.id).executeTakeFirstOrThrow();
    const paid = await visitor.post(`/api/cart/${made.cartId}/pay`, { amount: (Number(total.sum) / 100).toFixed(2), gateway_id: 'demo', gateway_data: { card_number: DEMO_CARDS.success } });
    expect(paid.body.outcome, JSON.stringify(paid.body)).toBe('completed');
    const tickets = await t.db.selectFrom('ticket').select('scan_code').where('cart_id', '=', made.cartId).execute();
    return tickets.map((r) => r.scan_code!);
  }

  beforeAll(async () => {
    t = await testApp(dialect, { env: { FOYER_STAFF_TOKENS: `another-token-that-is-long-enough-000000, ${TOKEN}` } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('rate_limit').execute();
  });

  it("lets tonight's ticket in once: the ticket becomes redeemed; a second scan says when it was let in", async () => {
    const [code] = await paidTickets(`ga@${TONIGHT}`, 1);
    const first = await scan(` ${code} `);
    expect(first.statusCode, first.body).toBe(200);
    ZCheckinAnswer.parse(first.json());
    expect(first.json().checkin).toEqual({
      kind: 'ticket',
      scan_code: code,
      redeemed_at: t.clock.now.toISOString(),
      name: null,
      event_name: 'General Admission',
      ticket_type_name: 'Adult',
      start_datetime: TONIGHT,
      valid_to: null,
    });
    const row = await t.db.selectFrom('ticket').select(['state', 'redeemed_at']).where('scan_code', '=', code).executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'redeemed', redeemed_at: t.clock.now.toISOString() });

    t.clock.advance(60_000);
    const again = await scan(code);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.json())).toMatchObject({ _code: 'already_redeemed', _description: 'Already let in at 12:00 PM on Mon, Jun 1, 2026.', _extra: { redeemed_at: row.redeemed_at } });
  });

  it('ten scanners reading one ticket at once let it in exactly once', async () => {
    const [code] = await paidTickets(`ga@${TONIGHT}`, 1);
    const answers = await Promise.all(Array.from({ length: 10 }, () => scan(code)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => errorOf(a.json())._code === 'already_redeemed')).toBe(true);
  });

  it("refuses another day's ticket, a cancelled one and an unknown code, changing nothing", async () => {
    const [later, cancelled] = await paidTickets(`ga@${NEXT_WEEK}`, 2);
    const notToday = await scan(later);
    expect(notToday.statusCode).toBe(409);
    expect(errorOf(notToday.json())).toMatchObject({ _code: 'ticket_not_today', _description: CHECKIN_TEXT.notToday.replace('{date}', 'Sun, Jun 7, 2026') });
    expect((await t.db.selectFrom('ticket').select('state').where('scan_code', '=', later).executeTakeFirstOrThrow()).state).toBe('booked');

    await t.db.updateTable('ticket').set({ state: 'cancelled' }).where('scan_code', '=', cancelled).execute();
    const refused = await scan(cancelled);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused.json())).toMatchObject({ _code: 'ticket_cancelled', _description: CHECKIN_TEXT.cancelled });

    const unknown = await scan('NO-SUCH-CODE');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown.json())).toMatchObject({ _code: 'scan_code_not_found', _description: CHECKIN_TEXT.unknownCode });
    expect((await scan('')).statusCode).toBe(400);
    expect((await scan('x'.repeat(65))).statusCode).toBe(400);
  });

  it('lets a current member card in once a day; a card not current is refused', async () => {
    await insertMemberCards(t, [
      { id: 'card-current', scanCode: 'M1000001', validFrom: '2026-01-01T00:00:00.000Z', validTo: '2027-01-01T00:00:00.000Z' },
      { id: 'card-lapsed', scanCode: 'M1000002', validFrom: '2025-01-01T00:00:00.000Z', validTo: '2026-01-01T00:00:00.000Z' },
    ]);

    const member = await scan('m1000001');
    expect(member.statusCode, member.body).toBe(200);
    expect(member.json().checkin).toMatchObject({ kind: 'member', scan_code: 'M1000001', name: 'Ada Lovelace', valid_to: '2027-01-01T00:00:00.000Z' });
    const sameDay = await Promise.all([scan('M1000001'), scan('M1000001')]);
    expect(sameDay.map((a) => errorOf(a.json())._code)).toEqual(['already_redeemed', 'already_redeemed']);
    // The next day (New York), the card is let in again.
    t.clock.advance(24 * 3600_000);
    expect((await scan('M1000001')).statusCode).toBe(200);
    t.clock.advance(-24 * 3600_000);

    const lapsed = await scan('M1000002');
    expect(lapsed.statusCode).toBe(409);
    expect(errorOf(lapsed.json())).toMatchObject({ _code: 'membership_expired', _description: 'This membership is not current: valid Tue, Dec 31, 2024 to Wed, Dec 31, 2025.' });
  });

  it('only with a staff token: none or a wrong one is 401; twenty wrong ones from an address and even the right one waits', async () => {
    const [code] = await paidTickets(`ga@${TONIGHT}`, 1);
    const none = await scan(code, null);
    expect(none.statusCode).toBe(401);
    expect(errorOf(none.json())).toMatchObject({ _code: 'not_authorized', _description: CHECKIN_TEXT.noToken });
    const guesser = browser();
    for (let i = 0; i < 20; i++) expect((await scan(code, `wrong-token-${i}`, guesser)).statusCode).toBe(401);
    const limited = await scan(code, TOKEN, guesser);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
    expect((await t.db.selectFrom('ticket').select('state').where('scan_code', '=', code).executeTakeFirstOrThrow()).state).toBe('booked');
    // Another scanner with the other configured token is not held up.
    expect((await scan(code, 'another-token-that-is-long-enough-000000')).statusCode).toBe(200);
  });

  it('without FOYER_STAFF_TOKENS nobody checks in; a short token is refused at start, without printing it', async () => {
    const bare = await testApp(dialect, { catalog: null });
    try {
      expect((await bare.app.inject({ method: 'POST', url: '/api/checkin', payload: { scan_code: 'X' }, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(401);
    } finally {
      await bare.close();
    }
    const { readSettings, SettingsError } = await import('../src/settings.js');
    let error: unknown;
    try {
      readSettings({ FOYER_STAFF_TOKENS: 'short-secret' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SettingsError);
    expect(String(error)).toContain('FOYER_STAFF_TOKENS: token 1 is shorter than 32 characters');
    expect(String(error)).not.toContain('short-secret');

    // `npm run foyer -- staff token` makes a fresh one, long enough, different each time.
    const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
    const make = async () => (await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, 'staff', 'token'])).stdout.trim();
    const [a, b] = [await make(), await make()];
    expect(a).not.toBe(b);
    expect(readSettings({ FOYER_STAFF_TOKENS: `${a},${b}` }).staffTokenHashes).toHaveLength(2);
  });
});
