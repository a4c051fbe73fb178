import type { TAuditAnswer, TAuditQuery } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { document } from '../http/envelope.js';
import { findAudit } from './audit.repository.js';

const parsed = (text: string | null) => (text === null ? null : (JSON.parse(text) as unknown));

/** GET admin/audit: read-only, filtered, newest first, paginated. */
export async function listAudit(db: Db, q: TAuditQuery): Promise<TAuditAnswer> {
  const { rows, total } = await findAudit(db, q);
  const entries = rows.map((r) => ({ ...r, before: parsed(r.before), after: parsed(r.after) }));
  return document('audit_entry', entries, total, {}, { offset: q._offset, limit: q._limit }) as TAuditAnswer;
}
