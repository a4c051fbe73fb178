import { takeManageKey } from '../features/manage/manage-key.js';

/**
 * The address the app starts from, fixed before the router, the tag manager or any other script
 * reads it: a cache-busting reload's `_r` dropped (a failed chunk load leaves it, lib/lazy.ts), an
 * order e-mail link's key moved into the tab (manage-key.ts). Replaces the history entry when it
 * changed; returns the path.
 */
export function fixStartAddress(win: Window = window): string {
  const here = win.location.pathname + win.location.search + win.location.hash;
  let start = takeManageKey(here);
  const url = new URL(start, win.location.origin);
  if (url.searchParams.has('_r')) {
    url.searchParams.delete('_r');
    start = url.pathname + url.search + url.hash;
  }
  if (start !== here) win.history.replaceState(win.history.state, '', start);
  return start;
}
