import { uuidv7 } from '../ids.js';
import type { Tx } from '../db/database.js';
import { insertAudit } from './audit.repository.js';

/** Who acted: a signed-in staff member, or the command line (`npm run foyer -- staff …`). */
export interface Actor {
  id: string | null;
  email: string;
}
export const CLI_ACTOR: Actor = { id: null, email: 'cli' };

export interface AuditEntry {
  action: string;
  objectType: string;
  objectId: string;
  before: unknown;
  after: unknown;
}

/**
 * The one helper every staff write calls, inside the write's own transaction: the entry commits
 * with the change or not at all (docs/box-office.md, Audit log).
 */
export async function recordAudit(tx: Tx, actor: Actor, entry: AuditEntry, now: Date) {
  await insertAudit(tx, {
    id: uuidv7(),
    staff_id: actor.id,
    staff_email: actor.email.toLowerCase(),
    action: entry.action,
    object_type: entry.objectType,
    object_id: entry.objectId,
    before: entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
    after: entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
    created_at: now.toISOString(),
  });
}
