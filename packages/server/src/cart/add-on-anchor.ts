import type { Tx } from '../db/database.js';
import { isAddOnMeta, isUpsellHandler, metaFlag } from '@foyer/contracts/rules';
import { AppError } from '../http/app-error.js';
import type { TtlCache } from '../ttl-cache.js';
import { eventKinds, type EventKind } from './add-on-anchor.repository.js';
import { memo } from './memo.js';
import { mustExist } from '../must-exist.js';

/**
 * Add-ons need an anchor (docs/events.md#upsells-and-add-ons): tickets of an add-on event (meta upsell) are only reserved
 * when the cart, after the change, also holds an admission — a dated ticket of an event that is
 * not an add-on. An add-on whose event meta has tickets_must_match_anchor_tickets must then be
 * held in the same number as the anchor booking's tickets (the earliest admission session's);
 * this holds also when a change adds or removes admission tickets in a cart with such add-ons: the
 * change is refused (same code) and says to change both in one step or remove the add-on first.
 * Removing the last admission is not checked: the storefront deletes the whole cart when the
 * admission others depend on goes. Tickets of a non-upsell handler (gift cards, donations,
 * memberships, codes) are never add-ons, even in an event flagged upsell: they need no anchor.
 */
export const ANCHOR_REQUIRED = 'Add an admission event to your cart first.';

const tickets = (n: number) => `${n} ${n === 1 ? 'ticket' : 'tickets'}`;

export const matchAnchorText = (required: number) => `Add-on tickets must match the ${required} admission ${required === 1 ? 'ticket' : 'tickets'} in your cart: choose ${required}.`;

/** The refusal of an admission change that would leave a matched add-on out of step. */
export const anchorChangeText = (name: string, held: number, required: number) =>
  `${name} tickets must match your admission tickets: this change would leave ${tickets(required)} for admission and ${held} for ${name}. Change both in one step, or remove ${name} from your cart first.`;

interface Held {
  event_template_id: string;
  event_session_id: string | null;
  /** The session start (tickets carry it): orders admissions to find the anchor booking. */
  valid_from: string | null;
  /** The group's handler: gift cards, donations, memberships and codes are never add-ons (isUpsellHandler). */
  handler?: string;
}

/**
 * An event's meta, parsed once per memoised row (checkAddOnAnchors' memo hands out the same rows
 * for its TTL), not once per ticket and request (docs/performance.md#reserve).
 */
const parsedMeta = new WeakMap<EventKind, unknown>();
function metaOf(event: EventKind): unknown {
  let meta = parsedMeta.get(event);
  if (meta === undefined) parsedMeta.set(event, (meta = JSON.parse(event.meta)));
  return meta;
}

/**
 * Pure: throws rule_blocks_reserve when an added add-on ticket has no anchor beside it, or when an
 * add-on with tickets_must_match_anchor_tickets is out of step with the anchor booking after a
 * change that adds it or adds or removes admission tickets.
 */
export function assertAnchored(additions: readonly Held[], after: readonly Held[], events: ReadonlyMap<string, EventKind>, removed: readonly Held[] = []): void {
  const addOn = (id: string) => {
    const event = events.get(id);
    return event ? isAddOnMeta(metaOf(event)) : false;
  };
  const isAdmission = (t: Held) => t.event_session_id !== null && !addOn(t.event_template_id) && events.get(t.event_template_id)?.event_type !== 'flexible';
  const mustMatchEvent = (id: string) => addOn(id) && metaFlag(metaOf(mustExist(events.get(id), `add-on event ${id}`)), 'tickets_must_match_anchor_tickets');
  const admissions = after.filter(isAdmission);
  const addsAddOns = additions.some((t) => addOn(t.event_template_id) && isUpsellHandler(t.handler));
  if (addsAddOns && !admissions.length) throw new AppError(400, 'rule_blocks_reserve', ANCHOR_REQUIRED, 'checkout_rules', { block_reason: 'anchor_required' });

  // Matched add-ons added now, plus (when admissions change) those already held.
  const changesAdmissions = additions.some(isAdmission) || removed.some(isAdmission);
  const upsells = (list: readonly Held[]) => list.filter((t) => isUpsellHandler(t.handler)).map((t) => t.event_template_id);
  const checked = new Set([...upsells(additions), ...(changesAdmissions ? upsells(after) : [])].filter(mustMatchEvent));
  if (!checked.size || !admissions.length) return;
  const first = admissions.reduce((a, b) => ((b.valid_from ?? '') < (a.valid_from ?? '') ? b : a));
  const required = admissions.filter((t) => t.event_session_id === first.event_session_id).length;
  for (const id of checked) {
    const held = after.filter((t) => t.event_template_id === id && isUpsellHandler(t.handler)).length;
    if (held === required) continue;
    const addedNow = additions.some((t) => t.event_template_id === id);
    const text = addedNow ? matchAnchorText(required) : anchorChangeText(mustExist(events.get(id), `add-on event ${id}`).name, held, required);
    throw new AppError(400, 'rule_blocks_reserve', text, 'checkout_rules', { block_reason: 'tickets_must_match_anchor', event_template_id: id, required, held });
  }
}

export async function checkAddOnAnchors(tx: Tx, cache: TtlCache | undefined, additions: readonly Held[], after: readonly Held[], removed: readonly Held[] = []): Promise<void> {
  if (!additions.length && !removed.length) return;
  // The cart's events, memoised (the same read the reserve path already makes): no new DB read.
  const ids = [...new Set([...after, ...removed].map((t) => t.event_template_id))].sort();
  if (!ids.length) return;
  const events = await memo(cache, `event-kinds:${ids.join(',')}`, () => eventKinds(tx, ids));
  assertAnchored(additions, after, new Map(events.map((e) => [e.id, e])), removed);
}
