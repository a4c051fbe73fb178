import type { Db } from '../db/database.js';
import { staffOut } from './staff-out.js';
import { listStaffRows } from './staff.repository.js';

/** `staff list`: every staff member, by e-mail. */
export async function listStaff(db: Db) {
  return (await listStaffRows(db)).map(staffOut);
}
