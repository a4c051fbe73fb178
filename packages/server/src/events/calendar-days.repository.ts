import { sql, type RawBuilder } from 'kysely';
import type { Selectable } from 'kysely';
import type { Dialect, Tx } from '../db/database.js';
import type { TicketGroupTable } from '../db/schema.js';
import { ALL_DAY_MS, offsetSegments } from '@foyer/contracts/rules';

// The calendar's grouped day query (docs/events.md); what a day shows is decided in calendar-days.ts.

type Group = Selectable<TicketGroupTable>;

/** What a group's room depends on (a stored summary names groups by these, calendar-summary.ts). */
export type GroupRule = Pick<Group, 'id' | 'capacity' | 'oversell_capacity' | 'exclude_from_event_capacity'>;

/** A day as computed for the summary: room per group asked about, and when time alone changes it. */
export interface DayFigures {
  date: string;
  /** Some session has room (what `open` is when no groups are asked about). */
  sessionOpen: boolean;
  /** Per group asked about (same order): some session has room for it. */
  groupOpen: boolean[];
  unlimited: boolean;
  capacity: number;
  used: number;
  /** The first moment one of the day's sessions goes off sale (starts; an all-day one ends). */
  staleAt: string;
}

/**
 * The grouped query behind `calendarDays` (calendar-days.ts). `freeExpired: false` counts expired, unswept holds as
 * used (what the stored summary keeps: it must not change when a hold expires); `starts` keeps to
 * sessions starting in [from, to) (a few days recomputed along the event's (event, start) index).
 */
export async function dayFigures(
  db: Tx,
  dialect: Dialect,
  input: { eventId: string; timezone: string; groups: GroupRule[]; now: Date; freeExpired: boolean; starts?: { from: string; to: string } },
): Promise<DayFigures[]> {
  const now = input.now.toISOString();
  const day = await localDay(db, dialect, input.eventId, input.timezone, now);
  if (!day) return [];
  const capped = input.groups.filter((g) => g.capacity !== -1);
  const expiredHolds = (group: RawBuilder<unknown>) => sql`select t.event_session_id as sid, -count(*) as n from ticket t join cart c on c.id = t.cart_id
        where ${group} and t.state = 'held' and c.state = 'pending' and c.expires_at <= ${now}
        group by t.event_session_id`;

  // What each capped group has used in each session, less its expired holds (never below 0).
  const groupJoins = capped.map(
    (g, i) => sql`left join (
      select sid, sum(n) as used from (
        select event_session_id as sid, used_capacity as n from session_group_usage where ticket_group_id = ${g.id}
        ${input.freeExpired ? sql`union all ${expiredHolds(sql`t.ticket_group_id = ${g.id}`)}` : sql``}
      ) as parts group by sid
    ) as ${sql.raw(`g${i}`)} on ${sql.raw(`g${i}`)}.sid = s.id`,
  );
  const sessionUsed = input.freeExpired ? sql`(case when s.used_capacity - coalesce(x.freed, 0) < 0 then 0 else s.used_capacity - coalesce(x.freed, 0) end)` : sql`s.used_capacity`;
  // A session staff closed for sale has no room, in any group (docs/box-office.md, Sessions).
  const onSale = sql`s.sale_closed = 0`;
  const sessionRoom = sql`(${onSale} and (s.capacity = -1 or s.capacity + s.oversell_capacity - ${sessionUsed} > 0))`;
  const groupRoom = (g: GroupRule): RawBuilder<unknown> => {
    const i = capped.indexOf(g);
    const own =
      i === -1 ? sql`1 = 1` : sql`${sql.lit(g.capacity + g.oversell_capacity)} - (case when coalesce(${sql.raw(`g${i}`)}.used, 0) < 0 then 0 else coalesce(${sql.raw(`g${i}`)}.used, 0) end) > 0`;
    return g.exclude_from_event_capacity ? sql`(${own} and ${onSale})` : sql`(${own} and ${sessionRoom})`;
  };
  const allDay = dialect === 'postgres' ? sql`(s.end_datetime::timestamptz - s.start_datetime::timestamptz) > ${sql.lit(ALL_DAY_MS)} * interval '1 millisecond'` : sql`(julianday(s.end_datetime) - julianday(s.start_datetime)) * 86400000 > ${sql.lit(ALL_DAY_MS)}`;
  const groupColumns = input.groups.map((g, i) => sql`, max(case when ${groupRoom(g)} then 1 else 0 end) as ${sql.raw(`open${i}`)}`);
  const freed = input.freeExpired
    ? sql`left join (
      select t.event_session_id as sid, count(*) as freed from ticket t join cart c on c.id = t.cart_id
      where t.event_template_id = ${input.eventId} and t.counts_session = 1 and t.state = 'held' and c.state = 'pending' and c.expires_at <= ${now}
      group by t.event_session_id
    ) as x on x.sid = s.id`
    : sql``;

  const { rows } = await sql<Record<string, number | string>>`
    select ${day} as date,
      max(case when ${sessionRoom} then 1 else 0 end) as session_open
      ${sql.join(groupColumns, sql` `)},
      max(case when s.capacity = -1 and ${onSale} then 1 else 0 end) as unlimited,
      -- A closed session adds no room: its capacity counts as what it has used.
      sum(case when ${onSale} then s.capacity + s.oversell_capacity else ${sessionUsed} end) as capacity,
      sum(${sessionUsed}) as used,
      -- Off sale at its start (a timed session) or its end (all-day), whichever the on-sale test below meets first.
      min(case when ${allDay} or s.end_datetime < s.start_datetime then s.end_datetime else s.start_datetime end) as stale_at
    from event_session s
    ${freed}
    ${sql.join(groupJoins, sql` `)}
    where s.event_template_id = ${input.eventId} and s.end_datetime > ${now}
      -- On sale: not started yet, or all-day and not ended (the duration is only worked out for those already started).
      and (s.start_datetime > ${now} or ${allDay})
      ${input.starts ? sql`and s.start_datetime >= ${input.starts.from} and s.start_datetime < ${input.starts.to}` : sql``}
    group by 1
    order by 1`.execute(db);
  return rows.map((r) => ({
    date: String(r.date),
    sessionOpen: Number(r.session_open) === 1,
    groupOpen: input.groups.map((_, i) => Number(r[`open${i}`]) === 1),
    unlimited: Number(r.unlimited) === 1,
    capacity: Number(r.capacity),
    used: Number(r.used),
    staleAt: String(r.stale_at),
  }));
}

