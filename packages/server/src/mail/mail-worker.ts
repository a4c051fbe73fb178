import { startIntervalWorker } from '../interval-worker.js';
import type { Tx } from '../db/database.js';
import { claimOutbox, dueOutboxIds, markOutbox } from './outbox.repository.js';
import type { MailTransport } from './transport.js';
import { attachmentsFromJson } from './enqueue-mail.js';

export const MAX_ATTEMPTS = 5;
/** A message claimed longer ago than this is taken to belong to a crashed worker. */
export const STALE_CLAIM_MS = 5 * 60_000;
const BASE_BACKOFF_MS = 30_000;

export interface OutboxDeps {
  db: Tx;
  transport: MailTransport;
  now: () => Date;
  batch?: number;
}

/** One pass: claims due messages one by one, sends them, marks sent / retry later / failed. */
export async function processOutbox(deps: OutboxDeps): Promise<{ sent: number; retried: number; failed: number }> {
  const result = { sent: 0, retried: 0, failed: 0 };
  const at = deps.now();
  const ids = await dueOutboxIds(deps.db, at.toISOString(), new Date(at.getTime() - STALE_CLAIM_MS).toISOString(), deps.batch ?? 20);
  for (const id of ids) {
    const now = deps.now();
    const row = await claimOutbox(deps.db, id, now.toISOString(), new Date(now.getTime() - STALE_CLAIM_MS).toISOString());
    if (!row) continue; // another worker has it
    try {
      await deps.transport.send({ to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, attachments: attachmentsFromJson(row.attachments) });
      await markOutbox(deps.db, id, { status: 'sent', sent_at: deps.now().toISOString(), last_error: null });
      result.sent++;
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      if (row.attempts >= MAX_ATTEMPTS) {
        await markOutbox(deps.db, id, { status: 'failed', last_error: message });
        result.failed++;
      } else {
        const delay = BASE_BACKOFF_MS * 2 ** (row.attempts - 1);
        await markOutbox(deps.db, id, { status: 'pending', next_attempt_at: new Date(deps.now().getTime() + delay).toISOString(), last_error: message });
        result.retried++;
      }
    }
  }
  return result;
}

/** Polls the outbox every `intervalMs` (first at once) until stopped. Safe to run in several processes. */
export function startMailWorker(deps: OutboxDeps & { intervalMs?: number; onError?: (error: unknown) => void }): () => Promise<void> {
  const stop = startIntervalWorker({ intervalMs: deps.intervalMs ?? 1000, firstRunAfterMs: 0, onError: (error) => deps.onError?.(error), run: () => processOutbox(deps) });
  return async () => {
    await stop();
    deps.transport.close?.();
  };
}
