import { CONFIG, fromMinor } from '@foyer/contracts';
import type { Db, Dialect } from '../../db/database.js';
import { inWriteTransaction } from '../../db/write-batch.js';
import { isOnSale } from '../../events/session-rules.js';
import { unitPrice } from '../../events/serialize.js';
import { AppError } from '../../http/app-error.js';
import { startIntervalWorker } from '../../interval-worker.js';
import { enqueueMail, type MailMessage } from '../../mail/enqueue-mail.js';
import { modifyCart } from '../../cart/modify-cart.js';
import { deleteCart } from '../../cart/delete-cart.js';
import { updateCartRow } from '../../cart/public.js';
import { cartAmounts } from '../../payments/cart-amounts.js';
import { methodFeeOn } from '../../payments/method-fees.js';
import { sellerMethodFees } from '../../payments/seller-method-fees.js';
import type { Gateways } from '../../payments/gateway.js';
import { payCart } from '../../checkout/pay-cart.js';
import { OPEN_PAYMENT, paymentByIdempotencyKey } from '../../payments/public.js';
import { loadLevels } from '../load-levels.js';
import { sellerConfigValue } from '../../config/public.js';
import { viewerOfUser } from '../resolve-viewer.js';
import { savedMethodOf } from './saved-payment-method.repository.js';
import { claimRenewal, claimReminder, eventOfTicket, finishRenewal, lapseSetRenewal, renewalOf, scheduledSetsEndingBy, sessionTimesOfEvent, type DueSet, type RenewalRow } from './renewal.repository.js';
import { reminderMail, renewalFailedMail, renewalLapsedMail } from './renewal-mail.js';
import { mustExist } from '../../must-exist.js';

export interface RenewalDeps {
  db: Db;
  dialect: Dialect;
  publicUrl: string;
  gatewaysFor: (sellerId: string) => Gateways;
}

