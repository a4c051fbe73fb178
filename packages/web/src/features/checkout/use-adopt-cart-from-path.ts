// /checkout/{cartId}: reads the cart named in the address and makes it the stored cart.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/client.js';
import { fetchCart } from '../../shared/cart/api.js';
import { useCart } from '../../shared/cart/cart-context.js';

/** True while the cart named in the address is being read and adopted. */
export function useAdoptCartFromPath(cartIdParam: string | undefined): boolean {
  const { cartId, store } = useCart();
  const navigate = useNavigate();
  const needed = !!cartIdParam && cartIdParam !== cartId;
  const [adopting, setAdopting] = useState(needed);

  // A cart named in the address: read it (not found → the not-found route), then keep it; a 403
  // (another's cart) continues with the visitor's own cart (docs/checkout.md#errors).
  useEffect(() => {
    if (!cartIdParam || cartIdParam === store.getSnapshot().cartId) return;
    let live = true;
    fetchCart(cartIdParam)
      .then(() => store.adopt(cartIdParam))
      .then(() => live && setAdopting(false))
      .catch((error: unknown) => {
        if (!live) return;
        if (isApiError(error) && error.status === 404) void navigate('/404', { replace: true });
        else setAdopting(false);
      });
    return () => {
      live = false;
    };
  }, [cartIdParam, store, navigate]);
  // A cart already adopted (or none named) is not being adopted, whatever the state still says.
  return adopting && needed;
}
