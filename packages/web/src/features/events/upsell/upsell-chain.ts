/**
 * The upsell chain (docs/events.md#upsells-and-add-ons local client state, docs/events.md#upsells-and-add-ons): the add-ons the cart-aware listing offered,
 * in its order, so an add-on route can skip to the next one. Kept for the tab in
 * sessionStorage; cleared when the buyer leaves the event route (docs/routes.md#guards guard).
 */
const KEY = 'foyer:upsells-chain';

export function readUpsellChain(): string[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function writeUpsellChain(eventIds: readonly string[]): void {
  try {
    if (eventIds.length) sessionStorage.setItem(KEY, JSON.stringify(eventIds));
    else sessionStorage.removeItem(KEY);
  } catch {
    /* storage unavailable: skipping goes straight on */
  }
}

export function clearUpsellChain(): void {
  writeUpsellChain([]);
}

/** The add-on after this one in the chain, or null at its end (or when it is not in the chain). */
export function nextInChain(chain: readonly string[], eventId: string): string | null {
  const at = chain.indexOf(eventId);
  return at >= 0 && at + 1 < chain.length ? chain[at + 1] : null;
}
