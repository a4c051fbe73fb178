import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, getJson, idOf, testApp, type TestApp } from './harness.js';

/** The docs/events.md#calls catalog reads by id: GET events/{eventId}/sessions/{sessionId} and GET event_template. */
describe.each(dialects())('catalog reads by id on %s', (dialect) => {
  let t: TestApp;
  let gaId: string;
  let concertId: string;
  /** Sessions of GA on 2026-06-02 (10:00 full for General, VIP keeps 2 places; 14:00; 18:00). */
  let day2: { id: string; startTime: string }[];

  beforeAll(async () => {
    t = await testApp(dialect);
    const events = (await getJson(t.app, '/api/events/available')).body.event_template;
    gaId = idOf(events, 'General Admission');
    concertId = idOf(events, 'Evening Concert');
    day2 = (await getJson(t.app, `/api/events/${gaId}/sessions?_ondate=2026-06-02`)).body.event_session._data;
  });
  afterAll(() => t.close());

  const sessionAt = (time: string) => day2.find((s) => s.startTime === time)!.id;

  describe('GET events/{eventId}/sessions/{sessionId}', () => {
    it('one session with its room, venue, groups and types; cacheable', async () => {
      const { status, body } = await getJson(t.app, `/cached_api/events/${gaId}/sessions/${sessionAt('10:00')}?_embed=venue,ticket_group,ticket_type`);
      expect(status).toBe(200);
      expect(body.event_session._data).toEqual([expect.objectContaining({ id: sessionAt('10:00'), event_template_id: gaId, startTime: '10:00', availableCapacity: 2, sold_out: false })]);
      expect(body.event_session._total).toBe(1);
      expect(body.venue._data.map((v: { name: string }) => v.name)).toEqual(['Main Building']);
      expect(body.ticket_group._data.map((g: { name: string }) => g.name).sort()).toEqual(['General', 'VIP']);
      expect(body.ticket_type._data.map((x: { name: string }) => x.name)).toContain('Adult');
    });

    it('narrowed to groups (ticket_group.id._in, ticket_group.hidden_type._in): their room only', async () => {
      const ev = await getJson(t.app, `/api/events/${gaId}?_embed=ticket_group`);
      const general = idOf(ev.body.ticket_group, 'General');
      const full = await getJson(t.app, `/api/events/${gaId}/sessions/${sessionAt('10:00')}?ticket_group.id._in=${general}&_embed=ticket_group`);
      expect(full.body.event_session._data[0]).toMatchObject({ availableCapacity: 0, sold_out: true });
      expect(full.body.ticket_group._data.map((g: { id: string }) => g.id)).toEqual([general]);
      const afternoon = await getJson(t.app, `/api/events/${gaId}/sessions/${sessionAt('14:00')}?ticket_group.id._in=${general}`);
      expect(afternoon.body.event_session._data[0]).toMatchObject({ availableCapacity: 3, sold_out: false });
      const browsable = await getJson(t.app, `/api/events/${gaId}/sessions/${sessionAt('10:00')}?ticket_group.hidden_type._in=public_browsable&_embed=ticket_group`);
      expect(browsable.body.ticket_group._data.every((g: { hidden_type: string }) => g.hidden_type === 'public_browsable')).toBe(true);
    });

    it('a session that has started is still found, as it stands', async () => {
      const started = await t.db.selectFrom('event_session').select('id').where('event_template_id', '=', gaId).where('start_datetime', '=', '2026-06-01T14:00:00.000Z').executeTakeFirstOrThrow();
      const { status, body } = await getJson(t.app, `/api/events/${gaId}/sessions/${started.id}`);
      expect(status).toBe(200);
      expect(body.event_session._data[0]).toMatchObject({ id: started.id, startTime: '10:00' });
    });

    it('"Session not found" for another event\'s session or an unknown id; event_not_found for an unknown event; bad filters refused', async () => {
      const other = await getJson(t.app, `/api/events/${concertId}/sessions/${sessionAt('10:00')}`);
      expect(other.status).toBe(404);
      expect(other.body._data[0]).toMatchObject({ _code: 'not_found', _description: 'Session not found' });
      expect((await getJson(t.app, `/api/events/${gaId}/sessions/nope`)).status).toBe(404);
      const noEvent = await getJson(t.app, `/api/events/01900000-0000-7000-8000-000000000000/sessions/${sessionAt('10:00')}`);
      expect(noEvent.status).toBe(404);
      expect(noEvent.body._data[0]._code).toBe('event_not_found');
      const badEmbed = await getJson(t.app, `/api/events/${gaId}/sessions/${sessionAt('10:00')}?_embed=seller`);
      expect(badEmbed.status).toBe(400);
      expect(badEmbed.body._data[0]._code).toBe('unknown_embed');
    });
  });

  describe('GET event_template', () => {
    it('the events named by id._in, with venue and meta; link-only ones too', async () => {
      const secret = (await t.db.selectFrom('event_template').select('id').where('name', '=', 'Link Only Tour').executeTakeFirstOrThrow()).id;
      const { status, body } = await getJson(t.app, `/cached_api/event_template?id._in=${gaId},${secret}&_embed=meta,venue`);
      expect(status).toBe(200);
      expect(body.event_template._data.map((e: { id: string }) => e.id).sort()).toEqual([gaId, secret].sort());
      expect(body.event_template._data.find((e: { id: string }) => e.id === gaId)).toMatchObject({ name: 'General Admission', min_price: '10.50' });
      expect(body.meta._data.map((m: { resource_id: string }) => m.resource_id).sort()).toEqual([gaId, secret].sort());
      expect(body.venue._data.map((v: { name: string }) => v.name)).toContain('Main Building');
    });

    it('without an id filter, the events the listing could show; unknown embeds and filters refused', async () => {
      const { body } = await getJson(t.app, '/api/event_template');
      const names = body.event_template._data.map((e: { name: string }) => e.name);
      expect(names).toEqual(expect.arrayContaining(['General Admission', 'Evening Concert', 'Support Us']));
      expect(names).not.toContain('Link Only Tour');
      expect(names).not.toContain('Members Preview');
      // An id range names no event: it lists what the listing could show, never the unlisted ones.
      const ranged = (await getJson(t.app, '/cached_api/event_template?id._gte=0')).body.event_template._data.map((e: { name: string }) => e.name);
      expect(ranged).toContain('General Admission');
      expect(ranged).not.toContain('Link Only Tour');
      expect(ranged).not.toContain('Members Preview');
      expect((await getJson(t.app, '/api/event_template?_embed=ticket_group')).body._data[0]._code).toBe('unknown_embed');
      expect((await getJson(t.app, '/api/event_template?colour=red')).status).toBe(400);
    });
  });
});
