import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/client.js';
import { en, format } from '../../i18n/en.js';
import { useOptionalCart } from '../../shared/cart/cart-context.js';
import { PROMO_TEXT } from '@foyer/contracts/constants';
import { applyCode, lookupCode } from './api.js';
import { forgetLinkCode, rememberLinkCode } from './link-code.js';
import { linkCodeOf, promoErrorText } from './model.js';

type State = { kind: 'pending' | 'applied' | 'error'; text: string } | null;

/**
 * The promo banner of an event page opened with `?code=` (docs/promotions.md#the-storefront): with a cart holding tickets the
 * code is applied at once; without one it is kept and sent with the reserve. A refusal is shown.
 */
export function PromoLinkBanner() {
  const [params] = useSearchParams();
  const cart = useOptionalCart();
  const code = linkCodeOf(params.get('code'));
  const cartId = cart?.view && cart.view.ticketCount > 0 ? cart.view.cart.id : null;
  const waiting = cart?.loading ?? false;
  const [state, setState] = useState<State>(null);

  useEffect(() => {
    if (!code || waiting || !cart) return;
    let live = true;
    if (!cartId) {
      lookupCode(code)
        .then((doc) => {
          if (!live) return;
          if (doc.code._data[0]?.exhausted) { setState({ kind: 'error', text: PROMO_TEXT.exhausted }); return; }
          rememberLinkCode(code);
          setState({ kind: 'pending', text: format(en.promo.linkPending, { code }) });
        })
        .catch((error: unknown) => live && setState({ kind: 'error', text: promoErrorText(error, code) }));
      return () => {
        live = false;
      };
    }
    if ((cart.view?.cart.promo_codes ?? []).some((c) => c.code === code)) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- one step of the link's code handling, the others of which answer the server's calls
      setState({ kind: 'applied', text: format(en.promo.linkApplied, { code }) });
      return;
    }
    applyCode(cartId, code, { requireBenefit: false })
      .then((doc) => {
        if (!live) return;
        cart.store.accept(doc);
        forgetLinkCode();
        setState({ kind: 'applied', text: format(en.promo.linkApplied, { code }) });
      })
      .catch((error: unknown) => {
        if (!live) return;
        if (isApiError(error) && error.code === 'duplicate_code') setState({ kind: 'applied', text: format(en.promo.linkApplied, { code }) });
        else setState({ kind: 'error', text: promoErrorText(error, code) });
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per code and cart
  }, [code, cartId, waiting]);

  if (!state) return null;
  return (
    <p className={`notice ${state.kind === 'error' ? 'notice--error' : 'notice--info'} promo-banner`} role="status" data-testid="promo-banner">
      {state.text}
    </p>
  );
}