const DAY = 86_400_000;
/** Defaults of the schedule (docs/memberships.md#8-auto-renew): charge 7 days before the end, remind 7 days before that, retry every 3 days, lapse 14 days after the end. */
export const RENEWAL_SCHEDULE = { daysBefore: 7, remindDaysBeforeCharge: 7, retryEveryDays: 3, graceDays: 14, maxDaysBefore: 60, staleClaimMs: 15 * 60_000 } as const;
const BATCH = 50;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The auto-renew job (docs/memberships.md#8-auto-renew): for each card set scheduled to renew, a reminder before the charge,
 * then the charge on the kept card with the member absent — a renewal cart like the member's own
 * (every reserve rule), paid by the same pay path under an idempotency key per attempt, so the
 * booking extends the set from its current end and sends the receipt. A refused charge retries on
 * a schedule and e-mails the member; past the grace period the renewal lapses (auto_renew_state
 * none). Each step is claimed by a conditional update: several processes renew a set once.
 */
export async function renewDueMemberships(deps: RenewalDeps, now: Date) {
  const counts = { reminded: 0, renewed: 0, retrying: 0, lapsed: 0, waiting: 0 };
  const horizon = now.getTime() + (RENEWAL_SCHEDULE.maxDaysBefore + RENEWAL_SCHEDULE.remindDaysBeforeCharge) * DAY;
  const daysBeforeOf = new Map<string, number>();
  for (const set of await scheduledSetsEndingBy(deps.db, new Date(horizon).toISOString(), BATCH)) {
    let configured = daysBeforeOf.get(set.seller_id);
    if (configured === undefined) {
      configured = await configuredDaysBefore(deps.db, set.seller_id);
      daysBeforeOf.set(set.seller_id, configured);
    }
    const level = mustExist((await loadLevels(deps.db, [set.ticket_type_id])).get(set.ticket_type_id), `membership level ${set.ticket_type_id}`);
    // Charged inside the level's renewal window: a renewal earlier than that is refused.
    const daysBefore = Math.min(configured, level.allowedPeriodDays);
    const end = Date.parse(set.valid_to);
    const chargeFrom = end - daysBefore * DAY;
    if (now.getTime() < chargeFrom - RENEWAL_SCHEDULE.remindDaysBeforeCharge * DAY) continue;
    const renewal = await renewalOf(deps.db, set.card_set_id, set.valid_to, now.toISOString());
    if (now.getTime() < chargeFrom) {
      if (!renewal.reminded_at && (await claimReminder(deps.db, renewal.id, now.toISOString()))) {
        await mail(deps, reminderMail(set, { level: set.level_name, chargeOn: day(chargeFrom), amount: await priceText(deps, set), card: await cardText(deps, set), myUrl: `${deps.publicUrl}/my/membership` }), now);
        counts.reminded += 1;
      }
      continue;
    }
    const claimed = await claimRenewal(deps.db, renewal.id, now.toISOString(), new Date(now.getTime() - RENEWAL_SCHEDULE.staleClaimMs).toISOString());
    if (!claimed) continue;
    counts[await attempt(deps, set, claimed, now, end)] += 1;
  }
  return counts;
}

/**
 * One charge attempt of a claimed renewal: renewed, or retrying, or lapsed once past the grace
 * period — or waiting, while its payment is still being processed: the claim stays, so the same
 * attempt (same key) is taken up again once stale and finds what the payment became; no e-mail.
 */
async function attempt(deps: RenewalDeps, set: DueSet, renewal: RenewalRow, now: Date, end: number): Promise<'renewed' | 'retrying' | 'lapsed' | 'waiting'> {
  const nowIso = now.toISOString();
  let reason: string;
  try {
    const orderId = await chargeRenewal(deps, set, renewal, now);
    if (orderId === STILL_PROCESSING) return 'waiting';
    if (orderId) {
      await finishRenewal(deps.db, renewal.id, { state: 'renewed', ticket_order_id: orderId, last_error: null }, nowIso);
      return 'renewed';
    }
    reason = 'the payment needs your confirmation';
  } catch (error) {
    reason = error instanceof AppError ? error.message : 'the payment could not be processed';
  }
  const renewUrl = `${deps.publicUrl}/membership/renew`;
  const level = set.level_name;
  const nextAttempt = now.getTime() + RENEWAL_SCHEDULE.retryEveryDays * DAY;
  if (nextAttempt >= end + RENEWAL_SCHEDULE.graceDays * DAY) {
    await finishRenewal(deps.db, renewal.id, { state: 'lapsed', last_error: reason }, nowIso);
    await lapseSetRenewal(deps.db, set.card_set_id, nowIso);
    await mail(deps, renewalLapsedMail(set, { level, renewUrl }), now);
    return 'lapsed';
  }
  await finishRenewal(deps.db, renewal.id, { state: 'retrying', next_attempt_at: new Date(nextAttempt).toISOString(), last_error: reason }, nowIso);
  await mail(deps, renewalFailedMail(set, { level, reason, retryOn: day(nextAttempt), renewUrl }), now);
  return 'retrying';
}

const STILL_PROCESSING = Symbol('still processing');

/**
 * The member's renewal cart, paid off-session with the kept card. Answers the order's id, null
 * when the bank wants the member to confirm (an off-session charge cannot), or STILL_PROCESSING
 * while the payment clears (the reconciler books it); throws a refusal.
 */
async function chargeRenewal(deps: RenewalDeps, set: DueSet, renewal: RenewalRow, now: Date): Promise<string | null | typeof STILL_PROCESSING> {
  const idempotencyKey = `renew_${renewal.id}_${renewal.attempts}`;
  // A process that died mid-attempt: what its payment became decides (the reconciler settles one
  // still processing); never a second charge for the same attempt.
  const earlier = await paymentByIdempotencyKey(deps.db, idempotencyKey);
  if (earlier) {
    if (earlier.ticket_order_id) return earlier.ticket_order_id;
    if (OPEN_PAYMENT.includes(earlier.status)) return STILL_PROCESSING;
    throw new AppError(409, 'intent_processing', `the earlier attempt ended ${earlier.status}`, 'auto_renew');
  }
  const saved = await savedMethodOf(deps.db, set.seller_id, set.identity_id);
  if (!saved) throw new AppError(402, 'payment_failed', 'no card is kept for it', 'auto_renew');
  const session = await openSessionOf(deps, set, now);
  if (session === undefined) throw new AppError(409, 'validation_failed', 'memberships are not on sale at the moment', 'auto_renew');
  const identity = { id: set.identity_id, kind: 'user' as const };
  const made = await modifyCart({
    db: deps.db,
    dialect: deps.dialect,
    sellerId: set.seller_id,
    writer: { identity, fresh: null },
    viewer: await viewerOfUser(deps.db, set.seller_id, set.user_id, now),
    cartId: null,
    body: { add: [{ ticket_type_id: set.ticket_type_id, ...(session ? { event_session_id: session } : {}), handler_data: { renew_membership_id: set.id } }], remove: [] },
    now,
    defaultHoldMinutes: 15,
  });
  await updateCartRow(deps.db, made.cart.id, { purchaser_identity_id: set.identity_id, auto_renew: 1, send_email: 1 });
  const { outstanding } = cartAmounts(made.cart, made.tickets, [], now);
  const paid = payCart({
    db: deps.db,
    dialect: deps.dialect,
    sellerId: set.seller_id,
    currency: set.currency,
    identity,
    cartId: made.cart.id,
    body: { amount: fromMinor(outstanding), gateway_id: outstanding ? (saved.gateway_id as 'demo' | 'stripe') : 'free', gateway_data: {} },
    idempotencyKey,
    gateways: deps.gatewaysFor(set.seller_id),
    now,
    publicUrl: deps.publicUrl,
    offSession: outstanding ? { reference: saved.reference } : null,
  });
  try {
    const result = await paid;
    if (result.outcome === 'completed') return result.orderId;
    if (result.outcome === 'pending') return STILL_PROCESSING; // its cart stays for the reconciler to book
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'intent_requires_action')) {
      await deleteCart(deps.db, deps.dialect, { sellerId: set.seller_id, identity, cartId: made.cart.id, now });
      throw error;
    }
  }
  // Not paid now (the bank wants the member): the renewal cart goes; the member renews in person.
  await deleteCart(deps.db, deps.dialect, { sellerId: set.seller_id, identity, cartId: made.cart.id, now });
  return null;
}

