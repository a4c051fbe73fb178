import { importMembershipLevels } from '../membership/import-membership-levels.js';
import { importPromotions } from '../promotions/import-promotions.js';
import { readFile } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import sharp from 'sharp';
import { toMinor, type TCatalog, type TCatalogEvent } from '@foyer/contracts';
import type { Db, Tx } from '../db/database.js';
import { expandSchedule, type PlannedSession } from './expand-schedule.js';
import { replaceConfig, replaceMessageRules, replaceRules, syncSessions, upsertByKey, upsertGroup } from './catalog.repository.js';
import { resolveDate, resolveLocalDateTime, startOfDay, todayIn } from './relative-date.js';
import { validateCatalog, type CatalogProblem } from './validate-catalog.js';
import { importGroupSeating, importSeatTemplates } from '../seats/import-seat-templates.js';
import { mustExist } from '../must-exist.js';

export class CatalogInvalidError extends Error {
  constructor(readonly problems: CatalogProblem[]) {
    super(`The catalog has ${problems.length} problem(s):\n${problems.map((p) => `  ${p.path}: ${p.message}`).join('\n')}`);
  }
}

export interface ImportSummary {
  sellerId: string;
  events: number;
  sessions: { inserted: number; deleted: number; total: number };
}

const CONTENT_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.svg': 'image/svg+xml' };

interface LoadedImage {
  key: string;
  data: Buffer;
  content_type: string;
  width: number;
  height: number;
  alt_text: string | null;
}

/** Image files are read and measured before the transaction opens: no I/O waits inside it. */
async function loadImages(catalog: TCatalog, baseDir: string): Promise<LoadedImage[]> {
  const problems: CatalogProblem[] = [];
  const images: LoadedImage[] = [];
  for (const [i, image] of catalog.images.entries()) {
    try {
      const dataUri = /^data:([^;]+);base64,(.*)$/s.exec(image.file);
      const data = dataUri ? Buffer.from(dataUri[2], 'base64') : await readFile(resolve(baseDir, image.file));
      const contentType = dataUri ? dataUri[1] : CONTENT_TYPES[extname(image.file).toLowerCase()];
      if (!contentType) throw new Error('use a .png, .jpg, .webp or .svg file');
      const meta = await sharp(data).metadata();
      images.push({ key: image.key, data, content_type: contentType, width: meta.width, height: meta.height, alt_text: image.alt_text ?? null });
    } catch (error) {
      problems.push({ path: `$.images[${i}].file`, message: `cannot read image "${image.file.slice(0, 80)}": ${(error as Error).message}` });
    }
  }
  if (problems.length) throw new CatalogInvalidError(problems);
  return images;
}

const minor = (value: string | undefined) => (value === undefined ? null : toMinor(value));

/**
 * Imports a catalog document idempotently (docs/catalog.md#14-import-semantics): objects are matched by key, so a re-import
 * updates rather than duplicates. One transaction: a failure changes nothing.
 */
