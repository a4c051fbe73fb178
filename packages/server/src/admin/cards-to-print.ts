import type { Db, Dialect } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { recordAudit, type Actor } from './audit.js';
import { csv } from './csv.js';
import { lastAuditOf } from './audit.repository.js';
import { cardsChangedBetween } from './member-actions.repository.js';

export const CARDS_EXPORT = 'members.cards_export';

/**
 * POST admin/members/cards-to-print (docs/box-office.md, Members): the member cards made or
 * renewed since the last export, as CSV for the print shop — name, member id, level, valid to and
 * postal address. The export itself is the audit entry the next one starts from.
 */
export async function cardsToPrint(deps: { db: Db; dialect: Dialect }, actor: Actor, now: Date): Promise<{ csv: string; count: number; since: string | null }> {
  return inWriteTransaction(deps.db, deps.dialect, async (tx) => {
    const last = await lastAuditOf(tx, CARDS_EXPORT);
    const since = last?.after ? ((JSON.parse(last.after) as { until?: string }).until ?? null) : null;
    const until = now.toISOString();
    const rows = await cardsChangedBetween(tx, since, until);
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
