import { ZDoorScanAnswer, ZDoorSessionsAnswer, ZDoorStatusAnswer } from '@foyer/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../src/admin/audit.js';
import { disableStaff } from '../src/staff/disable-staff.js';
import { makeStaff, signedIn } from './admin-harness.js';
import { Browser, createUser, errorOf, PASSWORD } from './auth-harness.js';
import { paidTickets } from './door-harness.js';
import { dialects, testApp, type TestApp } from './harness.js';

const SCANNER = 'scanner-token-0123456789abcdefghijklmnop';
/** The fixed clock is 2026-06-01 12:00 in New York: General Admission at 14:00 there is today's afternoon session. */
const AFTERNOON = '2026-06-01T18:00:00.000Z';

/**
 * The door on staff accounts (docs/door.md, Who may open the door): a staff cookie of role door,
 * box_office or admin opens the door's calls under /api/admin/door; bearer tokens still work for
 * scanner clients; an undo is written to the audit log with the staff member who made it.
 */
describe.each(dialects())('the door with staff accounts on %s', (dialect) => {
  let t: TestApp;
  let afternoon: string;

  beforeAll(async () => {
    t = await testApp(dialect, { env: { FOYER_STAFF_TOKENS: `Scanner:${SCANNER}` } });
    const door = await signedIn(t, await makeStaff(t, 'door@example.org', 'door'), '10.5.0.1');
    const sessions = await door.get('/api/admin/door/sessions');
    expect(sessions.status, JSON.stringify(sessions.body)).toBe(200);
    afternoon = ZDoorSessionsAnswer.parse(sessions.body).door_session._data.find((s) => s.event_name === 'General Admission' && s.start_datetime === AFTERNOON)!.id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('rate_limit').execute();
  });

  it.each(['door', 'box_office', 'admin'] as const)('a signed-in %s admits at the door, named by their e-mail', async (role) => {
    const staff = await signedIn(t, await makeStaff(t, `${role}-at-door@example.org`, role), '10.5.1.1');
    const { codes } = await paidTickets(t, `ga@${AFTERNOON}`, 1, { first: 'Rosa', last: role });
    const scan = await staff.post(`/api/admin/door/sessions/${afternoon}/scan`, { scan_code: codes[0] });
    expect(scan.status, JSON.stringify(scan.body)).toBe(200);
    expect(ZDoorScanAnswer.parse(scan.body).door_scan).toMatchObject({ outcome: 'admitted', admitted_by: `${role}-at-door@example.org` });
  });

  it('undo by a staff member: the ticket is booked again and the audit log names them, before and after', async () => {
    const door = await signedIn(t, await makeStaff(t, 'undoer@example.org', 'door'), '10.5.2.1');
    const { codes, ids } = await paidTickets(t, `ga@${AFTERNOON}`, 1, { first: 'Una', last: 'Undo' });
    const admitted = ZDoorScanAnswer.parse((await door.post(`/api/admin/door/sessions/${afternoon}/scan`, { scan_code: codes[0] })).body).door_scan;
    const undo = await door.post(`/api/admin/door/sessions/${afternoon}/undo`, { scan_id: admitted.scan_id });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(ZDoorStatusAnswer.parse(undo.body).door_status.scans.find((s) => s.id === admitted.scan_id)).toMatchObject({ undone_by: 'undoer@example.org' });
    expect((await t.db.selectFrom('ticket').select('state').where('id', '=', ids[0]).executeTakeFirstOrThrow()).state).toBe('booked');
    const staff = await t.db.selectFrom('staff').select('id').where('email', '=', 'undoer@example.org').executeTakeFirstOrThrow();
    const logged = await t.db.selectFrom('audit_log').select(['staff_id', 'staff_email', 'object_type', 'object_id', 'before', 'after']).where('action', '=', 'door.undo').where('object_id', '=', ids[0]).execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ staff_id: staff.id, staff_email: 'undoer@example.org', object_type: 'ticket' });
    expect(JSON.stringify(logged[0].before)).toContain(admitted.scan_id!);
    // Through the audit screen's call, as an admin reads it.
    const admin = await signedIn(t, await makeStaff(t, 'auditor@example.org', 'admin'), '10.5.2.2');
    const audit = await admin.get(`/api/admin/audit?object_type=ticket&object_id=${ids[0]}`);
    expect(audit.status, JSON.stringify(audit.body)).toBe(200);
    expect(audit.body.audit_entry._data.map((e: { action: string }) => e.action)).toContain('door.undo');
  });

  it('bearer tokens still open the door and POST /api/checkin, under both prefixes', async () => {
    const { codes } = await paidTickets(t, `ga@${AFTERNOON}`, 2, { first: 'Tom', last: 'Token' });
    const bearer = { authorization: `Bearer ${SCANNER}`, app: 'ecomm', 'content-type': 'application/json' };
    const scan = await t.app.inject({ method: 'POST', url: `/api/admin/door/sessions/${afternoon}/scan`, headers: bearer, payload: { scan_code: codes[0] } });
    expect(scan.statusCode, scan.body).toBe(200);
    expect(ZDoorScanAnswer.parse(scan.json()).door_scan).toMatchObject({ outcome: 'admitted', admitted_by: 'Scanner' });
    const checkin = await t.app.inject({ method: 'POST', url: '/api/checkin', headers: bearer, payload: { scan_code: codes[1] } });
    expect(checkin.statusCode, checkin.body).toBe(200);
  });

  it('refused: nobody, a storefront member, a sign-in short of its second factor, a disabled member, a wrong token', async () => {
    const url = '/api/admin/door/sessions';
    const code = (res: { body: unknown }) => [errorOf(res.body as never)._code];
    expect(code(await new Browser(t.app, '10.5.3.1').get(url))).toEqual(['not_authorized']);
    await createUser(t.db, { email: 'visitor@example.org' });
    const member = new Browser(t.app, '10.5.3.2');
    expect((await member.post('/api/login', { username: 'visitor@example.org', password: PASSWORD })).status).toBe(200);
    const asMember = await member.get(url);
    expect([asMember.status, ...code(asMember)]).toEqual([401, 'not_authorized']);
    await makeStaff(t, 'half@example.org', 'box_office');
    const half = new Browser(t.app, '10.5.3.3');
    await half.post('/api/admin/login', { email: 'half@example.org', password: PASSWORD });
    const asHalf = await half.get(url);
    expect([asHalf.status, ...code(asHalf)]).toEqual([401, 'totp_required']);
    const leaver = await signedIn(t, await makeStaff(t, 'leaver@example.org', 'door'), '10.5.3.4');
    expect((await leaver.get(url)).status).toBe(200);
    await disableStaff(t.db, CLI_ACTOR, 'leaver@example.org', t.clock.now);
    expect((await leaver.get(url)).status).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url, remoteAddress: '10.5.3.5', headers: { authorization: 'Bearer wrong-token-wrong-token-wrong-token-00' } });
    expect(wrong.statusCode).toBe(401);
    // The staff cookie is scoped to /api/admin: a browser does not send it to /api/door, so there only tokens count.
    expect((await leaver.get('/api/door/sessions')).status).toBe(401);
  });
});
