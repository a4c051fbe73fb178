import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { en, format } from '../../i18n/en.js';
import { formatLongerDateTime } from '../../lib/dates.js';
import { ErrorNotice } from '../../ui/error-notice.js';
import { Skeleton } from '../../ui/skeleton.js';
import { ticketsPath } from '../checkout/public.js';
import { upcomingQuery } from './api.js';
import { myAccountRoute } from './my-account-page.js';
import { LazyWalletButtons } from '../wallet/public.js';

/** One upcoming visit (/my/upcoming/session/{id}, docs/after-sale.md#screens): when, how many tickets, the order's tickets and manage page; "Session not found". */
export const Component = myAccountRoute({ page: 'upcoming_events', className: 'my-visit', title: en.myAccount.sessionTitle, loginLead: en.myAccount.upcomingLead }, Visit);

function Visit() {
  const { id = '' } = useParams();
  const query = useQuery(upcomingQuery(true));
  if (query.isPending) return <Skeleton height="6rem" />;
  if (query.isError) return <ErrorNotice title={en.myAccount.upcomingLoadError} error={query.error} onRetry={() => void query.refetch()} />;
  const visit = query.data.find((v) => v.id === id);
  if (!visit) {
    return (
      <div className="panel">
        <p>{en.myAccount.sessionNotFound}</p>
        <Link to="/my/upcoming">{en.myAccount.backToUpcoming}</Link>
      </div>
    );
  }
  return (
    <div className="panel my-visit__detail">
      <h2>{visit.event_name}</h2>
      <p>{formatLongerDateTime(visit.start_datetime, visit.timezone)}</p>
      <p className="muted">{[format(en.myAccount.tickets, { n: visit.num_tickets }), format(en.myAccount.orderNumber, { number: visit.order_number })].join(' · ')}</p>
      <LazyWalletButtons orderId={visit.ticket_order_id} />
      <div className="my-orders__actions">
        <Link className="button button--secondary" to={ticketsPath(visit.ticket_order_id)}>
          {en.myAccount.viewTickets}
        </Link>
        <Link className="button button--link" to={`/my/orders/${encodeURIComponent(visit.ticket_order_id)}`}>
          {en.myAccount.manage}
        </Link>
      </div>
      <p>
        <Link to="/my/upcoming">{en.myAccount.backToUpcoming}</Link>
      </p>
    </div>
  );
}
