import { INCUMBENT_EVENT_FIELDS, ZEventSession, ZListedEvent } from '@foyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTime } from '@foyer/contracts/rules';
import { dialects, getJson, idOf, postJson, testApp, type TestApp } from './harness.js';

/** Wire fidelity with the incumbent API: fields third-party clients type as required, zero quantities, paging. */

describe('venue wall-clock time with offset', () => {
  it('formats an instant in the venue zone with its UTC offset, across DST and half-hour zones', () => {
    expect(localDateTime('2026-11-24T15:00:00.000Z', 'America/New_York')).toBe('2026-11-24T10:00:00-05:00');
    expect(localDateTime('2026-06-01T14:00:00.000Z', 'America/New_York')).toBe('2026-06-01T10:00:00-04:00');
    expect(localDateTime('2026-11-24T04:30:00.000Z', 'Asia/Kolkata')).toBe('2026-11-24T10:00:00+05:30');
    expect(localDateTime('2026-11-24T13:30:00.000Z', 'America/St_Johns')).toBe('2026-11-24T10:00:00-03:30');
    expect(localDateTime('2026-11-24T10:00:00.000Z', 'UTC')).toBe('2026-11-24T10:00:00+00:00');
  });
});

describe.each(dialects())('incumbent wire fields on %s', (dialect) => {
  let t: TestApp;
  let gaId: string;
  let adult: string;
  let general: string;

  beforeAll(async () => {
    t = await testApp(dialect);
    gaId = idOf((await getJson(t.app, '/api/events/available')).body.event_template, 'General Admission');
    const ev = await getJson(t.app, `/api/events/${gaId}?_embed=ticket_type,ticket_group`);
    adult = idOf(ev.body.ticket_type, 'Adult');
    general = idOf(ev.body.ticket_group, 'General');
  });
  afterAll(() => t.close());

  it('event_template carries the incumbent fields (null where Foyer has no notion) and nothing undocumented', async () => {
    const listed = await getJson(t.app, '/api/events/available');
    const detail = await getJson(t.app, `/api/events/${gaId}`);
    for (const e of [...listed.body.event_template._data, ...detail.body.event_template._data]) {
      expect(() => ZListedEvent.strict().parse(e)).not.toThrow();
      expect(e).toMatchObject(INCUMBENT_EVENT_FIELDS);
      expect(e).toMatchObject({ capacity: null, dedicated_order: false, portal_id: null });
    }
  });

  it('event_session carries seller, counts and venue-local times with offset on every read', async () => {
    const seller = (await getJson(t.app, '/api/config?_embed=seller')).body.seller._data[0].id;
    const get = await getJson(t.app, `/api/events/${gaId}/sessions?_ondate=2026-06-02&_sort=start_datetime`);
    const post = await postJson(t.app, `/api/events/${gaId}/sessions?_ondate=2026-06-02&_include_sold_out=T`, {
      ticket_types_required: [{ ticket_type_id: adult, quantity: 1 }],
    });
    const listed = await getJson(t.app, '/api/events/available?_ondate=2026-06-02&includeSessions=T');
    const sessions = [...get.body.event_session._data, ...post.body.event_session._data, ...listed.body.event_session._data];
    expect(sessions.length).toBeGreaterThan(0);
    for (const s of sessions) expect(() => ZEventSession.strict().parse(s)).not.toThrow();
    // 2026-06-02 10:00 New York (EDT): full, 10 of 10 taken.
    expect(get.body.event_session._data[0]).toMatchObject({
      start_datetime: '2026-06-02T14:00:00.000Z',
      start_datetime_local: '2026-06-02T10:00:00-04:00',
      end_datetime_local: '2026-06-02T11:00:00-04:00',
      startTime: '10:00',
      seller_id: seller,
      sold_quantity: 10,
      oversold_out: true,
      redeemed_count: 0,
      largest_stage: null,
      portal_id: null,
    });
    expect(get.body.event_session._data[1]).toMatchObject({ startTime: '14:00', sold_quantity: 7, oversold_out: false });
  });

  it('POST sessions with zero quantities asks for at least one place, as GET does', async () => {
    // 2026-06-03: every session is full for General; only VIP (excluded from event capacity) has room.
    const zero = await postJson(t.app, `/api/events/${gaId}/sessions?_ondate=2026-06-03`, {
      ticket_types_required: [{ ticket_type_id: adult, quantity: 0 }],
    });
    expect(zero.status).toBe(200);
    expect(zero.body.event_session._data).toEqual([]);
    const getGeneral = await getJson(t.app, `/api/events/${gaId}/sessions?_ondate=2026-06-03&ticket_group_id=${general}`);
    const zeroAll = await postJson(t.app, `/api/events/${gaId}/sessions?_ondate=2026-06-03&_include_sold_out=T`, {
      ticket_types_required: [{ ticket_type_id: adult, quantity: 0 }],
    });
    const flags = (doc: { event_session: { _data: { sold_out: boolean }[] } }) => doc.event_session._data.map((s) => s.sold_out);
    expect(flags(zeroAll.body)).toEqual(flags(getGeneral.body));
    expect(flags(zeroAll.body)).toEqual([true, true, true]);
    // `[]` names no group: any group will do, exactly as GET without a filter.
    const empty = await postJson(t.app, `/api/events/${gaId}/sessions?_ondate=2026-06-02&_include_sold_out=T`, { ticket_types_required: [] });
    const getAny = await getJson(t.app, `/api/events/${gaId}/sessions?_ondate=2026-06-02`);
    expect(flags(empty.body)).toEqual(flags(getAny.body));
  });

  it('POST calendar with zero quantities reports the days GET reports', async () => {
    const days = (doc: { calendar: { _data: { date: string; status: string }[] } }) => doc.calendar._data.map((d) => `${d.date}:${d.status}`);
    const zero = await postJson(t.app, `/api/events/${gaId}/calendar`, { ticket_types_required: [{ ticket_type_id: adult, quantity: 0 }] });
    const getGeneral = await getJson(t.app, `/api/events/${gaId}/calendar?ticket_group_id=${general}`);
    expect(days(zero.body)).toEqual(days(getGeneral.body));
    expect(days(zero.body)).toContain('2026-06-03:sold_out');
    const empty = await postJson(t.app, `/api/events/${gaId}/calendar?ticket_group_id=${general}`, { ticket_types_required: [] });
    expect(days(empty.body)).toEqual(days(getGeneral.body));
    const emptyAny = await postJson(t.app, `/api/events/${gaId}/calendar`, { ticket_types_required: [] });
    expect(days(emptyAny.body)).toEqual(days((await getJson(t.app, `/api/events/${gaId}/calendar`)).body));
  });

  it('calendar honours and echoes _limit and _offset, GET and POST', async () => {
    const post = await postJson(t.app, `/api/events/${gaId}/calendar?_limit=2&_offset=1`, { ticket_types_required: [{ ticket_type_id: adult, quantity: 1 }] });
    expect(post.body.calendar._data.map((d: { date: string }) => d.date)).toEqual(['2026-06-02', '2026-06-03']);
    expect(post.body._limit).toEqual([1, 2]);
    expect(post.body.calendar._total).toBe(7);
    const get = await getJson(t.app, `/api/events/${gaId}/calendar?_limit=3`);
    expect(get.body.calendar._data).toHaveLength(3);
    expect(get.body._limit).toEqual([0, 3]);
    const all = await getJson(t.app, `/api/events/${gaId}/calendar`);
    expect(all.body._limit).toEqual([0, 1000]);
  });
});
