import type { Tx } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import type { TtlCache } from '../ttl-cache.js';
import { eventKinds, type EventKind } from './add-on-anchor.repository.js';
import { memo } from './memo.js';

/**
 * Add-ons need an anchor (000 §4): tickets of an add-on event (meta upsell) are only reserved
 * when the cart, after the change, also holds an admission — a dated ticket of an event that is
 * not an add-on. An add-on whose event meta has tickets_must_match_anchor_tickets must then be
 * held in the same number as the anchor booking's tickets (the earliest admission session's).
 * Removals are not checked here: the storefront deletes the whole cart when the admission others
 * depend on goes.
 */
export const ANCHOR_REQUIRED = 'Add an admission event to your cart first.';

export const matchAnchorText = (required: number) =>
  `Add-on tickets must match the ${required} admission ${required === 1 ? 'ticket' : 'tickets'} in your cart: choose ${required}.`;

interface Held {
  event_template_id: string;
  event_session_id: string | null;
  /** The session start (tickets carry it): orders admissions to find the anchor booking. */
  valid_from: string | null;
}

/** A meta flag as catalogs write it: true, 'true', 'T' or 1. */
function metaFlag(meta: unknown, key: string): boolean {
  const value = meta && typeof meta === 'object' ? (meta as Record<string, unknown>)[key] : undefined;
  return value === true || value === 'true' || value === 'T' || value === 1;
}

export const isAddOnMeta = (meta: unknown): boolean => metaFlag(meta, 'upsell');

/** Pure: throws rule_blocks_reserve when an added add-on ticket has no anchor beside it. */
export function assertAnchored(additions: readonly Held[], after: readonly Held[], events: ReadonlyMap<string, EventKind>): void {
  const addOn = (id: string) => {
    const event = events.get(id);
    return event ? isAddOnMeta(JSON.parse(event.meta)) : false;
  };
  if (!additions.some((t) => addOn(t.event_template_id))) return;
  const admissions = after.filter((t) => t.event_session_id !== null && !addOn(t.event_template_id) && events.get(t.event_template_id)?.event_type !== 'flexible');
  if (!admissions.length) throw new AppError(400, 'rule_blocks_reserve', ANCHOR_REQUIRED, 'checkout_rules', { block_reason: 'anchor_required' });

  const mustMatch = [...new Set(additions.map((t) => t.event_template_id))].filter((id) => addOn(id) && metaFlag(JSON.parse(events.get(id)!.meta), 'tickets_must_match_anchor_tickets'));
  if (!mustMatch.length) return;
  const first = admissions.reduce((a, b) => ((b.valid_from ?? '') < (a.valid_from ?? '') ? b : a));
  const required = admissions.filter((t) => t.event_session_id === first.event_session_id).length;
  for (const id of mustMatch) {
    const held = after.filter((t) => t.event_template_id === id).length;
    if (held !== required) {
      throw new AppError(400, 'rule_blocks_reserve', matchAnchorText(required), 'checkout_rules', { block_reason: 'tickets_must_match_anchor', event_template_id: id, required, held });
    }
  }
}

export async function checkAddOnAnchors(tx: Tx, cache: TtlCache | undefined, additions: readonly Held[], after: readonly Held[]): Promise<void> {
  if (!additions.length) return;
  const ids = [...new Set(after.map((t) => t.event_template_id))].sort();
  const events = await memo(cache, `event-kinds:${ids.join(',')}`, () => eventKinds(tx, ids));
  assertAnchored(additions, after, new Map(events.map((e) => [e.id, e])));
}
