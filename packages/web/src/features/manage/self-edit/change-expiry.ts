import type { TCartDocument } from '@foyer/contracts';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useNavigate } from 'react-router';
import { EXPIRY_POLL_MS, localExpiry } from '../../../lib/cart-expiry.js';
import { discardChange, managePath } from './change-api.js';

/** The manage page's location state after a change cart ran out: it says so once. */
export const CHANGE_EXPIRED_STATE = 'foyer.changeExpired';

/**
 * docs/after-sale.md#how-a-change-works-server Cart expiry, for the change cart of an order being edited: a one-second check notices
 * the hold running out (expires_in minus 5 s after the answer, as the shopping cart's), forgets
 * the change (DELETE cart/{id}: the hold is released at once, not at the sweeper's next pass), and
 * goes to the manage page, which reloads the order — so no Confirm is pressed on a cart that is
 * gone. Every screen of a change watches it: edit order, reschedule, confirm (docs/after-sale.md).
 */
export function useChangeCartExpiry(orderId: string, change: Pick<UseQueryResult<TCartDocument>, 'data' | 'dataUpdatedAt'>, onExpired?: () => void) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const cart = change.data?.cart._data.at(0);
  const deadline = cart && cart.state === 'pending' ? localExpiry(cart.expires_in, change.dataUpdatedAt) : null;
  const expired = useEffectEvent(() => onExpired?.());
  useEffect(() => {
    if (deadline === null) return;
    let done = false;
    const check = () => {
      if (done || Date.now() < deadline) return;
      done = true;
      clearInterval(timer);
      void discardChange(orderId)
        .catch(() => undefined)
        .then(async () => {
          expired();
          client.removeQueries({ queryKey: ['cart', 'detail'] });
          await client.invalidateQueries({ queryKey: ['ticket_order'] });
          void navigate(managePath(orderId), { replace: true, state: { [CHANGE_EXPIRED_STATE]: true } });
        });
    };
    const timer = setInterval(check, EXPIRY_POLL_MS);
    check();
    return () => {
      done = true;
      clearInterval(timer);
    };
  }, [deadline, orderId, client, navigate]);
}
