import type { CartView } from '../../../shared/cart/model.js';
import { anchorOf } from '../detail/dates-sessions/visit-window.js';

/** A meta flag as catalogs write it: true, 'true', 'T' or 1. */
function flag(meta: Record<string, unknown> | undefined, key: string): boolean {
  const value = meta?.[key];
  return value === true || value === 'true' || value === 'T' || value === 1;
}

/**
 * Event meta tickets_must_match_anchor_tickets (docs/events.md#upsells-and-add-ons): an add-on bought in the same number as
 * the anchor booking's tickets (the earliest admission session in the cart), counting what the
 * cart already holds of the add-on. Undefined when the event has no such rule or no anchor; the
 * server refuses a mismatch with rule_blocks_reserve (block_reason tickets_must_match_anchor).
 */
export function anchorMatchCount(view: CartView | null | undefined, event: { id: string; meta?: Record<string, unknown> }): number | undefined {
  if (!flag(event.meta, 'tickets_must_match_anchor_tickets')) return undefined;
  const anchor = anchorOf(view);
  if (!anchor || !view) return undefined;
  const anchorTickets = view.tickets.filter((t) => t.event_session_id === anchor.session.id).length;
  const held = view.tickets.filter((t) => t.event_template_id === event.id).length;
  return Math.max(0, anchorTickets - held);
}
