import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client.js';
import { NotFoundPage } from '../../ui/not-found-page.js';
import { paths } from '../../lib/paths.js';
import { useSeller } from '../../config/use-config.js';
import { en, format } from '../../i18n/en.js';
import { formatMoney } from '../../lib/money.js';
import { ErrorNotice } from '../../ui/error-notice.js';
import { Skeleton } from '../../ui/skeleton.js';
import { useDocumentTitle } from '../../ui/use-document-title.js';
import { useOptionalCart } from '../../shared/cart/cart-context.js';
import { fetchOrders, qrCodeUrl } from '../../shared/orders/api.js';
import { OrderMemberships } from '../membership/public.js';
import { OrderDiscount } from '../promotions/public.js';
import { completedOrderRedirect, parseOrderIds, readOrders } from '../../shared/orders/orders.js';
import { isFreeAndCancellable, manageKeyOf, managePath } from '../manage/public.js';
import { LazyWalletButtons } from '../wallet/public.js';

/** The orders of these ids this browser may read (it bought them, or `key` from an order e-mail's link opens one). */
export function ordersQuery(ids: string[], key: string | null) {
  return {
    queryKey: ['ticket_order', 'list', { 'id._in': ids.join(','), key }] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchOrders(ids, key, signal),
    staleTime: 5 * 60_000,
    retry: false,
  };
}

/** An order's printable tickets (the key an e-mail link opened it with stays in the tab, manage-key.ts). */
export const ticketsPath = (orderId: string) => `/checkout/tickets/${encodeURIComponent(orderId)}`;

/**
 * /checkout/complete?orderIds=… (docs/checkout.md#order-complete): per order its number, QR code and a print/view link.
 * Right after paying the browser that bought the orders reads them; from the confirmation e-mail,
 * its key does — taken out of the address into the tab before the app starts (manage-key.ts;
 * docs/after-sale.md "Who may read or change an order").
 */
export function Component() {
  const [search] = useSearchParams();
  const ids = parseOrderIds(search);
  const key = manageKeyOf(ids);
  const seller = useSeller();
  const cart = useOptionalCart();
  useDocumentTitle(en.complete.title);
  const query = useQuery({ ...ordersQuery(ids, key), enabled: ids.length > 0 });

  // The order is done: the local cart goes (when it is this order's cart or already booked).
  const cartDoc = cart?.doc;
  useEffect(() => {
    const c = cartDoc?.cart._data.at(0);
    if (c && (c.state === 'booked' || (c.ticket_order_id && ids.includes(c.ticket_order_id)))) cart?.store.clear();
  }, [cartDoc, cart?.store, ids]);

  // A seller with its own order-complete page sends the buyer there, order ids appended.
  const external = completedOrderRedirect(seller.meta.completed_order_url, ids);
  useEffect(() => {
    if (external) window.location.replace(external);
  }, [external]);

  if (!ids.length) return <Navigate to="/404" replace />;
  if (external) {
    return (
      <p className="page-lead" role="status">
        {en.complete.redirecting}
      </p>
    );
  }
  if (query.isError && isApiError(query.error) && (query.error.status === 400 || query.error.status === 404)) return <NotFoundPage />;

  const orders = query.data ? readOrders(query.data, ids, seller.timezone) : null;
  if (orders && orders.length === 0) return <NotFoundPage />;
  const message = typeof seller.meta.completed_order_message === 'string' ? seller.meta.completed_order_message : null;

  return (
    <section className="complete" aria-labelledby="page-title">
      <div className="complete__hero">
        <span className="complete__check" aria-hidden="true">
          ✓
        </span>
        <h1 id="page-title" className="page-title">
          {en.complete.title}
        </h1>
        <p className="page-lead">{message ?? en.complete.lead}</p>
      </div>
      {query.isError ? (
        <ErrorNotice title={en.complete.errorTitle} error={query.error} onRetry={() => void query.refetch()} />
      ) : !orders ? (
        <div className="complete__orders" role="status" aria-busy="true" aria-label={en.complete.loading}>
          <div className="panel complete-order">
            <Skeleton height={24} width="50%" style={{ marginBottom: 16 }} />
            <Skeleton height={240} width={240} />
          </div>
        </div>
      ) : (
        <ul className="complete__orders" aria-label={en.complete.orderNumber}>
          {orders.map(({ order, tickets }) => (
            <li key={order.id} className="panel complete-order" data-order-id={order.id}>
              <p className="complete-order__label">{en.complete.orderNumber}</p>
              <p className="complete-order__number" data-testid="order-number">
                {order.order_number}
              </p>
              <img className="complete-order__qr" src={qrCodeUrl(order.id, key)} width={240} height={240} alt={format(en.complete.qrAlt, { number: order.order_number })} />
              <OrderDiscount tickets={tickets} currency={seller.currency} />
              {Number(order.ticket_order_fees.total_outstanding) > 0 && (
                <p className="complete-order__balance" data-testid="still-to-pay">
                  {format(en.complete.stillToPay, { amount: formatMoney(order.ticket_order_fees.total_outstanding, seller.currency, { zeroAsFree: false }) })}
                </p>
              )}
              {tickets.length > 0 && (
                <p className="muted">
                  {tickets.length === 1 ? en.quantities.ticketCountOne : format(en.quantities.ticketCount, { count: tickets.length })}
                </p>
              )}
              <OrderMemberships orderId={order.id} orderKey={key} />
              <LazyWalletButtons orderId={order.id} manageKey={key} />
              <Link className="button" to={ticketsPath(order.id)}>
                {en.complete.viewTickets}
              </Link>
              {isFreeAndCancellable(tickets) && (
                <Link className="button button--link" to={managePath(order.id)}>
                  {en.complete.cancelTickets}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="status-page__actions complete__actions">
        <Link className="button button--secondary" to={paths.events}>
          {en.complete.moreEvents}
        </Link>
      </div>
    </section>
  );
}
