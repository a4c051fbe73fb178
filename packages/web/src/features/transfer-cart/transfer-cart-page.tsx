import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths.js';
import { en } from '../../i18n/en.js';
import { useDocumentTitle } from '../../ui/use-document-title.js';
import { fetchCart } from '../../shared/cart/api.js';
import { completePath, useCart } from '../../shared/cart/cart-context.js';
import { transferCart } from './api.js';
import { changeCartStore } from '../../lib/change-cart-store.js';
import { transferError, transferOutcome, type TransferOutcome } from './transfer-outcome.js';

/**
 * /transfer-cart/{cartId} (docs/cart.md#screens): loads the cart (a link from staff or another device), keeps it
 * as this browser's cart and goes on to the `next` parameter or /checkout; a cart that is already
 * an order goes to its complete page. A staff-created cart's payment link carries `key`: the
 * cart is first handed to this browser with it. Refusals show the spec's texts (docs/cart.md#errors).
 */
export function Component() {
  const { cartId = '' } = useParams();
  const [search] = useSearchParams();
  const { store } = useCart();
  const [outcome, setOutcome] = useState<TransferOutcome | null>(null);
  useDocumentTitle(en.transferCart.loading);
  const next = search.get('next');
  const key = search.get('key');

  // One transfer per link: an effect run again for the same link (StrictMode mounts twice) waits
  // for the first one's answer instead of posting the key again.
  const started = useRef<{ link: string; done: Promise<TransferOutcome> } | null>(null);
  useEffect(() => {
    let live = true;
    const link = JSON.stringify([cartId, key, next]);
    if (started.current?.link !== link) {
      const done = (key ? transferCart(cartId, key) : fetchCart(cartId)).then(async (doc) => {
        const cart = doc.cart._data.at(0);
        if (!cart) throw new Error('no cart in the answer');
        const result = transferOutcome(cart, next);
        if (result.kind === 'go') await store.adopt(cartId);
        // A staff move's change: this tab pays it on the order's confirm page (not the shopping cart).
        if (result.kind === 'change') changeCartStore.write(result.orderId, cartId);
        return result;
      });
      started.current = { link, done };
    }
    started.current.done.then((result) => live && setOutcome(result)).catch((error: unknown) => live && setOutcome(transferError(error)));
    return () => {
      live = false;
    };
  }, [cartId, next, key, store]);

  if (outcome?.kind === 'go' || outcome?.kind === 'change') return <Navigate to={outcome.to} replace />;
  if (outcome?.kind === 'complete') return <Navigate to={completePath([outcome.orderId])} replace />;
  return (
    <section className="transfer-cart" aria-labelledby="page-title">
      {outcome ? (
        <>
          <h1 id="page-title" className="page-title" tabIndex={-1}>
            {outcome.text}
          </h1>
          <p>
            <Link to={paths.home}>{en.transferCart.home}</Link>
          </p>
        </>
      ) : (
        <h1 id="page-title" className="page-title" aria-busy="true">
          {en.transferCart.loading}
        </h1>
      )}
    </section>
  );
}
