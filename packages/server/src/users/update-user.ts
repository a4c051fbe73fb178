import { AUTH_TEXT, metaProblems, PROFILE_KEYS, profileDetails, type ProfileKey, type TUpdateMe } from '@foyer/contracts';
import type { Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import type { UserAccountTable } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { refuseFieldProblems } from '../checkout/purchaser-form.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { deleteOtherSessions } from '../auth/public.js';
import { enqueueMail } from '../mail/enqueue-mail.js';
import { emailChangedMail } from '../mail/templates.js';
import { emailKey, isPlaceholderEmail } from './normalize.js';
import { detailsLockedError, memberDetailsLocked } from '../membership/member-details-lock.js';
import { updateUser, userByEmailKey, userById, type UserRow } from './user.repository.js';
import { mustExist } from '../must-exist.js';

/** The stored meta with the body's keys merged in, refused when the result is over the limits. */
export function mergedMeta(stored: string, changes: Record<string, unknown>): string {
  const merged = { ...(JSON.parse(stored) as Record<string, unknown>), ...changes };
  const [problem] = metaProblems(merged);
  if (problem) throw new AppError(400, 'validation_failed', `meta: ${problem}`, 'user', [{ path: 'meta', message: problem }]);
  return JSON.stringify(merged);
}

/**
 * PUT my/user and PATCH my/user/{id}: names, contact details (docs/accounts.md#my-account My profile: phone, address,
 * city, country, state, ZIP), additional info, meta (merged), e-mail (409 when
 * another account has it — also how a 'no-email+' user sets a real address) and password. Changing
 * the password, or a real e-mail, needs `current_password` when the account has a password.
 * A new password ends the user's other sessions; a changed real address is told of the change.
 * A member's names and real e-mail are locked by `prevent_membership_updates` (docs/memberships.md).
 */
export async function updateMe(db: Db, input: { userId: string; sessionId: string; body: TUpdateMe; now: Date }): Promise<UserRow> {
  const user = await userById(db, input.userId);
  if (!user) throw new AppError(401, 'not_authorized', AUTH_TEXT.notLoggedIn, 'user');
  const { body } = input;
  const locked = lockedChanges(user, body);
  if (locked.length && (await memberDetailsLocked(db, user.seller_id, user.id))) throw detailsLockedError('user', { fields: locked });
  const changes: Updateable<UserAccountTable> = {};
  if (body.first_name !== undefined) changes.first_name = body.first_name;
  if (body.last_name !== undefined) changes.last_name = body.last_name;
  const profile = Object.fromEntries(PROFILE_KEYS.filter((key) => body[key] !== undefined).map((key) => [key, body[key]])) as Partial<Record<ProfileKey, string | null>>;
  if (Object.keys(profile).length) {
    // docs/checkout.md#your-information My profile: the checkout's rules; a state where the country has none is kept as null.
    const { details, problems } = profileDetails(user, profile);
    refuseFieldProblems(problems, 'user');
    Object.assign(changes, details);
  }
  if (body.additional_info !== undefined) changes.additional_info = JSON.stringify(body.additional_info);
  if (body.meta !== undefined) changes.meta = mergedMeta(user.meta, body.meta);
  if (body.email !== undefined && emailKey(body.email) !== user.email_key) {
    if (isPlaceholderEmail(body.email)) throw new AppError(400, 'validate_not_email', AUTH_TEXT.emailNotValid, 'user', { field: 'email' });
    if (user.password_hash && !isPlaceholderEmail(user.email) && !(await verifyPassword(user.password_hash, body.current_password ?? ''))) {
      throw new AppError(400, 'incorrect_password', AUTH_TEXT.incorrectPassword, 'user', { field: 'current_password' });
    }
    const other = await userByEmailKey(db, user.seller_id, emailKey(body.email));
    if (other) throw new AppError(409, 'email_in_use', AUTH_TEXT.emailInUse, 'user');
    changes.email = body.email.trim();
    changes.email_key = emailKey(body.email);
  }
  if (body.password !== undefined) {
    if (user.password_hash && !(await verifyPassword(user.password_hash, body.current_password ?? ''))) {
      throw new AppError(400, 'incorrect_password', AUTH_TEXT.incorrectPassword, 'user', { field: 'current_password' });
    }
    changes.password_hash = await hashPassword(body.password);
  }
  if (Object.keys(changes).length) {
    changes.updated_at = input.now.toISOString();
    try {
      await db.transaction().execute(async (tx) => {
        await updateUser(tx, user.id, changes);
        if (changes.password_hash) await deleteOtherSessions(tx, user.id, input.sessionId);
        if (changes.email && !isPlaceholderEmail(user.email)) {
          await enqueueMail(tx, emailChangedMail({ to: user.email, firstName: user.first_name, newEmail: changes.email }), input.now);
        }
      });
    } catch (error) {
      if (changes.email_key && (await userByEmailKey(db, user.seller_id, changes.email_key))) throw new AppError(409, 'email_in_use', AUTH_TEXT.emailInUse, 'user');
      throw error;
    }
  }
  return mustExist(await userById(db, user.id), `user ${user.id}`);
}

/** The member details this body would change: names, and a real e-mail (a placeholder may still be replaced — it was never the member's address). */
function lockedChanges(user: UserRow, body: TUpdateMe): string[] {
  const fields: string[] = [];
  if (body.first_name !== undefined && body.first_name !== user.first_name) fields.push('first_name');
  if (body.last_name !== undefined && body.last_name !== user.last_name) fields.push('last_name');
  if (body.email !== undefined && emailKey(body.email) !== user.email_key && !isPlaceholderEmail(user.email)) fields.push('email');
  return fields;
}
