import type { UserRow } from './user.repository.js';

/** A membership as the login answer carries it (000 §3 Membership: the fields known so far). */
export interface MembershipOut {
  id: string;
  scan_code: string;
  role: 'member';
  identity_id: string;
  valid_from: string | null;
  valid_to: string | null;
}

/**
 * The user's memberships. Members are added with a member id (CLI `member add`) until membership
 * purchases create membership records; such a member holds one membership, its validity not
 * tracked yet (null).
 */
export function membershipsOf(user: UserRow): MembershipOut[] {
  if (!user.scan_code) return [];
  return [{ id: user.id, scan_code: user.scan_code, role: 'member', identity_id: user.identity_id, valid_from: null, valid_to: null }];
}
