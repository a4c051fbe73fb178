import { useEffect, useState } from 'react';
import { drawsServerPage } from '../lib/hydration.js';

/**
 * False on the first render, true from a task later. A page renders its top first and the rest
 * in a task of its own: on a phone one long render blocks the main thread (Lighthouse's Total
 * Blocking Time counts every task over 50 ms), two halves do not.
 */
export function useNextTask(): boolean {
  // A server-drawn page is whole from the start (its HTML has all of it; hydration must meet the same).
  const [next, setNext] = useState(drawsServerPage);
  useEffect(() => {
    if (next) return;
    const timer = setTimeout(() => setNext(true), 0);
    return () => clearTimeout(timer);
  }, [next]);
  return next;
}
