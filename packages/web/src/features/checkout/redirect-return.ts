// Back from a payment redirect (docs/checkout.md#screens Checkout): the address carries cartId, purchaser and
// payment_intent_client_secret (and orderId for a manage-order payment); the server asks the
// gateway what became of the payment, and the page goes where the outcome says.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { TPayAnswer } from '@foyer/contracts';
import { api } from '../../api/client.js';
import { completePath } from '../../shared/cart/cart-context.js';
import { en } from '../../i18n/en.js';
import { payFailure } from '../../shared/payment/model.js';
import { manageReturnPath, PAY_FAILURE_STATE } from '../manage/public.js';

export interface RedirectReturn {
  cartId: string;
  /** purchaser=member: the cart is a logged-in member's (my/cart). */
  member: boolean;
  clientSecret: string;
  orderId: string | null;
}

/** The parameters a return leaves in the address (ours and the provider's own). */
const RETURN_PARAMS = ['cartId', 'purchaser', 'payment_intent_client_secret', 'payment_intent', 'redirect_status', 'orderId'];

export function readRedirectReturn(search: string): RedirectReturn | null {
  const q = new URLSearchParams(search);
  const cartId = q.get('cartId');
  const clientSecret = q.get('payment_intent_client_secret');
  if (!cartId || !clientSecret) return null;
  return { cartId, member: q.get('purchaser') === 'member', clientSecret, orderId: q.get('orderId') };
}

/** The address's query without the return's parameters (others, e.g. a promo code, stay). */
export function withoutReturnParams(search: string): string {
  const q = new URLSearchParams(search);
  for (const name of RETURN_PARAMS) q.delete(name);
  const rest = q.toString();
  return rest ? `?${rest}` : '';
}

export function finishRedirectPayment(ret: RedirectReturn): Promise<TPayAnswer> {
  return api.post<TPayAnswer>(`${ret.member ? 'my/cart' : 'cart'}/${encodeURIComponent(ret.cartId)}/payment_return`, { payment_intent_client_secret: ret.clientSecret });
}

export type ReturnOutcome =
  | { kind: 'completed'; orderIds: string[] }
  | { kind: 'pending' }
  | { kind: 'partial' }
  | { kind: 'expired' }
  | { kind: 'failed'; text: string; detail: string | null };

/** The server's answer as the page needs it; refusals with the spec's payment texts ("Your card has not been charged." …). */
export async function settleRedirectReturn(ret: RedirectReturn): Promise<ReturnOutcome> {
  try {
    const answer = await finishRedirectPayment(ret);
    if (answer.outcome === 'completed') {
      const ids = answer.ticket_order?._data.map((o) => o.id) ?? [];
      const fromCart = answer.cart._data.at(0)?.ticket_order_id;
      return { kind: 'completed', orderIds: ids.length ? ids : fromCart ? [fromCart] : [] };
    }
    return { kind: answer.outcome === 'pending' ? 'pending' : 'partial' };
  } catch (error) {
    const f = payFailure(error);
    if (f.kind === 'expired') return { kind: 'expired' };
    if (f.kind === 'message') return { kind: 'failed', text: f.text, detail: f.detail && f.detail !== f.text ? f.detail : null };
    return { kind: 'failed', text: f.kind === 'processing' ? en.checkout.inProgress : en.checkout.editDetails, detail: null };
  }
}

export interface RedirectReturnHandlers {
  /** Paid: the complete page's path. */
  onCompleted: (path: string) => void;
  onPending: (cartId: string) => void;
  onExpired: () => void;
  /** The cart changed (partly paid): read it again. */
  onRefresh: () => void;
}

/**
 * On /checkout after a payment redirect: finishes the payment once, then
 * strips the parameters from the address. `finishing` while the server is asked; `failure` is the
 * message the form shows when the payment did not go through.
 */
export function useRedirectReturn(handlers: RedirectReturnHandlers): { finishing: boolean; failure: { text: string; detail: string | null } | null } {
  const location = useLocation();
  const navigate = useNavigate();
  const [ret] = useState(() => readRedirectReturn(location.search));
  const [finishing, setFinishing] = useState(ret !== null);
  const [failure, setFailure] = useState<{ text: string; detail: string | null } | null>(null);
  const started = useRef(false);
  // The handlers as they are when the answer comes.
  const currentHandlers = useEffectEvent(() => handlers);

  useEffect(() => {
    if (!ret || started.current) return;
    started.current = true;
    const strip = () => navigate({ pathname: location.pathname, search: withoutReturnParams(location.search), hash: location.hash }, { replace: true });
    void settleRedirectReturn(ret).then((outcome) => {
      const h = currentHandlers();
      if (ret.orderId) {
        // A manage-order payment (docs/after-sale.md#how-a-change-works-server) goes back to its order, never touching this tab's own cart.
        const to = outcome.kind === 'completed' || outcome.kind === 'pending' ? 'done' : outcome.kind === 'expired' ? 'expired' : 'again';
        const state = outcome.kind === 'failed' ? { [PAY_FAILURE_STATE]: { text: outcome.text, detail: outcome.detail } } : null;
        void navigate(manageReturnPath(ret.orderId, ret.cartId, to), { replace: true, state });
        return;
      }
      switch (outcome.kind) {
        case 'completed':
          h.onCompleted(completePath(outcome.orderIds));
          return;
        case 'pending':
          h.onPending(ret.cartId);
          return;
        case 'expired':
          void strip();
          h.onExpired();
          break;
        case 'partial':
          void strip();
          h.onRefresh();
          break;
        case 'failed':
          void strip();
          setFailure({ text: outcome.text, detail: outcome.detail });
          h.onRefresh();
          break;
      }
      setFinishing(false);
    });
  }, [ret, navigate, location.pathname, location.search, location.hash]);

  return { finishing, failure };
}
