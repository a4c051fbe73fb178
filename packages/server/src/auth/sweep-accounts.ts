import type { Tx } from '../db/database.js';
import { startIntervalWorker } from '../interval-worker.js';
import { sweepRateLimits } from '../rate-limit/public.js';
import { deleteExpiredRecovery } from './recovery.repository.js';
import { deleteExpiredSessions } from './session.repository.js';

/** Housekeeping: ended sessions, rate windows, and passcodes/tokens expired for a day. */
export async function sweepAccounts(db: Tx, now: Date): Promise<void> {
  await deleteExpiredSessions(db, now.toISOString());
  await sweepRateLimits(db, now);
  await deleteExpiredRecovery(db, new Date(now.getTime() - 24 * 3600_000).toISOString());
}

export function startAccountSweeper(db: Tx, now: () => Date, onError: (error: unknown) => void, intervalMs = 10 * 60_000): () => Promise<void> {
  return startIntervalWorker({ intervalMs, onError, run: () => sweepAccounts(db, now()) });
}
