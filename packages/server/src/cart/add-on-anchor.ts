import type { Tx } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import type { TtlCache } from '../ttl-cache.js';
import { eventKinds, type EventKind } from './add-on-anchor.repository.js';
import { memo } from './memo.js';

/**
 * Add-ons need an anchor (000 §4): tickets of an add-on event (meta upsell) are only reserved
 * when the cart, after the change, also holds an admission — a dated ticket of an event that is
 * not an add-on. Removals are not checked here: the storefront deletes the whole cart when the
 * admission others depend on goes.
 */
export const ANCHOR_REQUIRED = 'Add an admission event to your cart first.';

interface Held {
  event_template_id: string;
  event_session_id: string | null;
}

export function isAddOnMeta(meta: unknown): boolean {
  const value = meta && typeof meta === 'object' ? (meta as Record<string, unknown>).upsell : undefined;
  return value === true || value === 'true' || value === 'T' || value === 1;
}

/** Pure: throws rule_blocks_reserve when an added add-on ticket has no anchor beside it. */
export function assertAnchored(additions: readonly Held[], after: readonly Held[], events: ReadonlyMap<string, EventKind>): void {
  const addOn = (id: string) => {
    const event = events.get(id);
    return event ? isAddOnMeta(JSON.parse(event.meta)) : false;
  };
  if (!additions.some((t) => addOn(t.event_template_id))) return;
  const anchored = after.some((t) => t.event_session_id !== null && !addOn(t.event_template_id) && events.get(t.event_template_id)?.event_type !== 'flexible');
  if (!anchored) throw new AppError(400, 'rule_blocks_reserve', ANCHOR_REQUIRED, 'checkout_rules', { block_reason: 'anchor_required' });
}

export async function checkAddOnAnchors(tx: Tx, cache: TtlCache | undefined, additions: readonly Held[], after: readonly Held[]): Promise<void> {
  if (!additions.length) return;
  const ids = [...new Set(after.map((t) => t.event_template_id))].sort();
  const events = await memo(cache, `event-kinds:${ids.join(',')}`, () => eventKinds(tx, ids));
  assertAnchored(additions, after, new Map(events.map((e) => [e.id, e])));
}
