/**
 * GET calendar's parts timed in process on the demo's largest event (wall and this process's CPU
 * per call; on PostgreSQL the database's own CPU shows only in the wall time):
 *   npx tsx bench/calendar-timing.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1/<empty database> npx tsx bench/calendar-timing.ts
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootDatabase } from '../packages/server/src/boot.js';
import { readSettings } from '../packages/server/src/settings.js';
import { findEvent } from '../packages/server/src/events/find-event.js';
import { loadOffer } from '../packages/server/src/events/load-offer.js';
import { calendarDays } from '../packages/server/src/events/calendar-days.js';
import { summarisedCalendarDays } from '../packages/server/src/events/calendar-summary.js';
import { getCalendar } from '../packages/server/src/events/get-calendar.js';
import { ANONYMOUS } from '../packages/server/src/events/viewer.js';

const url = process.env.BENCH_DATABASE_URL ?? `sqlite:${join(mkdtempSync(join(tmpdir(), 'foyer-calendar-')), 'bench.db')}`;
const handle = await bootDatabase(readSettings({ DATABASE_URL: url, FOYER_SEED: 'demo' }), () => {});
const { db, dialect } = handle;
const seller = await db.selectFrom('seller').selectAll().executeTakeFirstOrThrow();
const largest = await db
  .selectFrom('event_session')
  .select('event_template_id')
  .select((eb) => eb.fn.countAll().as('n'))
  .groupBy('event_template_id')
  .orderBy('n', 'desc')
  .executeTakeFirstOrThrow();
const id = largest.event_template_id;

async function time(name: string, fn: () => Promise<unknown>, n = 1000) {
  for (let i = 0; i < Math.min(200, n); i++) await fn();
  const t0 = process.hrtime.bigint();
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await fn();
  const cpu = process.cpuUsage(c0);
  console.log(`${name.padEnd(24)} ${(Number(process.hrtime.bigint() - t0) / n / 1000).toFixed(0).padStart(6)} µs wall ${((cpu.user + cpu.system) / n).toFixed(0).padStart(6)} µs cpu`);
}

const { event, timezone } = await findEvent(db, seller.id, id, ANONYMOUS, seller.timezone);
const offer = await loadOffer(db, [event.id], ANONYMOUS);
const input = () => ({ eventId: id, timezone, groups: offer.groups, now: new Date() });
const live = await calendarDays(db, dialect, input());
const stored = await summarisedCalendarDays(db, dialect, input());
console.log(`${dialect}, ${largest.n} sessions, ${live.length} days, summary answers the same: ${JSON.stringify(live) === JSON.stringify(stored)}`);
await time('findEvent', () => findEvent(db, seller.id, id, ANONYMOUS, seller.timezone));
await time('loadOffer', () => loadOffer(db, [event.id], ANONYMOUS));
await time('calendarDays (live)', () => calendarDays(db, dialect, input()), 300);
await time('summarisedCalendarDays', () => summarisedCalendarDays(db, dialect, input()));
const query = { filters: [], params: { _format: 'extended' }, offset: 0, limit: 1000, sort: [], embed: [] } as never;
await time('getCalendar', () => getCalendar(db, { sellerId: seller.id, timezone: seller.timezone, id, viewer: ANONYMOUS, query, now: new Date(), dialect }));
await handle.close();
