import type { Db } from '../db/database.js';
import { startIntervalWorker } from '../interval-worker.js';
import { pushPassUpdate } from './apns-push.js';
import { ticketObjectId, ticketObjectUpdate } from './google-save-link.js';
import { patchTicketObject } from './google-wallet-api.js';
import { walletItems, type TicketPassItem } from './wallet-items.js';
import { dropPushToken, orderOfPass, passBySerial, pushTokensOf } from './wallet-pass.repository.js';
import { claimWalletPush, dueWalletPushIds, markWalletPush, type WalletPushRow } from './wallet-push.repository.js';
import type { WalletSettings } from './wallet-settings.js';

export const MAX_ATTEMPTS = 6;
const BASE_BACKOFF_MS = 30_000;
/** An update claimed longer ago than this belongs to a worker that stopped. */
const STALE_CLAIM_MS = 5 * 60_000;

export interface PassUpdateDeps {
  db: Db;
  wallet: WalletSettings | undefined;
  now: () => Date;
  /** A delivery that failed (it is retried, or given up after MAX_ATTEMPTS): logged with the order id. */
  onFailure: (failure: { orderId: string; serial: string; attempt: number; gaveUp: boolean; error: string }) => void;
  batch?: number;
}

/**
 * One pass of the queue (docs/wallet-passes.md "Updates"): each due update, claimed by one worker,
 * pushes to every Apple device registered for the pass (APNs) and PATCHes the Google object. A
 * failure is retried with backoff (30 s, 1, 2, 4, 8 min), then given up; the sale or change that
 * queued it committed long before and never waits for it.
 */
export async function deliverPassUpdates(deps: PassUpdateDeps): Promise<{ sent: number; retried: number; failed: number }> {
  const result = { sent: 0, retried: 0, failed: 0 };
  const at = deps.now();
  for (const id of await dueWalletPushIds(deps.db, at.toISOString(), new Date(at.getTime() - STALE_CLAIM_MS).toISOString(), deps.batch ?? 20)) {
    const now = deps.now();
    const job = await claimWalletPush(deps.db, id, now.toISOString(), new Date(now.getTime() - STALE_CLAIM_MS).toISOString());
    if (!job) continue;
    const errors = await deliver(deps, job, now).catch((error: unknown) => [error instanceof Error ? error.message : String(error)]);
    if (!errors.length) {
      await markWalletPush(deps.db, id, { status: 'sent', last_error: null });
      result.sent++;
      continue;
    }
    const error = errors.join('; ').slice(0, 500);
    const gaveUp = job.attempts >= MAX_ATTEMPTS;
    deps.onFailure({ orderId: job.order_id, serial: job.serial_number, attempt: job.attempts, gaveUp, error });
    if (gaveUp) {
      await markWalletPush(deps.db, id, { status: 'failed', last_error: error });
      result.failed++;
    } else {
      await markWalletPush(deps.db, id, { status: 'pending', next_attempt_at: new Date(deps.now().getTime() + BASE_BACKOFF_MS * 2 ** (job.attempts - 1)).toISOString(), last_error: error });
      result.retried++;
    }
  }
  return result;
}

/** Delivers one update to both wallets; the problems, if any. */
async function deliver(deps: PassUpdateDeps, job: WalletPushRow, now: Date): Promise<string[]> {
  const pass = await passBySerial(deps.db, job.serial_number);
  if (!pass) return [];
  const errors: string[] = [];
  const apple = deps.wallet?.apple;
  if (apple) {
    const tokens = (await pushTokensOf(deps.db, pass.serial_number)).map((r) => r.push_token);
    const outcome = await pushPassUpdate(apple, tokens);
    for (const token of outcome.gone) await dropPushToken(deps.db, pass.serial_number, token);
    errors.push(...outcome.failed.map((f) => f.error));
  }
  const google = deps.wallet?.google;
  if (google) {
    const order = await orderOfPass(deps.db, pass.order_id);
    const items = await walletItems(deps.db, order, { ticketId: pass.ticket_id, anyState: true });
    const ticket = { ...(items.items[0] as TicketPassItem), pass: { serial: pass.serial_number, authToken: pass.auth_token } };
    try {
      await patchTicketObject(google, ticketObjectId(google, pass.serial_number), ticketObjectUpdate(google, items, ticket), now);
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
    }
  }
  return errors;
}

/** Delivers queued pass updates every `intervalMs` (first after 5 s) until stopped; safe in several processes. */
export function startPassUpdater(deps: PassUpdateDeps & { intervalMs?: number; onError: (error: unknown) => void }): () => Promise<void> {
  return startIntervalWorker({ intervalMs: deps.intervalMs ?? 5_000, firstRunAfterMs: 5_000, onError: deps.onError, run: () => deliverPassUpdates(deps) });
}
