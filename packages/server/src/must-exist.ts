/**
 * A value the caller's invariant says is there (a row read back in the transaction that wrote or
 * locked it, a key put in a map just above, a setting checked at boot). Instead of a `!` that lets
 * a broken invariant surface as a TypeError somewhere further on, it fails here, naming what is missing.
 */
export function mustExist<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Invariant broken: ${what} is missing`);
  return value;
}
