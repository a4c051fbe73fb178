import type { Db, Dialect } from '../../db/database.js';
import { inWriteTransaction } from '../../db/write-batch.js';
import { enqueueMail } from '../../mail/enqueue-mail.js';
import { startIntervalWorker } from '../../interval-worker.js';
import { claimGifteeMail, giftsWithGifteeMailDue } from './gift.repository.js';
import { gifteeMail } from './gift-mail.js';

const BATCH = 50;

/**
 * E-mails giftees whose gift is due (docs/memberships.md#7-gifts-of-membership: on the day the giver chose, UTC). Each gift is claimed
 * by a conditional update in the transaction that queues its e-mail, so with several processes
 * running this job each giftee gets exactly one e-mail. Returns how many were queued.
 */
export async function sendDueGifteeMails(db: Db, dialect: Dialect, publicUrl: string, now: Date): Promise<number> {
  const due = await giftsWithGifteeMailDue(db, now.toISOString().slice(0, 10), BATCH);
  let sent = 0;
  for (const gift of due) {
    const queued = await inWriteTransaction(db, dialect, async (tx) => {
      if (!(await claimGifteeMail(tx, gift.id, now.toISOString()))) return false;
      const mail = await gifteeMail(tx, gift.id, publicUrl);
      if (mail) await enqueueMail(tx, mail, now, 'membership_gift');
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}

export function startGifteeMailer(deps: { db: Db; dialect: Dialect; publicUrl: string }, now: () => Date, onError: (error: unknown) => void, intervalMs = 60_000): () => Promise<void> {
  return startIntervalWorker({ intervalMs, firstRunAfterMs: 5_000, onError, run: () => sendDueGifteeMails(deps.db, deps.dialect, deps.publicUrl, now()) });
}
