import type { TMembership } from '@foyer/contracts';
import type { UserRow } from './user.repository.js';

/**
 * The user's memberships (the user document's `membership`). Members are added with a member id
 * (CLI `member add`) until membership purchases create membership records; such a member holds one
 * membership, its validity not tracked yet (null).
 */
export function membershipsOf(user: UserRow): TMembership[] {
  if (!user.scan_code) return [];
  return [{ id: user.id, scan_code: user.scan_code, role: 'member', identity_id: user.identity_id, valid_from: null, valid_to: null }];
}
