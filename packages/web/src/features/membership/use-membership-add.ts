import type { TMembershipHandlerData } from '@foyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client.js';
import { listOf } from '../../api/document.js';
import { firstOpenSessionQuery } from '../../api/queries.js';
import { useAppConfig } from '../../config/use-config.js';
import { useOptionalCart } from '../../shared/cart/cart-context.js';
import { nextRouteAfterAdd } from '../../shared/cart/model.js';
import type { EventDetail } from '../../shared/events/model.js';

/**
 * Adds one membership ticket (a new membership's members, or the membership to renew) on the
 * membership event's open session, then goes on as after any add (docs/memberships.md#2-buying).
 */
export function useMembershipAdd(detail: EventDetail) {
  const config = useAppConfig();
  const cart = useOptionalCart();
  const navigate = useNavigate();
  const sessionQuery = useQuery(firstOpenSessionQuery(detail.event.id));
  const session = listOf(sessionQuery.data, 'event_session').at(0) ?? null;
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /**
   * `onAdded` sees the cart's id before the page moves on (the gift page keeps its giftee with it);
   * `next` overrides the route after the add (a gift is bought on its own: straight to the checkout).
   */
  const add = async (ticketTypeId: string, handlerData: TMembershipHandlerData, options: { onAdded?: (cartId: string) => void; next?: string } = {}) => {
    if (!session || !cart || submitting) return;
    setError(null);
    setSubmitting(true);
    try {
      const doc = await cart.store.modify({ add: [{ ticket_type_id: ticketTypeId, event_session_id: session.id, handler_data: handlerData }] });
      const cartId = doc.cart._data.at(0)?.id;
      if (cartId) options.onAdded?.(cartId);
      void navigate(options.next ?? nextRouteAfterAdd([...detail.config, ...config.entries], ['membership']));
    } catch (e) {
      setSubmitting(false);
      setError(errorMessage(e));
    }
  };

  return { sessionQuery, session, add, submitting, error, clearError: () => setError(null) };
}
