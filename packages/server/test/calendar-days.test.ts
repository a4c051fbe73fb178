import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/ids.js';
import { loadOffer } from '../src/events/load-offer.js';
import { loadSessions, roomForGroups } from '../src/events/session-availability.js';
import { localDate, offsetSegments } from '@foyer/contracts/rules';
import { ANONYMOUS } from '../src/events/viewer.js';
import { dialects, getJson, idOf, postJson, testApp, type TestApp } from './harness.js';

const TZ = 'America/New_York';

describe('offsetSegments', () => {
  it('splits at the hour the offset changes, and is one segment without a change', () => {
    // US daylight saving ends 2026-11-01 at 2:00 EDT = 06:00 UTC; starts 2027-03-14 at 2:00 EST = 07:00 UTC.
    expect(offsetSegments('2026-10-20T12:00:00.000Z', '2027-04-01T12:00:00.000Z', TZ)).toEqual([
      { until: '2026-11-01T06:00:00.000Z', offsetMinutes: -240 },
      { until: '2027-03-14T07:00:00.000Z', offsetMinutes: -300 },
      { until: null, offsetMinutes: -240 },
    ]);
    expect(offsetSegments('2026-06-01T00:00:00.000Z', '2026-06-30T00:00:00.000Z', TZ)).toEqual([{ until: null, offsetMinutes: -240 }]);
    expect(offsetSegments('2026-06-01T00:00:00.000Z', '2026-12-30T00:00:00.000Z', 'Asia/Kolkata')).toEqual([{ until: null, offsetMinutes: 330 }]);
  });
});

/**
 * GET calendar decides each day in one grouped query (events/calendar-days.repository.ts). It must answer what
 * the session-by-session rule answers (roomForGroups over loadSessions, days by localDate) in every
 * case that rule knows: group caps, groups excluded from event capacity, unlimited and all-day
 * sessions, expired holds not yet swept, days across a daylight-saving change.
 */
