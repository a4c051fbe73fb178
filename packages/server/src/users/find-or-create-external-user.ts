import { NAME_MAX } from '@foyer/contracts';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../db/database.js';
import { emailKey } from './normalize.js';
import { insertUser, userByDeliverableEmail, userByEmailKey, type UserRow } from './user.repository.js';

export interface ExternalProfile {
  /** Verified by the identity provider. */
  email: string;
  givenName?: string | null;
  familyName?: string | null;
  name?: string | null;
}

/** First and last name from the provider's claims; a bare address gives its local part. */
export function namesOf(profile: ExternalProfile): { first: string; last: string } {
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
 * The account of an address the identity provider has verified: the existing one, or a new one
 * without a password (it can set one later through the reset e-mail, like any guest account).
 */
export async function findOrCreateExternalUser(db: Db, input: { sellerId: string; profile: ExternalProfile; now: Date }): Promise<UserRow> {
  const key = emailKey(input.profile.email);
  const existing = await userByDeliverableEmail(db, input.sellerId, key);
  if (existing) return existing;
  const { first, last } = namesOf(input.profile);
  const nowIso = input.now.toISOString();
  const id = uuidv7();
  try {
    await db.transaction().execute((tx) =>
      insertUser(tx, {
        id,
        seller_id: input.sellerId,
        identity_id: uuidv7(),
        email: input.profile.email.trim(),
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
      }),
    );
  } catch (error) {
    // Two first logins raced: the unique index kept one account.
    const winner = await userByEmailKey(db, input.sellerId, key);
    if (winner) return winner;
    throw error;
  }
  return (await userByEmailKey(db, input.sellerId, key))!;
}
