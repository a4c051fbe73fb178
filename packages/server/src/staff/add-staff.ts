import { passwordProblems, type TStaffRole } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { uuidv7 } from '../ids.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { AppError } from '../http/app-error.js';
import { recordAudit, type Actor } from '../admin/audit.js';
import { hashPassword } from '../auth/passwords.js';
import { randomToken, tokenHash } from '../auth/tokens.js';
import { emailKey } from '../users/normalize.js';
import { staffOut } from './staff-out.js';
import { insertStaff, staffById } from './staff.repository.js';
import { newTotpSecret, otpauthUri } from './totp.js';
import { mustExist } from '../must-exist.js';

/** How long a set-password link stays good. */
export const SETUP_LINK_MS = 7 * 24 * 3600_000;

export interface AddStaffInput {
  email: string;
  role: TStaffRole;
  /** Set now (`--password-stdin`); otherwise the answer carries a one-time link to set it. */
  password?: string;
  /** Enrol TOTP now and hand back its otpauth URI (scripts); otherwise enrolment is at first sign-in. */
  enrolTotp?: boolean;
  publicUrl: string;
  now: Date;
}

/** `staff add`: one new staff member and an audit entry, in one transaction. */
export async function addStaff(db: Db, actor: Actor, input: AddStaffInput) {
  const email = input.email.trim();
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) throw new AppError(400, 'validation_failed', `"${email}" is not an e-mail address.`, 'staff');
  if (input.password !== undefined) {
    const problems = passwordProblems(input.password);
    if (problems.length) throw new AppError(400, 'validation_failed', `The password needs ${problems.join('; ')}.`, 'staff');
  }
  const nowIso = input.now.toISOString();
  const setupToken = input.password === undefined ? randomToken() : null;
  const totpSecret = input.enrolTotp ? newTotpSecret() : null;
  const id = uuidv7();
  try {
    await db.transaction().execute(async (tx) => {
      await insertStaff(tx, {
        id,
        email,
        email_key: emailKey(email),
        role: input.role,
        password_hash: input.password === undefined ? null : await hashPassword(input.password),
        setup_token_hash: setupToken ? tokenHash(setupToken) : null,
        setup_expires_at: setupToken ? new Date(input.now.getTime() + SETUP_LINK_MS).toISOString() : null,
        totp_secret: totpSecret,
        totp_enrolled_at: totpSecret ? nowIso : null,
        created_at: nowIso,
      });
      const row = mustExist(await staffById(tx, id), `staff ${id}`);
      await recordAudit(tx, actor, { action: 'staff.add', objectType: 'staff', objectId: id, before: null, after: staffOut(row) }, input.now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'email_in_use', `A staff member with the e-mail ${email} exists already.`, 'staff');
    throw error;
  }
  return {
    staff: staffOut(mustExist(await staffById(db, id), `staff ${id}`)),
    setupLink: setupToken ? `${input.publicUrl}/admin/set-password?token=${setupToken}` : null,
    otpauthUri: totpSecret ? otpauthUri(totpSecret, email) : null,
  };
}
