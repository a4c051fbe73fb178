import { AUTH_TEXT, type TRegister } from '@foyer/contracts';
import { uuidv7 } from '../ids.js';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { hashPassword } from '../auth/passwords.js';
import { keepGuestCarts } from '../auth/public.js';
import { startSession } from '../auth/sessions.js';
import { enforceLimits, LIMITS } from '../rate-limit/rate-limit.js';
import { emailKey, isPlaceholderEmail } from './normalize.js';
import { insertUser, userByEmailKey, userById, type UserRow } from './user.repository.js';
import { grantIdentity } from '../identity/public.js';
import { mustExist } from '../must-exist.js';

/**
 * POST user: a new account. With a password it is a full account (the route logs it in); without,
 * a guest account that sets its password later through the reset e-mail. Registering with a
 * password logs the new user in (a session is started) and keeps the guest's live carts, as a
 * login does. An e-mail already in use
 * answers 409 with the existing identity id in `_extra` (docs/accounts.md#calls — the spec asks for it).
 * `holderIdentityId` (the caller) may name the identity afterwards — the new one, or the existing
 * one whose e-mail it typed — as purchaser or giftee; an identity id alone grants nothing.
 */
export async function registerUser(
  db: Db,
  input: { sellerId: string; body: TRegister; guestIdentityId?: string | null; holderIdentityId?: string | null; ip: string; now: Date },
): Promise<{ user: UserRow; session: { token: string; expiresAt: string } | null }> {
  const granted = async (identityId: string, registered = false) => {
    if (input.holderIdentityId) await grantIdentity(db, input.holderIdentityId, identityId, input.now, registered);
    return identityId;
  };
  const taken = async (identityId: string) => new AppError(409, 'email_in_use', AUTH_TEXT.accountExists, 'user', { identity_id: await granted(identityId) });
  const { body } = input;
  await enforceLimits(db, input.now, [[LIMITS.registerIp, input.ip]]);
  if (isPlaceholderEmail(body.email)) throw new AppError(400, 'validate_not_email', AUTH_TEXT.emailNotValid, 'user', { field: 'email' });
  const key = emailKey(body.email);
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  const existing = await userByEmailKey(db, input.sellerId, key);
  if (existing) throw await taken(existing.identity_id);
  const id = uuidv7();
  const identityId = uuidv7();
  const nowIso = input.now.toISOString();
  let session: { token: string; expiresAt: string } | null = null;
  try {
    await db.transaction().execute(async (tx) => {
      await insertUser(tx, {
        id,
        seller_id: input.sellerId,
        identity_id: identityId,
        email: body.email.trim(),
        email_key: key,
        password_hash: passwordHash,
        first_name: body.first_name,
        last_name: body.last_name,
        scan_code: null,
        scan_code_key: null,
        zip_code: null,
        meta: JSON.stringify(body.meta ?? {}),
        additional_info: JSON.stringify(body.additional_info ?? {}),
        created_at: nowIso,
        updated_at: nowIso,
      });
      if (passwordHash) {
        session = await startSession(tx, { userId: id, identityId, now: input.now });
        if (input.guestIdentityId) await keepGuestCarts(tx, { guestIdentityId: input.guestIdentityId, userIdentityId: identityId, now: input.now });
      }
    });
  } catch (error) {
    // Two registrations raced for the address: the unique index decides.
    const winner = await userByEmailKey(db, input.sellerId, key);
    if (winner) throw await taken(winner.identity_id);
    throw error;
  }
  await granted(identityId, true);
  return { user: mustExist(await userById(db, id), `user ${id}`), session };
}
