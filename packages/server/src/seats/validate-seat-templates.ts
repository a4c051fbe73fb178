import type { TCatalog } from '@foyer/contracts';
import { expandSeatTemplate, type PlannedSeat } from './expand-seat-template.js';

type Report = (path: string, message: string) => void;

/**
 * The seat rules of `catalog validate`: zones and names unique, every seat in a known zone, inside
 * the map and clear of every other seat; seated groups name a template of their event's venue and
 * zones of it, and one event's seated groups share one template (one map per session).
 */
export function validateSeatTemplates(c: TCatalog, report: Report) {
  const venues = new Set(c.venues.map((v) => v.key));
  const templates = new Map(c.seat_templates.map((t) => [t.key, t]));
  const seen = new Set<string>();
  c.seat_templates.forEach((t, ti) => {
    const at = `$.seat_templates[${ti}]`;
    if (seen.has(t.key)) report(`${at}.key`, `duplicate key "${t.key}"`);
    seen.add(t.key);
    if (!venues.has(t.venue)) report(`${at}.venue`, `no venue with key "${t.venue}"`);
    const zones = new Set<string>();
    t.zones.forEach((z, zi) => {
      if (zones.has(z.key)) report(`${at}.zones[${zi}].key`, `duplicate zone "${z.key}"`);
      zones.add(z.key);
    });
    const sections = new Set<string>();
    t.sections.forEach((s, si) => {
      if (sections.has(s.name)) report(`${at}.sections[${si}].name`, `duplicate section "${s.name}"`);
      sections.add(s.name);
      const rows = new Set<string>();
      s.rows.forEach((r, ri) => {
        if (rows.has(r.name)) report(`${at}.sections[${si}].rows[${ri}].name`, `duplicate row "${r.name}" in section "${s.name}"`);
        rows.add(r.name);
      });
    });
    const seats = expandSeatTemplate(t, at);
    const names = new Set<string>();
    for (const seat of seats) {
      const label = `${seat.section} row ${seat.row} seat ${seat.name}`;
      if (!seat.zone) report(seat.path, `${label} has no zone (set one on the seat, run, row or section)`);
      else if (!zones.has(seat.zone)) report(seat.path, `${label}: unknown group (zone) "${seat.zone}"`);
      const key = `${seat.section}\u0000${seat.row}\u0000${seat.name}`;
      if (names.has(key)) report(seat.path, `duplicate seat name: ${label}`);
      names.add(key);
      const r = seat.r ?? t.seat_radius;
      if (seat.x - r < 0 || seat.y - r < 0 || seat.x + r > t.width || seat.y + r > t.height) report(seat.path, `${label} lies outside the ${t.width}×${t.height} map`);
    }
    for (const [a, b] of overlaps(seats, t.seat_radius)) {
      report(b.path, `${b.section} row ${b.row} seat ${b.name} overlaps ${a.section} row ${a.row} seat ${a.name}`);
    }
    if (!seats.length) report(`${at}.sections`, 'a seat template needs at least one seat');
  });

  c.events.forEach((e, ei) => {
    let eventTemplate: string | undefined;
    e.ticket_groups.forEach((g, gi) => {
      const at = `$.events[${ei}].ticket_groups[${gi}]`;
      if (g.handler !== 'seated') {
        if (g.seating) report(`${at}.seating`, 'only a group with handler "seated" takes seating');
        return;
      }
      if (!g.seating) { report(`${at}.seating`, 'a "seated" group names its seat template and zones'); return; }
      const t = templates.get(g.seating.template);
      if (!t) { report(`${at}.seating.template`, `no seat template with key "${g.seating.template}"`); return; }
      if (t.venue !== e.venue) report(`${at}.seating.template`, `seat template "${t.key}" is a room of venue "${t.venue}", not "${e.venue}"`);
      if (eventTemplate && eventTemplate !== t.key) report(`${at}.seating.template`, `the event's seated groups use one seat template ("${eventTemplate}")`);
      eventTemplate ??= t.key;
      const zones = new Set(t.zones.map((z) => z.key));
      g.seating.zones.forEach((z, zi) => zones.has(z) || report(`${at}.seating.zones[${zi}]`, `unknown group (zone) "${z}" in seat template "${t.key}"`));
    });
  });
}

/** Pairs of seats whose circles overlap (a grid of cells, so 2,000 seats stay quick). */
function overlaps(seats: PlannedSeat[], defaultR: number): [PlannedSeat, PlannedSeat][] {
  const radius = (s: PlannedSeat) => s.r ?? defaultR;
  const cell = Math.max(1, 2 * Math.max(defaultR, ...seats.map(radius)));
  const grid = new Map<string, PlannedSeat[]>();
  const out: [PlannedSeat, PlannedSeat][] = [];
  for (const s of seats) {
    const cx = Math.floor(s.x / cell);
    const cy = Math.floor(s.y / cell);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const o of grid.get(`${cx + dx},${cy + dy}`) ?? []) {
          // Touching is fine; a gap of less than nothing is not (1/100 for rounding).
          if (Math.hypot(s.x - o.x, s.y - o.y) < radius(s) + radius(o) - 0.01) out.push([o, s]);
        }
      }
    }
    const key = `${cx},${cy}`;
    grid.set(key, [...(grid.get(key) ?? []), s]);
  }
  return out;
}
