import type { Insertable } from 'kysely';
import type { Tx } from '../db/database.js';
import type { AuditLogTable } from '../db/schema.js';
import type { TAuditQuery } from '@foyer/contracts';

export async function insertAudit(db: Tx, row: Insertable<AuditLogTable>) {
  await db.insertInto('audit_log').values(row).execute();
}

/** A page of entries, newest first, with the total the filters match. */
export async function findAudit(db: Tx, q: TAuditQuery) {
  let base = db.selectFrom('audit_log');
  if (q.staff_email) base = base.where('staff_email', '=', q.staff_email.toLowerCase());
  if (q.action) base = base.where('action', '=', q.action);
  if (q.object_type) base = base.where('object_type', '=', q.object_type);
  if (q.object_id) base = base.where('object_id', '=', q.object_id);
  if (q.from) base = base.where('created_at', '>=', new Date(q.from).toISOString());
  if (q.to) base = base.where('created_at', '<', new Date(q.to).toISOString());
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q._limit).offset(q._offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

/** What the latest entry of an action recorded after it (newest by time, then id). */
export function lastAuditOf(tx: Tx, action: string) {
  return tx.selectFrom('audit_log').select('after').where('action', '=', action).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}
