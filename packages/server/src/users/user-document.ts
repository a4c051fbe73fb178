import type { TIdentity, TIdentityDocument, TUser, TUserDocument } from '@foyer/contracts';
import type { Tx } from '../db/database.js';
import { list } from '../http/envelope.js';
import { membershipsOf } from './memberships.js';
import { isPlaceholderEmail } from './normalize.js';
import type { UserRow } from './user.repository.js';

export function userOut(user: UserRow): TUser {
  return {
    id: user.id,
    identity_id: user.identity_id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    scan_code: user.scan_code,
    zip_code: user.zip_code,
    ...profileOf(user),
    additional_info: JSON.parse(user.additional_info) as TUser['additional_info'],
    has_password: user.password_hash !== null,
    needs_email: isPlaceholderEmail(user.email),
    created_at: user.created_at,
  };
}

export function identityOut(user: UserRow): TIdentity {
  return {
    id: user.identity_id,
    kind: 'user',
    first_name: user.first_name,
    last_name: user.last_name,
    name: `${user.first_name} ${user.last_name}`.trim(),
    email: isPlaceholderEmail(user.email) ? null : user.email,
    zip_code: user.zip_code,
    ...profileOf(user),
  };
}

/** docs/accounts.md#my-account Identity: the contact details kept on the account (My profile). */
const profileOf = (user: UserRow) => ({ phone: user.phone, address: user.address, address_more: user.address_more, city: user.city, country: user.country, state: user.state });

/**
 * The relational document: `user` with its memberships (every answer carrying the user, so a
 * reload knows a member as the login did), and on request `identity` and `meta` (identity.meta).
 */
export async function userDocument(db: Tx, user: UserRow, embed: Set<string>, now: Date): Promise<TUserDocument> {
  const doc: TUserDocument = { user: list([userOut(user)]), membership: list(await membershipsOf(db, user, now)), _total: 1 };
  if (embed.has('identity')) doc.identity = list([identityOut(user)]);
  if (embed.has('identity.meta')) doc.meta = list([{ resource_id: user.identity_id, ...JSON.parse(user.meta) }]);
  return doc;
}

/** PATCH my/user/{id} answers with the identity. */
export function identityDocument(user: UserRow, embed: Set<string>): TIdentityDocument {
  const doc: TIdentityDocument = { identity: list([identityOut(user)]), _total: 1 };
  if (embed.has('meta') || embed.has('identity.meta')) doc.meta = list([{ resource_id: user.identity_id, ...JSON.parse(user.meta) }]);
  return doc;
}
