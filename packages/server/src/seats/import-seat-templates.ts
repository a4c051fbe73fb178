import { createHash } from 'node:crypto';
import type { TCatalogSeatTemplate } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import type { SeatTable } from '../db/schema.js';
import { uuidv7 } from '../ids.js';
import { expandSeatTemplate } from './expand-seat-template.js';
import { insertSeats, retireSeatsOfTemplate, saveTemplate, seatsOfTemplate, setSeatGroup, templateByKey, updateSeat } from './seat-templates.repository.js';
import { mustExist } from '../must-exist.js';

/**
 * Imports seat templates by key (catalog import, one transaction). A seat keeps its id across
 * re-imports (matched by section, row and name), since tickets name it; a seat no longer in the
 * catalog is retired (off the map, never sold), not deleted. Answers template ids by key.
 */
export async function importSeatTemplates(tx: Tx, sellerId: string, templates: TCatalogSeatTemplate[], venueIds: Map<string, { id: string }>): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const t of templates) {
    const seats = expandSeatTemplate(t);
    const sections: { name: string; rows: string[] }[] = t.sections.map((s) => ({ name: s.name, rows: s.rows.map((r) => r.name) }));
    const values = {
      seller_id: sellerId, venue_id: mustExist(venueIds.get(t.venue), `venue ${t.venue}`).id, catalog_key: t.key, name: t.name, width: t.width, height: t.height, seat_radius: t.seat_radius,
      zones: JSON.stringify(t.zones.map((z) => ({ key: z.key, name: z.name, color: z.color ?? null }))),
      sections: JSON.stringify(sections),
      other_elements: JSON.stringify(t.other_elements),
      geometry_version: createHash('sha1').update(JSON.stringify({ ...t, seats })).digest('base64url').slice(0, 16),
    };
    const existing = await templateByKey(tx, sellerId, t.key);
    const id = existing?.id ?? uuidv7();
    await saveTemplate(tx, id, values, !!existing);
    ids.set(t.key, id);

    const known = new Map((await seatsOfTemplate(tx, id, { withRetired: true })).map((s) => [naturalKey(s.section, s.row_name, s.name), s]));
    await retireSeatsOfTemplate(tx, id);
    const fresh: SeatTable[] = [];
    for (const [rank, s] of seats.entries()) {
      const row = { seat_template_id: id, section: s.section, row_name: s.row, name: s.name, x: s.x, y: s.y, r: s.r, zone: s.zone, unavailable: s.unavailable ? 1 : 0, rank, retired: 0 };
      const old = known.get(naturalKey(s.section, s.row, s.name));
      if (old) await updateSeat(tx, old.id, row);
      else fresh.push({ id: uuidv7(), ...row });
    }
    await insertSeats(tx, fresh);
  }
  return ids;
}

/** A ticket group's seating (or none, e.g. a group that stopped being seated). */
export async function importGroupSeating(tx: Tx, groupId: string, seating: { template: string; zones: string[] } | undefined, templateIds: Map<string, string>) {
  await setSeatGroup(tx, groupId, seating ? { seat_template_id: mustExist(templateIds.get(seating.template), `seat template ${seating.template}`), zones: seating.zones } : null);
}

const naturalKey = (section: string, row: string, name: string) => `${section}\u0000${row}\u0000${name}`;
