import { uuidv7 } from '../ids.js';
import type { Tx } from '../db/database.js';
import { enqueueMail } from '../mail/enqueue-mail.js';
import { passwordResetMail } from '../mail/templates.js';
import type { UserRow } from '../users/public.js';
import { insertRecoveryToken } from './recovery.repository.js';
import { randomToken, tokenHash } from './tokens.js';

export const RESET_TOKEN_MINUTES = 60;
export const RESET_PURPOSE = 'password_reset';

/** Stores a single-use reset token (hashed) and queues the e-mail with its link, in one transaction. */
export async function issuePasswordReset(tx: Tx, input: { user: UserRow; now: Date; publicUrl: string }) {
  const token = randomToken();
  await insertRecoveryToken(tx, {
    id: uuidv7(),
    token_hash: tokenHash(token),
    purpose: RESET_PURPOSE,
    user_id: input.user.id,
    created_at: input.now.toISOString(),
    expires_at: new Date(input.now.getTime() + RESET_TOKEN_MINUTES * 60_000).toISOString(),
    used_at: null,
  });
  const link = `${input.publicUrl}/user/reset-password?token=${encodeURIComponent(token)}`;
  await enqueueMail(
    tx,
    passwordResetMail({ to: input.user.email, firstName: input.user.first_name, link, minutes: RESET_TOKEN_MINUTES, setPassword: input.user.password_hash === null }),
    input.now,
  );
}
