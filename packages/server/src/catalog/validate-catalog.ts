import { ZCatalog, type TCatalog } from '@foyer/contracts';
import { MAX_SCHEDULE_DAYS } from './expand-schedule.js';
import { isValidTimezone, resolveDate } from './relative-date.js';
import { validateSeatTemplates } from '../seats/validate-seat-templates.js';
import { validatePromotions } from '../promotions/validate-promotions.js';

export interface CatalogProblem {
  /** JSON path, e.g. $.events[2].ticket_groups[0].types[1].ticket_type */
  path: string;
  message: string;
}

export type CatalogCheck = { ok: true; catalog: TCatalog } | { ok: false; problems: CatalogProblem[] };

function jsonPath(parts: PropertyKey[]): string {
  return parts.reduce<string>((p, k) => (typeof k === 'number' ? `${p}[${k}]` : `${p}.${String(k)}`), '$');
}

/** Shape (the contract schema) and references (keys that must exist, be unique, make sense). */
export function validateCatalog(input: unknown): CatalogCheck {
  const parsed = ZCatalog.safeParse(input);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((i) => ({ path: jsonPath(i.path), message: i.message })) };
  }
  const c = parsed.data;
  const problems: CatalogProblem[] = [];
  const report = (path: string, message: string) => problems.push({ path, message });
  const unique = (items: { key: string }[], path: string) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      if (seen.has(item.key)) report(`${path}[${i}].key`, `duplicate key "${item.key}"`);
      seen.add(item.key);
    });
  };

  if (!isValidTimezone(c.seller.timezone)) report('$.seller.timezone', `unknown timezone "${c.seller.timezone}"`);
  c.venues.forEach((v, i) => v.timezone && !isValidTimezone(v.timezone) && report(`$.venues[${i}].timezone`, `unknown timezone "${v.timezone}"`));
  unique(c.venues, '$.venues');
  unique(c.images, '$.images');
  unique(c.ticket_types, '$.ticket_types');
  unique(c.events, '$.events');
  unique(c.membership_rules, '$.membership_rules');

  const venues = new Set(c.venues.map((v) => v.key));
  const images = new Set(c.images.map((i) => i.key));
  const types = new Set(c.ticket_types.map((t) => t.key));
  const events = new Set(c.events.map((e) => e.key));
  const today = '2000-01-01';

  c.events.forEach((e, ei) => {
    const at = `$.events[${ei}]`;
    if (!venues.has(e.venue)) report(`${at}.venue`, `no venue with key "${e.venue}"`);
    for (const field of ['image_profile', 'image_cover'] as const) {
      const key = e[field];
      if (key && !images.has(key)) report(`${at}.${field}`, `no image with key "${key}"`);
    }
    unique(e.ticket_groups, `${at}.ticket_groups`);
    unique(e.message_rules, `${at}.message_rules`);
    e.ticket_groups.forEach((g, gi) => {
      const gat = `${at}.ticket_groups[${gi}]`;
      const seen = new Set<string>();
      g.types.forEach((t, ti) => {
        if (!types.has(t.ticket_type)) report(`${gat}.types[${ti}].ticket_type`, `no ticket type with key "${t.ticket_type}"`);
        if (seen.has(t.ticket_type)) report(`${gat}.types[${ti}].ticket_type`, `ticket type "${t.ticket_type}" listed twice`);
        seen.add(t.ticket_type);
        if (t.min !== undefined && t.max !== undefined && t.max >= 0 && t.min > t.max) report(`${gat}.types[${ti}].min`, 'min must not exceed max');
      });
      if (g.min_tickets_per_order !== undefined && g.max_tickets_per_order !== undefined && g.min_tickets_per_order > g.max_tickets_per_order) {
        report(`${gat}.min_tickets_per_order`, 'min_tickets_per_order must not exceed max_tickets_per_order');
      }
    });
    e.schedules.forEach((s, si) => {
      const from = resolveDate(s.from, today);
      const to = resolveDate(s.to, today);
      if (from > to) report(`${at}.schedules[${si}].to`, 'the schedule ends before it starts');
      else if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= MAX_SCHEDULE_DAYS) {
        report(`${at}.schedules[${si}].to`, `a schedule may span at most ${MAX_SCHEDULE_DAYS} days`);
      }
    });
    e.sessions.forEach((s, si) => {
      const start = s.start.replace(/^today[+-]?\d*/, (m) => resolveDate(m, today));
      const end = s.end.replace(/^today[+-]?\d*/, (m) => resolveDate(m, today));
      if (end <= start) report(`${at}.sessions[${si}].end`, 'a session must end after it starts');
    });
    e.session_usage.forEach((u, ui) => {
      const times = new Set(e.schedules.flatMap((s) => s.times));
      const time = u.start.split('T')[1];
      const explicit = e.sessions.some((s) => s.start === u.start);
      if (!explicit && !times.has(time)) report(`${at}.session_usage[${ui}].start`, `no session of this event starts at ${time}`);
    });
  });

  c.membership_rules.forEach((r, i) => {
    if (!types.has(r.membership_ticket_type)) report(`$.membership_rules[${i}].membership_ticket_type`, `no ticket type with key "${r.membership_ticket_type}"`);
    if (r.ticket_type !== '*' && !types.has(r.ticket_type)) report(`$.membership_rules[${i}].ticket_type`, `no ticket type with key "${r.ticket_type}"`);
  });
  const membershipTypes = new Set(c.events.flatMap((e) => e.ticket_groups.filter((g) => g.handler === 'membership').flatMap((g) => g.types.map((t) => t.ticket_type))));
  const levelTypes = new Set<string>();
  c.membership_levels.forEach((l, i) => {
    if (!types.has(l.ticket_type)) report(`$.membership_levels[${i}].ticket_type`, `no ticket type with key "${l.ticket_type}"`);
    else if (!membershipTypes.has(l.ticket_type)) report(`$.membership_levels[${i}].ticket_type`, `"${l.ticket_type}" is not sold in a ticket group with handler "membership"`);
    if (levelTypes.has(l.ticket_type)) report(`$.membership_levels[${i}].ticket_type`, `a second level for "${l.ticket_type}"`);
    levelTypes.add(l.ticket_type);
  });
  validateSeatTemplates(c, report);
  c.config.forEach((entry, i) => {
    if (entry.resource !== 'seller' && !events.has(entry.resource)) {
      report(`$.config[${i}].resource`, `"seller" or an event key expected, got "${entry.resource}"`);
    }
  });

  validatePromotions(c, report);

  return problems.length ? { ok: false, problems } : { ok: true, catalog: c };
}
