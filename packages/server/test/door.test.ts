import { ZDoorListAnswer, ZDoorLookupAnswer, ZDoorScanAnswer, ZDoorScansAnswer, ZDoorSessionsAnswer, ZDoorStatusAnswer, ZDoorSyncAnswer, type TDoorResult } from '@foyer/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorOf } from './auth-harness.js';
import { paidTickets } from './door-harness.js';
import { insertMemberCards } from './membership-harness.js';
import { dialects, testApp, type TestApp } from './harness.js';

const ANNA = 'anna-scanner-token-0123456789abcdefghij';
const BEN = 'ben-scanner-token-0123456789abcdefghijkl';
/** The fixed clock is 2026-06-01 12:00 in New York: today's sessions at 10:00, 14:00 and 18:00 there. */
const AFTERNOON = '2026-06-01T18:00:00.000Z';
const TONIGHT = '2026-06-01T22:00:00.000Z';
const NEXT_WEEK = '2026-06-07T14:00:00.000Z';

/** The door screen's calls (issue 31, docs/door.md), on both dialects. */
describe.each(dialects())('the door screen on %s', (dialect) => {
  let t: TestApp;
  let afternoon: string;
  let tonight: string;
  let ip = 0;
  const call = (method: 'GET' | 'POST', url: string, token: string | null = ANNA, payload?: unknown) =>
    t.app.inject({ method, url: `/api/door${url}`, payload: payload as object, remoteAddress: `10.6.0.${++ip % 250}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const scan = async (session: string, code: string, token = ANNA): Promise<TDoorResult> => {
    const res = await call('POST', `/sessions/${session}/scan`, token, { scan_code: code });
    expect(res.statusCode, res.body).toBe(200);
    return ZDoorScanAnswer.parse(res.json()).door_scan;
  };
  const status = async (session: string) => ZDoorStatusAnswer.parse((await call('GET', `/sessions/${session}/status`)).json()).door_status;

  beforeAll(async () => {
    t = await testApp(dialect, { env: { FOYER_STAFF_TOKENS: `Anna:${ANNA}, ${BEN}` } });
    const sessions = await call('GET', '/sessions');
    expect(sessions.statusCode, sessions.body).toBe(200);
    const today = ZDoorSessionsAnswer.parse(sessions.json()).door_session._data;
    const ga = today.filter((s) => s.event_name === 'General Admission');
    expect(ga.map((s) => s.start_datetime)).toEqual(['2026-06-01T14:00:00.000Z', AFTERNOON, TONIGHT]);
    afternoon = ga[1].id;
    tonight = ga[2].id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('rate_limit').execute();
  });

  it('admits a ticket once with its type and name; again is amber with when and by whom; the count follows', async () => {
    const before = await status(afternoon);
    const { codes } = await paidTickets(t, `ga@${AFTERNOON}`, 2, { first: 'Ada', last: 'Byron' });
    const first = await scan(afternoon, codes[0]);
    expect(first).toMatchObject({ outcome: 'admitted', kind: 'ticket', ticket_type_name: 'Adult', name: 'Ada Byron', admitted_by: 'Anna', admitted_at: t.clock.now.toISOString() });
    t.clock.advance(60_000);
    const again = await scan(afternoon, codes[0], BEN);
    expect(again).toMatchObject({ outcome: 'already_admitted', admitted_by: 'Anna', admitted_at: first.admitted_at });
    t.clock.advance(-60_000);
    const after = await status(afternoon);
    expect(after.admitted).toBe(before.admitted + 1);
    expect(after.expected).toBe(before.expected + 2);
    expect(after.scans.slice(0, 2).map((s) => [s.outcome, s.staff_name])).toEqual([['already_admitted', 'Door 2'], ['admitted', 'Anna']]);
  });

  it('two doors admitting the same code at once admit it once', async () => {
    const { codes } = await paidTickets(t, `ga@${AFTERNOON}`, 1);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => scan(afternoon, codes[0], i % 2 ? BEN : ANNA)));
    expect(answers.filter((a) => a.outcome === 'admitted')).toHaveLength(1);
    expect(answers.filter((a) => a.outcome === 'already_admitted')).toHaveLength(7);
    const admitter = answers.find((a) => a.outcome === 'admitted')!.admitted_by;
    expect(answers.every((a) => a.admitted_by === admitter)).toBe(true);
    const logged = await t.db.selectFrom('door_scan').select('outcome').where('scan_code', '=', codes[0]).where('outcome', '=', 'admitted').execute();
    expect(logged).toHaveLength(1);
  });

  it('refuses, changing nothing: another session today, another day, cancelled, rescheduled, unknown', async () => {
    const { codes: [evening] } = await paidTickets(t, `ga@${TONIGHT}`, 1);
    expect(await scan(afternoon, evening)).toMatchObject({ outcome: 'refused', reason: 'wrong_session', session_start: TONIGHT });
    const { codes: [later] } = await paidTickets(t, `ga@${NEXT_WEEK}`, 1);
    expect(await scan(afternoon, later)).toMatchObject({ outcome: 'refused', reason: 'not_today', session_start: NEXT_WEEK });
    const { codes: [cancelled] } = await paidTickets(t, `ga@${AFTERNOON}`, 1);
    await t.db.updateTable('ticket').set({ state: 'cancelled' }).where('scan_code', '=', cancelled).execute();
    expect(await scan(afternoon, cancelled)).toMatchObject({ outcome: 'refused', reason: 'ticket_cancelled' });
    // A change moved this ticket to tonight: its old code says where it went.
    const { codes: [moved] } = await paidTickets(t, `ga@${AFTERNOON}`, 1);
    const { ids: [replacement] } = await paidTickets(t, `ga@${TONIGHT}`, 1);
    const newCart = (await t.db.selectFrom('ticket').select('cart_id').where('id', '=', replacement).executeTakeFirstOrThrow()).cart_id;
    await t.db.updateTable('ticket').set({ state: 'cancelled', change_cart_id: newCart }).where('scan_code', '=', moved).execute();
    expect(await scan(afternoon, moved)).toMatchObject({ outcome: 'refused', reason: 'rescheduled', session_start: TONIGHT });
    expect(await scan(afternoon, 'NO-SUCH-CODE')).toMatchObject({ outcome: 'refused', reason: 'not_found', kind: null });
    const states = await t.db.selectFrom('ticket').select('state').where('scan_code', 'in', [evening, later]).execute();
    expect(states.map((s) => s.state)).toEqual(['booked', 'booked']);
    // Bad input is the error envelope.
    const empty = await call('POST', `/sessions/${afternoon}/scan`, ANNA, { scan_code: '' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty.json())._code).toBe('validation_failed');
    const nowhere = await call('POST', '/sessions/no-such-session/scan', ANNA, { scan_code: 'X' });
    expect(nowhere.statusCode).toBe(404);
    expect(errorOf(nowhere.json())._code).toBe('not_found');
  });

  it('a member card: current is admitted once a day; lapsed is refused with its term', async () => {
    await insertMemberCards(t, [
      { id: 'door-card-1', scanCode: 'M2000001', validFrom: '2026-01-01T00:00:00.000Z', validTo: '2027-01-01T00:00:00.000Z' },
      { id: 'door-card-2', scanCode: 'M2000002', validFrom: '2025-01-01T00:00:00.000Z', validTo: '2026-01-01T00:00:00.000Z' },
    ]);
    expect(await scan(afternoon, 'm2000001')).toMatchObject({ outcome: 'admitted', kind: 'member', name: 'Ada Lovelace', admitted_by: 'Anna' });
    expect(await scan(afternoon, 'M2000001', BEN)).toMatchObject({ outcome: 'already_admitted', kind: 'member', admitted_by: 'Anna' });
    expect(await scan(afternoon, 'M2000002')).toMatchObject({ outcome: 'refused', reason: 'membership_expired', valid_to: '2026-01-01T00:00:00.000Z' });
  });

  it("undo: a staff member takes back their own last admission, once, with an audit line; not someone else's", async () => {
    const { codes } = await paidTickets(t, `ga@${TONIGHT}`, 2);
    const a = await scan(tonight, codes[0]);
    const b = await scan(tonight, codes[1]);
    const notLast = await call('POST', `/sessions/${tonight}/undo`, ANNA, { scan_id: a.scan_id });
    expect(notLast.statusCode).toBe(409);
    expect(errorOf(notLast.json())._code).toBe('door_undo_not_last');
    const byOther = await call('POST', `/sessions/${tonight}/undo`, BEN, { scan_id: b.scan_id });
    expect(byOther.statusCode).toBe(409);
    const [undo1, undo2] = await Promise.all([call('POST', `/sessions/${tonight}/undo`, ANNA, { scan_id: b.scan_id }), call('POST', `/sessions/${tonight}/undo`, ANNA, { scan_id: b.scan_id })]);
    expect([undo1.statusCode, undo2.statusCode].sort()).toEqual([200, 409]);
    const after = ZDoorStatusAnswer.parse((undo1.statusCode === 200 ? undo1 : undo2).json()).door_status;
    expect(after.scans.find((s) => s.id === b.scan_id)).toMatchObject({ undone_by: 'Anna' });
    expect((await t.db.selectFrom('ticket').select(['state', 'redeemed_at']).where('scan_code', '=', codes[1]).executeTakeFirstOrThrow())).toEqual({ state: 'booked', redeemed_at: null });
    const audit = await t.db.selectFrom('door_scan').select(['staff_name', 'undo_of']).where('outcome', '=', 'undo').where('undo_of', '=', b.scan_id).execute();
    expect(audit).toEqual([{ staff_name: 'Anna', undo_of: b.scan_id }]);
    const logged = await t.db.selectFrom('audit_log').select(['staff_id', 'staff_email', 'action', 'object_type']).where('action', '=', 'door.undo').execute();
    expect(logged).toEqual([{ staff_id: null, staff_email: 'token:anna', action: 'door.undo', object_type: 'ticket' }]);
    // Now the earlier one is Anna's last; and the undone ticket can be admitted again.
    expect((await call('POST', `/sessions/${tonight}/undo`, ANNA, { scan_id: a.scan_id })).statusCode).toBe(200);
    expect((await scan(tonight, codes[1])).outcome).toBe('admitted');
  });

  it('lookup by buyer name or order number; admit some tickets of the order', async () => {
    const { ids, orderId } = await paidTickets(t, `ga@${TONIGHT}`, 3, { first: 'Grace', last: 'Hopper' });
    const number = (await t.db.selectFrom('ticket_order').select('order_number').where('id', '=', orderId).executeTakeFirstOrThrow()).order_number;
    const byName = ZDoorLookupAnswer.parse((await call('GET', `/sessions/${tonight}/lookup?q=hopp`)).json()).door_order._data;
    expect(byName.map((o) => [o.order_number, o.buyer_name, o.tickets.length])).toEqual([[number, 'Grace Hopper', 3]]);
    const byNumber = ZDoorLookupAnswer.parse((await call('GET', `/sessions/${tonight}/lookup?q=${number.slice(0, 6).toLowerCase()}`)).json()).door_order._data;
    expect(byNumber.map((o) => o.id)).toContain(orderId);
    expect((await call('GET', `/sessions/${afternoon}/lookup?q=hopp`)).json().door_order._count).toBe(0);
    expect((await call('GET', `/sessions/${tonight}/lookup?q=h`)).statusCode).toBe(400);
    const admitted = await call('POST', `/sessions/${tonight}/admit`, ANNA, { ticket_ids: ids.slice(0, 2) });
    expect(admitted.statusCode, admitted.body).toBe(200);
    expect(ZDoorScansAnswer.parse(admitted.json()).door_scan._data.map((r) => r.outcome)).toEqual(['admitted', 'admitted']);
    const states = await t.db.selectFrom('ticket').select(['id', 'state']).where('ticket_order_id', '=', orderId).orderBy('id').execute();
    expect(states.filter((s) => s.state === 'redeemed').map((s) => s.id).sort()).toEqual(ids.slice(0, 2).sort());
    const other = await paidTickets(t, `ga@${AFTERNOON}`, 1);
    expect((await call('POST', `/sessions/${tonight}/admit`, ANNA, { ticket_ids: [ids[2], other.ids[0]] })).statusCode).toBe(404);
  });

  it('offline: the list carries codes and states; a queued batch syncs, a code two doors admitted offline is a conflict, a resend answers the same', async () => {
    const { codes } = await paidTickets(t, `ga@${TONIGHT}`, 2);
    const listed = ZDoorListAnswer.parse((await call('GET', `/sessions/${tonight}/list`)).json());
    expect(listed.door_entry._data.find((e) => e.scan_code === codes[0])).toMatchObject({ kind: 'ticket', state: 'booked', event_session_id: tonight, session_start: TONIGHT });
    const at = new Date(t.clock.now.getTime() - 5 * 60_000).toISOString();
    const annaBatch = [{ client_id: 'anna-queued-1', scan_code: codes[0], scanned_at: at }, { client_id: 'anna-queued-2', scan_code: codes[1], scanned_at: at }];
    const first = ZDoorSyncAnswer.parse((await call('POST', `/sessions/${tonight}/sync`, ANNA, { scans: annaBatch })).json()).door_sync._data;
    expect(first.map((s) => [s.client_id, s.conflict, s.result.outcome])).toEqual([['anna-queued-1', false, 'admitted'], ['anna-queued-2', false, 'admitted']]);
    expect(first[0].result.admitted_at).toBe(at);
    // Ben's door admitted the first code offline too: reported, with who was first.
    const ben = ZDoorSyncAnswer.parse((await call('POST', `/sessions/${tonight}/sync`, BEN, { scans: [{ client_id: 'ben-queued-1', scan_code: codes[0], scanned_at: at }] })).json()).door_sync._data;
    expect(ben[0]).toMatchObject({ conflict: true, result: { outcome: 'already_admitted', admitted_by: 'Anna' } });
    // Anna's answer was lost and she sends the batch again: the same answers, nothing logged twice.
    const again = ZDoorSyncAnswer.parse((await call('POST', `/sessions/${tonight}/sync`, ANNA, { scans: annaBatch })).json()).door_sync._data;
    expect(again.map((s) => [s.conflict, s.result.outcome])).toEqual([[false, 'admitted'], [false, 'admitted']]);
    expect(await t.db.selectFrom('door_scan').select('id').where('scan_code', 'in', codes).where('outcome', '=', 'admitted').execute()).toHaveLength(2);
    const bad = await call('POST', `/sessions/${tonight}/sync`, ANNA, { scans: [{ client_id: 'x', scan_code: codes[0], scanned_at: 'yesterday' }] });
    expect(bad.statusCode).toBe(400);
  });

  it('staff only: no token or a wrong one is 401', async () => {
    expect((await call('GET', '/sessions', null)).statusCode).toBe(401);
    expect((await call('GET', `/sessions/${tonight}/list`, 'wrong-token-wrong-token-wrong-token-00')).statusCode).toBe(401);
    expect(errorOf((await call('POST', `/sessions/${tonight}/scan`, null, { scan_code: 'X' })).json())._code).toBe('not_authorized');
  });
});
