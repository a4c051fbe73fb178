/**
 * Sort orders without String.prototype.localeCompare: its first call starts ICU's collator, ~100
 * ms of a phone's main thread on the page that makes it (docs/performance.md).
 */

/** Code-point order: ISO dates and times (and ids) sort as they should. */
export function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Alphabetical order of names, case and accents ignored (as localeCompare's base sensitivity has it for names); ties in code-point order. */
export function byName(a: string, b: string): number {
  return byCodePoint(folded(a), folded(b)) || byCodePoint(a, b);
}

// NFD splits an accented letter into the letter and its combining mark, which goes.
const folded = (name: string) => name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
