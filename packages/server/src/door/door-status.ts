import { DOOR_LAST_SCANS, type TDoorLogLine, type TDoorStatus } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { lastScans, sessionCounts } from './door.repository.js';
import { mustExist } from '../must-exist.js';

/** GET door/sessions/{id}/status: admitted and expected, and the last scans newest first (docs/door.md). */
export async function doorStatus(db: Db, sessionId: string): Promise<TDoorStatus> {
  const counts = mustExist((await sessionCounts(db, [sessionId])).get(sessionId), `counts of session ${sessionId}`);
  const scans = await lastScans(db, sessionId, DOOR_LAST_SCANS);
  return {
    event_session_id: sessionId,
    ...counts,
    scans: scans.map((s) => ({
      id: s.id,
      scan_code: s.scan_code,
      outcome: s.outcome as TDoorLogLine['outcome'],
      reason: s.reason as TDoorLogLine['reason'],
      source: s.source as TDoorLogLine['source'],
      name: s.admit_name ?? (s.first_name !== null ? `${s.first_name} ${s.last_name ?? ''}`.trim() : null),
      ticket_type_name: s.type_name,
      staff_name: s.staff_name,
      scanned_at: s.scanned_at,
      undone_at: s.undone_at,
      undone_by: s.undone_by,
    })),
  };
}
