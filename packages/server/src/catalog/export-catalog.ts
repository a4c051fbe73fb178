import { exportMembershipLevels } from '../membership/import-membership-levels.js';
import { exportPromotions } from '../promotions/export-promotions.js';
import { fromMinor, type TCatalogInput } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { listSellers, readSellerCatalog } from './catalog-export.repository.js';
import { formatInZone } from '../time/venue-time.js';
import { AppError } from '../http/app-error.js';
import { exportGroupSeating, exportSeatTemplates } from '../seats/export-seat-templates.js';
import { mustExist } from '../must-exist.js';

const plain = (minor: number | null) => (minor === null ? undefined : fromMinor(minor));
const opt = <T>(v: T | null) => (v === null ? undefined : v);

/**
 * Writes a seller's catalog back out as a catalog document. Sessions come out as explicit
 * sessions with absolute venue-local times (schedules are expanded on import); images inline as
 * data URIs; ids in configuration back to keys. Importing the export reproduces the catalog.
 */
export async function exportCatalog(db: Db, sellerKeyOrId?: string): Promise<TCatalogInput> {
  const sellers = await listSellers(db);
  const seller = sellerKeyOrId ? sellers.find((s) => s.id === sellerKeyOrId || s.catalog_key === sellerKeyOrId) : sellers.length === 1 ? sellers[0] : undefined;
  if (!seller) throw new AppError(404, 'seller_not_found', sellerKeyOrId ? `No seller "${sellerKeyOrId}".` : 'Name the seller to export.');
  const { venues, images, types, events, groups, rules, sessions, messageRules, memberRules, config } = await readSellerCatalog(db, seller.id);

  const seats = await exportSeatTemplates(db, seller.id, new Map(venues.map((v) => [v.id, v.catalog_key])));
  const seating = await exportGroupSeating(db, groups.map((g) => g.id), seats.keyById);
  const typeKey = new Map(types.map((t) => [t.id, t.catalog_key]));
  const eventKey = new Map(events.map((e) => [e.id, e.catalog_key]));
  const imageKey = new Map(images.map((i) => [i.id, i.catalog_key]));
  const venueById = new Map(venues.map((v) => [v.id, v]));
  const back = (value: unknown): unknown => {
    if (typeof value === 'string') return eventKey.get(value) ?? typeKey.get(value) ?? value;
    if (value && typeof value === 'object' && !Array.isArray(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, back(v)]));
    return value;
  };
  const record = (json: string) => JSON.parse(json) as Record<string, unknown>;
  const keyOfType = (id: string) => mustExist(typeKey.get(id), `key of ticket type ${id}`);
  const local = (iso: string, tz: string) => formatInZone(iso, tz, 'YYYY-MM-DDTHH:mm');
  const localDay = (iso: string | null, tz: string) => (iso ? formatInZone(iso, tz, 'YYYY-MM-DD') : undefined);

  return {
    seller: { key: seller.catalog_key, name: seller.name, timezone: seller.timezone, currency: seller.currency, meta: record(seller.meta) },
    venues: venues.map((v) => ({ key: v.catalog_key, name: v.name, timezone: v.timezone, address: opt(v.address) })),
    seat_templates: seats.templates as TCatalogInput['seat_templates'],
    images: images.map((i) => ({ key: i.catalog_key, file: `data:${i.content_type};base64,${Buffer.from(i.data).toString('base64')}`, alt_text: opt(i.alt_text) })),
    ticket_types: types.map((t) => ({
      key: t.catalog_key, name: t.name, summary: opt(t.summary), description: opt(t.description), price: fromMinor(t.currency_amount),
      price_min: plain(t.currency_amount_min), price_max: plain(t.currency_amount_max), discounted_price: plain(t.discounted_amount),
      fee_fixed_outside: plain(t.fee_fixed_outside), fee_percent_outside: opt(t.fee_percent_outside),
    })),
    events: events.map((e) => {
      const tz = venueById.get(e.venue_id)?.timezone ?? seller.timezone;
      const { image_profile, image_cover, ...meta } = JSON.parse(e.meta) as { image_profile?: string; image_cover?: string; [key: string]: unknown };
      const eventSessions = sessions.filter((s) => s.event_template_id === e.id);
      return {
        key: e.catalog_key, name: e.name, subtitle: opt(e.subtitle), summary: opt(e.summary), description: opt(e.description), category: opt(e.category),
        venue: mustExist(venueById.get(e.venue_id), `venue ${e.venue_id}`).catalog_key, event_type: e.event_type as 'single', hidden_type: e.hidden_type as 'public_browsable', rank: e.rank, meta,
        image_profile: image_profile ? imageKey.get(image_profile) : undefined,
        image_cover: image_cover ? imageKey.get(image_cover) : undefined,
        config: Object.fromEntries(config.filter((c) => c.resource_id === e.id).map((c) => [`${c.namespace}.${c.name}`, back(JSON.parse(c.value))])),
        ticket_groups: groups.filter((g) => g.event_template_id === e.id).map((g) => ({
          key: g.catalog_key, name: g.name, description: opt(g.description), summary: opt(g.summary), handler: g.handler as 'tickets', hidden_type: g.hidden_type as 'public_browsable',
          min_tickets_per_order: opt(g.min_tickets_per_order), max_tickets_per_order: opt(g.max_tickets_per_order), capacity: g.capacity, oversell_capacity: g.oversell_capacity,
          exclude_from_event_capacity: g.exclude_from_event_capacity === 1, color: opt(g.color), start_policy: opt(g.start_policy) as 'fixedfrom' | undefined,
          start_policy_date: localDay(g.start_policy_date, tz), duration_new: opt(g.duration_new),
          additional_info_spec: g.additional_info_spec ? (JSON.parse(g.additional_info_spec) as unknown) : undefined,
          sales_start: localDay(g.sales_start, tz), sales_end: localDay(g.sales_end, tz), meta: record(g.meta), seating: seating.get(g.id),
          types: rules.filter((r) => r.ticket_group_id === g.id).map((r) => ({
            ticket_type: keyOfType(r.ticket_type_id), party_role: opt(r.party_role), named: r.named as 'no', emailed: r.emailed === 1, min: opt(r.min), max: opt(r.max),
          })),
        })),
        sessions: eventSessions.map((s) => ({ start: local(s.start_datetime, tz), end: local(s.end_datetime, tz), capacity: s.capacity, oversell_capacity: s.oversell_capacity })),
        session_usage: eventSessions.filter((s) => s.used_capacity > 0).map((s) => ({ start: local(s.start_datetime, tz), used_capacity: s.used_capacity })),
        message_rules: messageRules.filter((r) => r.event_template_id === e.id).map((r) => ({ key: r.catalog_key, rank: r.rank, actions: JSON.parse(r.actions) as Record<string, unknown>[], triggers: JSON.parse(r.triggers) as Record<string, unknown>[] })),
      };
    }),
    membership_levels: await exportMembershipLevels(db, seller.id, typeKey),
    membership_rules: memberRules.map((r) => ({
      key: r.catalog_key, membership_ticket_type: keyOfType(r.membership_ticket_type_id), ticket_type: r.ticket_type_id === '*' ? '*' : keyOfType(r.ticket_type_id),
      quantity: r.quantity, period: r.period as 'per_session',
    })),
    promotions: await exportPromotions(db, seller.id, seller.timezone, { types: typeKey, events: eventKey }),
    config: config.filter((c) => c.resource_id === seller.id).map((c) => ({ resource: 'seller', namespace: c.namespace, name: c.name, value: back(JSON.parse(c.value)) })),
  };
}