describe.each(dialects())('calendar days by one grouped query on %s', (dialect) => {
  let t: TestApp;
  let gaId: string;
  beforeEach(async () => {
    t = await testApp(dialect);
    gaId = idOf((await getJson(t.app, '/api/events/available')).body.event_template, 'General Admission');
  });
  afterEach(() => t.close());

  async function reserve(sessionId: string, typeName: string, quantity: number): Promise<string> {
    const types = (await getJson(t.app, `/api/events/${gaId}?_embed=ticket_type`)).body.ticket_type;
    const add = Array.from({ length: quantity }, () => ({ ticket_type_id: idOf(types, typeName), event_session_id: sessionId }));
    const { status, body } = await postJson(t.app, '/api/my/cart/modify', { add });
    expect(status).toBe(200);
    return body.cart._data[0].id as string;
  }

  /** The session-by-session answer the grouped query replaces. */
  async function reference(groupName?: string) {
    const offer = await loadOffer(t.db, [gaId], ANONYMOUS);
    const groups = groupName ? offer.groups.filter((g) => g.name === groupName) : offer.groups;
    const { sessions, used } = await loadSessions(t.db, { eventId: gaId, timezone: TZ, groups, window: {}, now: t.clock.now });
    const days = new Map<string, { date: string; status: string; capacity: number; used_capacity: number }>();
    for (const s of sessions) {
      const date = localDate(s.start_datetime, TZ);
      const day = days.get(date) ?? { date, status: 'sold_out', capacity: 0, used_capacity: 0 };
      if (roomForGroups(s, groups, (g) => used(s.id, g)) !== 0) day.status = 'available';
      day.capacity = day.capacity === -1 || s.capacity === -1 ? -1 : day.capacity + s.capacity + s.oversell_capacity;
      day.used_capacity += s.used_capacity;
      days.set(date, day);
    }
    return [...days.values()];
  }

  async function answered(groupId?: string) {
    const filter = groupId ? `&ticket_group_id=${groupId}` : '';
    const { body } = await getJson(t.app, `/cached_api/events/${gaId}/calendar?_format=extended${filter}`);
    return body.calendar._data.map((d: { date: string; status: string; availability: { capacity: number; used_capacity: number } }) => ({
      date: d.date,
      status: d.status,
      capacity: d.availability.capacity,
      used_capacity: d.availability.used_capacity,
    }));
  }

  it('answers as the session-by-session rule does', async () => {
    const sessions = async (date: string) => (await getJson(t.app, `/api/events/${gaId}/sessions?_ondate=${date}&_sort=start_datetime`)).body.event_session._data as { id: string }[];
    // VIP (capacity 2, excluded from event capacity) full in one session by a live hold, and in
    // another by a hold whose cart expired but is not swept yet (which counts as free).
    const [, day4Afternoon] = await sessions('2026-06-04');
    await reserve(day4Afternoon.id, 'VIP', 2);
    const [day5Morning] = await sessions('2026-06-05');
    const expired = await reserve(day5Morning.id, 'VIP', 2);
    // And a General hold that fills the rest of a session, also expired.
    const [, , day5Evening] = await sessions('2026-06-05');
    const expiredGeneral = await reserve(day5Evening.id, 'Adult', 10);
    await t.db.updateTable('cart').set({ expires_at: '2026-06-01T15:00:00.000Z' }).where('id', 'in', [expired, expiredGeneral]).execute();

    // Sessions the schedule has none of: across the end of daylight saving (both sides of local
    // midnight), an unlimited one, and an all-day one that began before now and is still on sale.
    const extra = [
      ['2026-11-01T03:30:00.000Z', '2026-11-01T04:30:00.000Z', 5, 5], // Oct 31, 23:30 EDT — full
      ['2026-11-01T04:30:00.000Z', '2026-11-01T05:30:00.000Z', 5, 0], // Nov 1, 00:30 EDT
      ['2026-11-02T04:30:00.000Z', '2026-11-02T05:30:00.000Z', 5, 5], // Nov 1, 23:30 EST — full
      ['2026-11-02T05:30:00.000Z', '2026-11-02T06:30:00.000Z', -1, 3], // Nov 2, 00:30 EST — unlimited
      ['2026-06-01T12:00:00.000Z', '2026-06-01T23:00:00.000Z', 4, 4], // today, all day, full
      ['2026-06-01T15:00:00.000Z', '2026-06-01T15:30:00.000Z', 4, 0], // today, timed, already started
    ] as const;
    await t.db
      .insertInto('event_session')
      .values(extra.map(([start, end, capacity, used]) => ({ id: uuidv7(), event_template_id: gaId, start_datetime: start, end_datetime: end, capacity, oversell_capacity: 0, used_capacity: used })))
      .execute();

    const groups = (await getJson(t.app, `/api/events/${gaId}?_embed=ticket_group`)).body.ticket_group;
    for (const name of [undefined, 'General', 'VIP']) {
      const expected = await reference(name);
      expect(expected.length).toBeGreaterThan(8);
      expect(await answered(name ? idOf(groups, name) : undefined), `group ${name ?? 'any'}`).toEqual(expected);
    }
    // The cases above are all there: the days either side of the change apart (General alone: the
    // full Oct 31 session is sold out, VIP would still have room), the unlimited day, VIP freed by
    // the expired hold keeping a General-full day open.
    const any = await answered();
    const general = await answered(idOf(groups, 'General'));
    const around = (days: { date: string; status: string }[]) => days.filter((d) => d.date >= '2026-10-31' && d.date <= '2026-11-02').map((d) => `${d.date} ${d.status}`);
    expect(around(general)).toEqual(['2026-10-31 sold_out', '2026-11-01 available', '2026-11-02 available']);
    expect(any.find((d: { date: string }) => d.date === '2026-11-02').capacity).toBe(-1);
    expect(general.find((d: { date: string }) => d.date === '2026-06-03').status).toBe('sold_out');
    expect(any.find((d: { date: string }) => d.date === '2026-06-03').status).toBe('available');
  });
});
