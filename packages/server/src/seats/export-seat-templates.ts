import type { TCatalogSeatTemplate } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { seatGroupsOf, seatsOfTemplate, templatesOfSeller } from './seat-templates.repository.js';
import { mustExist } from '../must-exist.js';

type SeatTemplateOut = Omit<TCatalogSeatTemplate, 'seat_radius' | 'other_elements' | 'sections'> & { seat_radius: number; other_elements: TCatalogSeatTemplate['other_elements']; sections: unknown[] };

/** A seller's seat templates as catalog entries: every seat explicit (runs are expanded on import). */
export async function exportSeatTemplates(db: Db, sellerId: string, venueKey: Map<string, string>): Promise<{ templates: SeatTemplateOut[]; keyById: Map<string, string> }> {
  const templates = await templatesOfSeller(db, sellerId);
  const out: SeatTemplateOut[] = [];
  for (const t of templates) {
    const seats = await seatsOfTemplate(db, t.id);
    const layout = JSON.parse(t.sections) as { name: string; rows: string[] }[];
    const sections = layout
      .map((s) => ({
        name: s.name,
        rows: s.rows
          .map((row) => ({
            name: row,
            seats: seats
              .filter((seat) => seat.section === s.name && seat.row_name === row)
              .map((seat) => ({ name: seat.name, x: seat.x, y: seat.y, ...(seat.r === null ? {} : { r: seat.r }), zone: seat.zone, ...(seat.unavailable ? { unavailable: true } : {}) })),
          })),
      }));
    out.push({
      key: t.catalog_key, name: t.name, venue: mustExist(venueKey.get(t.venue_id), `key of venue ${t.venue_id}`), width: t.width, height: t.height, seat_radius: t.seat_radius,
      zones: (JSON.parse(t.zones) as { key: string; name: string; color: string | null }[]).map((z) => ({ key: z.key, name: z.name, ...(z.color ? { color: z.color } : {}) })),
      sections, other_elements: JSON.parse(t.other_elements) as SeatTemplateOut['other_elements'],
    });
  }
  return { templates: out, keyById: new Map(templates.map((t) => [t.id, t.catalog_key])) };
}

/** The seating of each seated group, by group id, in catalog form. */
export async function exportGroupSeating(db: Db, groupIds: string[], templateKey: Map<string, string>): Promise<Map<string, { template: string; zones: string[] }>> {
  const rows = await seatGroupsOf(db, groupIds);
  return new Map(rows.map((r) => [r.ticket_group_id, { template: mustExist(templateKey.get(r.seat_template_id), `key of seat template ${r.seat_template_id}`), zones: JSON.parse(r.zones) as string[] }]));
}
