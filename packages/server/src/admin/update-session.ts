import { ADMIN_TEXT, type TAdminSessionPatch, type TAdminSessionRow } from '@foyer/contracts';
import type { Db, Dialect } from '../db/database.js';
import { inWriteTransaction } from '../db/write-batch.js';
import { AppError } from '../http/app-error.js';
import { noteCapacityChange } from '../cart/capacity-changes.js';
import { noteCalendarChangeOfSession } from '../events/public.js';
import { recordAudit, type Actor } from './audit.js';
import { sessionById, setSessionCapacity, setSessionClosed } from './admin-sessions.repository.js';
import { oneSession, sessionRowOut } from './list-sessions.js';
import { mustExist } from '../must-exist.js';

/**
 * PATCH admin/sessions/{id} (admin; docs/box-office.md, Sessions): close or reopen for sale, and
 * change capacity — never below what is sold and held, checked by the update itself, so a
 * reservation at the same moment cannot slip under it. Written to the audit log.
 */
export async function updateSession(deps: { db: Db; dialect: Dialect }, actor: Actor, input: { id: string; patch: TAdminSessionPatch; now: Date }): Promise<TAdminSessionRow> {
  return inWriteTransaction(deps.db, deps.dialect, async (tx) => {
    const session = await sessionById(tx, input.id);
    if (!session) throw new AppError(404, 'not_found', 'There is no such session.', 'admin_session');
    const around = { start: session.start_datetime, end: new Date(Date.parse(session.start_datetime) + 1).toISOString() };
    const before = sessionRowOut(mustExist(await oneSession(tx, session.id, around), `session ${session.id}`));
    if (input.patch.capacity !== undefined && !(await setSessionCapacity(tx, session.id, input.patch.capacity))) {
      const taken = mustExist(await sessionById(tx, session.id), `session ${session.id}`).used_capacity;
      throw new AppError(409, 'capacity_below_taken', ADMIN_TEXT.capacityBelowTaken.replace('{taken}', String(taken)), 'admin_session', { taken });
    }
    if (input.patch.closed !== undefined) await setSessionClosed(tx, session.id, input.patch.closed);
    noteCapacityChange(tx, session.id);
    await noteCalendarChangeOfSession(tx, session.id);
    const after = sessionRowOut(mustExist(await oneSession(tx, session.id, around), `session ${session.id}`));
    await recordAudit(tx, actor, { action: 'session.update', objectType: 'event_session', objectId: session.id, before, after }, input.now);
    return after;
  });
}
