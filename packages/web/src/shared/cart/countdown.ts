/**
 * The cart countdown of docs/cart.md#holds-and-expiry and docs/cart.md#limits (pure):
 * - after each cart response the local expiry is expires_in minus 5 seconds from now;
 * - it ticks once per second and shows only under 20 minutes, as m:ss;
 * - warning style under 5 minutes, error style under 2;
 * - screen readers hear it at 5 and at 2 minutes;
 * - a cart found with under 30 seconds left on a refresh is deleted and reloaded.
 */
export { EXPIRY_SAFETY_SECONDS, localExpiry } from '../../lib/cart-expiry.js';
export const COUNTDOWN_TICK_MS = 1000;
export const SHOW_UNDER_SECONDS = 20 * 60;
export const WARNING_UNDER_SECONDS = 5 * 60;
export const ERROR_UNDER_SECONDS = 2 * 60;
export const ANNOUNCE_AT_SECONDS = [5 * 60, 2 * 60] as const;
export const NEAR_EXPIRY_SECONDS = 30;

/** Whole seconds left (never below 0). */
export function secondsLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

/** m:ss (e.g. 4:05, 19:59). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export type CountdownLevel = 'hidden' | 'normal' | 'warning' | 'error';

export function countdownLevel(seconds: number): CountdownLevel {
  if (seconds >= SHOW_UNDER_SECONDS) return 'hidden';
  if (seconds < ERROR_UNDER_SECONDS) return 'error';
  if (seconds < WARNING_UNDER_SECONDS) return 'warning';
  return 'normal';
}

/**
 * The announcement due when the countdown moves from `previous` to `current` seconds: 5 or 2
 * (minutes) when it reaches that mark, else null. The first reading (previous null) never
 * announces, so opening a page with 4 minutes left says nothing until 2.
 */
export function announcementDue(previous: number | null, current: number): 5 | 2 | null {
  if (previous === null) return null;
  // The latest mark passed wins (a sleeping tab may skip past both).
  for (const mark of [...ANNOUNCE_AT_SECONDS].sort((a, b) => a - b)) {
    if (previous > mark && current <= mark) return (mark / 60) as 5 | 2;
  }
  return null;
}
