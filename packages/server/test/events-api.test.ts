import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, getJson, idOf, postJson, testApp, type TestApp } from './harness.js';

describe.each(dialects())('catalog reads on %s', (dialect) => {
  let t: TestApp;
  let events: { _data: { id: string; name: string }[] };
  let gaId: string;

  beforeAll(async () => {
    t = await testApp(dialect);
    events = (await getJson(t.app, '/api/events/available')).body.event_template;
    gaId = idOf(events, 'General Admission');
  });
  afterAll(() => t.close());

  describe('GET events/available', () => {
    it('lists browsable events in rank order with a from-price; hides members-only and link-only ones', async () => {
      const { status, body } = await getJson(t.app, '/cached_api/events/available?_embed=venue,image');
      expect(status).toBe(200);
      const names = body.event_template._data.map((e: { name: string }) => e.name);
      expect(names).toEqual(['General Admission', 'Evening Concert', 'Support Us']);
      const ga = body.event_template._data[0];
      expect(ga.min_price).toBe('10.50');
      expect(body.event_template._total).toBe(3);
      expect(body._total).toBe(3);
      expect(body.venue._data[0].name).toBe('Main Building');
      expect(body.image._data[0]).toMatchObject({ id: ga.meta.image_profile, width: 400, height: 300 });
    });

    it('the upsell listing embeds the ticket groups with their handlers (the web leaves out add-ons selling none)', async () => {
      const { status, body } = await getJson(t.app, '/cached_api/events/available?_embed=venue,image,ticket_group');
      expect(status).toBe(200);
      const donate = body.event_template._data.find((e: { name: string }) => e.name === 'Support Us');
      expect(body.ticket_group._data.filter((g: { event_template_id: string }) => g.event_template_id === donate.id).map((g: { handler: string }) => g.handler)).toEqual(['donation']);
    });

    it('never shows members-only events to a non-member, even when asked', async () => {
      const { body } = await getJson(t.app, '/api/events/available?_withmemberevents=T&hidden_type._in=public_browsable,public_member_only');
      expect(body.event_template._data.map((e: { name: string }) => e.name)).not.toContain('Members Preview');
    });

    it('filters by category, metadata and date', async () => {
      const cat = await getJson(t.app, '/api/events/available?category=Performances');
      expect(cat.body.event_template._data.map((e: { name: string }) => e.name)).toEqual(['Evening Concert']);
      const meta = await getJson(t.app, '/api/events/available?meta.family=true');
      expect(meta.body.event_template._data.map((e: { name: string }) => e.name)).toEqual(['General Admission']);
      // Day 2 is sold out for GA; the concert plays on day 3.
      const day2 = await getJson(t.app, '/api/events/available?_ondate=2026-06-03');
      expect(day2.body.event_template._data).toEqual([]);
      const day3 = await getJson(t.app, '/api/events/available?_ondate=2026-06-04&includeSessions=T');
      expect(day3.body.event_template._data.map((e: { name: string }) => e.name)).toEqual(['General Admission', 'Evening Concert']);
      expect(day3.body.event_session._data.length).toBe(4);
    });

    it('filters by time of day (venue-local)', async () => {
      const evening = await getJson(t.app, '/api/events/available?_ondate=2026-06-04&start_time._gte=19:00');
      expect(evening.body.event_template._data.map((e: { name: string }) => e.name)).toEqual(['Evening Concert']);
      const morning = await getJson(t.app, '/api/events/available?_ondate=2026-06-04&start_time._lt=12:00');
      expect(morning.body.event_template._data.map((e: { name: string }) => e.name)).toEqual(['General Admission']);
    });

    it('pages with _limit and _offset and reports _limit', async () => {
      const { body } = await getJson(t.app, '/api/events/available?_limit=1&_offset=1');
      expect(body.event_template._data.map((e: { name: string }) => e.name)).toEqual(['Evening Concert']);
      expect(body.event_template._total).toBe(3);
      expect(body._limit).toEqual([1, 1]);
    });

    it.each([
      ['/api/events/available?colour=red', 'unknown_field'],
      ['/api/events/available?_embed=payments', 'unknown_embed'],
      ['/api/events/available?_ondate=tomorrow', 'bad_field_value'],
      ['/api/events/available?_withmemberevents=perhaps', 'bad_field_value'],
    ])('refuses %s with %s in the envelope', async (url, code) => {
      const { status, body } = await getJson(t.app, url);
      expect(status).toBe(400);
      expect(body._data[0]._code).toBe(code);
      expect(body._data[0]._description).toBeTruthy();
    });
  });

  describe('GET events/{id}', () => {
    it('returns the event with groups, types, rules, message rules and config; members-only groups hidden', async () => {
      const { status, body } = await getJson(t.app, `/cached_api/events/${gaId}?_embed=venue,ticket_group,ticket_type,ticket_group_rule,message_rule,config,meta`);
      expect(status).toBe(200);
      expect(body.event_template._data[0]).toMatchObject({ name: 'General Admission', description: '<p>Hello <strong>world</strong></p>' });
      expect(body.ticket_group._data.map((g: { name: string }) => g.name)).toEqual(['General', 'VIP']);
      expect(body.ticket_group._data[0]).toMatchObject({ price: '10.50', max_tickets_per_order: 10, capacity: -1, sold_out: false });
      expect(body.ticket_type._data.map((t: { name: string; currency_amount: string }) => `${t.name} ${t.currency_amount}`)).toEqual(['Adult 20.00', 'Child 10.50', 'VIP 99.00']);
      expect(body.ticket_group_rule._data.find((r: { max: number | null }) => r.max === 4)).toBeTruthy();
      expect(body.message_rule._data[0].actions[0].text).toBe('Late opening');
      expect(body.message_rule._data[0].triggers[0].dateInterval).toEqual({ start: '2026-06-01', end: '2026-07-01' });
      const display = body.config._data.find((c: { name: string }) => c.name === 'price_display');
      expect(display.value.primary_ticket_type).toBe(idOf(body.ticket_type, 'Adult'));
      expect(body.meta._data[0]).toMatchObject({ resource_id: gaId, family: true });
    });

    it('filters groups by id', async () => {
      const all = await getJson(t.app, `/api/events/${gaId}?_embed=ticket_group`);
      const vip = idOf(all.body.ticket_group, 'VIP');
      const { body } = await getJson(t.app, `/api/events/${gaId}?_embed=ticket_group&ticket_group.id._in=${vip}`);
      expect(body.ticket_group._data.map((g: { name: string }) => g.name)).toEqual(['VIP']);
    });

    it('answers event_not_found for unknown (404) and malformed (400) ids', async () => {
      const unknown = await getJson(t.app, '/api/events/01900000-0000-7000-8000-000000000000');
      expect(unknown.status).toBe(404);
      expect(unknown.body._data[0]._code).toBe('event_not_found');
      const malformed = await getJson(t.app, '/api/events/not-an-id');
      expect(malformed.status).toBe(400);
      expect(malformed.body._data[0]._code).toBe('event_not_found');
    });
  });

  describe('GET events/{id}/sessions', () => {
    it('lists sessions still on sale with venue-local times and capacity', async () => {
      const { body } = await getJson(t.app, `/cached_api/events/${gaId}/sessions?_sort=start_datetime&_ondate=2026-06-01`);
      // 10:00 today has started already (the clock says noon); 14:00 and 18:00 remain.
      expect(body.event_session._data.map((s: { startTime: string }) => s.startTime)).toEqual(['14:00', '18:00']);
      expect(body.event_session._data[0]).toMatchObject({ capacity: 10, used_capacity: 0, availableCapacity: 10, sold_out: false, start_datetime: '2026-06-01T18:00:00.000Z' });
    });

    it('marks sold-out sessions and filters them with sold_out=F', async () => {
      const ev = await getJson(t.app, `/api/events/${gaId}?_embed=ticket_group`);
      const general = idOf(ev.body.ticket_group, 'General');
      // Without a group filter the VIP group (own capacity of 2, excluded from the event's) keeps 10:00 open.
      const any = await getJson(t.app, `/api/events/${gaId}/sessions?_ondate=2026-06-02`);
      expect(any.body.event_session._data[0]).toMatchObject({ startTime: '10:00', sold_out: false, availableCapacity: 2 });
      const all = await getJson(t.app, `/api/events/${gaId}/sessions?_ondate=2026-06-02&ticket_group_id=${general}`);
      expect(all.body.event_session._data.map((s: { startTime: string; sold_out: boolean; availableCapacity: number }) => [s.startTime, s.sold_out, s.availableCapacity])).toEqual([
        ['10:00', true, 0],
        ['14:00', false, 3],
        ['18:00', false, 10],
      ]);
      const open = await getJson(t.app, `/api/events/${gaId}/sessions?_ondate=2026-06-02&ticket_group_id._in=${general}&sold_out=F&_sort=-start_datetime`);
      expect(open.body.event_session._data.map((s: { startTime: string }) => s.startTime)).toEqual(['18:00', '14:00']);
    });

    it('counts a group excluded from event capacity by its own capacity', async () => {
      const ev = await getJson(t.app, `/api/events/${gaId}?_embed=ticket_group`);
      const vip = idOf(ev.body.ticket_group, 'VIP');
      const { body } = await getJson(t.app, `/api/events/${gaId}/sessions?_ondate=2026-06-02&ticket_group_id._in=${vip}`);
      expect(body.event_session._data.map((s: { availableCapacity: number }) => s.availableCapacity)).toEqual([2, 2, 2]);
    });

    it('filters by a start window and limits', async () => {
      const { body } = await getJson(t.app, `/api/events/${gaId}/sessions?start_datetime._gte=2026-06-04T00:00:00Z&start_datetime._lt=2026-06-05T00:00:00Z&_limit=1`);
      expect(body.event_session._data).toHaveLength(1);
      expect(body.event_session._total).toBe(3);
    });
  });

  describe('POST events/{id}/sessions', () => {
    it('keeps sessions that can take the quantities and prices them', async () => {
      const ev = await getJson(t.app, `/api/events/${gaId}?_embed=ticket_type`);
      const adult = idOf(ev.body.ticket_type, 'Adult');
      const child = idOf(ev.body.ticket_type, 'Child');
      const { status, body } = await postJson(t.app, `/api/events/${gaId}/sessions?_ondate=2026-06-02`, {
        ticket_types_required: [{ ticket_type_id: adult, quantity: 2 }, { ticket_type_id: child, quantity: 2 }],
      });
      expect(status).toBe(200);
      // 14:00 has 3 left: too few for 4.
      expect(body.event_session._data.map((s: { startTime: string }) => s.startTime)).toEqual(['18:00']);
      expect(body.price_schedule._data).toEqual([
        expect.objectContaining({ ticket_type_id: adult, currency_amount: '20.00', quantity: 2, total: '40.00' }),
        expect.objectContaining({ ticket_type_id: child, currency_amount: '10.50', quantity: 2, total: '21.00' }),
      ]);
      const withSoldOut = await postJson(t.app, `/api/events/${gaId}/sessions?_ondate=2026-06-02&_include_sold_out=T`, {
        ticket_types_required: [{ ticket_type_id: adult, quantity: 4 }],
      });
      expect(withSoldOut.body.event_session._data.map((s: { sold_out: boolean }) => s.sold_out)).toEqual([true, true, false]);
    });

    it('refuses unknown ticket types and malformed bodies', async () => {
      const unknown = await postJson(t.app, `/api/events/${gaId}/sessions`, { ticket_types_required: [{ ticket_type_id: 'nope', quantity: 1 }] });
      expect(unknown.status).toBe(400);
      expect(unknown.body._data[0]).toMatchObject({ _code: 'validation_failed', _extra: { ticket_type_ids: ['nope'] } });
      const malformed = await postJson(t.app, `/api/events/${gaId}/sessions`, { ticket_types_required: [{ ticket_type_id: 'x', quantity: -3 }] });
      expect(malformed.status).toBe(400);
      expect(malformed.body._data[0]._code).toBe('validation_failed');
    });
  });

  describe('calendar', () => {
    it('GET extended: one entry per day with status, price, availability and prefix', async () => {
      const ev = await getJson(t.app, `/api/events/${gaId}?_embed=ticket_group`);
      const general = idOf(ev.body.ticket_group, 'General');
      const { body } = await getJson(t.app, `/cached_api/events/${gaId}/calendar?_format=extended&ticket_group_id._in=${general}`);
      const days = body.calendar._data;
      const anyGroup = await getJson(t.app, `/cached_api/events/${gaId}/calendar?_format=extended`);
      expect(anyGroup.body.calendar._data[2].status).toBe('available');
      expect(days.map((d: { date: string }) => d.date)).toEqual(['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05', '2026-06-06', '2026-06-07']);
      expect(days[2]).toEqual({ date: '2026-06-03', status: 'sold_out', min_price: '20.00', availability: { capacity: 30, used_capacity: 30 }, pricePrefix: 'From' });
      expect(days[1]).toMatchObject({ status: 'available', availability: { capacity: 30, used_capacity: 17 } });
      expect(days[0].availability).toEqual({ capacity: 20, used_capacity: 0 });
    });

    it('GET basic has no availability', async () => {
      const { body } = await getJson(t.app, `/api/events/${gaId}/calendar`);
      expect(body.calendar._data[0]).toEqual({ date: '2026-06-01', status: 'available', min_price: '20.00' });
    });

    it('POST prices the quantities and marks days that cannot take them', async () => {
      const ev = await getJson(t.app, `/api/events/${gaId}?_embed=ticket_type`);
      const adult = idOf(ev.body.ticket_type, 'Adult');
      const { body } = await postJson(t.app, `/api/events/${gaId}/calendar?_format=price`, { ticket_types_required: [{ ticket_type_id: adult, quantity: 11 }] });
      expect(body.calendar._data.every((d: { status: string }) => d.status === 'sold_out')).toBe(true);
      const ok = await postJson(t.app, `/api/events/${gaId}/calendar`, { ticket_types_required: [{ ticket_type_id: adult, quantity: 3 }] });
      expect(ok.body.calendar._data[1]).toMatchObject({ date: '2026-06-02', status: 'available', min_price: '60.00' });
    });

    it('POST refuses more than 10 ticket types with validation_failed in event_calendar', async () => {
      const lines = Array.from({ length: 11 }, (_, i) => ({ ticket_type_id: `type-${i}`, quantity: 1 }));
      const { status, body } = await postJson(t.app, `/api/events/${gaId}/calendar`, { ticket_types_required: lines });
      expect(status).toBe(400);
      expect(body._data[0]).toMatchObject({ _code: 'validation_failed', _context: 'event_calendar', _description: 'You can only select up to 10 different types of tickets.' });
    });
  });

  describe('other reads', () => {
    it('GET ticket_group/{id} with its types', async () => {
      const donate = idOf(events, 'Support Us');
      const ev = await getJson(t.app, `/api/events/${donate}?_embed=ticket_group`);
      const groupId = ev.body.ticket_group._data[0].id;
      const { body } = await getJson(t.app, `/cached_api/ticket_group/${groupId}?_embed=ticket_type`);
      expect(body.ticket_group._data[0]).toMatchObject({ handler: 'donation', price: '5.00' });
      expect(body.ticket_type._data[0]).toMatchObject({ currency_amount_min: '5.00', currency_amount_max: '500.00' });
      expect((await getJson(t.app, '/api/ticket_group/01900000-0000-7000-8000-000000000000')).status).toBe(404);
    });

    it('GET config: seller entries by default, event entries by resource_id, seller embed', async () => {
      const seller = await getJson(t.app, '/cached_api/config?_embed=seller');
      const names = seller.body.config._data.map((c: { name: string }) => c.name);
      expect(names).toEqual(expect.arrayContaining(['admission_event_id', 'category_order', 'hold_minutes']));
      expect(seller.body.config._data.find((c: { name: string }) => c.name === 'admission_event_id').value).toBe(gaId);
      expect(seller.body.seller._data[0]).toMatchObject({ name: 'Test Museum', timezone: 'America/New_York', currency: 'USD' });
      const ev = await getJson(t.app, `/api/config?resource_id._in=${gaId}`);
      expect(ev.body.config._data.map((c: { name: string }) => c.name)).toEqual(['price_display']);
    });

    it('GET membership_rules with ticket types', async () => {
      const { body } = await getJson(t.app, '/api/membership_rules?_embed=ticket_type&_limit=1000');
      expect(body.membership_rule._data[0]).toMatchObject({ quantity: 2, period: 'per_session' });
      expect(body.ticket_type._data.map((t: { name: string }) => t.name).sort()).toEqual(['Member', 'VIP']);
    });

    it('POST pricecheck returns the current prices', async () => {
      const ev = await getJson(t.app, `/api/events/${gaId}?_embed=ticket_type`);
      const child = idOf(ev.body.ticket_type, 'Child');
      const { body } = await postJson(t.app, `/api/events/${gaId}/pricecheck`, { ticket_types_required: [{ ticket_type_id: child }] });
      expect(body.ticket_type._data).toEqual([expect.objectContaining({ id: child, currency_amount: '10.50' })]);
    });

    it('link-only events are reachable by id', async () => {
      const all = await t.db.selectFrom('event_template').select(['id', 'name']).execute();
      const secret = all.find((e) => e.name === 'Link Only Tour')!;
      expect((await getJson(t.app, `/api/events/${secret.id}`)).status).toBe(200);
    });
  });
});
