import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importCatalog } from '../src/catalog/import-catalog.js';
import { dropUnreadCalendarChanges } from '../src/events/calendar-changes.repository.js';
import { calendarDays } from '../src/events/calendar-days.js';
import { loadOffer } from '../src/events/load-offer.js';
import { ANONYMOUS } from '../src/events/viewer.js';
import { dialects, FIXTURE, getJson, idOf, postJson, testApp, type TestApp } from './harness.js';

const TZ = 'America/New_York';
type Day = { date: string; status: string; capacity: number; used_capacity: number };

/**
 * GET calendar answers from the stored per-day summary (events/calendar-summary.ts). Every step
 * here reads the calendar first (so rows are stored), changes something, and checks the answer
 * both for the change and against the live grouped query (`calendarDays`) — the summary must
 * never answer differently from it.
 */
describe.each(dialects())('calendar summary on %s', (dialect) => {
  let t: TestApp;
  let gaId: string;
  beforeEach(async () => {
    t = await testApp(dialect);
    gaId = idOf((await getJson(t.app, '/api/events/available')).body.event_template, 'General Admission');
  });
  afterEach(() => t.close());

  async function reserve(sessionId: string, typeName: string, quantity: number) {
    const types = (await getJson(t.app, `/api/events/${gaId}?_embed=ticket_type`)).body.ticket_type;
    const add = Array.from({ length: quantity }, () => ({ ticket_type_id: idOf(types, typeName), event_session_id: sessionId }));
    return postJson(t.app, '/api/my/cart/modify', { add });
  }
  const sessions = async (date: string) => (await getJson(t.app, `/api/events/${gaId}/sessions?_ondate=${date}&_sort=start_datetime`)).body.event_session._data as { id: string }[];
  const groupId = async (name: string) => idOf((await getJson(t.app, `/api/events/${gaId}?_embed=ticket_group`)).body.ticket_group, name);

  async function answered(groupName?: string): Promise<Day[]> {
    const filter = groupName ? `&ticket_group_id=${await groupId(groupName)}` : '';
    const { status, body } = await getJson(t.app, `/api/events/${gaId}/calendar?_format=extended${filter}`);
    expect(status).toBe(200);
    return body.calendar._data.map((d: { date: string; status: string; availability: { capacity: number; used_capacity: number } }) => ({
      date: d.date,
      status: d.status,
      capacity: d.availability.capacity,
      used_capacity: d.availability.used_capacity,
    }));
  }

  async function live(groupName?: string): Promise<Day[]> {
    const offer = await loadOffer(t.db, [gaId], ANONYMOUS);
    const groups = groupName ? offer.groups.filter((g) => g.name === groupName) : offer.groups;
    const days = await calendarDays(t.db, dialect, { eventId: gaId, timezone: TZ, groups, now: t.clock.now });
    return days.map((d) => ({ date: d.date, status: d.open ? 'available' : 'sold_out', capacity: d.unlimited ? -1 : d.capacity, used_capacity: d.used }));
  }

  /** The calendar for every group asked about, checked against the live query; the General one returned. */
  async function checked(): Promise<Day[]> {
    for (const name of [undefined, 'VIP']) expect(await answered(name), `group ${name ?? 'any'}`).toEqual(await live(name));
    const general = await answered('General');
    expect(general).toEqual(await live('General'));
    return general;
  }
  const statusOf = (days: Day[], date: string) => days.find((d) => d.date === date)?.status;
  const summaryRows = async () => (await t.db.selectFrom('event_day_summary').select('date').where('event_template_id', '=', gaId).execute()).length;

  it('shows a day sold out after reserves fill it, and open again when the holds expire unswept', async () => {
    expect(statusOf(await checked(), '2026-06-02')).toBe('available');
    expect(await summaryRows()).toBeGreaterThan(5);
    // 2026-06-02: 10:00 full, 14:00 has 3 left, 18:00 has 10.
    const [, afternoon, evening] = await sessions('2026-06-02');
    expect((await reserve(afternoon.id, 'Adult', 3)).status).toBe(200);
    expect(statusOf(await checked(), '2026-06-02')).toBe('available');
    const { body } = await reserve(evening.id, 'Adult', 10);
    expect(statusOf(await checked(), '2026-06-02')).toBe('sold_out');
    expect((await answered('General')).find((d) => d.date === '2026-06-02')!.used_capacity).toBe(30);

    // The holds expire: nothing is written (no sweep), yet the day is open again.
    const expiresAt = Date.parse(body.cart._data[0].expires_at);
    t.clock.advance(expiresAt - t.clock.now.getTime() + 1000);
    expect(statusOf(await checked(), '2026-06-02')).toBe('available');
  });

  it('drops a day whose last session starts, and a session that starts from its day', async () => {
    // Today (06-01, 12:00 in New York) still has 14:00 and 18:00.
    const before = await checked();
    expect(before.find((d) => d.date === '2026-06-01')!.capacity).toBe(20);
    t.clock.advance(2 * 3600_000 + 1); // 14:00 has started
    expect((await checked()).find((d) => d.date === '2026-06-01')!.capacity).toBe(10);
    t.clock.advance(4 * 3600_000); // 18:00 too
    expect(statusOf(await checked(), '2026-06-01')).toBeUndefined();
  });

  it('reflects a catalog import that adds days and changes capacity', async () => {
    const days = await checked();
    expect(days.map((d) => d.date).at(-1)).toBe('2026-06-07');
    const catalog = JSON.parse(await readFile(FIXTURE, 'utf8'));
    const ga = catalog.events.find((e: { key: string }) => e.key === 'ga');
    ga.schedules[0].to = 'today+8';
    ga.schedules[0].capacity = 12;
    await importCatalog(t.db, catalog, { baseDir: dirname(FIXTURE), now: t.clock.now });
    const after = await checked();
    expect(after.map((d) => d.date).at(-1)).toBe('2026-06-09');
    expect(after.find((d) => d.date === '2026-06-05')!.capacity).toBe(36);
    // 06-02 had two sessions full at 10: each has 2 more now.
    expect(statusOf(after, '2026-06-03')).toBe('available');
  });

  it('never keeps a stale day under concurrent reserves and reads', async () => {
    await checked();
    const day = await sessions('2026-06-04');
    expect(day).toHaveLength(3);
    // Six reserves of 5 (two per session) fill the day, with calendar reads running among them.
    const reserves = day.flatMap((s) => [reserve(s.id, 'Adult', 5), reserve(s.id, 'Adult', 5)]);
    const reads = Array.from({ length: 6 }, (_, i) => answered(i % 2 ? 'General' : undefined));
    const results = await Promise.all([...reserves, ...reads]);
    expect(results.slice(0, 6).map((r) => (r as { status: number }).status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(statusOf(await checked(), '2026-06-04')).toBe('sold_out');
  });

  it('answers a group the stored days were not computed for, and with members groups once covered', async () => {
    // Rows stored for VIP alone first; then General is asked about (not covered) and recomputed.
    expect(statusOf(await answered('VIP'), '2026-06-03')).toBe('available');
    expect(statusOf(await answered('General'), '2026-06-03')).toBe('sold_out');
    const rows = await t.db.selectFrom('event_day_summary').select('groups').where('event_template_id', '=', gaId).execute();
    expect(rows.every((r) => JSON.parse(r.groups).length === 2)).toBe(true);
    await checked();
  });

  it('drops hour-old notes of events nobody read, and keeps those of events with a stored calendar', async () => {
    const [s1] = await sessions('2026-06-04');
    expect((await reserve(s1.id, 'Adult', 1)).status).toBe(200);
    const notes = async () => (await t.db.selectFrom('calendar_change').select('id').where('event_template_id', '=', gaId).execute()).length;
    expect(await notes()).toBeGreaterThan(0);
    await dropUnreadCalendarChanges(t.db);
    expect(await notes()).toBeGreaterThan(0); // not an hour old yet
    await checked(); // read: the notes are seen and deleted, rows stored
    expect(await notes()).toBe(0);
    expect((await reserve(s1.id, 'Adult', 1)).status).toBe(200);
    await dropUnreadCalendarChanges(t.db, Date.now() + 2 * 3600_000);
    expect(await notes()).toBe(1); // the event has rows: its note stays for the next read
    await t.db.deleteFrom('event_day_summary').execute();
    await dropUnreadCalendarChanges(t.db, Date.now() + 2 * 3600_000);
    expect(await notes()).toBe(0);
    await checked();
  });
});
