import type { TCatalogSeatTemplate } from '@foyer/contracts';

/** One seat of a template after runs are expanded and zones inherited (section → row → seat). */
export interface PlannedSeat {
  section: string;
  row: string;
  name: string;
  x: number;
  y: number;
  /** null: the template's seat_radius. */
  r: number | null;
  zone: string;
  unavailable: boolean;
  /** JSON path of the catalog entry it comes from (for validation messages). */
  path: string;
}

/** Every seat of a template, in catalog order (sections, rows, then explicit seats and runs). */
export function expandSeatTemplate(t: TCatalogSeatTemplate, at = '$'): PlannedSeat[] {
  const out: PlannedSeat[] = [];
  t.sections.forEach((section, si) => {
    section.rows.forEach((row, ri) => {
      const rowAt = `${at}.sections[${si}].rows[${ri}]`;
      const zoneOf = (zone?: string) => zone ?? row.zone ?? section.zone ?? '';
      row.seats.forEach((s, i) => {
        out.push({ section: section.name, row: row.name, name: s.name, x: s.x, y: s.y, r: s.r ?? null, zone: zoneOf(s.zone), unavailable: !!s.unavailable, path: `${rowAt}.seats[${i}]` });
      });
      row.runs.forEach((run, i) => {
        const kills = new Set(run.unavailable);
        for (let n = run.from, k = 0; n <= run.to; n += run.step, k++) {
          const name = String(n);
          out.push({ section: section.name, row: row.name, name, x: round(run.x + k * run.dx), y: round(run.y + k * run.dy), r: run.r ?? null, zone: zoneOf(run.zone), unavailable: kills.has(name), path: `${rowAt}.runs[${i}]` });
        }
      });
    });
  });
  return out;
}

const round = (v: number) => Math.round(v * 100) / 100;
