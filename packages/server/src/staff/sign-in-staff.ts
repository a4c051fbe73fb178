import QRCode from 'qrcode';
import { ADMIN_TEXT, TOTP_ROLES, type TAdminLoginBody, type TAdminSession, type TStaffRole } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { loginLimits } from '../rate-limit/login-limits.js';
import { verifyPassword } from '../auth/passwords.js';
import { emailKey } from '../users/normalize.js';
import { markLogin, staffByEmailKey, type StaffRow } from './staff.repository.js';
import { startStaffSession, type StaffStage } from './staff-sessions.js';
import { newTotpSecret, otpauthUri } from './totp.js';

export interface StaffSignIn {
  token: string;
  staff: StaffRow;
  session: TAdminSession;
}

/** The enrolment's QR code as SVG markup, for the sign-in screen to show. */
export const qrSvg = (text: string) => QRCode.toString(text, { type: 'svg', margin: 2 });

/**
 * POST admin/login (docs/box-office.md, Sign-in): the storefront login's limits (per address, per
 * e-mail and address, failures per e-mail with known addresses still let in), one refusal for an
 * unknown, disabled or wrong-password member, costing the same time. Box office and admin get a
 * session that opens nothing until the TOTP code (enrolling on first sign-in); door staff are in.
 */
export async function signInStaff(db: Db, input: { body: TAdminLoginBody; ip: string; now: Date; idleMs: number }): Promise<StaffSignIn> {
  const { now } = input;
  const limits = await loginLimits(db, { accountKey: `staff:${emailKey(input.body.email)}`, ip: input.ip, now });

  const row = await staffByEmailKey(db, emailKey(input.body.email));
  const ok = await verifyPassword(row?.password_hash, input.body.password);
  if (!row || !ok || row.disabled_at) {
    await limits.failed();
    throw new AppError(401, 'not_authorized', ADMIN_TEXT.signInFailed, 'admin_login');
  }
  await limits.succeeded();

  const needsTotp = TOTP_ROLES.includes(row.role as TStaffRole);
  const stage: StaffStage = !needsTotp ? 'complete' : row.totp_enrolled_at ? 'totp' : 'totp_enrolment';
  const pending = stage === 'totp_enrolment' ? newTotpSecret() : null;
  const started = await db.transaction().execute(async (tx) => {
    if (stage === 'complete') await markLogin(tx, row.id, now.toISOString());
    return startStaffSession(tx, { staffId: row.id, stage, pendingTotpSecret: pending, now, idleMs: input.idleMs });
  });
  const uri = pending ? otpauthUri(pending, row.email) : null;
  return {
    token: started.token,
    staff: row,
    session: { stage, expires_at: started.expiresAt, otpauth_uri: uri, qr_code_svg: uri ? await qrSvg(uri) : null },
  };
}
