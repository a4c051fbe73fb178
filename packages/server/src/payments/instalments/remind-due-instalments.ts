import type { Db, Dialect } from '../../db/database.js';
import { inWriteTransaction } from '../../db/write-batch.js';
import { startIntervalWorker } from '../../interval-worker.js';
import { enqueueMail } from '../../mail/enqueue-mail.js';
import { instalmentReminderMail } from './instalment-mails.js';
import { claimReminder, instalmentsToRemind } from './instalments.repository.js';
import { noticeOverdueInstalments } from './notice-overdue-instalments.js';
import { chargeDueInstalments, type AutopayDeps } from './charge-due-instalments.js';
import { mustExist } from '../../must-exist.js';

/** FOYER_INSTALMENT_REMINDER_DAYS unset: the buyer hears of an instalment a week before it is due. */
export const DEFAULT_REMINDER_DAYS = 7;
const BATCH = 50;
const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * E-mails the buyer of a booked order `daysBefore` days before one of its unpaid instalments falls
 * due (UTC days), with a fresh manage link to pay it. Instalments already due are not reminded
 * (an order booked on its due date paid it at checkout). Each reminder is claimed by a conditional
 * update in the transaction that queues it: several processes send it once. Returns how many were queued.
 */
export async function remindDueInstalments(deps: { db: Db; dialect: Dialect; publicUrl: string; daysBefore?: number }, now: Date): Promise<number> {
  const daysBefore = deps.daysBefore ?? DEFAULT_REMINDER_DAYS;
  const due = await instalmentsToRemind(deps.db, day(now.getTime() + DAY), day(now.getTime() + daysBefore * DAY), BATCH);
  let queued = 0;
  for (const instalment of due) {
    const sent = await inWriteTransaction(deps.db, deps.dialect, async (tx) => {
      if (!(await claimReminder(tx, instalment.id, now.toISOString()))) return false;
      const mail = await instalmentReminderMail(tx, mustExist(instalment.ticket_order_id, `order of instalment ${instalment.id}`), instalment, deps.publicUrl, now);
      if (mail) await enqueueMail(tx, mail, now, 'instalment_reminder');
      return mail !== null;
    });
    if (sent) queued += 1;
  }
  return queued;
}

export function startInstalmentReminders(deps: AutopayDeps & { daysBefore?: number }, now: () => Date, onError: (error: unknown) => void, intervalMs = 15 * 60_000): () => Promise<void> {
  // One pass: reminders before the due date, the kept card charged on it (with consent), then the
  // overdue notices of those left unpaid after it.
  const run = async () => {
    await remindDueInstalments(deps, now());
    await chargeDueInstalments(deps, now());
    await noticeOverdueInstalments(deps, now());
  };
  return startIntervalWorker({ intervalMs, firstRunAfterMs: 20_000, onError, run });
}