export async function importCatalog(db: Db, input: unknown, options: { baseDir: string; now: Date }): Promise<ImportSummary> {
  const check = validateCatalog(input);
  if (!check.ok) throw new CatalogInvalidError(check.problems);
  const catalog = check.catalog;
  const images = await loadImages(catalog, options.baseDir);
  const today = todayIn(catalog.seller.timezone, options.now);

  return db.transaction().execute(async (tx) => {
    const s = catalog.seller;
    const sellerId = await upsertByKey(tx, 'seller', { catalog_key: s.key }, {
      catalog_key: s.key, name: s.name, timezone: s.timezone, currency: s.currency, meta: JSON.stringify(s.meta ?? {}),
    });
    const venueIds = new Map<string, { id: string; tz: string }>();
    for (const v of catalog.venues) {
      const tz = v.timezone ?? s.timezone;
      const id = await upsertByKey(tx, 'venue', { seller_id: sellerId, catalog_key: v.key }, {
        seller_id: sellerId, catalog_key: v.key, name: v.name, timezone: tz, address: v.address ?? null,
      });
      venueIds.set(v.key, { id, tz });
    }
    const imageIds = new Map<string, string>();
    for (const img of images) {
      imageIds.set(img.key, await upsertByKey(tx, 'image', { seller_id: sellerId, catalog_key: img.key }, { seller_id: sellerId, catalog_key: img.key, content_type: img.content_type, width: img.width, height: img.height, alt_text: img.alt_text, data: img.data }));
    }
    const seatTemplateIds = await importSeatTemplates(tx, sellerId, catalog.seat_templates, venueIds);
    const typeIds = new Map<string, string>();
    for (const [rank, t] of catalog.ticket_types.entries()) {
      typeIds.set(t.key, await upsertByKey(tx, 'ticket_type', { seller_id: sellerId, catalog_key: t.key }, {
        seller_id: sellerId, catalog_key: t.key, name: t.name, summary: t.summary ?? null, description: t.description ?? null,
        currency_amount: toMinor(t.price), currency_amount_min: minor(t.price_min), currency_amount_max: minor(t.price_max),
        discounted_amount: minor(t.discounted_price), fee_fixed_outside: minor(t.fee_fixed_outside), fee_percent_outside: t.fee_percent_outside ?? null, rank,
      }));
    }

    // Every key the catalog names was checked against what it defines before anything is written.
    const idOf = (ids: Map<string, string>, key: string) => mustExist(ids.get(key), `id of catalog key ${key}`);
    const eventIds = new Map<string, string>();
    const groupIds = new Map<string, string>();
    const sessions = { inserted: 0, deleted: 0, total: 0 };
    for (const e of catalog.events) {
      const venue = mustExist(venueIds.get(e.venue), `venue ${e.venue}`);
      const meta = { ...(e.meta ?? {}) } as Record<string, unknown>;
      if (e.image_profile) meta.image_profile = imageIds.get(e.image_profile);
      if (e.image_cover) meta.image_cover = imageIds.get(e.image_cover);
      const eventId = await upsertByKey(tx, 'event_template', { seller_id: sellerId, catalog_key: e.key }, {
        seller_id: sellerId, venue_id: venue.id, catalog_key: e.key, name: e.name, subtitle: e.subtitle ?? null, summary: e.summary ?? null,
        description: e.description ?? null, category: e.category ?? null, event_type: e.event_type, hidden_type: e.hidden_type, meta: JSON.stringify(meta), rank: e.rank,
      });
      eventIds.set(e.key, eventId);
      for (const [rank, g] of e.ticket_groups.entries()) {
        const groupId = await upsertGroup(tx, {
          event_template_id: eventId, catalog_key: g.key, name: g.name, description: g.description ?? null, summary: g.summary ?? null,
          handler: g.handler, hidden_type: g.hidden_type, min_tickets_per_order: g.min_tickets_per_order ?? null, max_tickets_per_order: g.max_tickets_per_order ?? null,
          capacity: g.capacity, oversell_capacity: g.oversell_capacity, exclude_from_event_capacity: g.exclude_from_event_capacity ? 1 : 0, color: g.color ?? null,
          start_policy: g.start_policy ?? null, start_policy_date: g.start_policy_date ? startOfDay(g.start_policy_date, today, venue.tz) : null,
          duration_new: g.duration_new ?? null, additional_info_spec: g.additional_info_spec === undefined ? null : JSON.stringify(g.additional_info_spec),
          sales_start: g.sales_start ? startOfDay(g.sales_start, today, venue.tz) : null, sales_end: g.sales_end ? startOfDay(g.sales_end, today, venue.tz) : null,
          meta: JSON.stringify(g.meta ?? {}), rank,
        });
        await importGroupSeating(tx, groupId, g.seating, seatTemplateIds);
        groupIds.set(`${e.key}/${g.key}`, groupId);
        groupIds.set(g.key, groupIds.get(g.key) ?? groupId);
        await replaceRules(tx, groupId, g.types.map((t, i) => ({
          ticket_type_id: idOf(typeIds, t.ticket_type), party_role: t.party_role ?? null, named: t.named, emailed: t.emailed ? 1 : 0, min: t.min ?? null, max: t.max ?? null, rank: i,
        })));
      }
      const result = await syncSessions(tx, eventId, planSessions(e, today, venue.tz));
      sessions.inserted += result.inserted;
      sessions.deleted += result.deleted;
      sessions.total += result.total;
    }

    for (const e of catalog.events) {
      const resolveIds = (ids: unknown, map: Map<string, string>) => (Array.isArray(ids) ? ids.map((k: unknown) => map.get(String(k)) ?? k) : ids);
      await replaceMessageRules(tx, idOf(eventIds, e.key), e.message_rules.map((r) => ({
        catalog_key: r.key,
        rank: r.rank,
        actions: JSON.stringify(r.actions),
        triggers: JSON.stringify(r.triggers.map((t) => ({
          ...t,
          ...(t.dateInterval ? { dateInterval: resolveInterval(t.dateInterval, today) } : {}),
          ...(t.ticket_type_ids ? { ticket_type_ids: resolveIds(t.ticket_type_ids, typeIds) } : {}),
          ...(t.ticket_group_ids ? { ticket_group_ids: resolveIds(t.ticket_group_ids, groupIds) } : {}),
        }))),
      })));
    }

    for (const r of catalog.membership_rules) {
      await upsertByKey(tx, 'membership_rule', { seller_id: sellerId, catalog_key: r.key }, {
        seller_id: sellerId, catalog_key: r.key, membership_ticket_type_id: idOf(typeIds, r.membership_ticket_type),
        ticket_type_id: r.ticket_type === '*' ? '*' : idOf(typeIds, r.ticket_type), quantity: r.quantity, period: r.period,
      });
    }

    await importMembershipLevels(tx, sellerId, catalog.membership_levels, typeIds);
    await importPromotions(tx, sellerId, catalog.promotions, { types: typeIds, events: eventIds, today, tz: s.timezone });

    const refs = { events: eventIds, types: typeIds };
    const entries = [
      ...catalog.config.map((c) => ({ resource_id: c.resource === 'seller' ? sellerId : idOf(eventIds, c.resource), namespace: c.namespace, name: c.name, value: c.value })),
      ...catalog.events.flatMap((e) =>
        Object.entries(e.config ?? {}).map(([key, value]) => {
          const dot = key.indexOf('.');
          return { resource_id: idOf(eventIds, e.key), namespace: dot > 0 ? key.slice(0, dot) : 'web', name: dot > 0 ? key.slice(dot + 1) : key, value };
        }),
      ),
    ];
    await replaceConfig(tx, sellerId, entries.map((e) => ({ ...e, value: JSON.stringify(resolveConfigRefs(e.name, e.value, refs)) })));
    return { sellerId, events: catalog.events.length, sessions };
  });
}

