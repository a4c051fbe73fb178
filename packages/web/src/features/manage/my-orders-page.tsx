import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useSeller } from '../../config/use-config.js';
import { en, format } from '../../i18n/en.js';
import { formatOrderDate } from '../../lib/dates.js';
import { safeTz } from '../../lib/venue-time.js';
import { formatMoney } from '../../lib/money.js';
import { ErrorNotice } from '../../ui/error-notice.js';
import { Skeleton } from '../../ui/skeleton.js';
import { MyAccountPage } from '../my-account/public.js';
import { ticketsPath } from '../checkout/public.js';
import { readOrders } from '../../shared/orders/orders.js';
import { myOrdersQuery } from './api.js';

/**
 * My Account recent orders (/my/orders, docs/accounts.md#my-account): each order's number, date, total and what it is
 * for, its number linking to its detail (/my/orders/{id}), with its tickets and the way to manage it; "You have no recent orders."; a logged-out
 * visitor sees the login form.
 */
export function Component() {
  return (
    <MyAccountPage page="recent_orders" className="my-orders" title={en.myOrders.title} loginLead={en.myOrders.loginLead} loading={<OrdersSkeleton />}>
      <Orders />
    </MyAccountPage>
  );
}

function Orders() {
  const seller = useSeller();
  const query = useQuery(myOrdersQuery(true));
  const orders = useMemo(() => (query.data ? readOrders(query.data, query.data.ticket_order._data.map((o) => o.id), seller.timezone) : []), [query.data, seller.timezone]);
  if (query.isPending) return <OrdersSkeleton />;
  if (query.isError) return <ErrorNotice title={en.myOrders.loadError} error={query.error} onRetry={() => void query.refetch()} />;
  if (!orders.length) return <p className="panel">{en.myOrders.none}</p>;
  return (
    <ul className="my-orders__list">
      {orders.map(({ order, tickets }) => {
        const events = [...new Set(tickets.map((t) => t.event?.name).filter(Boolean))].join(', ');
        return (
          <li key={order.id} className="panel my-orders__order">
            <h2 className="my-orders__number">
              <Link to={myOrderPath(order.id)}>{format(en.myOrders.order, { number: order.order_number })}</Link>
            </h2>
            <p className="muted">
              {[formatOrderDate(safeTz(order.created_at, seller.timezone).format('YYYY-MM-DD')), formatMoney(order.ticket_order_fees.total_after_fees_price, seller.currency), format(en.myOrders.tickets, { n: tickets.length })].join(' · ')}
            </p>
            {events && <p>{events}</p>}
            {Number(order.ticket_order_fees.total_outstanding) > 0 && <p className="notice notice--warning">{format(en.myOrders.stillToPay, { amount: formatMoney(order.ticket_order_fees.total_outstanding, seller.currency) })}</p>}
            <div className="my-orders__actions">
              <Link className="button button--secondary" to={ticketsPath(order.id)}>
                {en.complete.viewTickets}
              </Link>
              <Link className="button button--link" to={`/manage/${encodeURIComponent(order.id)}`}>
                {en.myOrders.manage}
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** An order's detail page in My Account (docs/accounts.md#my-account). */
const myOrderPath = (id: string) => `/my/orders/${encodeURIComponent(id)}`;

function OrdersSkeleton() {
  return (
    <div aria-busy="true" aria-label={en.myOrders.loading}>
      <Skeleton height={120} />
    </div>
  );
}
