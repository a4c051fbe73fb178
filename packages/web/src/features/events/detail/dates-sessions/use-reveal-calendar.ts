import { useEffect, type RefObject } from 'react';
import { scrollIntoView } from '../../../../lib/optional-dom.js';

/**
 * The calendar's visibility threshold (docs/catalog.md#6-events, `reserve_flow`): when the dates open after
 * the buyer's own step (quantity-first's 'Show dates', 'Change' on a chosen date), under 40 % of
 * them in view counts as not seen, and the page brings them into view.
 */
export const CALENDAR_VISIBLE_RATIO = 0.4;

/** Watches `ref` once while `enabled`: too little in view scrolls it in (nearest edge, smooth). */
export function useRevealCalendar(ref: RefObject<HTMLElement | null>, enabled: boolean): void {
  useEffect(() => {
    const target = ref.current;
    if (!enabled || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        // The first answer says how much shows now; later scrolling is the buyer's.
        observer.disconnect();
        const entry = entries.at(0);
        if (!entry || seen(entry)) return;
        scrollIntoView(target, { block: 'nearest', behavior: 'smooth' });
      },
      { threshold: CALENDAR_VISIBLE_RATIO },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [ref, enabled]);
}

/** 40 % of the calendar shows, or it fills 40 % of a screen smaller than it (a long list on a phone). */
function seen(entry: IntersectionObserverEntry): boolean {
  if (entry.intersectionRatio >= CALENDAR_VISIBLE_RATIO) return true;
  const screen = entry.rootBounds?.height ?? 0;
  return screen > 0 && entry.intersectionRect.height >= screen * CALENDAR_VISIBLE_RATIO;
}