/**
 * The venue-local date of a session's start, as SQL. PostgreSQL knows time zones; SQLite is given
 * the zone's offsets over the event's sessions (a CASE per offset change).
 */
async function localDay(db: Tx, dialect: Dialect, eventId: string, timezone: string, now: string): Promise<RawBuilder<string> | null> {
  if (dialect === 'postgres') return sql<string>`to_char(s.start_datetime::timestamptz at time zone ${timezone}, 'YYYY-MM-DD')`;
  // The first and last start among the sessions still on sale, each found along the event's (event, start) index.
  const edge = (direction: 'asc' | 'desc') =>
    db
      .selectFrom('event_session')
      .select('start_datetime')
      .where('event_template_id', '=', eventId)
      .where('end_datetime', '>', now)
      .orderBy('start_datetime', direction)
      .limit(1)
      .executeTakeFirst();
  const [first, last] = [await edge('asc'), await edge('desc')];
  if (!first || !last) return null;
  const segments = offsetSegments(first.start_datetime, last.start_datetime, timezone);
  if (segments.length === 1) return localDateAtOffset(segments[0].offsetMinutes);
  const cases = segments.map((seg) => (seg.until ? sql`when s.start_datetime < ${seg.until} then ${localDateAtOffset(seg.offsetMinutes)}` : sql`else ${localDateAtOffset(seg.offsetMinutes)}`));
  return sql<string>`(case ${sql.join(cases, sql` `)} end)`;
}

/**
 * `s.start_datetime`'s date at a fixed UTC offset. Cheaper than date() on every row: the UTC date
 * is the local one except on one side of the UTC time of local midnight, where a day is added or
 * taken (ISO strings compare as times).
 */
function localDateAtOffset(minutes: number): RawBuilder<string> {
  const utcDate = sql<string>`substr(s.start_datetime, 1, 10)`;
  if (minutes === 0) return utcDate;
  const midnight = minutes < 0 ? -minutes : 1440 - minutes;
  const hhmm = `${String(Math.floor(midnight / 60)).padStart(2, '0')}:${String(midnight % 60).padStart(2, '0')}`;
  return minutes < 0
    ? sql<string>`(case when substr(s.start_datetime, 12, 5) >= ${hhmm} then ${utcDate} else date(s.start_datetime, '-1 day') end)`
    : sql<string>`(case when substr(s.start_datetime, 12, 5) >= ${hhmm} then date(s.start_datetime, '+1 day') else ${utcDate} end)`;
}
