import type { Db } from '../db/database.js';
import { enqueueMail } from '../mail/enqueue-mail.js';
import { memberIdMail } from '../mail/templates.js';
import { enforceLimits, LIMITS } from '../rate-limit/rate-limit.js';
import { emailKey } from '../users/normalize.js';
import { userByDeliverableEmail } from '../users/public.js';
import { issuePasswordReset } from './issue-password-reset.js';

interface RecoveryInput {
  sellerId: string;
  email: string;
  ip: string;
  now: Date;
  publicUrl: string;
}

/** Both recovery calls: their limits (per address, per e-mail) counted, then the account the address reaches, if any. */
async function accountToRecover(db: Db, input: RecoveryInput) {
  const key = emailKey(input.email);
  await enforceLimits(db, input.now, [
    [LIMITS.recoveryIp, input.ip],
    [LIMITS.recoveryAccount, `email:${key}`],
  ]);
  return userByDeliverableEmail(db, input.sellerId, key);
}

/** POST password_reset/request: a reset link to a known address; the same answer for any address. */
export async function requestPasswordReset(db: Db, input: RecoveryInput): Promise<void> {
  const user = await accountToRecover(db, input);
  if (!user) return;
  await db.transaction().execute((tx) => issuePasswordReset(tx, { user, now: input.now, publicUrl: input.publicUrl }));
}

/** POST forgot_membership: e-mails the member id to a known member; the same answer for any address. */
export async function forgotMembership(db: Db, input: RecoveryInput): Promise<void> {
  const user = await accountToRecover(db, input);
  if (!user?.scan_code) return;
  await enqueueMail(db, memberIdMail({ to: user.email, firstName: user.first_name, scanCode: user.scan_code }), input.now);
}
