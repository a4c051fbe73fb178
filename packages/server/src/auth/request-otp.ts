import { OTP_MAX_ATTEMPTS } from '@foyer/contracts';
import { uuidv7 } from '../ids.js';
import type { Db } from '../db/database.js';
import { enqueueMail } from '../mail/enqueue-mail.js';
import { loginCodeMail } from '../mail/templates.js';
import { enforceLimits, LIMITS } from '../rate-limit/rate-limit.js';
import { emailKey } from '../users/normalize.js';
import { userByDeliverableEmail } from '../users/public.js';
import { insertOtp } from './recovery.repository.js';
import { otpHash, randomOtp, randomToken, tokenHash } from './tokens.js';

export const OTP_TTL_MINUTES = 10;
/** A passcode is not checked sooner than this after the request (its e-mail is on its way). */
export const OTP_READY_MS = 1000;

/**
 * POST login/request_otp: a token for the browser and, when an account has the address, an e-mail
 * with the 6-character passcode. Unknown addresses get a token too (one that can never succeed),
 * so the answer never tells whether an account exists.
 */
export async function requestOtp(db: Db, input: { sellerId: string; email: string; ip: string; now: Date; publicUrl: string }): Promise<{ token: string }> {
  const key = emailKey(input.email);
  await enforceLimits(db, input.now, [
    [LIMITS.otpRequestIp, input.ip],
    [LIMITS.otpRequestAccount, `email:${key}`],
  ]);
  const user = await userByDeliverableEmail(db, input.sellerId, key);
  const token = randomToken();
  const code = randomOtp();
  const now = input.now;
  await db.transaction().execute(async (tx) => {
    let outboxId: string | null = null;
    if (user) {
      const link = `${input.publicUrl}/?otp=${code}`;
      outboxId = await enqueueMail(tx, loginCodeMail({ to: user.email, firstName: user.first_name, code, link, minutes: OTP_TTL_MINUTES }), now);
    }
    await insertOtp(tx, {
      id: uuidv7(),
      token_hash: tokenHash(token),
      seller_id: input.sellerId,
      email_key: key,
      user_id: user?.id ?? null,
      code_hash: otpHash(token, code),
      attempts_left: OTP_MAX_ATTEMPTS,
      outbox_id: outboxId,
      created_at: now.toISOString(),
      ready_at: new Date(now.getTime() + OTP_READY_MS).toISOString(),
      expires_at: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000).toISOString(),
      used_at: null,
    });
  });
  return { token };
}
