import type { TAdminMemberList, TAdminMemberQuery } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { document } from '../http/envelope.js';
import { countMembersMatching, membersMatching } from './member-actions.repository.js';

const likeOf = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET admin/members?q= (docs/box-office.md, Members): member cards by member id (exact), name or
 * e-mail (in part, any case), with level, validity, auto-renew state and the order that made them.
 */
export async function findMembers(db: Db, q: TAdminMemberQuery): Promise<TAdminMemberList> {
  const pattern = likeOf(q.q);
  const match = { code: q.q.trim().toUpperCase(), pattern };
  const [rows, count] = await Promise.all([membersMatching(db, match, { limit: q._limit, offset: q._offset }), countMembersMatching(db, match)]);
  const members = rows.map(({ first_name, last_name, ...r }) => ({ ...r, name: `${first_name} ${last_name}`.trim() }));
  return document('admin_member', members, count.n, {}, { offset: q._offset, limit: q._limit }) as TAdminMemberList;
}
