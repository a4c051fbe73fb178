import { todayIn } from './dates.js';

/**
 * The first date formatted in a timezone and the first currency format in a page cost ~25 ms of
 * CPU (ICU loading its data), ~130 ms on a phone 4× slower: measured in Chromium, about:blank at
 * 4× CPU, 110 ms and 26 ms. The event page needs both in the render that paints it; called while
 * its chunk and its event are still on the way, the cost leaves that render.
 */
export function warmIntl(timezone: string, currency: string): void {
  todayIn(timezone);
  try {
    new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(0);
  } catch {
    // An unknown currency: the page shows its code, nothing to warm.
  }
}
