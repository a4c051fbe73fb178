import type { TEventSession } from '@foyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { listOf } from '../../../api/document.js';
import { sessionsQuery } from '../../../api/queries.js';
import { configValue } from '../../../config/config.js';
import { useAppConfig } from '../../../config/use-config.js';
import { safeTz } from '../../../lib/venue-time.js';
import { useOptionalCart } from '../../../shared/cart/cart-context.js';
import type { EventDetail } from '../../../shared/events/model.js';
import { anchorOf, inVisitWindow, readVisitTime, visitWindow, type VisitWindow } from '../detail/dates-sessions/visit-window.js';
import { bookingsOf, conflictPadding, conflicts } from './conflicts.js';
import { clearUpsellChain } from './upsell-chain.js';

const VISIT_TIME_KEY = { namespace: 'web', name: 'upsells.visit_time' } as const;

export interface VisitState {
  /** Null without an anchor, while until_close waits for the anchor day's sessions, or on error. */
  visit: VisitWindow | null;
  error: unknown;
  loading: boolean;
}

/**
 * An add-on's visit window from the admission in the cart (docs/events.md#upsells-and-add-ons). until_close also needs the
 * anchor event's sessions of that day (the venue's closing time): read through the cached
 * sessions call, and nothing is offered until they are known.
 */
export function useVisitWindow(detail: EventDetail, upsell: boolean): VisitState {
  const config = useAppConfig();
  const cart = useOptionalCart();
  const anchor = upsell ? anchorOf(cart?.view) : null;
  let visitTime: ReturnType<typeof readVisitTime> | null = null;
  let error: unknown = null;
  try {
    visitTime = anchor ? readVisitTime(configValue(VISIT_TIME_KEY, detail.config, config.entries)) : null;
  } catch (e) {
    error = e;
  }
  const closing = anchor && visitTime === 'until_close';
  const day = anchor ? safeTz(anchor.session.start_datetime, anchor.timezone).format('YYYY-MM-DD') : '';
  const daySessions = useQuery({ ...sessionsQuery(anchor?.session.event_template_id ?? '', day, { hideSoldOut: false }), enabled: !!closing });
  if (!anchor || !visitTime) return { visit: null, error, loading: false };
  if (closing && !daySessions.data) return { visit: null, error: daySessions.error, loading: daySessions.isPending };
  return { visit: visitWindow(anchor, visitTime, closing ? listOf(daySessions.data, 'event_session') : []), error: null, loading: false };
}

/**
 * The sessions an add-on offers (docs/events.md#upsells-and-add-ons): inside the anchor's visit window and clear of the
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
  }, [visit?.start, visit?.end, detail, config.entries, view]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed by the visit window's start and end, not the visit object rebuilt each render
}

/** The upsell chain lives while the buyer stays on event routes; leaving them clears it (docs/events.md#upsells-and-add-ons). */
export function useUpsellChainScope(): void {
  useEffect(() => clearUpsellChain, []);
}
