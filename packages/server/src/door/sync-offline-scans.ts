import type { TDoorQueuedScan, TDoorResult, TDoorSynced } from '@foyer/contracts';
import type { Db, Dialect } from '../db/database.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import type { DoorScanTable } from '../db/schema.js';
import { admitAtDoor, type DoorScanInput } from './admit-at-door.js';
import { doorScanByClientRef, ticketByScanCode } from './door.repository.js';
import { ticketResult, unknownResult } from './door-result.js';

const DAY_MS = 24 * 3600_000;

/**
 * POST door/sessions/{id}/sync (docs/door.md): the admissions an offline door made, in order. Each
 * is let in now by the same rule as a scan, at the time the door let them in (kept when within the
 * last day and not ahead of the server). One the server does not let in — another door let the
 * code in first (online, or offline and synced before), or it was cancelled meanwhile — comes back
 * as a conflict with the reason; none is dropped silently. A batch sent again (the answer was lost)
 * answers each queued admission as the first time, by its client id.
 */
export async function syncOfflineScans(db: Db, dialect: Dialect, input: Omit<DoorScanInput, 'scanCode' | 'source' | 'scannedAt' | 'clientRef'> & { scans: TDoorQueuedScan[] }): Promise<TDoorSynced[]> {
  const answers: TDoorSynced[] = [];
  const nowMs = input.now.getTime();
  for (const queued of input.scans) {
    const clientRef = `${input.staff.id}:${queued.client_id}`;
    const at = Date.parse(queued.scanned_at);
    const scannedAt = at <= nowMs && at >= nowMs - DAY_MS ? new Date(at).toISOString() : input.now.toISOString();
    const earlier = await doorScanByClientRef(db, clientRef);
    let result: TDoorResult;
    if (earlier) result = await replay(db, input.sellerId, earlier);
    else {
      try {
        result = await admitAtDoor(db, dialect, { ...input, scanCode: queued.scan_code, source: 'offline', scannedAt, clientRef });
      } catch (error) {
        // The same batch sent twice at once: the other one logged it first.
        const other = isUniqueViolation(error) ? await doorScanByClientRef(db, clientRef) : undefined;
        if (!other) throw error;
        result = await replay(db, input.sellerId, other);
      }
    }
    answers.push({ client_id: queued.client_id, conflict: result.outcome !== 'admitted', result });
  }
  return answers;
}

/** The answer a queued admission got the first time, from its log line. */
async function replay(db: Db, sellerId: string, row: DoorScanTable): Promise<TDoorResult> {
  const ticket = row.ticket_id ? await ticketByScanCode(db, sellerId, row.scan_code) : undefined;
  const base: TDoorResult = ticket ? { ...ticketResult(ticket), outcome: 'refused', reason: null, scan_id: null } : { ...unknownResult(row.scan_code), kind: row.membership_id ? 'member' : null };
  const admitted = row.outcome === 'admitted';
  return {
    ...base,
    outcome: row.outcome as TDoorResult['outcome'],
    reason: row.reason as TDoorResult['reason'],
    scan_id: row.id,
    admitted_at: admitted ? row.scanned_at : (ticket?.redeemed_at ?? null),
    admitted_by: admitted ? row.staff_name : null,
  };
}