/** Relative dates in a message rule's date interval become calendar dates at import. */
function resolveInterval(interval: unknown, today: string): unknown {
  if (!interval || typeof interval !== 'object') return interval;
  const out: Record<string, unknown> = { ...(interval as Record<string, unknown>) };
  for (const k of ['start', 'end']) if (typeof out[k] === 'string') out[k] = resolveDate(out[k], today);
  return out;
}

/** Config values may name events and ticket types by key; the storefront needs their ids. */
function resolveConfigRefs(name: string, value: unknown, refs: { events: Map<string, string>; types: Map<string, string> }): unknown {
  if (typeof value === 'string' && name.endsWith('event_id')) return refs.events.get(value) ?? value;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [k, v] of Object.entries(out)) {
      if (typeof v === 'string' && /ticket_type$/.test(k)) out[k] = refs.types.get(v) ?? v;
      if (typeof v === 'string' && /event_id$/.test(k)) out[k] = refs.events.get(v) ?? v;
    }
    return out;
  }
  return value;
}

function planSessions(e: TCatalogEvent, today: string, tz: string): (PlannedSession & { used_capacity?: number })[] {
  const planned = new Map<string, PlannedSession & { used_capacity?: number }>();
  for (const schedule of e.schedules) for (const s of expandSchedule(schedule, today, tz)) planned.set(s.start, s);
  for (const s of e.sessions) {
    const start = resolveLocalDateTime(s.start, today, tz);
    planned.set(start, { start, end: resolveLocalDateTime(s.end, today, tz), capacity: s.capacity, oversell_capacity: s.oversell_capacity });
  }
  for (const u of e.session_usage) {
    const session = planned.get(resolveLocalDateTime(u.start, today, tz));
    if (session) session.used_capacity = u.used_capacity;
  }
  return [...planned.values()];
}

export async function importCatalogFile(db: Db, file: string, now: Date): Promise<ImportSummary> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new CatalogInvalidError([{ path: '$', message: `cannot read ${file}: ${(error as Error).message}` }]);
  }
  return importCatalog(db, json, { baseDir: dirname(resolve(file)), now });
}

export type { Tx };
