import { DOOR_TEXT } from '@foyer/contracts';
import type { Db } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { sessionById, type DoorSessionRow } from './door.repository.js';

/** The session a door call names, of this seller; 404 not_found otherwise. */
export async function doorSession(db: Db, sellerId: string, sessionId: string): Promise<DoorSessionRow> {
  const session = await sessionById(db, sellerId, sessionId);
  if (!session) throw new AppError(404, 'not_found', DOOR_TEXT.sessionNotFound, 'door');
  return session;
}
