import { startIntervalWorker } from '../interval-worker.js';
import type { Tx } from '../db/database.js';
import { claimOutbox, dueOutboxIds, markOutbox } from './outbox.repository.js';
import type { MailTransport } from './transport.js';
import { attachmentsFromJson } from './enqueue-mail.js';

export const MAX_ATTEMPTS = 5;
/** A message claimed longer ago than this is taken to belong to a crashed worker. */
export const STALE_CLAIM_MS = 5 * 60_000;
const BASE_BACKOFF_MS = 30_000;
/** A server that is down or answers 4xx ("try later") is retried at least this often. */
export const MAX_BACKOFF_MS = 15 * 60_000;
/** …and for this long after the message was queued, whatever the number of tries. */
export const TRANSIENT_GIVE_UP_MS = 72 * 3600_000;

/**
 * No answer at all (refused, reset, timed out) or a 4xx is the server's "not now": the message
 * waits as long as an outage may last. A 5xx refuses this message: a few tries, then failed.
 */
function isTransient(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code !== 'number' || (code >= 400 && code < 500);
}

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
      const transient = isTransient(error) && now.getTime() - Date.parse(row.created_at) < TRANSIENT_GIVE_UP_MS;
      if (transient) {
        const delay = Math.min(BASE_BACKOFF_MS * 2 ** (row.attempts - 1), MAX_BACKOFF_MS);
        await markOutbox(deps.db, id, { status: 'pending', next_attempt_at: new Date(deps.now().getTime() + delay).toISOString(), last_error: message });
        result.retried++;
      } else if (row.attempts >= MAX_ATTEMPTS) {
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

/**
 * Polls the outbox every `intervalMs` (first at once) until stopped. Safe to run in several
 * processes. `onOutage(true)` once when a pass could send nothing and had to retry (the mail
 * server is down), `onOutage(false)` once when sending works again — not once per retry.
 */
export function startMailWorker(deps: OutboxDeps & { intervalMs?: number; onError?: (error: unknown) => void; onOutage?: (down: boolean) => void }): () => Promise<void> {
  let down = false;
  const run = async () => {
    const result = await processOutbox(deps);
    const nowDown = result.sent === 0 && result.retried > 0 ? true : result.sent > 0 ? false : down;
    if (nowDown !== down) deps.onOutage?.(nowDown);
    down = nowDown;
  };
  const stop = startIntervalWorker({ intervalMs: deps.intervalMs ?? 1000, firstRunAfterMs: 0, onError: (error) => deps.onError?.(error), run });
  return async () => {
    await stop();
    deps.transport.close?.();
  };
}
