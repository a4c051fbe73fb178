import { startTransition, useEffect, useState } from 'react';

/**
 * Whether the page being drawn is a server render or the browser's hydration of one
 * (docs/server-rendering.md): main.tsx says so before hydrating, the shell once hydrated. Parts
 * that would otherwise draw themselves in two steps draw at once then, so the server's HTML holds
 * the whole page and hydration meets the same tree.
 */
let hydrating = false;

export function setHydrating(on: boolean): void {
  hydrating = on;
}

/**
 * Sent on window once the app has taken over the page (hydrated it, or drawn it afresh): the
 * paint-first script (web/build/paint-first.js) then gives the app the clicks it held meanwhile.
 */
export const APP_READY_EVENT = 'foyer:ready';

/** The app has taken over the page: it draws as the browser's own, and held clicks are given to it. */
export function appReady(): void {
  hydrating = false;
  window.dispatchEvent(new Event(APP_READY_EVENT));
}

export const drawsServerPage = (): boolean => typeof window === 'undefined' || hydrating;

/**
 * False on the server and while the browser hydrates a server-drawn page, true after (and in a
 * page the browser draws itself): parts that only the browser can draw (sanitised HTML needs a
 * DOM) wait for it, and hydration still meets the server's HTML. The change after hydrating is a
 * transition, so React draws those parts in slices rather than in one long task.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !drawsServerPage());
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
