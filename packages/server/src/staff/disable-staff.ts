import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { recordAudit, type Actor } from '../admin/audit.js';
import { emailKey } from '../users/normalize.js';
import { staffOut } from './staff-out.js';
import { deleteStaffSessionsOf, disableStaffRow, staffByEmailKey, staffById } from './staff.repository.js';
import { mustExist } from '../must-exist.js';

/** `staff disable <email>`: the member can no longer sign in, and every session of theirs ends now. */
export async function disableStaff(db: Db, actor: Actor, email: string, now: Date) {
  return db.transaction().execute(async (tx) => {
    const row = await staffByEmailKey(tx, emailKey(email));
    if (!row) throw new AppError(404, 'not_found', `There is no staff member with the e-mail ${email}.`, 'staff');
    if (!(await disableStaffRow(tx, row.id, now.toISOString()))) return staffOut(row);
    await deleteStaffSessionsOf(tx, row.id);
    const after = staffOut(mustExist(await staffById(tx, row.id), `staff ${row.id}`));
    await recordAudit(tx, actor, { action: 'staff.disable', objectType: 'staff', objectId: row.id, before: staffOut(row), after }, now);
    return after;
  });
}
