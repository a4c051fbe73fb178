/** A meta flag as catalogs write it: true, 'true', 'T' or 1. */
export function metaFlag(meta: unknown, key: string): boolean {
  const value = meta && typeof meta === 'object' ? (meta as Record<string, unknown>)[key] : undefined;
  return value === true || value === 'true' || value === 'T' || value === 1;
}

/** An add-on (upsell) event (docs/events.md#upsells-and-add-ons): its tickets need an admission booked beside them. */
export const isAddOnMeta = (meta: unknown): boolean => metaFlag(meta, 'upsell');

/** docs/payments.md#gift-cards: group handlers that are never add-ons (gift cards, donations, memberships, codes) and skip the upsell listing. */
export const NON_UPSELL_HANDLERS: readonly string[] = ['ledger', 'donation', 'membership', 'codes'];

/** A ticket of this handler may be an add-on (an upsell); the others never are, whatever their event's meta. */
export const isUpsellHandler = (handler: string | null | undefined): boolean => !NON_UPSELL_HANDLERS.includes(handler ?? '');

/**
 * An add-on event whose ticket groups are all of non-upsell handlers offers nothing as an add-on:
 * the cart-aware (upsell) listing leaves it out. Without known groups it is listed.
 */
export const offersAddOns = (groupHandlers: readonly string[]): boolean => !groupHandlers.length || groupHandlers.some(isUpsellHandler);

/**
 * docs/events.md#upsells-and-add-ons "Neither when the event has anchored upsells": in an order that still holds add-on
 * tickets, an admission's session can be neither cancelled nor rescheduled by the buyer — the
 * add-ons were bought for that visit.
 */
export function hasAnchoredAddOns(eventMeta: unknown, orderEventMetas: readonly unknown[]): boolean {
  return !isAddOnMeta(eventMeta) && orderEventMetas.some(isAddOnMeta);
}
