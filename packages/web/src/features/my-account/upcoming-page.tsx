import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { en, format } from '../../i18n/en.js';
import { formatOrderDateTime } from '../../lib/dates.js';
import { ErrorNotice } from '../../ui/error-notice.js';
import { Skeleton } from '../../ui/skeleton.js';
import { upcomingQuery } from './api.js';
import { myAccountRoute } from './my-account-page.js';

/** My Account upcoming visits (/my/upcoming, docs/accounts.md#my-account): each session the user has tickets for, soonest first; a visitor sees the login form. */
export const Component = myAccountRoute({ page: 'upcoming_events', className: 'my-upcoming', title: en.myAccount.upcomingTitle, loginLead: en.myAccount.upcomingLead }, Upcoming);

function Upcoming() {
  const query = useQuery(upcomingQuery(true));
  if (query.isPending) return <Skeleton height="6rem" />;
  if (query.isError) return <ErrorNotice title={en.myAccount.upcomingLoadError} error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data.length) return <p className="panel">{en.myAccount.noUpcoming}</p>;
  return (
    <ul className="my-upcoming__list">
      {query.data.map((visit) => (
        <li key={visit.id} className="panel my-upcoming__visit">
          <h2 className="my-upcoming__event">{visit.event_name}</h2>
          <p>{formatOrderDateTime(visit.start_datetime, visit.timezone)}</p>
          <p className="muted">{[format(en.myAccount.tickets, { n: visit.num_tickets }), format(en.myAccount.orderNumber, { number: visit.order_number })].join(' · ')}</p>
          <Link className="button button--secondary" to={`/my/upcoming/session/${encodeURIComponent(visit.id)}`} aria-label={`${en.myAccount.details}: ${visit.event_name}, ${formatOrderDateTime(visit.start_datetime, visit.timezone)}`}>
            {en.myAccount.details}
          </Link>
        </li>
      ))}
    </ul>
  );
}
