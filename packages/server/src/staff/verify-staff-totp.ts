import { ADMIN_TEXT } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { enforceLimits, LIMITS } from '../rate-limit/rate-limit.js';
import { recordAudit } from '../admin/audit.js';
import { deleteStaffSession, enrolTotp, markLogin, staffById, takeTotpStep } from './staff.repository.js';
import { startStaffSession, type StaffViewer } from './staff-sessions.js';
import { matchingStep } from './totp.js';
import { mustExist } from '../must-exist.js';

/**
 * POST admin/login/totp: the second factor. The pending session is replaced by a new, complete one
 * (a new token: the one seen before the second factor opens nothing). Enrolment keeps the secret
 * the QR code showed. Codes are limited per member like passcodes, and each is accepted once.
 */
export async function verifyStaffTotp(db: Db, viewer: StaffViewer, input: { code: string; now: Date; idleMs: number }) {
  const { now } = input;
  if (viewer.stage === 'complete') throw new AppError(409, 'validation_failed', 'You are signed in already.', 'admin_totp');
  await enforceLimits(db, now, [[LIMITS.otpCheckAccount, `staff:${viewer.staff.id}`]]);
  const secret = viewer.stage === 'totp_enrolment' ? viewer.pendingTotpSecret : viewer.staff.totp_secret;
  const step = secret ? matchingStep(secret, input.code, now, viewer.staff.totp_last_step) : null;
  const incorrect = () => new AppError(401, 'totp_incorrect', ADMIN_TEXT.totpIncorrect, 'admin_totp');
  if (step === null || !secret) throw incorrect();
  return db.transaction().execute(async (tx) => {
    if (!(await takeTotpStep(tx, viewer.staff.id, step))) throw incorrect();
    if (!(await deleteStaffSession(tx, viewer.sessionId))) throw new AppError(401, 'not_authorized', ADMIN_TEXT.notSignedIn, 'admin_totp');
    const nowIso = now.toISOString();
    if (viewer.stage === 'totp_enrolment') {
      await enrolTotp(tx, viewer.staff.id, secret, nowIso);
      await recordAudit(tx, { id: viewer.staff.id, email: viewer.staff.email }, { action: 'staff.enrol_totp', objectType: 'staff', objectId: viewer.staff.id, before: null, after: null }, now);
    }
    await markLogin(tx, viewer.staff.id, nowIso);
    const started = await startStaffSession(tx, { staffId: viewer.staff.id, stage: 'complete', now, idleMs: input.idleMs });
    return { ...started, staff: mustExist(await staffById(tx, viewer.staff.id), `staff ${viewer.staff.id}`) };
  });
}