/** The membership event's session on sale now; null for an event sold without sessions; undefined when none is on sale. */
async function openSessionOf(deps: RenewalDeps, set: DueSet, now: Date): Promise<string | null | undefined> {
  const bought = set.ticket_id ? await eventOfTicket(deps.db, set.ticket_id) : undefined;
  if (!bought) return undefined;
  const sessions = await sessionTimesOfEvent(deps.db, bought.event_template_id);
  if (!sessions.length) return null;
  return sessions.find((s) => isOnSale(s, now))?.id;
}

async function configuredDaysBefore(db: Db, sellerId: string): Promise<number> {
  const value = await sellerConfigValue(db, sellerId, CONFIG.autoRenewDaysBefore.namespace, CONFIG.autoRenewDaysBefore.name);
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= RENEWAL_SCHEDULE.maxDaysBefore ? value : RENEWAL_SCHEDULE.daysBefore;
}

/** What the renewal will charge: the level's price plus the kept card's method fee, named when there is one (docs/payments.md "Payment-method fees"). */
async function priceText(deps: RenewalDeps, set: DueSet) {
  const price = unitPrice(set);
  const fee = methodFeeOn(await sellerMethodFees(deps.db, set.seller_id), 'card', price);
  const money = (minor: number) => `${fromMinor(minor)} ${set.currency}`;
  return fee ? `${money(price + fee)} (including a payment fee of ${money(fee)})` : money(price);
}

async function cardText(deps: RenewalDeps, set: DueSet) {
  const saved = await savedMethodOf(deps.db, set.seller_id, set.identity_id);
  return saved ? `${saved.brand} card ending in ${saved.last4}` : 'saved card';
}

function mail(deps: RenewalDeps, message: MailMessage, now: Date) {
  return inWriteTransaction(deps.db, deps.dialect, (tx) => enqueueMail(tx, message, now, 'membership_renewal'));
}

export function startRenewalJob(deps: RenewalDeps, now: () => Date, onError: (error: unknown) => void, intervalMs = 10 * 60_000): () => Promise<void> {
  return startIntervalWorker({ intervalMs, firstRunAfterMs: 30_000, onError, run: () => renewDueMemberships(deps, now()) });
}
