import { NAME_MAX } from '@foyer/contracts';
import { uuidv7 } from '../ids.js';
import type { Db, Tx } from '../db/database.js';
import { insertExternalLogin, subjectOfUser, userIdBySubject, type ExternalSubject } from './external-login.repository.js';
import { emailKey, isPlaceholderEmail } from './normalize.js';
import { insertUser, userByDeliverableEmail, userById, type UserRow } from './user.repository.js';
import { mustExist } from '../must-exist.js';

export interface ExternalProfile {
  /** The provider (the id_token's `iss`) and its stable id of the person (`sub`). */
  issuer: string;
  subject: string;
  /** The e-mail address, only when the provider has verified it. */
  verifiedEmail: string | null;
  givenName?: string | null;
  familyName?: string | null;
  name?: string | null;
}

/** Why no account could be used: no verified address to find or create one by, or the address's account is linked to another subject of this provider. */
export type ExternalUserRefusal = 'no_verified_email' | 'linked_to_another_subject';

export type ExternalUserResult = { user: UserRow } | { refused: ExternalUserRefusal };

/** First and last name from the provider's claims; a bare address gives its local part. */
export function namesOf(profile: Pick<ExternalProfile, 'givenName' | 'familyName' | 'name'> & { email: string }): { first: string; last: string } {
  const clip = (text: string) => text.trim().slice(0, NAME_MAX);
  let first = profile.givenName?.trim() ?? '';
  let last = profile.familyName?.trim() ?? '';
  if (!first && profile.name?.trim()) {
    const parts = profile.name.trim().split(/\s+/);
    first = parts[0];
    if (!last) last = parts.slice(1).join(' ');
  }
  if (!first) first = profile.email.split('@')[0];
  return { first: clip(first), last: clip(last) };
}

/**
 * The account of an external login: first the one linked to the provider's subject (the address
 * may have changed at the provider since); else the account of the verified address, which gets
 * the subject linked; else a new account without a password (it can set one later through the
 * reset e-mail, like any guest account), linked too.
 */
export async function findOrCreateExternalUser(db: Db, input: { sellerId: string; profile: ExternalProfile; now: Date }, retried = false): Promise<ExternalUserResult> {
  const { profile } = input;
  const subject: ExternalSubject = { sellerId: input.sellerId, issuer: profile.issuer, subject: profile.subject };
  const linkedId = await userIdBySubject(db, subject);
  if (linkedId) {
    const linked = await userById(db, linkedId);
    if (linked) return { user: linked };
  }
  const email = profile.verifiedEmail?.trim() ?? '';
  if (!email || isPlaceholderEmail(email)) return { refused: 'no_verified_email' };

  const key = emailKey(email);
  const nowIso = input.now.toISOString();
  const link = (tx: Tx, userId: string) =>
    insertExternalLogin(tx, { id: uuidv7(), user_id: userId, created_at: nowIso, ...subject });
  try {
    const existing = await userByDeliverableEmail(db, input.sellerId, key);
    if (existing) {
      const other = await subjectOfUser(db, existing.id, profile.issuer);
      if (other !== null && other !== profile.subject) return { refused: 'linked_to_another_subject' };
      await link(db, existing.id);
      return { user: existing };
    }
    const { first, last } = namesOf({ ...profile, email });
    const id = uuidv7();
    await db.transaction().execute(async (tx) => {
      await insertUser(tx, {
        id,
        seller_id: input.sellerId,
        identity_id: uuidv7(),
        email,
        email_key: key,
        password_hash: null,
        first_name: first,
        last_name: last,
        scan_code: null,
        scan_code_key: null,
        zip_code: null,
        meta: '{}',
        additional_info: '{}',
        created_at: nowIso,
        updated_at: nowIso,
      });
      await link(tx, id);
    });
    return { user: mustExist(await userById(db, id), `user ${id}`) };
  } catch (error) {
    // Two first logins raced (same subject or same address): a unique index kept one; look again.
    if (!retried) return findOrCreateExternalUser(db, input, true);
    throw error;
  }
}
