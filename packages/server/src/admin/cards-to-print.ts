import type { Db, Dialect } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { recordAudit, type Actor } from './audit.js';
import { csv } from './csv.js';

export const CARDS_EXPORT = 'members.cards_export';

/**
 * POST admin/members/cards-to-print (docs/box-office.md, Members): the member cards made or
 * renewed since the last export, as CSV for the print shop — name, member id, level, valid to and
 * postal address. The export itself is the audit entry the next one starts from.
 */
export async function cardsToPrint(deps: { db: Db; dialect: Dialect }, actor: Actor, now: Date): Promise<{ csv: string; count: number; since: string | null }> {
  return inWriteTransaction(deps.db, deps.dialect, async (tx) => {
    const last = await tx.selectFrom('audit_log').select('after').where('action', '=', CARDS_EXPORT).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
    const since = last?.after ? ((JSON.parse(last.after) as { until?: string }).until ?? null) : null;
    const until = now.toISOString();
    let q = tx
      .selectFrom('membership')
      .innerJoin('ticket_type', 'ticket_type.id', 'membership.ticket_type_id')
      .leftJoin('user_account', 'user_account.id', 'membership.user_id')
      .select(['membership.id', 'membership.first_name', 'membership.last_name', 'membership.scan_code', 'membership.valid_to', 'ticket_type.name as level', 'user_account.address', 'user_account.address_more', 'user_account.city', 'user_account.state', 'user_account.zip_code', 'user_account.country'])
      .where('membership.updated_at', '<=', until)
      .where('membership.redeem_code_hash', 'is', null);
    if (since) q = q.where((eb) => eb.or([eb('membership.created_at', '>', since), eb('membership.updated_at', '>', since)]));
    const rows = await q.orderBy('membership.last_name').orderBy('membership.first_name').orderBy('membership.scan_code').execute();
    await recordAudit(tx, actor, { action: CARDS_EXPORT, objectType: 'membership', objectId: 'cards_to_print', before: { since }, after: { until, count: rows.length } }, now);
    return {
      since,
      count: rows.length,
      csv: csv([
        ['name', 'member_id', 'level', 'valid_to', 'address', 'address_more', 'city', 'state', 'zip_code', 'country'],
        ...rows.map((r) => [`${r.first_name} ${r.last_name}`.trim(), r.scan_code, r.level, r.valid_to, r.address, r.address_more, r.city, r.state, r.zip_code, r.country]),
      ]),
    };
  });
}
