import { NO_EMAIL_PREFIX } from '@foyer/contracts';
import { uuidv7 } from '../ids.js';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { resolveSeller } from '../sellers/resolve-seller.js';
import { emailKey, scanCodeKey } from './normalize.js';
import { insertUser, userByEmailKey, userById, type UserRow } from './user.repository.js';
import { accountByMemberId } from '../membership/account-by-member-id.js';
import { mustExist } from '../must-exist.js';

export interface MemberInput {
  seller?: string | null;
  email?: string | null;
  first_name: string;
  last_name: string;
  scan_code: string;
  zip_code?: string | null;
}

/**
 * An operator adds a member (CLI `member add`): a guest account with a member id and ZIP code, so
 * the member-id logins work; without an e-mail it gets a 'no-email+' placeholder (docs/memberships.md#1-in-the-catalog).
 */
export async function addMember(db: Db, input: MemberInput, now: Date): Promise<UserRow> {
  const seller = await resolveSeller(db, input.seller ?? null, null);
  const scanKey = scanCodeKey(input.scan_code);
  if (!scanKey) throw new AppError(400, 'validation_failed', 'A member id is required.', 'member');
  if (await accountByMemberId(db, seller.id, scanKey)) throw new AppError(409, 'email_in_use', `Member id ${input.scan_code} is already in use.`, 'member');
  const email = input.email?.trim() || `${NO_EMAIL_PREFIX}${scanKey.toLowerCase().replace(/[^a-z0-9]/g, '')}@members.invalid`;
  if (await userByEmailKey(db, seller.id, emailKey(email))) throw new AppError(409, 'email_in_use', `${email} is already in use.`, 'member');
  const id = uuidv7();
  const nowIso = now.toISOString();
  await db.transaction().execute((tx) =>
    insertUser(tx, {
      id,
      seller_id: seller.id,
      identity_id: uuidv7(),
      email,
      email_key: emailKey(email),
      password_hash: null,
      first_name: input.first_name.trim(),
      last_name: input.last_name.trim(),
      scan_code: input.scan_code.trim(),
      scan_code_key: scanKey,
      zip_code: input.zip_code?.trim() || null,
      meta: '{}',
      additional_info: '{}',
      created_at: nowIso,
      updated_at: nowIso,
    }),
  );
  return mustExist(await userById(db, id), `user ${id}`);
}
