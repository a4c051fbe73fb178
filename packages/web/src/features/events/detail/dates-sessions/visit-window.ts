import type { TEventSession } from '@foyer/contracts';
import { visitWindow as sharedVisitWindow, type Span, type VisitWindow } from '@foyer/contracts/rules';
import type { CartView } from '../../../../shared/cart/model.js';
import { byCodePoint } from '../../../../lib/compare.js';

/**
 * The upsell visit window (docs/architecture.md "Rules and where they are enforced"): the rule is
 * written once in contracts/src/rules/add-on-window.ts and enforced by the server at reserve; this
 * file finds the anchor in the web's cart view.
 */
export { VISIT_TIMES, DEFAULT_VISIT_TIME, VisitTimeError, readVisitTime, inVisitWindow } from '@foyer/contracts/rules';
export type { VisitTime, VisitWindow } from '@foyer/contracts/rules';

export interface Anchor {
  session: TEventSession;
  timezone: string;
}

function isUpsellMeta(meta: Record<string, unknown> | undefined): boolean {
  const value = meta?.upsell;
  return value === true || value === 'true' || value === 'T' || value === 1;
}

/** The earliest dated admission (non-add-on) booking in the cart, or null. */
export function anchorOf(view: CartView | null | undefined): Anchor | null {
  const dated = (view?.sections ?? []).flatMap((s) => (s.session && s.event && !isUpsellMeta(s.event.meta) && s.event.event_type !== 'flexible' ? [{ session: s.session, timezone: s.timezone }] : []));
  return dated.sort((a, b) => byCodePoint(a.session.start_datetime, b.session.start_datetime)).at(0) ?? null;
}

/** daySessions: the anchor event's sessions of the anchor's day, needed for until_close only. */
export function visitWindow(anchor: Anchor, visitTime: unknown, daySessions: readonly Span[] = []): VisitWindow {
  return sharedVisitWindow({ start_datetime: anchor.session.start_datetime, end_datetime: anchor.session.end_datetime, timezone: anchor.timezone }, visitTime, daySessions);
}
