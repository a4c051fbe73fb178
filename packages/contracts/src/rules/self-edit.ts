/**
 * Self-edit of orders (docs/after-sale.md#who-may-read-or-change-an-order self-edit eligibility and edit-order buttons, docs/after-sale.md#who-may-read-or-change-an-order horizon), written
 * once for the server (which enforces it) and the edit-order screen (which shows it).
 */

/** The `web.self_edit_rules` configuration value. */
export interface SelfEditRules {
  /** Event categories whose tickets may be changed by their buyer. */
  categories: string[];
  /** Changes close this long before the session starts (anonymous users, docs/after-sale.md#who-may-read-or-change-an-order). */
  horizon_days?: number;
  horizon_hours?: number;
  /** A cheaper change gives the difference back to the original payment (default) or as a gift card. */
  refund_method?: 'original_payment' | 'gift_card';
}

/** The rules from a configuration value; null (self-edit off) unless it names at least one category. */
export function parseSelfEditRules(value: unknown): SelfEditRules | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const categories = Array.isArray(v.categories) ? v.categories.filter((c): c is string => typeof c === 'string') : [];
  if (!categories.length) return null;
  const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) && x >= 0 ? x : 0);
  return { categories, horizon_days: num(v.horizon_days), horizon_hours: num(v.horizon_hours), refund_method: v.refund_method === 'gift_card' ? 'gift_card' : 'original_payment' };
}

export const selfEditHorizonMs = (rules: SelfEditRules) => ((rules.horizon_days ?? 0) * 24 + (rules.horizon_hours ?? 0)) * 3_600_000;

/** A session (its start) is past the horizon: too close or past to change. A ticket without a session never is. */
export function pastHorizon(rules: SelfEditRules, start: string | null, now: Date): boolean {
  return start !== null && Date.parse(start) - selfEditHorizonMs(rules) <= now.getTime();
}

/** docs/after-sale.md#who-may-read-or-change-an-order: group handler "tickets", event category in the rules, and no order or this order. */
export function selfEditEligible(rules: SelfEditRules, ticket: { handler: string; category: string | null; ticket_order_id: string | null }, orderId: string): boolean {
  return ticket.handler === 'tickets' && ticket.category !== null && rules.categories.includes(ticket.category) && (ticket.ticket_order_id === null || ticket.ticket_order_id === orderId);
}

/** A ticket as the edit-order buttons see it. */
export interface EditTicket {
  state: string;
  face_value: string;
  adjusted_value: string;
}

export interface EditSession {
  tickets: EditTicket[];
  start: string | null;
  event_type: string | null;
  /** The event has anchored add-ons (upsells bound to it): no session actions. */
  has_anchored_upsells: boolean;
}

const cancelled = (t: EditTicket) => t.state === 'cancelled' || t.state === 'unbooked';
const free = (t: Pick<EditTicket, 'face_value'>) => Number(t.face_value) === 0;

/** docs/after-sale.md#who-may-read-or-change-an-order Reschedule: offered (and allowed) for every event type but `single`. */
export const reschedulable = (eventType: string | null) => eventType !== 'single';

/**
 * docs/after-sale.md#who-may-read-or-change-an-order Cancel and Remove only free tickets, as the server enforces a change: a ticket may leave
 * an order without an exchange when it is free (face value 0) or nothing was paid for it (a price
 * brought to 0), so no money goes back; any other leaves only in exchange for a new ticket of the
 * same event, in the same change (a reschedule), and never from a `single` event.
 * Answers the first ticket taken out that breaks this, with why; null when the change may stand.
 */
export function changeRefusal(
  takenOut: (Pick<EditTicket, 'face_value' | 'adjusted_value'> & { id: string; event_id: string; event_type: string | null })[],
  added: { event_id: string }[],
  checkEventType = true,
): { ticket_id: string; reason: 'single_event' | 'not_free' } | null {
  const left = new Map<string, number>();
  for (const a of added) left.set(a.event_id, (left.get(a.event_id) ?? 0) + 1);
  for (const t of takenOut) {
    if (free(t) || Number(t.adjusted_value) === 0) continue;
    if (checkEventType && !reschedulable(t.event_type)) return { ticket_id: t.id, reason: 'single_event' };
    const n = left.get(t.event_id) ?? 0;
    if (n <= 0) return { ticket_id: t.id, reason: 'not_free' };
    left.set(t.event_id, n - 1);
  }
  return null;
}

/** docs/after-sale.md#who-may-read-or-change-an-order edit-order buttons for one session card. */
export function sessionActions(rules: SelfEditRules, s: EditSession, now: Date): { cancel: boolean; reschedule: boolean; removeFree: boolean; label: 'redeemed' | 'cancelled' | 'past' | null } {
  const live = s.tickets.filter((t) => !cancelled(t));
  const label = s.tickets.some((t) => t.state === 'redeemed') ? 'redeemed' : !live.length ? 'cancelled' : pastHorizon(rules, s.start, now) ? 'past' : null;
  if (label || s.has_anchored_upsells) return { cancel: false, reschedule: false, removeFree: false, label };
  return { cancel: live.every(free), reschedule: reschedulable(s.event_type), removeFree: true, label };
}

/** docs/after-sale.md#who-may-read-or-change-an-order: the cancel-order button: every ticket free, and not all cancelled or past the horizon. */
export function canCancelOrder(rules: SelfEditRules, sessions: EditSession[], now: Date): boolean {
  const tickets = sessions.flatMap((s) => s.tickets);
  if (!tickets.length || !tickets.every(free)) return false;
  return sessions.some((s) => s.tickets.some((t) => !cancelled(t)) && !pastHorizon(rules, s.start, now));
}
