import { sql, type Expression, type SqlBool } from 'kysely';
import type { TAdminMemberList, TAdminMemberQuery } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { document } from '../http/envelope.js';

const likeOf = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET admin/members?q= (docs/box-office.md, Members): member cards by member id (exact), name or
 * e-mail (in part, any case), with level, validity, auto-renew state and the order that made them.
 */
export async function findMembers(db: Db, q: TAdminMemberQuery): Promise<TAdminMemberList> {
  const pattern = likeOf(q.q);
  const base = db
    .selectFrom('membership')
    .innerJoin('ticket_type', 'ticket_type.id', 'membership.ticket_type_id')
    .where((eb) => {
      const ors: Expression<SqlBool>[] = [
        eb('membership.scan_code_key', '=', q.q.trim().toUpperCase()),
        sql<SqlBool>`lower(membership.first_name || ' ' || membership.last_name) like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(coalesce(membership.email, '')) like ${pattern} escape '\\'`,
      ];
      return eb.or(ors);
    });
  const [rows, count] = await Promise.all([
    base
      .select(['membership.id', 'membership.card_set_id', 'membership.scan_code', 'membership.first_name', 'membership.last_name', 'membership.email', 'membership.role', 'ticket_type.name as level', 'membership.valid_from', 'membership.valid_to', 'membership.auto_renew_state', 'membership.ticket_order_id'])
      .orderBy('membership.last_name')
      .orderBy('membership.first_name')
      .orderBy('membership.valid_to', 'desc')
      .orderBy('membership.id')
      .limit(q._limit)
      .offset(q._offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const members = rows.map(({ first_name, last_name, ...r }) => ({ ...r, name: `${first_name} ${last_name}`.trim() }));
  return document('admin_member', members, count.n, {}, { offset: q._offset, limit: q._limit }) as TAdminMemberList;
}
