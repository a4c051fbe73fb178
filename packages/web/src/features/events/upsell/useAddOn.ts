import type { TEventSession } from '@foyer/contracts';
import { useEffect, useMemo } from 'react';
import { useAppConfig } from '../../../config/useConfig.js';
import { useOptionalCart } from '../../cart/CartContext.js';
import type { EventDetail } from '../detail/model.js';
import { inVisitWindow, type VisitWindow } from '../detail/visitWindow.js';
import { bookingsOf, conflictPadding, conflicts } from './conflicts.js';
import { clearUpsellChain } from './upsellChain.js';

/**
 * The sessions an add-on offers (000 §4): inside the anchor's visit window and clear of the
 * cart's other bookings by the conflict padding. Undefined when there is no window (not an add-on).
 */
export function useAddOnSessionFilter(detail: EventDetail, visit: VisitWindow | null): ((session: TEventSession) => boolean) | undefined {
  const config = useAppConfig();
  const cart = useOptionalCart();
  const view = cart?.view;
  return useMemo(() => {
    if (!visit) return undefined;
    const padding = conflictPadding(detail.event.meta, detail.config, config.entries);
    const bookings = bookingsOf(view);
    const addOn = { eventId: detail.event.id, category: detail.event.category };
    return (session: TEventSession) => inVisitWindow(session, visit) && !conflicts(session, addOn, bookings, padding);
  }, [visit?.start, visit?.end, detail, config.entries, view]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** The upsell chain lives while the buyer stays on event routes; leaving them clears it (001 §2). */
export function useUpsellChainScope(): void {
  useEffect(() => clearUpsellChain, []);
}
