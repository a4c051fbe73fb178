import { beforeAll, describe, expect, it } from 'vitest';
import { CartClient, type CatalogIds } from './cart-client.js';
import { demoOrder, HOT, makeStaff, signedIn, useBoxOffice, type DocumentChecker } from './admin-harness.js';
import type { Browser } from './auth-harness.js';
import { dialects, type TestApp } from './harness.js';

/** The box office's Sessions screen (docs/box-office.md): counts, close and reopen, capacity. */
describe.each(dialects())('sessions for staff on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  let desk: Browser;
  let admin: Browser;
  let checker: DocumentChecker;
  useBoxOffice(dialect, (bench) => ({ t, ids, checker, desk } = bench));
  beforeAll(async () => {
    admin = await signedIn(t, await makeStaff(t, 'boss@example.org', 'admin'), '10.7.0.9');
  });

  const hot = () => ids.session('hot', HOT);
  const day = async (b = desk) => {
    const res = await b.get(`/api/admin/sessions?date=2026-06-07&event_id=${ids.event('hot')}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    checker.check('GET', '/admin/sessions', 200, res.body);
    return res.body.admin_session._data.find((s: { id: string }) => s.id === hot()) as { id: string; sold: number; held: number; available: number; capacity: number; oversell_capacity: number };
  };
  const hold = (n: number) => new CartClient(t.app, `10.4.0.${n}`).create(Array.from({ length: n }, () => ({ ticket_type_id: ids.type('adult'), event_session_id: hot() })));

  it('lists a day of an event: capacity, sold, held with the oldest hold, checked in, available', async () => {
    const empty = await day();
    expect(empty).toMatchObject({ event_name: expect.any(String), start_datetime: HOT, sold: 0, held: 0, checked_in: 0, closed: false, oldest_hold_at: null });
    await demoOrder(t, ids, { email: 'sold@example.com' }, 2);
    await hold(1);
    const now = await day();
    expect(now).toMatchObject({ sold: 2, held: 1, oldest_hold_at: t.clock.now.toISOString() });
    expect(now.available).toBe(empty.available - 3);
    const other = await desk.get('/api/admin/sessions?date=2026-06-09');
    expect(other.body.admin_session._data.find((s: { id: string }) => s.id === hot())).toBeUndefined();
    expect((await desk.get('/api/admin/sessions?date=7 June')).status).toBe(400);
  });

  it('capacity never goes below sold + held; down to exactly that, the session is full', async () => {
    const before = await day();
    const taken = before.sold + before.held;
    const low = await admin.call('PATCH', `/api/admin/sessions/${hot()}`, { capacity: taken - 1 });
    expect(low.status).toBe(409);
    expect(low.body._data[0]).toMatchObject({ _code: 'capacity_below_taken', _extra: { taken } });
    expect((await day()).capacity).toBe(before.capacity);
    const exact = await admin.call('PATCH', `/api/admin/sessions/${hot()}`, { capacity: taken - before.oversell_capacity });
    expect(exact.status, JSON.stringify(exact.body)).toBe(200);
    checker.check('PATCH', '/admin/sessions/{id}', 200, exact.body);
    expect(exact.body.admin_session).toMatchObject({ available: 0 });
    const refused = await hold(1);
    expect(refused.status).toBe(409);
    const back = await admin.call('PATCH', `/api/admin/sessions/${hot()}`, { capacity: before.capacity });
    expect(back.body.admin_session.available).toBe(before.available);
  });

  it('a closed session takes no reservation until reopened; only admins may change sessions; each change is in the audit log', async () => {
    expect((await desk.call('PATCH', `/api/admin/sessions/${hot()}`, { closed: true })).status).toBe(403);
    const closed = await admin.call('PATCH', `/api/admin/sessions/${hot()}`, { closed: true });
    expect(closed.body.admin_session.closed).toBe(true);
    const refused = await hold(1);
    expect(refused.status).toBe(409);
    expect(refused.body._data[0]._code).toBe('event_session_sold_out');
    await admin.call('PATCH', `/api/admin/sessions/${hot()}`, { closed: false });
    expect((await hold(1)).status).toBe(200);
    for (const bad of [{}, { capacity: -2 }, { closed: 'yes' }, { capacity: 10, name: 'x' }]) expect((await admin.call('PATCH', `/api/admin/sessions/${hot()}`, bad)).status).toBe(400);
    expect((await admin.call('PATCH', '/api/admin/sessions/nope', { closed: true })).status).toBe(404);
    const audit = await admin.get(`/api/admin/audit?object_type=event_session&object_id=${hot()}`);
    const entries = audit.body.audit_entry._data;
    expect(entries.length).toBe(4);
    expect(entries.at(-1)).toMatchObject({ action: 'session.update', staff_email: 'boss@example.org', after: { available: 0 } });
    expect(entries[1]).toMatchObject({ before: { closed: false }, after: { closed: true } });
  });
});
