import type { TStaff, TStaffRole } from '@foyer/contracts';
import type { StaffRow } from './staff.repository.js';

/** A staff row as the wire shows it: never its hashes or secrets. */
export function staffOut(row: StaffRow): TStaff {
  return {
    id: row.id,
    email: row.email,
    role: row.role as TStaffRole,
    disabled: row.disabled_at !== null,
    totp_enrolled: row.totp_enrolled_at !== null,
    created_at: row.created_at,
    last_login_at: row.last_login_at,
  };
}
