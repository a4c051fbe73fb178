import { DOOR_TEXT } from '@foyer/contracts';
import type { Db, Dialect } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { AppError } from '../http/app-error.js';
import { uuidv7 } from '../ids.js';
import { recordAudit } from '../admin/audit.js';
import type { DoorStaff } from '../checkin/staff-auth.js';
import { deleteMemberCheckin, doorScanById, insertDoorScan, lastAdmissionBy, markUndone, unredeemTicket } from './door.repository.js';
import { mustExist } from '../must-exist.js';

const notLast = () => new AppError(409, 'door_undo_not_last', DOOR_TEXT.undoNotLast, 'door');

/**
 * POST door/sessions/{id}/undo (docs/door.md): a staff member takes back their own last admission
 * in the session — the ticket is booked again (or the card's check-in of the day removed), the
 * admission marked undone and written to the audit log (admin/audit.ts: who, when, which admission), all in one
 * transaction; an admission is undone once, and only while it is still the ticket's admission.
 */
export async function undoAdmission(db: Db, dialect: Dialect, input: { sellerId: string; sessionId: string; scanId: string; staff: DoorStaff; now: Date }): Promise<void> {
  const scan = await doorScanById(db, input.scanId);
  const last = await lastAdmissionBy(db, input.sessionId, input.staff.id);
  if (!scan || scan.seller_id !== input.sellerId || scan.event_session_id !== input.sessionId || last?.id !== scan.id) throw notLast();
  const at = input.now.toISOString();
  await inWriteTransaction(db, dialect, async (tx) => {
    if (!(await markUndone(tx, scan.id, input.staff.name, at))) throw notLast();
    const undone = scan.ticket_id ? await unredeemTicket(tx, scan.ticket_id, scan.scanned_at) : scan.membership_id ? await deleteMemberCheckin(tx, scan.membership_id, scan.scanned_at) : false;
    if (!undone) throw notLast();
    await insertDoorScan(tx, {
      id: uuidv7(),
      seller_id: scan.seller_id,
      event_session_id: scan.event_session_id,
      scan_code: scan.scan_code,
      ticket_id: scan.ticket_id,
      membership_id: scan.membership_id,
      outcome: 'undo',
      reason: null,
      source: scan.source,
      staff_id: input.staff.id,
      staff_name: input.staff.name,
      scanned_at: at,
      recorded_at: at,
      undo_of: scan.id,
    });
    const admitted = { scan_id: scan.id, scan_code: scan.scan_code, event_session_id: scan.event_session_id, admitted_by: scan.staff_name, admitted_at: scan.scanned_at };
    await recordAudit(tx, input.staff.actor, { action: 'door.undo', objectType: scan.ticket_id ? 'ticket' : 'membership', objectId: mustExist(scan.ticket_id ?? scan.membership_id, `ticket or card of scan ${scan.id}`), before: admitted, after: null }, input.now);
  });
}
