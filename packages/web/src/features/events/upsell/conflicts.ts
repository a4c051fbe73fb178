import { CONFIG } from '@foyer/contracts/constants';
import type { TConfigEntry } from '@foyer/contracts';
import { paddingFrom, type Booking, type ConflictPadding } from '@foyer/contracts/rules';
import { configValue } from '../../../config/config.js';
import type { CartView } from '../../../shared/cart/model.js';

/**
 * Conflict padding of add-ons: the rule is written once in contracts/src/rules/add-on-window.ts
 * (docs/architecture.md "Rules and where they are enforced") and enforced by the server at
 * reserve; this file reads the seller's setting and the web's cart view.
 */
export { DEFAULT_CONFLICT_PADDING_MINUTES, conflicts } from '@foyer/contracts/rules';
export type { Booking, ConflictPadding } from '@foyer/contracts/rules';

export function conflictPadding(addOnMeta: Record<string, unknown> | undefined, ...sources: (readonly TConfigEntry[] | undefined)[]): ConflictPadding {
  return paddingFrom(addOnMeta, configValue(CONFIG.upsellConflictPadding, ...sources));
}

/** The cart's dated bookings (one per event session). */
export function bookingsOf(view: CartView | null | undefined): Booking[] {
  return (view?.sections ?? []).flatMap((s) =>
    s.session && s.event && s.event.event_type !== 'flexible'
      ? [{ eventId: s.event.id, category: s.event.category, start_datetime: s.session.start_datetime, end_datetime: s.session.end_datetime }]
      : [],
  );
}
