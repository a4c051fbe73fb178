import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { isApiError } from '../../api/client.js';
import { NotFoundPage } from '../../ui/not-found-page.js';
import { en } from '../../i18n/en.js';
import { ErrorNotice } from '../../ui/error-notice.js';
import { Skeleton } from '../../ui/skeleton.js';
import { useDocumentTitle } from '../../ui/use-document-title.js';
import { fetchCart } from '../../shared/cart/api.js';
import { completePath } from '../../shared/cart/cart-context.js';
import { TitledPage } from '../../ui/titled-page.js';
import { BackToEvents } from '../../ui/back-to-events.js';

/** How often the page asks whether a payment in flight has cleared. */
export const PENDING_POLL_MS = 5000;

/**
 * /checkout/pending/{cartId} (docs/checkout.md#order-complete): a debit payment awaiting clearing, with the cart's
 * reference number (its cart_number). The page reads the cart and follows its state: booked goes to
 * the complete page, a cart that can be paid again back to checkout; while the payment is in
 * flight it asks again every few seconds.
 */
export function Component() {
  const { cartId = '' } = useParams();
  useDocumentTitle(en.pending.title);
  const query = useQuery({
    queryKey: ['cart', 'pending', cartId],
    queryFn: ({ signal }) => fetchCart(cartId, signal),
    refetchInterval: (q) => (q.state.data?.cart._data[0]?.state === 'checkout' ? PENDING_POLL_MS : false),
    retry: false,
  });
  if (query.isError && isApiError(query.error) && (query.error.status === 403 || query.error.status === 404)) return <NotFoundPage />;
  const cart = query.data?.cart._data[0];
  if (cart?.state === 'booked' && cart.ticket_order_id) return <Navigate to={completePath([cart.ticket_order_id])} replace />;
  if (cart?.state === 'pending') return <Navigate to={`/checkout/${encodeURIComponent(cart.id)}`} replace />;
  return (
    <TitledPage className="status-page" title={cart && cart.state !== 'checkout' ? en.pending.notCompleted : en.pending.title}>
      {query.isError ? (
        <ErrorNotice title={en.pending.errorTitle} error={query.error} onRetry={() => void query.refetch()} />
      ) : !cart ? (
        <div aria-busy="true" aria-label={en.pending.loading}>
          <Skeleton height={24} style={{ marginBottom: 12 }} />
          <Skeleton height={24} width="60%" />
        </div>
      ) : (
        <>
          <p className="page-lead" role="status">
            {cart.state === 'checkout' ? en.pending.text : en.pending.notCompletedText}
          </p>
          <p>
            {en.pending.reference}: <strong data-testid="reference">{cart.cart_number}</strong>
          </p>
        </>
      )}
      <BackToEvents />
    </TitledPage>
  );
}
