import { ADMIN_TEXT } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { recordAudit } from '../admin/audit.js';
import { hashPassword } from '../auth/passwords.js';
import { tokenHash } from '../auth/tokens.js';
import { deleteStaffSessionsOf, staffBySetupTokenHash, usePasswordSetup } from './staff.repository.js';

/** POST admin/password: a one-time link's token sets the password once; any old sessions end. */
export async function setStaffPassword(db: Db, input: { token: string; password: string; now: Date }) {
  const hash = tokenHash(input.token);
  const row = await staffBySetupTokenHash(db, hash);
  const invalid = () => new AppError(400, 'not_authorized', ADMIN_TEXT.setPasswordInvalid, 'admin_password');
  if (!row || row.disabled_at || !row.setup_expires_at || row.setup_expires_at <= input.now.toISOString()) throw invalid();
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (tx) => {
    if (!(await usePasswordSetup(tx, row.id, hash, passwordHash))) throw invalid();
    await deleteStaffSessionsOf(tx, row.id);
    await recordAudit(tx, { id: row.id, email: row.email }, { action: 'staff.set_password', objectType: 'staff', objectId: row.id, before: null, after: null }, input.now);
  });
}
