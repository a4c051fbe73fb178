import { beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../src/admin/audit.js';
import { addStaff } from '../src/staff/add-staff.js';
import { stepOf, totpCode } from '../src/staff/totp.js';
import { Browser, PASSWORD } from './auth-harness.js';
import { makeStaff, secretOf, signedIn } from './admin-harness.js';
import { CartClient, useCatalogApp, type CatalogIds } from './cart-client.js';
import { dialects, FIXTURE, NOW, type TestApp } from './harness.js';
import { SseReader } from './sse-client.js';
import { useTwoServers } from './two-servers.js';

/** The "ga" event's sessions on 2026-06-06 at the venue (New York): 10:00, 14:00 and 18:00. */
const DAY = '2026-06-06';
const STARTS = ['2026-06-06T14:00:00.000Z', '2026-06-06T18:00:00.000Z', '2026-06-06T22:00:00.000Z'];
type Session = { id: string; sold_out: boolean; availableCapacity: number };

/**
 * A session staff closed for sale (docs/box-office.md, Sessions) looks sold out in every storefront
 * read, cached ones included, and refuses reservations — of tickets that count against it and of
 * groups outside its count alike; reopened, it sells again.
 */
describe.each(dialects())('a session closed for sale, in the storefront, on %s', (dialect) => {
  let t: TestApp;
  let ids: CatalogIds;
  let admin: Browser;
  useCatalogApp(dialect, (app, catalog) => ((t = app), (ids = catalog)));
  beforeAll(async () => {
    admin = await signedIn(t, await makeStaff(t, 'boss@example.org', 'admin'));
  });

  const event = () => ids.event('ga');
  const sessionIds = () => STARTS.map((s) => ids.session('ga', s));
  const first = () => sessionIds()[0];
  const shopper = () => new Browser(t.app, '10.8.0.1');
  const setClosed = async (ids: string[], closed: boolean) => {
    for (const id of ids) expect((await admin.call('PATCH', `/api/admin/sessions/${id}`, { closed })).status).toBe(200);
  };
  /** What the storefront shows of the day, through the cached and the live paths. */
  const reads = async () => {
    const b = shopper();
    const sessionsOf = async (url: string) => (await b.get(url)).body.event_session._data as Session[];
    const dayOf = async (url: string, body?: unknown) => ((await (body ? b.post(url, body) : b.get(url))).body.calendar._data as { date: string; status: string; availability?: { capacity: number; used_capacity: number } }[]).find((d) => d.date === DAY);
    const adult = { ticket_types_required: [{ ticket_type_id: ids.type('adult'), quantity: 1 }] };
    return {
      day: (await sessionsOf(`/cached_api/events/${event()}/sessions?_ondate=${DAY}`)).filter((s) => sessionIds().includes(s.id)),
      onSale: (await sessionsOf(`/cached_api/events/${event()}/sessions?_ondate=${DAY}&sold_out=F`)).map((s) => s.id),
      one: (await b.get(`/api/events/${event()}/sessions/${first()}`)).body.event_session._data[0] as Session,
      takingAdult: (await b.post(`/api/events/${event()}/sessions?_ondate=${DAY}`, adult)).body.event_session._data.map((s: Session) => s.id) as string[],
      calendar: await dayOf(`/cached_api/events/${event()}/calendar?_format=extended`),
      vipCalendar: await dayOf(`/cached_api/events/${event()}/calendar?ticket_group_id=${ids.group('ga', 'vip')}`),
      adultCalendar: await dayOf(`/api/events/${event()}/calendar`, adult),
      listed: ((await b.get(`/cached_api/events/available?_ondate=${DAY}`)).body.event_template._data as { id: string }[]).some((e) => e.id === event()),
    };
  };

  it('one closed session shows sold out in the session reads (cached answers dropped) and refuses every reservation; reopened it sells', async () => {
    const open = await reads();
    expect(open.day.every((s) => !s.sold_out && s.availableCapacity > 0)).toBe(true);
    expect(open.onSale).toContain(first());

    await setClosed([first()], true);
    const closed = await reads();
    expect(closed.day.find((s) => s.id === first())).toMatchObject({ sold_out: true, availableCapacity: 0 });
    expect(closed.onSale).not.toContain(first());
    expect(closed.one).toMatchObject({ sold_out: true, availableCapacity: 0 });
    expect(closed.takingAdult).not.toContain(first());
    // The other sessions of the day still sell: the day stays available.
    expect(closed.calendar).toMatchObject({ status: 'available' });
    expect(closed.calendar!.availability!.capacity).toBeLessThan(open.calendar!.availability!.capacity);

    for (const type of ['adult', 'vip']) {
      const refused = await new CartClient(t.app, '10.8.0.2').create([{ ticket_type_id: ids.type(type), event_session_id: first() }]);
      expect(refused.status, type).toBe(409);
      expect(refused.body._data[0], type).toMatchObject({ _code: 'event_session_sold_out', _description: 'Tickets have sold out for this session.', _extra: { event_session_id: first(), available: 0 } });
    }

    await setClosed([first()], false);
    expect((await reads()).one).toMatchObject({ sold_out: false, availableCapacity: open.one.availableCapacity });
    for (const type of ['adult', 'vip']) expect((await new CartClient(t.app, '10.8.0.3').create([{ ticket_type_id: ids.type(type), event_session_id: first() }])).status, type).toBe(200);
  });

  it('a day whose sessions are all closed is sold out in the calendars and drops out of the listing for that day; reopened it is back', async () => {
    const open = await reads();
    expect(open).toMatchObject({ calendar: { status: 'available' }, vipCalendar: { status: 'available' }, adultCalendar: { status: 'available' }, listed: true });

    await setClosed(sessionIds(), true);
    const closed = await reads();
    expect(closed.day.every((s) => s.sold_out && s.availableCapacity === 0)).toBe(true);
    expect(closed.onSale).toEqual([]);
    expect(closed.takingAdult).toEqual([]);
    // The VIP group does not count against the sessions, yet a closed session has no room for it either.
    expect(closed).toMatchObject({ calendar: { status: 'sold_out' }, vipCalendar: { status: 'sold_out' }, adultCalendar: { status: 'sold_out' }, listed: false });
    // Extended figures: no room left that day (capacity counts what the closed sessions used).
    expect(closed.calendar!.availability!.capacity).toBe(closed.calendar!.availability!.used_capacity);

    await setClosed(sessionIds(), false);
    expect(await reads()).toMatchObject({ calendar: { status: 'available' }, vipCalendar: { status: 'available' }, adultCalendar: { status: 'available' }, listed: true, onSale: open.onSale });
  });
});

/**
 * Live availability (docs/live-availability.md) hears a close like a sale: a stream on server B
 * gets the session's figures, sold out, when staff close it through A (PostgreSQL: the session
 * trigger's notice; SQLite, one process: B answered the write itself).
 */
describe.each(dialects())('closing a session, live, on %s', (dialect) => {
  const two = useTwoServers(dialect, FIXTURE);

  it('pushes the closed session as sold out, and open again when reopened', async () => {
    const { a, b, urlB, ids, db } = two();
    const writer = dialect === 'postgres' ? a : b;
    const made = await addStaff(db, CLI_ACTOR, { email: 'live@example.org', role: 'admin', password: PASSWORD, enrolTotp: true, publicUrl: 'http://localhost:3000', now: NOW });
    const admin = new Browser(writer, '10.8.1.1');
    expect((await admin.post('/api/admin/login', { email: 'live@example.org', password: PASSWORD })).status).toBe(200);
    expect((await admin.post('/api/admin/login/totp', { code: totpCode(secretOf(made.otpauthUri!), stepOf(NOW)) })).status).toBe(200);
    const session = ids.session('ga', STARTS[1]);
    const stream = await SseReader.open(`${urlB}/api/events/${ids.event('ga')}/live`);
    try {
      await stream.next((m) => m.event === 'ready');
      const figures = async (closed: boolean) => {
        const from = stream.messages.length;
        expect((await admin.call('PATCH', `/api/admin/sessions/${session}`, { closed })).status).toBe(200);
        const pushed = await stream.next((m) => m.event === 'availability', 3_000, from);
        return (pushed.data as { event_session: Session[] }).event_session.find((s) => s.id === session);
      };
      expect(await figures(true)).toMatchObject({ sold_out: true, availableCapacity: 0 });
      expect(await figures(false)).toMatchObject({ sold_out: false, availableCapacity: 10 });
    } finally {
      stream.close();
    }
  });
});
